#!/usr/bin/env python3
"""Compares the pictures `kinema bench --write-images DIR` leaves in DIR: each peer's
<peer>-<benchmark>.png against Kinema's kinema-<benchmark>.png.

Prints, per pair: the mean absolute difference over all R, G, B channels in levels of 255, the
largest difference, and the share of pixels where some channel differs by more than 8 levels.
With --diff, also writes diff-<peer>-<benchmark>.png (the per-pixel largest difference ×4, grey).
Run with the peers' interpreter (it has numpy and Pillow):
    ~/.cache/kinema-peers/venv/bin/python Scripts/bench/compare_images.py DIR [--diff]
"""
import argparse
import glob
import os

import numpy as np
from PIL import Image


def rgb(path):
    """Straight RGB over white: the benchmarks' pictures are opaque, this only guards the rest."""
    image = Image.open(path).convert("RGBA")
    white = Image.new("RGBA", image.size, (255, 255, 255, 255))
    return np.asarray(Image.alpha_composite(white, image).convert("RGB"), dtype=np.int16)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("folder")
    parser.add_argument("--diff", action="store_true")
    args = parser.parse_args()
    ours = sorted(glob.glob(os.path.join(args.folder, "kinema-*.png")))
    if not ours:
        raise SystemExit(f"no kinema-*.png in {args.folder}")
    for path in ours:
        bench = os.path.basename(path)[len("kinema-"):-len(".png")]
        a = rgb(path)
        for other in sorted(glob.glob(os.path.join(args.folder, f"*-{bench}.png"))):
            peer = os.path.basename(other)[: -len(f"-{bench}.png")]
            if peer in ("kinema",) or peer.startswith("diff-"):
                continue
            b = rgb(other)
            if a.shape != b.shape:
                print(f"{bench:24} {peer:8} size differs: {a.shape} vs {b.shape}")
                continue
            d = np.abs(a - b)
            worst = d.max(axis=2)
            print(f"{bench:24} {peer:8} mean |diff| {d.mean():6.3f} levels  max {int(d.max()):3d}  "
                  f"pixels > 8 levels {100 * (worst > 8).mean():6.3f}%")
            if args.diff:
                grey = np.clip(worst * 4, 0, 255).astype(np.uint8)
                Image.fromarray(grey, "L").save(os.path.join(args.folder, f"diff-{peer}-{bench}.png"))


if __name__ == "__main__":
    main()
