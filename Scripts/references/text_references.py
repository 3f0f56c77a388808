#!/usr/bin/env python3
"""Independent references for KinemaText's tests (Tests/KinemaTextTests/References/).

1. shaping.json: HarfBuzz's own shaping (uharfbuzz) of Latin strings with kerning pairs and
   ligature candidates and of Vietnamese titles, each in NFC and NFD (NFD puts the tone and vowel
   marks on their own, so GPOS mark positioning is exercised), with the bundled DejaVu Sans at
   its design scale (units per em), so every number is in font units. Clusters are converted to
   UTF-16 offsets (what Kinema reports). The test shapes the same strings through KinemaText's
   `Shaper` at size = units per em and expects the same glyphs, clusters, advances and offsets.

2. golden-<name>-<size>.png + goldens.json: the same font drawn by Pillow (FreeType rasterizer,
   libraqm/HarfBuzz layout: ImageFont.truetype(..., layout_engine=ImageFont.Layout.RAQM)), black
   on white, each string's left end at x and its baseline at y (whole pixels, goldens.json).
   Pillow cannot switch FreeType's hinting off (it loads glyphs with FT_LOAD_DEFAULT: DejaVu's
   TrueType bytecode under FreeType's v40 interpreter, which hints vertically only) and puts every
   glyph's origin on a whole pixel (its pen position rounded up); Kinema draws unhinted outlines
   at their exact positions. The Swift test states the tolerance that follows from that.

Reproducible: versions are pinned (Scripts/requirements-text.txt; Scripts/bench/setup-peers.sh
makes the environment) and printed into the files. Run:
    bash Scripts/bench/setup-peers.sh
    ~/.cache/kinema-peers/venv-text/bin/python Scripts/references/text_references.py
"""
import json
import os
import unicodedata

import uharfbuzz as hb
from PIL import Image, ImageDraw, ImageFont, features
import PIL

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
FONT = os.path.join(ROOT, "Sources", "KinemaText", "Resources", "Fonts", "DejaVuSans.ttf")
OUT = os.path.join(ROOT, "Tests", "KinemaTextTests", "References")

SHAPING_STRINGS = [
    ("kerning", "AVATAR Wave To"),
    ("kerning2", "LT Ty Yo P. F, r. \"A\" 'V'"),
    ("ligatures", "office ffi fl fi"),
    ("title1", "Tùy chỉnh viewcontroller transition"),
    ("title2", "Bài viết hôm nay"),
    ("title3", "Hiệu ứng chuyển động"),
    ("marks", "ệ ở ữ ặ"),
    ("stacked", "Ẩn Ỗ Ự ẵ ậ"),
    # No precomposed forms exist for these: HarfBuzz cannot recompose them, so the marks are
    # placed by the font's GPOS mark and mark-to-mark lookups even in NFC.
    ("gpos-marks", "q\u0302 x\u0323 w\u0303\u0302 j\u0308 g\u0323\u0301 n\u0309 y\u031B\u0300"),
]

GOLDEN_STRINGS = [
    ("latin", "AVATAR Wave To office"),
    ("vietnamese", "Hiệu ứng chuyển động"),
]
GOLDEN_SIZES = [12, 17, 24, 48]


def utf16_offsets(text):
    """UTF-16 offset of each code point of `text`, plus the end."""
    offsets = [0]
    for ch in text:
        offsets.append(offsets[-1] + (2 if ord(ch) > 0xFFFF else 1))
    return offsets


def shaping_reference():
    blob = hb.Blob.from_file_path(FONT)
    face = hb.Face(blob)
    font = hb.Font(face)
    upem = face.upem
    font.scale = (upem, upem)
    cases = []
    for name, text in SHAPING_STRINGS:
        for form in ("NFC", "NFD"):
            s = unicodedata.normalize(form, text)
            buf = hb.Buffer()
            buf.add_codepoints([ord(c) for c in s])
            buf.guess_segment_properties()
            hb.shape(font, buf, {})
            offsets = utf16_offsets(s)
            glyphs = []
            for info, pos in zip(buf.glyph_infos, buf.glyph_positions):
                glyphs.append({
                    "glyph": info.codepoint,
                    "cluster": offsets[info.cluster],
                    "xAdvance": pos.x_advance,
                    "yAdvance": pos.y_advance,
                    "xOffset": pos.x_offset,
                    "yOffset": pos.y_offset,
                })
            cases.append({"name": f"{name}-{form}", "text": s, "glyphs": glyphs})
    return {
        "generator": f"uharfbuzz {hb.__version__}, HarfBuzz {hb.version_string()}",
        "font": "DejaVuSans.ttf",
        "unitsPerEm": upem,
        "cases": cases,
    }


def golden_references():
    """PNGs and their placement. Returns the manifest."""
    blob = hb.Blob.from_file_path(FONT)
    face = hb.Face(blob)
    upem = face.upem
    hfont = hb.Font(face)
    hfont.scale = (upem, upem)
    extents = hfont.get_font_extents("ltr")
    ascender, descender = extents.ascender, extents.descender  # font units, descender negative
    entries = []
    for name, text in GOLDEN_STRINGS:
        for size in GOLDEN_SIZES:
            font = ImageFont.truetype(FONT, size, layout_engine=ImageFont.Layout.RAQM)
            length = font.getlength(text)  # pixels, libraqm's advances
            margin = 4
            x = margin
            top = margin
            baseline = top + int(round(ascender * size / upem))
            width = int(x + length + margin + 1)
            height = int(baseline - descender * size / upem + margin + 1)
            image = Image.new("RGB", (width, height), (255, 255, 255))
            draw = ImageDraw.Draw(image)
            draw.text((x, baseline), text, font=font, fill=(0, 0, 0), anchor="ls")
            file = f"golden-{name}-{size}.png"
            image.save(os.path.join(OUT, file))
            entries.append({"file": file, "text": text, "size": size, "x": x, "baseline": baseline,
                            "width": width, "height": height})
    return {
        "generator": f"Pillow {PIL.__version__}, FreeType {features.version('freetype2')}, "
                     f"libraqm {features.version('raqm')}",
        "font": "DejaVuSans.ttf",
        "images": entries,
    }


def main():
    os.makedirs(OUT, exist_ok=True)
    if not features.check("raqm"):
        raise SystemExit("this Pillow has no libraqm: the goldens need its HarfBuzz layout")
    with open(os.path.join(OUT, "shaping.json"), "w", encoding="utf-8") as f:
        json.dump(shaping_reference(), f, ensure_ascii=False, indent=1)
        f.write("\n")
    with open(os.path.join(OUT, "goldens.json"), "w", encoding="utf-8") as f:
        json.dump(golden_references(), f, ensure_ascii=False, indent=1)
        f.write("\n")
    print("wrote", OUT)


if __name__ == "__main__":
    main()
