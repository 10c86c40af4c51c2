"""JSON text from outside (a file, the browser's storage, a link, a message): one reader.

Every reader of stored or imported JSON, the engine's and the page's (records, series,
saves, the progress record, the tutorial's progress, the start screen's hand-over, the
workers' messages), parses it with ``read_json`` and so with the same limits, checked
*before* ``json.loads`` converts anything:

- at most ``MAX_TEXT`` characters (``4 * MAX_TEXT`` bytes before decoding);
- nested at most ``MAX_DEPTH`` deep, counted without recursion (in the browser a deep
  document exhausts the interpreter's stack and Pyodide stops for good);
- whole numbers of at most ``MAX_DIGITS`` digits (Python refuses 4,300 with a plain
  ``ValueError``), other numbers of at most ``2 * MAX_DIGITS`` characters and finite:
  ``NaN``, ``Infinity`` and ``1e999`` are not JSON (``json.dumps`` would write them
  back as ``Infinity``, which no other reader takes);
- UTF-8 text, no lone surrogate (written or escaped as ``\\ud800``).

Anything else raises ``JsonTextError`` (a ``QinError``): ``code`` says which limit
(``CODES``), ``params`` the numbers, and the message says it in English after the
name of what was read ("the series is nested more than 32 levels deep").  The page
words the code from its catalogue (``saves.error.<code>``).
"""

from __future__ import annotations

import json
import math
from itertools import accumulate, repeat
from typing import Any, Final

from .errors import QinError

MAX_TEXT: Final = 256 * 1024
"""The longest JSON text read, in characters (a save is below 5 KB, a record 1 KB)."""
MAX_DEPTH: Final = 32
"""The deepest nesting read (a save nests 5 deep, a worker's request 6)."""
MAX_DIGITS: Final = 24
"""The most digits of a whole number (a seed has at most 19, a date in ms 13)."""
CODES: Final = ("text", "utf8", "large", "empty", "unicode", "deep", "digits", "number",
                "json")
_STEP: Final = {"[": 1, "{": 1, "]": -1, "}": -1}


class JsonTextError(QinError):
    """JSON text that ``read_json`` refuses; ``code`` is one of ``CODES``."""

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.params: dict[str, Any] = params


def json_depth(text: str) -> int:
    """How deep JSON ``text`` nests, counted without parsing it (brackets inside strings
    do not count); for text with few brackets, their number (an upper bound)."""
    opens = text.count("[") + text.count("{")
    if opens <= MAX_DEPTH:
        return opens
    if "\\" in text:  # escaped backslashes and quotes, so that quotes delimit strings
        text = text.replace("\\\\", "").replace('\\"', "")
    outside = "".join(text.split('"')[::2])
    return max(accumulate(map(_STEP.get, outside, repeat(0))), default=0)


def _is_unicode(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


class _Refused(Exception):
    """Raised inside ``json.loads`` by a number converter; becomes ``JsonTextError``."""

    def __init__(self, error: JsonTextError) -> None:
        self.error = error


def _whole(digits: str) -> int:
    count = len(digits.lstrip("-"))
    if count > MAX_DIGITS:
        raise _Refused(JsonTextError(
            "digits", f"holds a number of {count:,} digits; no field needs more than "
            f"{MAX_DIGITS}", n=MAX_DIGITS))
    return int(digits)


def _not_finite(shown: str) -> JsonTextError:
    return JsonTextError("number", f"holds the number {shown[:12]}, which JSON cannot "
                         "hold (not a finite number)", number=shown[:12])


def _real(text: str) -> float:
    if len(text) > 2 * MAX_DIGITS:
        raise _Refused(JsonTextError(
            "digits", f"holds a number written with {len(text):,} characters; no field "
            f"needs more than {MAX_DIGITS} digits", n=MAX_DIGITS))
    value = float(text)
    if not math.isfinite(value):
        raise _Refused(_not_finite(text))
    return value


def _constant(name: str) -> Any:
    raise _Refused(_not_finite(name))


def text_of(text: object, limit: int = MAX_TEXT) -> str:
    """``text`` (or UTF-8 bytes, a byte-order mark allowed) as text of at most ``limit``
    characters, not blank, its byte-order mark removed; ``JsonTextError`` else."""
    if isinstance(text, bytes | bytearray):
        if len(text) > 4 * limit:
            raise JsonTextError("large", f"is larger than any can be ({len(text):,} bytes; "
                                f"at most {limit:,} characters)", n=len(text))
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise JsonTextError("utf8", f"is not UTF-8 text (byte {exc.start})") from None
    if not isinstance(text, str):
        raise JsonTextError("text", f"is not text but {type(text).__name__}")
    if len(text) > limit:
        raise JsonTextError("large", f"is larger than any can be ({len(text):,} characters; "
                            f"at most {limit:,})", n=len(text))
    text = text.removeprefix("\ufeff")
    if not text.strip():
        raise JsonTextError("empty", "is not valid JSON: it is empty")
    return text


def read_json(text: object, limit: int = MAX_TEXT) -> Any:
    """JSON ``text`` (or UTF-8 bytes, a byte-order mark allowed) -> its value, within the
    limits above (``limit``: the most characters); ``JsonTextError`` else.  Never raises
    anything else, ``RecursionError`` included."""
    text = text_of(text, limit)
    if not _is_unicode(text):
        raise JsonTextError("unicode", "holds broken text (a lone surrogate)")
    if json_depth(text) > MAX_DEPTH:
        raise JsonTextError("deep", f"is nested more than {MAX_DEPTH} levels deep",
                            n=MAX_DEPTH)
    try:
        value = json.loads(text, parse_int=_whole, parse_float=_real,
                           parse_constant=_constant)
    except _Refused as refused:
        raise refused.error from None
    except json.JSONDecodeError as exc:
        raise JsonTextError("json", f"is not valid JSON: {exc.msg} at line {exc.lineno}, "
                            f"column {exc.colno}", error=exc.msg, line=exc.lineno,
                            column=exc.colno) from None
    except (ValueError, RecursionError, MemoryError):  # pragma: no cover - limited above
        raise JsonTextError("deep", f"is nested more than {MAX_DEPTH} levels deep",
                            n=MAX_DEPTH) from None
    if "\\u" in text and not _is_unicode(json.dumps(value, ensure_ascii=False)):
        raise JsonTextError("unicode", "holds broken text (an escaped lone surrogate)")
    return value

