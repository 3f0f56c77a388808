#!/usr/bin/env python3
"""Decodes the committed encoder fixtures with Pillow and records what it saw.

Run with the reference venv (Pillow 13 and NumPy; `bash Scripts/setup-reference-tools.sh` makes it):

    ~/.cache/kinema-peers/venv/bin/python Scripts/references/check_encoders.py

Reads Tests/KinemaImageIOTests/EncoderFixtures/*.gif and *.png (GIFs and APNGs written by
Kinema's GIFWriter / APNGWriter, see EncoderFixtureTests.swift) and writes next to each
NAME.gif|png a NAME.pillow.json:

  frames        Pillow's n_frames
  width, height the canvas size
  durations_ms  info["duration"] of each frame, in milliseconds
  loop          info["loop"] (null when the file has none; for APNG, num_plays)
  fnv1a64       per frame, FNV-1a 64 (hex) of the frame as Pillow composites it (seek(i),
                convert("RGBA")), converted to premultiplied RGBA8: c' = round(c * a / 255),
                computed as (c * a + 127) // 255 (no ties exist: 255 is odd)
  pillow        the Pillow version

The Swift test decodes the same files with Kinema's GIFDecoder (and, for APNG, a compositor in
the tests written from the APNG specification) and requires every field to agree. Independence:
Pillow's GIF and APNG readers, LZW / zlib and compositing share no code with Kinema.
"""

import glob
import json
import os
import sys

import numpy as np
from PIL import Image, __version__ as pillow_version

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, "..", "..", "Tests", "KinemaImageIOTests", "EncoderFixtures")


def fnv1a64(data: bytes) -> str:
    h = 0xCBF29CE484222325
    for b in data:
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return f"{h:016x}"


def premultiplied(im: Image.Image) -> bytes:
    rgba = np.asarray(im.convert("RGBA"), dtype=np.uint32)
    out = rgba.copy()
    a = rgba[..., 3:4]
    out[..., :3] = (rgba[..., :3] * a + 127) // 255
    return out.astype(np.uint8).tobytes()


def report(path: str) -> dict:
    im = Image.open(path)
    frames, durations, sums = getattr(im, "n_frames", 1), [], []
    for i in range(frames):
        im.seek(i)
        durations.append(float(im.info.get("duration", 0)))
        sums.append(fnv1a64(premultiplied(im)))
    return {
        "file": os.path.basename(path),
        "format": im.format,
        "frames": frames,
        "width": im.width,
        "height": im.height,
        "durations_ms": durations,
        "loop": im.info.get("loop"),
        "fnv1a64": sums,
        "pillow": pillow_version,
    }


def main() -> int:
    paths = sorted(glob.glob(os.path.join(FIXTURES, "*.gif")) + glob.glob(os.path.join(FIXTURES, "*.png")))
    if not paths:
        print("no fixtures found in", FIXTURES, file=sys.stderr)
        return 1
    for path in paths:
        data = report(path)
        name = os.path.splitext(path)[0] + ".pillow.json"
        with open(name, "w") as f:
            json.dump(data, f, indent=1)
            f.write("\n")
        print(f"{data['file']}: {data['format']} {data['frames']} frames, {data['durations_ms']} ms, loop {data['loop']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
