#!/usr/bin/env python3
"""The text peer of `kinema bench --filter text`: the same 10,000 labels drawn with Pango through
pycairo (PangoCairo, via PyGObject), single thread, best of N runs, thread CPU time.

The labels are what `kinema bench` writes (labels.json: the bundled DejaVu Sans's path, and per
label its text, top-left position in pixels, size in pixels and colour); `kinema bench` writes them
to a temporary folder and runs this script itself with the environment
`Scripts/bench/setup-peers.sh` makes (~/.cache/kinema-peers/venv-text):

    ~/.cache/kinema-peers/venv-text/bin/python Scripts/bench/text_peers.py --workload DIR --runs 9

Fonts: fontconfig is pointed at a configuration holding only the folder of the bundled font, so
Pango draws the same DejaVu Sans file Kinema does. Rendering: grey antialiasing, no hinting, no
metric hinting (as Kinema: unhinted outlines at exact positions); Pango keeps its own glyph cache
(cairo's scaled-font glyph cache), warmed by the untimed first run as Kinema's is.

Output (other lines are commentary):
    VERSION pango <text>
    PEER pango text.labels.draw ms=<thread CPU ms> wall_ms=<wall ms>
    PEER pango text.labels.layout+draw ms=<thread CPU ms> wall_ms=<wall ms>
text.labels.draw draws layouts made before timing (pango_layout kept per label, as a label keeps
its laid-out text); text.labels.layout+draw makes each label's layout inside the timed run.
"""
import argparse
import json
import os
import sys
import tempfile
import time


def configure_fontconfig(font_path):
    folder = tempfile.mkdtemp(prefix="kinema-text-peer-")
    conf = os.path.join(folder, "fonts.conf")
    with open(conf, "w") as f:
        f.write('<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n'
                f"  <dir>{os.path.dirname(font_path)}</dir>\n  <cachedir>{folder}/cache</cachedir>\n</fontconfig>\n")
    os.environ["FONTCONFIG_FILE"] = conf


def best_of(runs, reset, work):
    best_cpu = best_wall = float("inf")
    for i in range(runs + 1):
        reset()
        wall0, cpu0 = time.perf_counter(), time.thread_time()
        work()
        cpu, wall = time.thread_time() - cpu0, time.perf_counter() - wall0
        if i > 0:
            best_cpu, best_wall = min(best_cpu, cpu), min(best_wall, wall)
    return best_cpu * 1000, best_wall * 1000


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--workload", required=True)
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--write-images")
    args = parser.parse_args()
    with open(os.path.join(args.workload, "labels.json"), encoding="utf-8") as f:
        workload = json.load(f)
    configure_fontconfig(workload["font"])

    import cairo
    import gi
    gi.require_version("Pango", "1.0")
    gi.require_version("PangoCairo", "1.0")
    from gi.repository import Pango, PangoCairo

    print(f"VERSION pango Pango {Pango.version_string()}, cairo {cairo.cairo_version_string()}, "
          f"pycairo {cairo.version}, PyGObject {gi.__version__}")
    width, height = int(workload["width"]), int(workload["height"])
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, width, height)
    context = cairo.Context(surface)
    options = cairo.FontOptions()
    options.set_antialias(cairo.ANTIALIAS_GRAY)
    options.set_hint_style(cairo.HINT_STYLE_NONE)
    options.set_hint_metrics(cairo.HINT_METRICS_OFF)
    pango_context = PangoCairo.create_context(context)
    PangoCairo.context_set_font_options(pango_context, options)
    labels = workload["labels"]
    descriptions = {}
    for label in labels:
        size = label["size"]
        if size not in descriptions:
            d = Pango.FontDescription.from_string(workload["family"])
            d.set_absolute_size(size * Pango.SCALE)
            descriptions[size] = d

    def make_layout(label):
        layout = Pango.Layout.new(pango_context)
        layout.set_font_description(descriptions[label["size"]])
        layout.set_text(label["text"], -1)
        return layout

    prepared = [make_layout(label) for label in labels]
    colours = [tuple(c / 255 for c in label["color"]) for label in labels]
    positions = [(label["x"], label["y"]) for label in labels]

    def reset():
        context.set_source_rgb(1, 1, 1)
        context.paint()

    def draw_prepared():
        for layout, (x, y), (r, g, b) in zip(prepared, positions, colours):
            context.move_to(x, y)
            context.set_source_rgb(r, g, b)
            PangoCairo.show_layout(context, layout)

    def layout_and_draw():
        for label, (x, y), (r, g, b) in zip(labels, positions, colours):
            layout = make_layout(label)
            context.move_to(x, y)
            context.set_source_rgb(r, g, b)
            PangoCairo.show_layout(context, layout)

    for name, work in [("text.labels.draw", draw_prepared), ("text.labels.layout+draw", layout_and_draw)]:
        cpu, wall = best_of(args.runs, reset, work)
        print(f"PEER pango {name} ms={cpu:.3f} wall_ms={wall:.3f}", flush=True)
        if args.write_images:
            surface.write_to_png(os.path.join(args.write_images, f"pango-{name}.png"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
