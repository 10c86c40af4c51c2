"""Pixels of a Playwright screenshot, with the standard library only.

`decode_png` reads the 8-bit, non-interlaced RGB or RGBA PNGs that Chromium
writes; `Image` answers the few questions the colour-vision test asks of them;
`lab` and `delta_e` are the colour science (also used by tests/test_access.py).
"""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass
from statistics import median

Box = tuple[float, float, float, float]  # x, y, width, height in image pixels


@dataclass(frozen=True)
class Image:
    width: int
    height: int
    rgb: list[tuple[int, int, int]]  # row by row

    def at(self, x: int, y: int) -> tuple[int, int, int]:
        return self.rgb[y * self.width + x]

    def pixels(self, box: Box, inset: float = 0.0) -> list[tuple[int, int, int]]:
        """The pixels of ``box``, less ``inset`` (a fraction of its size) on each side."""
        x, y, w, h = box
        x0, x1 = int(x + w * inset), int(x + w * (1 - inset))
        y0, y1 = int(y + h * inset), int(y + h * (1 - inset))
        return [self.at(i, j) for j in range(max(0, y0), min(self.height, y1))
                for i in range(max(0, x0), min(self.width, x1))]

    def median_colour(self, box: Box, inset: float = 0.15) -> tuple[int, int, int]:
        px = self.pixels(box, inset)
        return (int(median(p[0] for p in px)), int(median(p[1] for p in px)),
                int(median(p[2] for p in px)))

    def grey_grid(self, box: Box, cells: int = 12) -> list[float]:
        """``box`` shrunk to ``cells`` x ``cells`` mean luminances (0-255)."""
        x, y, w, h = box
        grid = []
        for j in range(cells):
            for i in range(cells):
                cell = (x + w * i / cells, y + h * j / cells, w / cells, h / cells)
                px = self.pixels(cell) or [self.at(int(cell[0]), int(cell[1]))]
                grid.append(sum(0.2126 * r + 0.7152 * g + 0.0722 * b
                                for r, g, b in px) / len(px))
        return grid


# Colour-vision-deficiency simulation matrices (Machado, Oliveira & Fernandes 2009,
# severity 1.0) on linear RGB; "greyscale" sees luminance only.
Matrix = tuple[tuple[float, float, float], ...]
CVD: dict[str, Matrix] = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
GREYSCALE: Matrix = ((0.2126, 0.7152, 0.0722),) * 3


def linear(v: int) -> float:
    """An 8-bit sRGB channel as linear light (0-1)."""
    c = v / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def lab_of_linear(r: float, g: float, b: float) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of a linear-light RGB colour."""
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def lab(rgb: tuple[int, int, int]) -> tuple[float, float, float]:
    """CIE L*a*b* of an 8-bit sRGB pixel."""
    return lab_of_linear(*(linear(v) for v in rgb))


def delta_e(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """CIE76 colour difference of two sRGB pixels."""
    return float(sum((p - q) ** 2 for p, q in zip(lab(a), lab(b), strict=True)) ** 0.5)


def decode_png(data: bytes) -> Image:
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG file")
    pos, idat, width, height, channels = 8, b"", 0, 0, 0
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or interlace or colour not in (2, 6):
                raise ValueError(f"unsupported PNG: depth {depth}, colour type {colour}")
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
    raw = zlib.decompress(idat)
    stride = width * channels
    rows: list[bytearray] = []
    prev = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        row_filter, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = prev[i]
            c = prev[i - channels] if i >= channels else 0
            if row_filter == 1:
                line[i] = (line[i] + a) & 255
            elif row_filter == 2:
                line[i] = (line[i] + b) & 255
            elif row_filter == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif row_filter == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pred) & 255
        rows.append(line)
        prev = line
    rgb = [(row[i], row[i + 1], row[i + 2]) for row in rows
           for i in range(0, stride, channels)]
    return Image(width, height, rgb)
