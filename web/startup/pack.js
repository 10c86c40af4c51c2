// Speed: files for the interpreter's file system, fetched as one gzip-compressed "pack"
// (tools/pyscript_bytecode.mjs and tools/build_site.py write them).
//
// A pack is gzip(u32 little-endian n, n bytes of JSON [[path, size], ...], the files'
// bytes one after the other).  It is served as it is, a plain file: the page unzips it
// with the browser's DecompressionStream, so any static host and the service worker's
// cache serve it compressed.  A host that sends it with Content-Encoding: gzip anyway
// hands fetch() the inner bytes, which are used as they come (no gzip magic).
//
// Everything here is an optimisation: a pack that is missing or damaged is ignored
// (null), and the interpreter does without it.

const GZIP = [0x1f, 0x8b];

async function inflate(bytes) {
  if (bytes[0] !== GZIP[0] || bytes[1] !== GZIP[1]) return bytes;
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The files of the pack at `url` as [path, bytes] pairs, or null. */
export async function fetchPack(url) {
  try {
    const response = await fetch(url);
    if (!response.ok) return null;
    const data = await inflate(new Uint8Array(await response.arrayBuffer()));
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    const size = view.getUint32(0, true);
    const index = JSON.parse(new TextDecoder().decode(data.subarray(4, 4 + size)));
    const files = [];
    let at = 4 + size;
    for (const [path, length] of index) {
      if (typeof path !== "string" || path.startsWith("/") || path.split("/").includes("..")) {
        return null;
      }
      files.push([path, data.subarray(at, at + length)]);
      at += length;
    }
    return at === data.length ? files : null;
  } catch {
    return null;
  }
}

/** Writes `files` (fetchPack's) under `dir` of Pyodide's file system; false if it could not. */
export function writePack(FS, files, dir) {
  try {
    for (const [path, data] of files) {
      const target = `${dir}/${path}`;
      FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
      FS.writeFile(target, data);
    }
    return true;
  } catch {
    return false;
  }
}
