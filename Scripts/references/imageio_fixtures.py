#!/usr/bin/env python3
"""Makes the image fixtures of KinemaImageIOTests and their expected pixels.

Run with the reference venv (Pillow 13 and NumPy; `bash Scripts/setup-reference-tools.sh`
reinstalls it):

    ~/.cache/kinema-peers/venv/bin/python Scripts/references/imageio_fixtures.py

Writes Tests/KinemaImageIOTests/Fixtures/ afresh: for each fixture `NAME.png|jpg|gif`, a sidecar
`NAME.json` and, for files that must decode, `NAME.rgba` with the expected pixels.

Independence: the files are written either by this script's own small encoders (PNG with every
colour type, depth, filter and Adam7; GIF with its own LZW encoder, so that every feature can be
placed exactly) or by Pillow's encoders (JPEG, one PNG, one GIF). The expected pixels are what
Pillow decodes, converted to premultiplied RGBA8 (c' = round(c * a / 255)). For the lossless
formats each Pillow decode is also checked against the pixels the file was made from (and, for
GIF, against a small compositor written here following the browsers' model); the script stops if
they disagree, except where Pillow is known to differ, which is then stated in the sidecar and the
source pixels are used (see KNOWN_PILLOW_DIFFERENCES).

Sidecar fields:
  name, file, format ("png" | "jpeg" | "gif"), description
  kind: "still" (one image), "animation" (GIF, all frames) or "error" (must throw)
  width, height: of the decoded image (the canvas, for GIFs)
  expected: the .rgba file; frames concatenated for animations
  frames: [{"delay": seconds as written}], loop_count (null = no NETSCAPE2.0 block)
  tolerance: largest allowed |expected - decoded| per channel; tolerance_reason when not 0
  orientation: EXIF orientation for JPEGs that carry one
  expect_error: for kind "error", the ImageIOError case: truncated, badSignature, badCRC,
                tooLarge, malformed, decoderMessage
  expect_message: text the error's reason must contain, where the case alone is not specific
  reference: "pillow" (default) or "source" (see above), reference_note
"""

import io
import json
import os
import shutil
import struct
import sys
import warnings
import zlib

import numpy as np
from PIL import Image, ImageOps, __version__ as PIL_VERSION

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "Tests", "KinemaImageIOTests", "Fixtures")

# Largest |libjpeg-turbo 2.1 (system, Kinema) - libjpeg-turbo 3.x (Pillow wheel)| per channel,
# as measured by the Swift tests (JPEGFixtureTests prints the figure per fixture). Both use the
# same integer IDCT (JDCT_ISLOW) and fancy upsampling, so the decodes are expected to agree
# exactly; CMYK is converted by Kinema's own code and by Pillow's, with the same formula.
JPEG_TOLERANCE = 0
JPEG_TOLERANCE_REASON = ("libjpeg-turbo 2.1.5 (Kinema) and Pillow's libjpeg-turbo 3.x both decode "
                         "with the integer IDCT and fancy upsampling; measured identical")

KNOWN_PILLOW_DIFFERENCES = {
    "gray_low_bit_trns": "Pillow 13 compares a 1/2/4-bit gray tRNS value with samples already "
                         "scaled to 8 bits, so it never matches; libpng and the PNG spec compare "
                         "at the file's bit depth. Expected pixels are the source pixels.",
    "rgb16_trns": "Pillow 13 reads 16-bit RGB as 8-bit and keeps the tRNS key at 16 bits, so no "
                  "pixel becomes transparent; the PNG spec compares at 16 bits. Expected pixels "
                  "are the source pixels.",
}

rng = np.random.default_rng(20260516)
written = []


# ---------------------------------------------------------------------------------------------
# Helpers

def premultiply(rgba):
    """uint8 (h, w, 4) straight alpha -> premultiplied, round(c * a / 255)."""
    rgba = rgba.astype(np.uint32)
    a = rgba[..., 3:4]
    out = rgba.copy()
    out[..., :3] = (rgba[..., :3] * a + 127) // 255
    return out.astype(np.uint8)


def pillow_rgba(im):
    """A Pillow image (mode L, LA, RGB, RGBA, P, 1, CMYK) -> uint8 (h, w, 4) straight RGBA."""
    return np.array(im.convert("RGBA"), dtype=np.uint8)


def save_fixture(name, fmt, data, sidecar, expected=None):
    ext = {"png": "png", "jpeg": "jpg", "gif": "gif"}[fmt]
    file = f"{name}.{ext}"
    with open(os.path.join(OUT, file), "wb") as f:
        f.write(data)
    meta = {"name": name, "file": file, "format": fmt}
    meta.update(sidecar)
    if expected is not None:
        expected = np.ascontiguousarray(expected, dtype=np.uint8)
        with open(os.path.join(OUT, f"{name}.rgba"), "wb") as f:
            f.write(expected.tobytes())
        meta["expected"] = f"{name}.rgba"
    meta.setdefault("tolerance", 0)
    with open(os.path.join(OUT, f"{name}.json"), "w") as f:
        json.dump(meta, f, indent=1, sort_keys=True)
        f.write("\n")
    written.append(name)


def error_fixture(name, fmt, data, expect, description, message=None):
    meta = {"kind": "error", "expect_error": expect, "description": description}
    if message:
        meta["expect_message"] = message
    save_fixture(name, fmt, data, meta)


def check_equal(name, got, want, what):
    if got.shape != want.shape or not np.array_equal(got, want):
        diff = "shape" if got.shape != want.shape else int(np.abs(got.astype(int) - want.astype(int)).max())
        sys.exit(f"{name}: Pillow's decode differs from {what} (max diff {diff})")


# ---------------------------------------------------------------------------------------------
# PNG: a small writer of our own, so every colour type, depth, filter and Adam7 can be made.

ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}


def png_chunk(kind, payload):
    body = kind + payload
    return struct.pack(">I", len(payload)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def pack_row(row, depth):
    """row: (w, channels) ints at `depth` bits -> bytes."""
    flat = [int(v) for v in np.asarray(row).reshape(-1)]
    if depth == 16:
        return b"".join(struct.pack(">H", v) for v in flat)
    if depth == 8:
        return bytes(flat)
    out, acc, bits = bytearray(), 0, 0
    for v in flat:
        acc = (acc << depth) | v
        bits += depth
        if bits == 8:
            out.append(acc)
            acc, bits = 0, 0
    if bits:
        out.append(acc << (8 - bits))
    return bytes(out)


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def filter_row(kind, raw, prior, bpp):
    out = bytearray([kind])
    for i, x in enumerate(raw):
        a = raw[i - bpp] if i >= bpp else 0
        b = prior[i]
        c = prior[i - bpp] if i >= bpp else 0
        predictor = [0, a, b, (a + b) // 2, paeth(a, b, c)][kind]
        out.append((x - predictor) & 0xFF)
    return bytes(out)


def encode_png(samples, color_type, depth, palette=None, trns=None, interlace=False, extra=()):
    """samples: (h, w, channels) ints at `depth` bits. Rows use filters 0..4 in turn."""
    samples = np.asarray(samples)
    h, w = samples.shape[:2]
    channels = CHANNELS[color_type]
    bpp = max(1, channels * depth // 8)
    passes = ADAM7 if interlace else [(0, 0, 1, 1)]
    stream, row_number = bytearray(), 0
    for x0, y0, dx, dy in passes:
        sub = samples[y0::dy, x0::dx]
        if sub.shape[0] == 0 or sub.shape[1] == 0:
            continue
        prior = bytes(len(pack_row(sub[0], depth)))
        for row in sub:
            raw = pack_row(row, depth)
            stream += filter_row(row_number % 5, raw, prior, bpp)
            prior = raw
            row_number += 1
    ihdr = struct.pack(">IIBBBBB", w, h, depth, color_type, 0, 0, 1 if interlace else 0)
    data = b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", ihdr)
    for kind, payload in extra:
        data += png_chunk(kind, payload)
    if palette is not None:
        data += png_chunk(b"PLTE", bytes(np.asarray(palette, dtype=np.uint8).reshape(-1)))
    if trns is not None:
        data += png_chunk(b"tRNS", trns)
    data += png_chunk(b"IDAT", zlib.compress(bytes(stream), 9))
    data += png_chunk(b"IEND", b"")
    return data


def png_truth(samples, color_type, depth, palette=None, trns=None):
    """What a correct decoder gives: straight RGBA8 (16-bit: high byte; low gray depths scaled)."""
    s = np.asarray(samples).astype(np.int64)
    h, w = s.shape[:2]
    alpha = np.full((h, w), 255, dtype=np.int64)
    if color_type == 3:
        pal = np.asarray(palette, dtype=np.int64)
        rgb = pal[s[..., 0]]
        if trns is not None:
            table = np.full(len(pal), 255, dtype=np.int64)
            table[:len(trns)] = list(trns)
            alpha = table[s[..., 0]]
        out = np.dstack([rgb, alpha])
    else:
        if color_type in (0, 2) and trns is not None:
            key = struct.unpack(">" + "H" * (len(trns) // 2), trns)
            alpha = np.where(np.all(s == np.asarray(key), axis=-1), 0, 255)
        if depth == 16:
            s = s >> 8
        elif depth < 8:
            s = s * (255 // ((1 << depth) - 1))
        if color_type == 0:
            out = np.dstack([s[..., 0]] * 3 + [alpha])
        elif color_type == 4:
            out = np.dstack([s[..., 0]] * 3 + [s[..., 1]])
        elif color_type == 2:
            out = np.dstack([s, alpha])
        else:
            out = s
    return out.astype(np.uint8)


def pillow_png(data):
    im = Image.open(io.BytesIO(data))
    im.load()
    if im.mode in ("I;16", "I;16B", "I"):
        # 16-bit gray: Pillow keeps all 16 bits; reduce as libpng's png_set_strip_16 does
        # (high byte), and apply a tRNS key at 16 bits as the spec says.
        v = np.array(im).astype(np.int64)
        g = (v >> 8).astype(np.uint8)
        a = np.full(v.shape, 255, dtype=np.uint8)
        if "transparency" in im.info:
            a[v == im.info["transparency"]] = 0
        return np.dstack([g, g, g, a])
    return pillow_rgba(im)


def png_fixture(name, description, samples, color_type, depth, palette=None, trns=None,
                interlace=False, extra=(), known_difference=None):
    data = encode_png(samples, color_type, depth, palette, trns, interlace, extra)
    truth = png_truth(samples, color_type, depth, palette, trns)
    decoded = pillow_png(data)
    meta = {"kind": "still", "description": description, "width": int(truth.shape[1]),
            "height": int(truth.shape[0])}
    if known_difference:
        if np.array_equal(decoded, truth):
            sys.exit(f"{name}: Pillow now agrees with the source; drop the known difference")
        meta["reference"] = "source"
        meta["reference_note"] = KNOWN_PILLOW_DIFFERENCES[known_difference]
        expected = truth
    else:
        check_equal(name, decoded, truth, "the source pixels")
        expected = decoded
    save_fixture(name, "png", data, meta, premultiply(expected))
    return data


def random_samples(h, w, channels, depth):
    return rng.integers(0, 1 << depth, size=(h, w, channels), dtype=np.int64)


def make_pngs():
    W, H = 13, 11   # odd sizes: partial bytes for low depths, uneven Adam7 passes
    # Gray at every depth.
    for depth in (1, 2, 4, 8, 16):
        png_fixture(f"png_gray{depth}", f"gray, {depth}-bit", random_samples(H, W, 1, depth), 0, depth)
    png_fixture("png_gray8_trns", "gray 8-bit with a tRNS key", rng.integers(0, 4, (H, W, 1)) * 60, 0, 8,
                trns=struct.pack(">H", 120))
    png_fixture("png_gray2_trns", "gray 2-bit with a tRNS key", random_samples(H, W, 1, 2), 0, 2,
                trns=struct.pack(">H", 2), known_difference="gray_low_bit_trns")
    s16 = random_samples(H, W, 1, 16)
    s16[::3, ::2, 0] = 0x1234
    png_fixture("png_gray16_trns", "gray 16-bit with a tRNS key", s16, 0, 16, trns=struct.pack(">H", 0x1234))
    # Gray + alpha.
    png_fixture("png_graya8", "gray + alpha, 8-bit", random_samples(H, W, 2, 8), 4, 8)
    png_fixture("png_graya16", "gray + alpha, 16-bit", random_samples(H, W, 2, 16), 4, 16)
    # RGB, RGBA.
    png_fixture("png_rgb8", "RGB 8-bit", random_samples(H, W, 3, 8), 2, 8)
    png_fixture("png_rgb16", "RGB 16-bit", random_samples(H, W, 3, 16), 2, 16)
    rgb = rng.integers(0, 3, (H, W, 3)) * 100
    png_fixture("png_rgb8_trns", "RGB 8-bit with a tRNS key", rgb, 2, 8, trns=struct.pack(">HHH", 100, 0, 200))
    rgb16 = random_samples(H, W, 3, 16)
    rgb16[1::2, ::3] = (0x0102, 0x0304, 0x0506)
    png_fixture("png_rgb16_trns", "RGB 16-bit with a tRNS key", rgb16, 2, 16,
                trns=struct.pack(">HHH", 0x0102, 0x0304, 0x0506), known_difference="rgb16_trns")
    png_fixture("png_rgba8", "RGBA 8-bit", random_samples(H, W, 4, 8), 6, 8)
    png_fixture("png_rgba16", "RGBA 16-bit", random_samples(H, W, 4, 16), 6, 16)
    # Palettes at every depth, with and without tRNS.
    for depth in (1, 2, 4, 8):
        n = 1 << depth
        palette = rng.integers(0, 256, (min(n, 200), 3))
        idx = rng.integers(0, len(palette), (H, W, 1))
        png_fixture(f"png_palette{depth}", f"palette, {depth}-bit", idx, 3, depth, palette=palette)
    palette = rng.integers(0, 256, (16, 3))
    alphas = bytes([0, 255, 128, 64, 1, 254, 200, 10])   # shorter than the palette: rest opaque
    png_fixture("png_palette4_trns", "palette 4-bit with partial tRNS alphas", rng.integers(0, 16, (H, W, 1)),
                3, 4, palette=palette, trns=alphas)
    palette = rng.integers(0, 256, (256, 3))
    png_fixture("png_palette8_trns", "palette 8-bit, tRNS for all 256 entries", rng.integers(0, 256, (H, W, 1)),
                3, 8, palette=palette, trns=bytes(rng.integers(0, 256, 256).tolist()))
    # Adam7.
    png_fixture("png_rgba8_interlaced", "RGBA 8-bit, Adam7", random_samples(H, W, 4, 8), 6, 8, interlace=True)
    png_fixture("png_gray1_interlaced", "gray 1-bit, Adam7", random_samples(H, W, 1, 1), 0, 1, interlace=True)
    png_fixture("png_rgb16_interlaced", "RGB 16-bit, Adam7", random_samples(H, W, 3, 16), 2, 16, interlace=True)
    png_fixture("png_graya16_interlaced", "gray + alpha 16-bit, Adam7", random_samples(H, W, 2, 16), 4, 16,
                interlace=True)
    png_fixture("png_palette4_trns_interlaced", "palette 4-bit + tRNS, Adam7", rng.integers(0, 16, (H, W, 1)),
                3, 4, palette=rng.integers(0, 256, (16, 3)), trns=alphas, interlace=True)
    png_fixture("png_rgb8_interlaced_3x2", "RGB 8-bit, Adam7, 3x2 (several passes empty)",
                random_samples(2, 3, 3, 8), 2, 8, interlace=True)
    png_fixture("png_rgba8_1x1_interlaced", "RGBA 8-bit, Adam7, 1x1 (only pass 1)", random_samples(1, 1, 4, 8),
                6, 8, interlace=True)
    # Colour chunks that must be ignored (pixels are sRGB as stored).
    icc = b"\0\0\0\x10not-a-real-icc"   # deliberately invalid: a decoder that parses it would complain
    png_fixture("png_gamma_icc_ignored", "RGB 8-bit with gAMA 1.0, cHRM and a junk iCCP: all ignored",
                random_samples(H, W, 3, 8), 2, 8,
                extra=[(b"gAMA", struct.pack(">I", 100000)),
                       (b"cHRM", struct.pack(">8I", 31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000)),
                       (b"iCCP", b"junk\0\0" + zlib.compress(icc)),
                       (b"tEXt", b"Comment\0made by imageio_fixtures.py")])
    # A PNG from Pillow's own encoder.
    src = np.dstack([random_samples(17, 23, 3, 8), rng.integers(0, 256, (17, 23, 1))]).astype(np.uint8)
    buf = io.BytesIO()
    Image.fromarray(src, "RGBA").save(buf, "PNG", optimize=True)
    data = buf.getvalue()
    decoded = pillow_png(data)
    check_equal("png_pillow_rgba", decoded, src, "the source pixels")
    save_fixture("png_pillow_rgba", "png", data, {"kind": "still", "description": "RGBA written by Pillow",
                                                  "width": 23, "height": 17}, premultiply(decoded))


def make_png_errors():
    good = encode_png(random_samples(8, 8, 4, 8), 6, 8)
    ihdr_end = 8 + 8 + 13 + 4
    idat_at = good.index(b"IDAT") - 4
    idat_len = struct.unpack(">I", good[idat_at:idat_at + 4])[0]
    error_fixture("png_truncated_signature", "png", good[:5], "truncated", "first 5 bytes of the signature")
    error_fixture("png_truncated_ihdr", "png", good[:20], "truncated", "cut inside IHDR")
    error_fixture("png_truncated_idat", "png", good[:idat_at + 8 + idat_len // 2], "truncated", "cut inside IDAT")
    error_fixture("png_truncated_before_iend", "png", good[:-12], "truncated", "everything but IEND")
    bad = bytearray(good)
    bad[ihdr_end - 1] ^= 0xFF
    error_fixture("png_bad_crc_ihdr", "png", bytes(bad), "badCRC", "IHDR CRC flipped", "IHDR")
    bad = bytearray(good)
    bad[idat_at + 8 + idat_len + 1] ^= 0x01
    error_fixture("png_bad_crc_idat", "png", bytes(bad), "badCRC", "IDAT CRC off by one bit", "IDAT")
    bad = bytearray(good)
    bad[idat_at + 8 + 5] ^= 0x55   # change compressed data, keep the CRC right
    bad[idat_at + 8 + idat_len:idat_at + 12 + idat_len] = struct.pack(
        ">I", zlib.crc32(bytes(bad[idat_at + 4:idat_at + 8 + idat_len])) & 0xFFFFFFFF)
    error_fixture("png_bad_zlib", "png", bytes(bad), "decoderMessage", "IDAT zlib data corrupted, CRC valid")
    error_fixture("png_bad_signature", "png", b"\x89PNX" + good[4:], "badSignature", "signature altered")

    def with_ihdr(width, height, depth=8, color=6):
        ihdr = png_chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, color, 0, 0, 0))
        return good[:8] + ihdr + good[ihdr_end:]
    error_fixture("png_huge_dimensions", "png", with_ihdr(1_000_000, 1_000_000), "tooLarge",
                  "IHDR claims 1000000 x 1000000")
    error_fixture("png_too_many_pixels", "png", with_ihdr(20000, 20000), "tooLarge",
                  "IHDR claims 20000 x 20000 (each side allowed, 4e8 pixels over 2^28)")
    error_fixture("png_zero_width", "png", with_ihdr(0, 8), "malformed", "IHDR width 0")
    error_fixture("png_short_image_data", "png", with_ihdr(8, 64), "decoderMessage",
                  "IHDR claims 64 rows, IDAT holds 8", "Not enough image data")
    error_fixture("png_bad_depth", "png", with_ihdr(8, 8, depth=3), "decoderMessage", "bit depth 3")


# ---------------------------------------------------------------------------------------------
# JPEG: Pillow's encoder; Pillow's decoder for the expected pixels.

def jpeg_pattern(w, h):
    y, x = np.mgrid[0:h, 0:w]
    r = (x * 255 // max(1, w - 1))
    g = (y * 255 // max(1, h - 1))
    b = ((x + y) * 7) % 256
    img = np.dstack([r, g, b]).astype(np.uint8)
    disc = (x - w * 0.6) ** 2 + (y - h * 0.4) ** 2 < (min(w, h) * 0.25) ** 2
    img[disc] = (250, 240, 20)
    img[h // 2:h // 2 + 2, :] = (10, 10, 10)
    return img


def jpeg_fixture(name, description, data, orientation=None, transpose=True):
    im = Image.open(io.BytesIO(data))
    im.load()
    if transpose:
        im = ImageOps.exif_transpose(im)
    decoded = pillow_rgba(im)
    meta = {"kind": "still", "description": description, "width": int(decoded.shape[1]),
            "height": int(decoded.shape[0]), "tolerance": JPEG_TOLERANCE}
    if JPEG_TOLERANCE:
        meta["tolerance_reason"] = JPEG_TOLERANCE_REASON
    if orientation is not None:
        meta["orientation"] = orientation
    save_fixture(name, "jpeg", data, meta, premultiply(decoded))
    return decoded


def pillow_jpeg(img, mode="RGB", **options):
    buf = io.BytesIO()
    Image.fromarray(img, mode).save(buf, "JPEG", **options)
    return buf.getvalue()


# Pillow's transpose that displays orientation n, and its inverse (to make the stored image).
SHOW = {2: Image.Transpose.FLIP_LEFT_RIGHT, 3: Image.Transpose.ROTATE_180, 4: Image.Transpose.FLIP_TOP_BOTTOM,
        5: Image.Transpose.TRANSPOSE, 6: Image.Transpose.ROTATE_270, 7: Image.Transpose.TRANSVERSE,
        8: Image.Transpose.ROTATE_90}
STORE = {2: Image.Transpose.FLIP_LEFT_RIGHT, 3: Image.Transpose.ROTATE_180, 4: Image.Transpose.FLIP_TOP_BOTTOM,
         5: Image.Transpose.TRANSPOSE, 6: Image.Transpose.ROTATE_90, 7: Image.Transpose.TRANSVERSE,
         8: Image.Transpose.ROTATE_270}


def orientation_pattern():
    """24 x 16, four 12 x 8 quadrants of distinct colours and a white 4 x 4 square top-left:
    any wrong rotation or mirror moves a quadrant by far more than JPEG error."""
    img = np.zeros((16, 24, 3), dtype=np.uint8)
    img[:8, :12] = (220, 30, 30)
    img[:8, 12:] = (30, 200, 30)
    img[8:, :12] = (30, 30, 220)
    img[8:, 12:] = (230, 220, 40)
    img[0:4, 0:4] = (255, 255, 255)
    return img


def exif_app1_big_endian(orientation):
    tiff = b"MM\x00\x2a" + struct.pack(">I", 8) + struct.pack(">H", 1)
    tiff += struct.pack(">HHI", 0x0112, 3, 1) + struct.pack(">HH", orientation, 0) + struct.pack(">I", 0)
    payload = b"Exif\x00\x00" + tiff
    return b"\xff\xe1" + struct.pack(">H", len(payload) + 2) + payload


def make_jpegs():
    pattern = jpeg_pattern(37, 29)
    jpeg_fixture("jpeg_baseline_420", "baseline, YCbCr 4:2:0, quality 85, 37x29",
                 pillow_jpeg(pattern, quality=85, subsampling="4:2:0"))
    jpeg_fixture("jpeg_baseline_444", "baseline, YCbCr 4:4:4, quality 92",
                 pillow_jpeg(pattern, quality=92, subsampling="4:4:4"))
    jpeg_fixture("jpeg_baseline_422", "baseline, YCbCr 4:2:2, quality 80",
                 pillow_jpeg(pattern, quality=80, subsampling="4:2:2"))
    jpeg_fixture("jpeg_progressive", "progressive, YCbCr 4:2:0, quality 85",
                 pillow_jpeg(pattern, quality=85, progressive=True))
    jpeg_fixture("jpeg_optimized_restart", "baseline, optimised Huffman tables, restart every 2 MCU rows",
                 pillow_jpeg(pattern, quality=75, optimize=True, restart_marker_rows=2))
    gray = np.array(Image.fromarray(pattern).convert("L"))
    jpeg_fixture("jpeg_gray", "grayscale, baseline", pillow_jpeg(gray, "L", quality=90))
    jpeg_fixture("jpeg_gray_progressive", "grayscale, progressive", pillow_jpeg(gray, "L", quality=90, progressive=True))
    cmyk = np.array(Image.fromarray(pattern).convert("CMYK"))
    cmyk[..., 3] = np.arange(37, dtype=np.uint8)[None, :] * 3   # some black ink
    jpeg_fixture("jpeg_cmyk_adobe", "CMYK with an Adobe APP14 marker (inverted samples), naive conversion",
                 pillow_jpeg(cmyk, "CMYK", quality=95))

    upright = orientation_pattern()
    for n in range(1, 9):
        stored = Image.fromarray(upright) if n == 1 else Image.fromarray(upright).transpose(STORE[n])
        exif = Image.Exif()
        exif[0x0112] = n
        buf = io.BytesIO()
        stored.save(buf, "JPEG", quality=95, subsampling="4:4:4", exif=exif.tobytes())
        shown = jpeg_fixture(f"jpeg_exif_orientation{n}", f"EXIF orientation {n} (little-endian TIFF), "
                             "displays the 24x16 quadrant pattern", buf.getvalue(), orientation=n)
        if shown.shape[:2] != (16, 24) or np.abs(shown[..., :3].astype(int) - upright.astype(int))[2:-2, 2:-2].max() > 40:
            sys.exit(f"jpeg_exif_orientation{n}: Pillow's transposed decode is not the upright pattern")
    # Big-endian ("MM") EXIF, orientation 6, spliced in after SOI.
    base = pillow_jpeg(np.array(Image.fromarray(upright).transpose(STORE[6])), quality=95, subsampling="4:4:4")
    jpeg_fixture("jpeg_exif_orientation6_big_endian", "EXIF orientation 6 in a big-endian TIFF header",
                 base[:2] + exif_app1_big_endian(6) + base[2:], orientation=6)
    # Hostile EXIF: IFD offset far outside the segment, and an entry count past its end. Must be
    # ignored (image decoded as stored).
    payload = b"Exif\x00\x00MM\x00\x2a" + struct.pack(">I", 0x7FFFFFF0)
    bad1 = base[:2] + b"\xff\xe1" + struct.pack(">H", len(payload) + 2) + payload + base[2:]
    jpeg_fixture("jpeg_exif_bad_offset", "Exif IFD offset 0x7FFFFFF0 (outside the segment): ignored",
                 bad1, transpose=False)
    payload = b"Exif\x00\x00II\x2a\x00" + struct.pack("<I", 8) + struct.pack("<H", 5000) + struct.pack("<HHI", 0x0112, 3, 1)
    bad2 = base[:2] + b"\xff\xe1" + struct.pack(">H", len(payload) + 2) + payload + base[2:]
    jpeg_fixture("jpeg_exif_bad_count", "Exif IFD claims 5000 entries, holds 1 partial: ignored",
                 bad2, transpose=False)


def make_jpeg_errors():
    good = pillow_jpeg(jpeg_pattern(37, 29), quality=85)
    prog = pillow_jpeg(jpeg_pattern(37, 29), quality=85, progressive=True)
    sos = good.index(b"\xff\xda")
    error_fixture("jpeg_truncated_header", "jpeg", good[:sos // 2], "truncated", "cut inside the header segments")
    error_fixture("jpeg_truncated_scan", "jpeg", good[:sos + (len(good) - sos) // 2], "truncated",
                  "cut halfway through the entropy-coded data")
    error_fixture("jpeg_truncated_no_eoi", "jpeg", good[:-2], "truncated", "everything but EOI")
    error_fixture("jpeg_truncated_progressive", "jpeg", prog[:len(prog) * 2 // 3], "truncated",
                  "progressive, cut after about two thirds")
    error_fixture("jpeg_soi_only", "jpeg", good[:2], "truncated", "SOI and nothing else")
    sof = good.index(b"\xff\xc0")
    huge = bytearray(good)
    huge[sof + 5:sof + 9] = struct.pack(">HH", 65000, 65000)
    error_fixture("jpeg_huge_dimensions", "jpeg", bytes(huge), "tooLarge", "SOF0 claims 65000 x 65000")
    zero = bytearray(good)
    zero[sof + 5:sof + 7] = struct.pack(">H", 0)
    error_fixture("jpeg_zero_height", "jpeg", bytes(zero), "decoderMessage", "SOF0 height 0 (DNL not supported)")
    error_fixture("jpeg_undefined_marker", "jpeg", good[:2] + b"\xff\x12\x00\x04ab" + good[2:], "decoderMessage",
                  "an undefined marker FF12 right after SOI")
    small = pillow_jpeg(jpeg_pattern(8, 8), quality=85, progressive=True)
    last_scan = small[small.rindex(b"\xff\xda"):-2]
    error_fixture("jpeg_too_many_scans", "jpeg", small[:-2] + last_scan * 1000 + b"\xff\xd9", "decoderMessage",
                  "progressive 8x8 with its last scan repeated 1000 times (over 1000 scans)", "Too many scans")
    error_fixture("jpeg_bad_signature", "jpeg", b"\xff\xd9" + good[2:], "badSignature", "EOI where SOI should be")


# ---------------------------------------------------------------------------------------------
# GIF: a writer with its own LZW encoder, so frames, palettes, disposal and interlace are exact.

def lzw_encode(indices, min_code_size, deferred_clear=False):
    clear, eoi = 1 << min_code_size, (1 << min_code_size) + 1
    out, acc, nbits = bytearray(), 0, 0
    code_size = min_code_size + 1

    def emit(code):
        nonlocal acc, nbits
        acc |= code << nbits
        nbits += code_size
        while nbits >= 8:
            out.append(acc & 0xFF)
            acc >>= 8
            nbits -= 8

    def reset():
        return {bytes([i]): i for i in range(clear)}, clear + 2, min_code_size + 1

    table, next_code, code_size = reset()
    emit(clear)
    w = b""
    for k in indices:
        wk = w + bytes([k])
        if wk in table:
            w = wk
            continue
        emit(table[w])
        if next_code < 4096:
            # The decoder defines this entry one code later, so it widens its codes after
            # defining entry 2^n - 1, i.e. when the encoder has defined entry 2^n.
            table[wk] = next_code
            next_code += 1
            if next_code - 1 == (1 << code_size) and code_size < 12:
                code_size += 1
            if next_code == 4096 and not deferred_clear:
                emit(clear)
                table, next_code, code_size = reset()
        w = bytes([k])
    emit(table[w])
    if next_code == (1 << code_size) and code_size < 12 and next_code < 4096:
        code_size += 1
    emit(eoi)
    if nbits:
        out.append(acc & 0xFF)
    return bytes(out)


def sub_blocks(data):
    out = bytearray()
    for i in range(0, len(data), 255):
        chunk = data[i:i + 255]
        out.append(len(chunk))
        out += chunk
    return bytes(out + b"\x00")


def palette_field(palette):
    """Pads a palette to a power of two >= 2 entries; returns (size bits, bytes)."""
    n = max(2, len(palette))
    bits = max(0, (n - 1).bit_length() - 1)
    padded = list(palette) + [(0, 0, 0)] * ((2 << bits) - len(palette))
    return bits, bytes(np.asarray(padded, dtype=np.uint8).reshape(-1))


INTERLACE_ORDER = [(0, 8), (4, 8), (2, 4), (1, 2)]


def encode_gif(width, height, frames, global_palette=None, loop=None, background=0, trailer=True):
    data = bytearray(b"GIF89a" + struct.pack("<HH", width, height))
    if global_palette is not None:
        bits, table = palette_field(global_palette)
        data += bytes([0x80 | (bits << 4) | bits, background, 0]) + table
    else:
        data += bytes([0, 0, 0])
    if loop is not None:
        data += b"\x21\xff\x0bNETSCAPE2.0\x03\x01" + struct.pack("<H", loop) + b"\x00"
    for f in frames:
        flags = (f.get("disposal", 1) << 2) | (1 if f.get("transparent") is not None else 0)
        data += b"\x21\xf9\x04" + bytes([flags]) + struct.pack("<H", f.get("delay", 0)) + \
            bytes([f.get("transparent") or 0]) + b"\x00"
        idx = np.asarray(f["indices"], dtype=np.uint8)
        fh, fw = idx.shape
        packed = 0
        if f.get("interlace"):
            packed |= 0x40
            rows = [r for start, step in INTERLACE_ORDER for r in range(start, fh, step)]
            idx = idx[rows]
        local = f.get("palette")
        if local is not None:
            bits, table = palette_field(local)
            packed |= 0x80 | bits
        data += b"\x2c" + struct.pack("<HHHH", f["x"], f["y"], fw, fh) + bytes([packed])
        if local is not None:
            data += table
        min_code = f.get("min_code_size")
        if min_code is None:
            min_code = max(2, (len(local if local is not None else global_palette) - 1).bit_length())
        data += bytes([min_code])
        data += sub_blocks(f.get("lzw") or lzw_encode(idx.reshape(-1).tolist(), min_code, f.get("deferred_clear", False)))
    if trailer:
        data += b"\x3b"
    return bytes(data)


def gif_truth(width, height, frames, global_palette):
    """Browser compositing: canvas starts transparent; disposal 2 clears the rect to transparent;
    3 restores it; frames clipped to the canvas. Returns straight RGBA frames."""
    canvas = np.zeros((height, width, 4), dtype=np.uint8)
    out = []
    for f in frames:
        palette = np.asarray(f.get("palette") if f.get("palette") is not None else global_palette, dtype=np.uint8)
        idx = np.asarray(f["indices"])
        fh, fw = idx.shape
        x0, y0 = f["x"], f["y"]
        x1, y1 = min(width, x0 + fw), min(height, y0 + fh)
        saved = canvas[y0:y1, x0:x1].copy()
        for yy in range(y0, y1):
            for xx in range(x0, x1):
                i = idx[yy - y0, xx - x0]
                if i == f.get("transparent") or i >= len(palette):
                    continue
                canvas[yy, xx] = (*palette[i], 255)
        out.append(canvas.copy())
        if f.get("disposal", 1) == 2:
            canvas[y0:y1, x0:x1] = 0
        elif f.get("disposal", 1) == 3:
            canvas[y0:y1, x0:x1] = saved
    return out


def pillow_gif_frames(data):
    im = Image.open(io.BytesIO(data))
    frames, delays = [], []
    for n in range(getattr(im, "n_frames", 1)):
        im.seek(n)
        im.load()
        frames.append(pillow_rgba(im))
        delays.append(im.info.get("duration", 0) / 1000)
    return frames, delays, im.info.get("loop")


def gif_fixture(name, description, width, height, frames, global_palette=None, loop=None, check_truth=True, **kw):
    data = encode_gif(width, height, frames, global_palette, loop, **kw)
    decoded, delays, pillow_loop = pillow_gif_frames(data)
    if check_truth:
        truth = gif_truth(width, height, frames, global_palette)
        if len(truth) != len(decoded):
            sys.exit(f"{name}: Pillow decodes {len(decoded)} frames, {len(truth)} expected")
        for n, (got, want) in enumerate(zip(decoded, truth)):
            check_equal(f"{name} frame {n}", premultiply(got), premultiply(want), "the browser-model compositor")
    if pillow_loop != loop:
        sys.exit(f"{name}: Pillow reads loop {pillow_loop}, {loop} written")
    meta = {"kind": "animation", "description": description, "width": width, "height": height,
            "frames": [{"delay": d} for d in delays], "loop_count": loop}
    save_fixture(name, "gif", data, meta, np.concatenate([premultiply(f) for f in decoded]))
    return data


def make_gifs():
    W, H = 20, 16
    global_palette = [tuple(int(v) for v in rng.integers(0, 256, 3)) for _ in range(16)]
    local_palette = [tuple(int(v) for v in rng.integers(0, 256, 3)) for _ in range(8)]
    full = rng.integers(0, 16, (H, W))
    full[5:9, 3:12] = 15                        # transparent patch in the first frame
    f1 = rng.integers(0, 8, (6, 9))
    f1[2, :] = 7                                # transparent row (local palette index 7)
    f2 = rng.integers(0, 16, (7, 11))
    f3 = rng.integers(0, 16, (5, 5))
    f3[0, 0] = 15
    frames = [
        dict(x=0, y=0, indices=full, transparent=15, disposal=1, delay=10),
        dict(x=2, y=3, indices=f1, palette=local_palette, transparent=7, disposal=2, delay=0),
        dict(x=8, y=6, indices=f2, transparent=3, disposal=3, delay=1, interlace=True),
        dict(x=12, y=1, indices=f3, transparent=15, disposal=1, delay=25),
        dict(x=4, y=9, indices=rng.integers(0, 15, (4, 14)), disposal=1, delay=7),
    ]
    gif_fixture("gif_animated", "5 frames on 20x16: transparency, a local palette, disposal none / "
                "background / previous, an interlaced frame, delays 10, 0, 1, 25, 7 cs, loop 3",
                W, H, frames, global_palette, loop=3)
    gif_fixture("gif_still_interlaced", "one interlaced frame, 2-colour palette (minimum code size 2), no loop block",
                13, 21, [dict(x=0, y=0, indices=rng.integers(0, 2, (21, 13)), interlace=True, delay=0)],
                [(0, 0, 0), (255, 255, 255)])
    big_palette = [tuple(int(v) for v in rng.integers(0, 256, 3)) for _ in range(256)]
    noise = rng.integers(0, 256, (48, 64))
    gif_fixture("gif_lzw_table_full_clear", "48x64 of 256-colour noise: the table fills, encoder sends Clear",
                64, 48, [dict(x=0, y=0, indices=noise, delay=5)], big_palette, loop=0)
    gif_fixture("gif_lzw_deferred_clear", "the same noise with a deferred Clear: 12-bit codes on a full table",
                64, 48, [dict(x=0, y=0, indices=noise, delay=5, deferred_clear=True)], big_palette, loop=0)
    runs = np.repeat(rng.integers(0, 4, (30, 1)), 40, axis=1)
    gif_fixture("gif_long_runs", "30x40 of long runs: long LZW strings, KwKwK codes",
                40, 30, [dict(x=0, y=0, indices=runs, delay=2)], [(255, 0, 0), (0, 255, 0), (0, 0, 255), (9, 9, 9)])
    # A GIF from Pillow's own encoder (it picks its own frame rectangles and disposal).
    seq = []
    for n in range(4):
        a = np.zeros((18, 26, 3), dtype=np.uint8)
        a[..., 0] = 40 * n
        a[3 + n * 3:9 + n * 3, 2 + n * 5:10 + n * 5] = (250, 250, 0)
        seq.append(Image.fromarray(a).convert("P", palette=Image.Palette.ADAPTIVE, colors=16))
    buf = io.BytesIO()
    seq[0].save(buf, "GIF", save_all=True, append_images=seq[1:], duration=[40, 80, 120, 60], loop=0)
    data = buf.getvalue()
    decoded, delays, loop = pillow_gif_frames(data)
    save_fixture("gif_pillow_animated", "gif", data,
                 {"kind": "animation", "description": "4 frames written by Pillow, loop forever",
                  "width": 26, "height": 18, "frames": [{"delay": d} for d in delays], "loop_count": loop},
                 np.concatenate([premultiply(f) for f in decoded]))


def make_gif_clipping():
    # Pillow grows the canvas for frames that overhang it; browsers (and Kinema) clip. The
    # reference is the browser-model compositor above (a closed form here: solid rectangles).
    W, H = 20, 16
    palette = [(0, 0, 0), (200, 10, 10), (10, 200, 10), (0, 0, 0)]
    frames = [dict(x=0, y=0, indices=np.full((H, W), 3), transparent=3, disposal=1, delay=4),
              dict(x=15, y=10, indices=np.full((10, 12), 1), disposal=1, delay=4),
              dict(x=25, y=2, indices=np.full((3, 3), 2), disposal=1, delay=4)]
    data = encode_gif(W, H, frames, palette)
    truth = gif_truth(W, H, frames, palette)
    save_fixture("gif_clipped_frames", "gif", data,
                 {"kind": "animation", "description": "frame 1 overhangs the canvas (clipped), frame 2 lies "
                  "wholly outside (draws nothing)", "width": W, "height": H,
                  "frames": [{"delay": 0.04}] * 3, "loop_count": None, "reference": "source",
                  "reference_note": "Pillow enlarges the canvas for overhanging frames; browsers clip. "
                  "Expected pixels come from this script's browser-model compositor (solid rectangles)."},
                 np.concatenate([premultiply(f) for f in truth]))


def make_gif_errors():
    palette = [(0, 0, 0), (255, 0, 0), (0, 255, 0), (0, 0, 255)]
    frames = [dict(x=0, y=0, indices=rng.integers(0, 4, (10, 12)), disposal=1, delay=3),
              dict(x=2, y=2, indices=rng.integers(0, 4, (4, 4)), disposal=1, delay=3)]
    good = encode_gif(12, 10, frames, palette, loop=0)
    second = good.index(b"\x2c", good.index(b"\x2c") + 1)
    error_fixture("gif_truncated_header", "gif", good[:9], "truncated", "cut inside the logical screen descriptor")
    error_fixture("gif_truncated_palette", "gif", good[:16], "truncated", "cut inside the global colour table")
    error_fixture("gif_truncated_image_data", "gif", good[:second - 12], "truncated", "cut inside frame 0's LZW sub-blocks")
    error_fixture("gif_truncated_descriptor", "gif", good[:second + 5], "truncated", "cut inside frame 1's descriptor")
    error_fixture("gif_truncated_extension", "gif", good[:28], "truncated", "cut inside the NETSCAPE2.0 block")
    error_fixture("gif_bad_signature", "gif", b"GIF88a" + good[6:], "badSignature", "version 88a")
    error_fixture("gif_huge_screen", "gif", b"GIF89a" + struct.pack("<HH", 65535, 65535) + good[10:], "tooLarge",
                  "logical screen 65535 x 65535")
    huge_frame = bytearray(good)
    huge_frame[second + 5:second + 9] = struct.pack("<HH", 60000, 60000)
    error_fixture("gif_huge_frame", "gif", bytes(huge_frame), "tooLarge", "frame 1 claims 60000 x 60000")
    # Clear, one literal, then code 30 while the next free code is 18 (minimum code size 4).
    codes, acc, nbits, out = [16, 1, 30, 17], 0, 0, bytearray()
    for c in codes:
        acc |= c << nbits
        nbits += 5
    out = acc.to_bytes((nbits + 7) // 8, "little")
    pal16 = palette * 4
    bad = encode_gif(12, 10, [dict(x=0, y=0, indices=np.zeros((10, 12)), lzw=bytes(out), min_code_size=4)], pal16)
    error_fixture("gif_lzw_undefined_code", "gif", bad, "malformed", "LZW code 30 before it is defined",
                  "code 30 is not defined yet")
    garbage = bytes(np.random.default_rng(7).integers(0, 256, 120).tolist())
    bad = encode_gif(12, 10, [dict(x=0, y=0, indices=np.zeros((10, 12)), lzw=garbage, min_code_size=2)], palette)
    error_fixture("gif_lzw_garbage", "gif", bad, "malformed", "120 random bytes as LZW data")
    short = lzw_encode([1] * 30, 2)
    bad = encode_gif(12, 10, [dict(x=0, y=0, indices=np.zeros((10, 12)), lzw=short, min_code_size=2)], palette)
    error_fixture("gif_lzw_short", "gif", bad, "malformed", "LZW data for 30 of 120 pixels", "after 30 of 120 pixels")
    bad = encode_gif(12, 10, [dict(x=0, y=0, indices=np.zeros((10, 12)), lzw=b"\x00\x02", min_code_size=9)], palette)
    error_fixture("gif_bad_min_code_size", "gif", bad, "malformed", "LZW minimum code size 9")
    bad = encode_gif(12, 10, [dict(x=0, y=0, indices=np.zeros((10, 12)), palette=None, min_code_size=2)], None)
    error_fixture("gif_no_palette", "gif", bad, "malformed", "no global or local colour table")
    error_fixture("gif_no_image", "gif", good[:good.index(b"\x21\xf9")] + b"\x3b", "malformed", "trailer before any image")
    error_fixture("gif_unknown_block", "gif", good[:second - 8] + b"\x99" + good[second - 8:], "malformed",
                  "block introducer 0x99 between frames")


def main():
    # Pillow warns about the deliberately corrupt EXIF fixtures; that is expected.
    warnings.filterwarnings("ignore", message="Corrupt EXIF data")
    print(f"Pillow {PIL_VERSION}, NumPy {np.__version__}")
    if os.path.isdir(OUT):
        shutil.rmtree(OUT)
    os.makedirs(OUT)
    make_pngs()
    make_png_errors()
    make_jpegs()
    make_jpeg_errors()
    make_gifs()
    make_gif_clipping()
    make_gif_errors()
    total = sum(os.path.getsize(os.path.join(OUT, f)) for f in os.listdir(OUT))
    print(f"{len(written)} fixtures, {total} bytes in {os.path.relpath(OUT, ROOT)}")
    if total >= 1 << 20:
        sys.exit("fixtures exceed 1 MB")


if __name__ == "__main__":
    main()
