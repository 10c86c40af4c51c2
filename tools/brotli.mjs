// Brotli-compress files for the static site (Node's own zlib: the build needs no package).
//
//   node tools/brotli.mjs SRC DST [SRC DST ...]
//
// Writes each DST as SRC compressed at brotli's highest quality with a 16 MB window (the
// largest file, Pyodide's wasm, takes about 25 s on one core; the build does it only when
// the file changed). tools/build_site.py calls this and decides what to keep.
import fs from "node:fs";
import zlib from "node:zlib";

const args = process.argv.slice(2);
if (args.length === 0 || args.length % 2) {
  console.error("usage: node tools/brotli.mjs SRC DST [SRC DST ...]");
  process.exit(2);
}
const { BROTLI_PARAM_QUALITY, BROTLI_PARAM_LGWIN, BROTLI_PARAM_SIZE_HINT, BROTLI_MAX_QUALITY } =
  zlib.constants;
for (let i = 0; i < args.length; i += 2) {
  const data = fs.readFileSync(args[i]);
  fs.writeFileSync(args[i + 1], zlib.brotliCompressSync(data, {
    params: { [BROTLI_PARAM_QUALITY]: BROTLI_MAX_QUALITY, [BROTLI_PARAM_LGWIN]: 24,
              [BROTLI_PARAM_SIZE_HINT]: data.length },
  }));
}
