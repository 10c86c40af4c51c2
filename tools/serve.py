#!/usr/bin/env python3
"""Serve the built static site (build/site/) on 127.0.0.1 (stdlib only).

    python tools/serve.py [--port 8000] [--dir build/site]

Differences from `python -m http.server`:
- correct types for what the site uses (.mjs, .wasm, .json, .svg, .webmanifest, ...);
- a precompressed `X.br` or `X.gz` beside `X` is sent as `X` with `Content-Encoding:
  br` or `gzip` when the request accepts it (brotli first; `Vary: Accept-Encoding`);
- `Cache-Control: no-cache`, so a rebuilt site is seen on reload (the browser
  revalidates with If-Modified-Since and gets 304 when nothing changed);
- the headers a static host is told to send (tools/site_headers.py, the built
  site's `_headers`): the pages' Content-Security-Policy with `frame-ancestors`,
  `nosniff`, `Referrer-Policy`;
- binds 127.0.0.1 only.

The e2e tests reuse it: `with serving(directory) as url: ...` runs the server
in a thread on a free port.
"""

from __future__ import annotations

import argparse
import contextlib
import email.utils
import os
import sys
import threading
from collections.abc import Iterator
from functools import partial
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script: only tools/ itself is on the path
    sys.path.insert(0, str(ROOT))

from tools.site_headers import headers_for, read_headers_file  # noqa: E402

HEADERS_FILE = "_headers"
"""The built site's headers for its static host (tools/build_site.py writes it); served
here as a host would, so that what is tested is what is deployed."""

DEFAULT_DIR = ROOT / "build" / "site"
HOST = "127.0.0.1"

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".map": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".py": "text/x-python; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".md": "text/markdown; charset=utf-8",
    ".toml": "application/toml",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".pack": "application/octet-stream",  # web/startup/pack.js: gzip inside, sent as it is
    ".gz": "application/gzip",
    ".br": "application/octet-stream",
}


def accepts(header: str | None, wanted: str) -> bool:
    """Whether an Accept-Encoding header value allows the coding ``wanted`` (q=0 refuses it)."""
    qualities: dict[str, float] = {}
    for part in (header or "").split(","):
        coding, _, params = part.strip().partition(";")
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        qualities[coding.strip().lower()] = q
    return qualities.get(wanted, qualities.get("*", 0.0)) > 0


def accepts_gzip(header: str | None) -> bool:
    return accepts(header, "gzip")


# Precompressed twins, the smaller first (tools/build_site.py makes .br only where it is).
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))


class SiteHandler(SimpleHTTPRequestHandler):
    """Static files with precompressed brotli/gzip negotiation and no-cache revalidation."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    protocol_version = "HTTP/1.1"  # keep-alive: the page loads dozens of files
    quiet = False

    def list_directory(self, path: str | os.PathLike[str]) -> None:
        """No directory listings, as on a static host."""
        self.send_error(HTTPStatus.NOT_FOUND, "File not found")
        return None

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        for name, value in self.site_headers().items():
            self.send_header(name, value)
        super().end_headers()

    def site_path(self) -> str:
        """The site path of the file this request reaches, from the file lookup's own
        ``translate_path`` (decoded; ``.``, ``..`` and empty segments resolved; a
        directory's ``index.html`` when the URL ends in ``/``): the path whose rules
        apply, however it was spelt (``/embed%2F..%2Findex.html`` is ``/index.html``)."""
        target = self.translate_path(self.path)
        rel = os.path.relpath(target, self.directory).replace(os.sep, "/")
        path = "/" if rel == "." else "/" + rel
        if target.endswith("/"):  # the directory's index.html is what is served
            path = path.rstrip("/") + "/index.html"
        return path

    def site_headers(self) -> dict[str, str]:
        """The headers of the file this request reaches (``site_path``): the site's
        ``_headers`` file's rules, or tools/site_headers.py's own for a directory
        without one."""
        path = self.site_path()
        try:
            with open(os.path.join(self.directory, HEADERS_FILE), encoding="utf-8") as f:
                table = read_headers_file(f.read())
        except OSError:
            return headers_for(path)
        return headers_for(path, table)

    def log_message(self, format: str, *args: Any) -> None:
        if not self.quiet:
            super().log_message(format, *args)

    def send_head(self) -> Any:
        if "\0" in unquote(urlsplit(self.path).path):
            # No file name holds a null byte (open() would raise, not return 404).
            self.send_error(HTTPStatus.BAD_REQUEST, "Bad path")
            return None
        path = self.translate_path(self.path)
        if os.path.isdir(path) and urlsplit(self.path).path.endswith("/"):
            path = os.path.join(path, "index.html")
        if not os.path.isfile(path):
            # Redirects of "/dir" to "/dir/", and 404s: the stdlib's behaviour.
            return super().send_head()

        encoding, serve_path = None, path
        for coding, suffix in ENCODINGS:
            if (accepts(self.headers.get("Accept-Encoding"), coding)
                    and os.path.isfile(path + suffix)):
                encoding, serve_path = coding, path + suffix
                break

        try:
            f = open(serve_path, "rb")  # noqa: SIM115 (returned to the caller, closed there)
        except OSError:
            self.send_error(HTTPStatus.NOT_FOUND, "File not found")
            return None
        try:
            fs = os.fstat(f.fileno())
            if self._not_modified(fs.st_mtime):
                self.send_response(HTTPStatus.NOT_MODIFIED)
                self.send_header("Vary", "Accept-Encoding")
                self.end_headers()
                f.close()
                return None
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", self.guess_type(path))
            if encoding:
                self.send_header("Content-Encoding", encoding)
            self.send_header("Vary", "Accept-Encoding")
            self.send_header("Content-Length", str(fs.st_size))
            self.send_header("Last-Modified", self.date_time_string(int(fs.st_mtime)))
            self.end_headers()
            return f
        except BaseException:
            f.close()
            raise

    def _not_modified(self, mtime: float) -> bool:
        since = self.headers.get("If-Modified-Since")
        if not since or "If-None-Match" in self.headers:
            return False
        try:
            parsed = email.utils.parsedate_to_datetime(since)
        except (TypeError, ValueError, IndexError, OverflowError):
            return False
        if parsed is None:
            return False
        return int(mtime) <= parsed.timestamp()


class SiteServer(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        if isinstance(sys.exc_info()[1], ConnectionError):
            return  # the browser went away (a closed tab, a cancelled prefetch): normal
        super().handle_error(request, client_address)


def make_server(
    directory: Path | str = DEFAULT_DIR, port: int = 0, host: str = HOST, quiet: bool = False
) -> SiteServer:
    """A server for `directory` on host:port (port 0 picks a free one); not yet serving."""
    handler_cls = type("BoundSiteHandler", (SiteHandler,), {"quiet": quiet})
    handler = partial(handler_cls, directory=str(directory))
    return SiteServer((host, port), handler)


def server_url(server: SiteServer) -> str:
    host, port = server.server_address[:2]
    return f"http://{host!s}:{port}"


@contextlib.contextmanager
def serving(
    directory: Path | str = DEFAULT_DIR, port: int = 0, host: str = HOST, quiet: bool = True
) -> Iterator[str]:
    """Serve `directory` in a background thread; yield the base URL (no trailing slash)."""
    with served(make_server(directory, port, host, quiet)) as url:
        yield url


@contextlib.contextmanager
def served(server: SiteServer, name: str = "site-server") -> Iterator[str]:
    """Run `server` in a background thread named `name`; yield its base URL (no trailing
    slash); shut it down and close it afterwards."""
    thread = threading.Thread(target=server.serve_forever, name=name, daemon=True)
    thread.start()
    try:
        yield server_url(server)
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Serve the built Qin site on 127.0.0.1.")
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    parser.add_argument("--dir", type=Path, default=DEFAULT_DIR, help="site directory")
    parser.add_argument("--quiet", action="store_true", help="do not log requests")
    args = parser.parse_args(argv)
    if not (args.dir / "index.html").is_file():
        print(f"serve: {args.dir} has no index.html; run `make site` first", file=sys.stderr)
        return 1
    try:
        server = make_server(args.dir, args.port, quiet=args.quiet)
    except OSError as e:
        print(f"serve: cannot listen on {HOST}:{args.port}: {e}", file=sys.stderr)
        return 1
    with server:
        print(f"Serving {args.dir} at {server_url(server)}/  (Ctrl-C to stop)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            print("\nserve: stopped", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
