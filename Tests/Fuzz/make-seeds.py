#!/usr/bin/env python3
# Writes the hand-made seed inputs of the paths and layers fuzz targets
# (Tests/Fuzz/corpus/paths/, Tests/Fuzz/corpus/layers/). Each seed is a short program in the
# targets' byte language (Sources/KinemaFuzzing: FuzzInput, PathsFuzz, LayersFuzz, ContextFuzz);
# the fuzzer mutates from these. Run from the package root: python3 Tests/Fuzz/make-seeds.py
import os

def c(v):
    """A coordinate byte: FuzzInput.number() maps bytes below 160 to byte / 2 - 8."""
    b = int(round((v + 8) * 2))
    assert 0 <= b < 160, v
    return b

# Special numbers: 160 + index into FuzzInput.specialNumbers.
NAN, INF, NINF, HUGE, DENORMAL, E300 = 162, 163, 164, 165, 167, 171

def p(x, y):
    return [c(x), c(y)]

# Paths: operation byte (choice of 17), its operands, then a byte that is 0xFF to stop building.
MOVE, LINE, QUAD, CUBIC, ARC, RELARC, TANARC, RECT, RRECT, ELLIPSE, CLOSE, XFORM, LINES, RECTS, SELF, MADE, MAPPED = range(17)
GO, STOP = 0, 0xFF

def query(width=4, dash=(), cap=1, join=1):
    # 3 × (point, rule flag, transform 0 = identity); cap, join, width, miter; dashes; phase;
    # dash transform; flatten threshold; canvas transform; fill rule; miter; phase; contains point
    # and mode; drawing mode.
    q = []
    for x, y in ((20, 20), (2, 2), (30, 12)):
        q += p(x, y) + [0, 0]
    q += [cap, join, c(width), c(10), 0]
    q += [len(dash)] + [c(d) for d in dash] + [c(0), 0, c(0.5), 0, 0, c(10), c(0)] + p(20, 20) + [0, 3]
    return bytes(q)

paths = {
    "triangle": [MOVE] + p(10, 10) + [GO, LINE] + p(40, 10) + [GO, LINE] + p(25, 40) + [GO, CLOSE, STOP],
    "curves": [MOVE] + p(4, 40) + [GO, QUAD] + p(20, 4) + p(12, 20) + [GO, CUBIC] + p(44, 40) + p(28, 0) + p(36, 60)
              + [GO, ARC] + p(24, 24) + [c(10), c(0), c(3), 1, GO, TANARC] + p(40, 4) + p(4, 4) + [c(6), STOP],
    "shapes": [RECT] + p(2, 2) + p(20, 10) + [GO, RRECT] + p(8, 16) + p(30, 20) + [c(6), c(4), GO, XFORM, 3, c(0.5),
               GO, ELLIPSE] + p(10, 10) + p(24, 16) + [GO, RECTS, 2] + p(30, 30) + p(8, 8) + p(1, 1) + p(4, 4) + [GO, SELF, STOP],
    "extremes": [MOVE] + p(4, 4) + [GO, LINE] + p(40, 30) + [GO, MOVE, NAN, INF, GO, LINE, E300, 172, GO, ARC] + p(20, 20) + [INF, c(0), HUGE, 0, GO, CUBIC, DENORMAL, 168]
                + p(10, 10) + [NINF, c(3), GO, XFORM, 2, HUGE, DENORMAL, GO, LINE] + p(30, 30) + [STOP],
    "dashes": [MOVE] + p(4, 4) + [GO, LINES, 4] + p(44, 4) + p(44, 44) + p(4, 44) + p(4, 4) + [GO, RELARC] + p(24, 24)
              + [c(12), c(0), c(6), STOP],
}

# Layers: each step reads a layer index, another layer index, then an operation (choice of 32).
MAKE, ADD, INSERT_AT, INSERT_REL, REPLACE, REMOVE, SUBLAYERS, MASK, GEOMETRY, APPEARANCE, CONTENTS, TIMING, BASIC, KEYFRAME, \
    SPRING, GROUP, TRANSITION, REMOVE_ANIM, TRANSACTION, SHAPE, GRADIENT, REPLICATOR, TURN, RENDER_IN, PRESENTATION, \
    QUERIES, KVC, DRAW, LAYOUT, COPY, TEXT = [0] + list(range(2, 32))
SHAPE_LAYER, GRADIENT_LAYER, REPLICATOR_LAYER, TRANSFORM_LAYER, TEXT_LAYER, PLAIN = 0, 1, 2, 3, 4, 5
POSITION, BOUNDS, OPACITY, ROTATION, BACKGROUND, STROKE_END, COLORS = 0, 1, 3, 5, 8, 19, 21

def step(layer, other, op):
    return [layer, other, op]

def make(parent, kind, x, y, w, h, color=0):
    # kind, frame (four choices), colour (0 = red), add to `parent`.
    return step(parent, 0, MAKE) + [kind, x, y, w, h, color, 1]

def timing(duration=1, fill=3):
    # duration, no extra timing, fill mode (3 = both), kept on completion, no timing function.
    return [c(duration), 0, fill, 0, 0]

def number(v):
    # A number value: flag 1 = a Double.
    return [1, c(v)]

def basic(layer, key, mode, values, duration=1):
    # key path, value kind as the key's, mode (0 from+to, 1 to, 2 by), values, not additive,
    # not cumulative, no value function, timing, key nil.
    return step(layer, 0, BASIC) + [key, 1, mode] + values + [0, 0, 1] + timing(duration) + [1]

def turn(seconds_choice=0):
    # 0: a 60th of a second; 1: a quarter; 2: three seconds.
    return step(0, 0, TURN) + [seconds_choice]

layers = {
    "fade-and-move": make(0, PLAIN, 4, 4, 12, 12) + make(1, PLAIN, 2, 2, 6, 6, color=1)
                     + basic(1, POSITION, 0, p(8, 8) + p(24, 24)) + basic(2, OPACITY, 0, number(1) + number(0), duration=2)
                     + turn(1) + turn(1) + turn(2),
    "shape-stroke": make(0, SHAPE_LAYER, 0, 0, 30, 30)
                    # path: two lines; fill colour; stroke colour red; non-zero; start, end, width, miter;
                    # cap, join, phase, a dash pattern of two.
                    + step(1, 0, SHAPE) + [2, 1] + p(28, 4) + [1] + p(4, 28) + [0, 0, 0, 0, 0]
                    + [c(0), c(1), c(3), c(10), 1, 1, c(0), 0, 2, c(3), c(1)]
                    + basic(1, STROKE_END, 0, number(0) + number(1)) + turn(1) + turn(1),
    "cycles-and-masks": make(0, PLAIN, 0, 0, 16, 16) + make(1, PLAIN, 4, 4, 8, 8, color=1)
                        + step(2, 0, ADD) + step(1, 0, ADD) + step(0, 2, ADD) + step(1, 2, MASK) + [0]
                        + step(0, 1, MASK) + [0] + step(0, 2, REPLACE) + [1] + step(0, 1, REMOVE) + make(0, PLAIN, 8, 8, 16, 16) + turn(0),
    "draw-and-render": step(0, 0, DRAW) + [6, 24, 0, 10] + p(2, 2) + p(40, 40) + [17, 1, 22, 3, 11] + p(10, 10) + p(20, 20)
                       + [18, 19] + p(0, 0) + p(16, 16) + [0, 20, 0, 3, 0, 1, 2] + p(0, 0) + p(40, 40) + [3]
                       + make(0, PLAIN, 2, 2, 28, 28) + step(1, 0, CONTENTS) + [0, 0] + step(1, 0, RENDER_IN) + [0]
                       + make(0, GRADIENT_LAYER, 0, 20, 30, 10) + step(2, 0, GRADIENT) + [0, 3, 0, 1, 3, 1] + p(0, 0) + p(1, 1) + [0]
                       + turn(0),
    "springs-and-groups": make(0, PLAIN, 4, 4, 20, 20)
                          + step(1, 0, SPRING) + [0, POSITION] + p(4, 4) + p(28, 28) + [0, 1] + timing(1)
                          + step(1, 0, GROUP) + [2, 1] + [BOUNDS, 1, 1] + p(0, 0) + p(20, 20) + [0, 0, 1] + timing(1)
                          + [0, ROTATION, 3, 3, c(0), c(1), c(0.5), 0] + [0, 0, 0] + timing(2) + timing(2) + [1]
                          + step(0, 0, TRANSACTION) + [1, c(0.5), 0, 0] + step(1, 0, GEOMETRY) + [1] + p(20, 20)
                          + step(0, 0, TRANSACTION) + [0] + turn(1) + turn(1) + step(1, 0, PRESENTATION) + [0] + turn(2),
}

for folder, seeds in (("paths", paths), ("layers", layers)):
    os.makedirs(f"Tests/Fuzz/corpus/{folder}", exist_ok=True)
    for name, program in seeds.items():
        data = bytes(program) + (query() if folder == "paths" and name != "dashes" else b"")
        if folder == "paths" and name == "dashes":
            data += query(width=2, dash=(4, 2, 1))
        with open(f"Tests/Fuzz/corpus/{folder}/{name}", "wb") as f:
            f.write(data)
