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
    "extremes": [MOVE, NAN, INF, GO, LINE, E300, 172, GO, ARC] + p(20, 20) + [INF, c(0), HUGE, 0, GO, CUBIC, DENORMAL, 168]
                + p(10, 10) + [NINF, c(3), GO, XFORM, 2, HUGE, DENORMAL, GO, LINE] + p(30, 30) + [STOP],
    "dashes": [MOVE] + p(4, 4) + [GO, LINES, 4] + p(44, 4) + p(44, 44) + p(4, 44) + p(4, 4) + [GO, RELARC] + p(24, 24)
              + [c(12), c(0), c(6), STOP],
}

# Layers: each step reads a layer index, another layer index, then an operation (choice of 32).
MAKE, ADD, INSERT_AT, INSERT_REL, REPLACE, REMOVE, SUBLAYERS, MASK, GEOMETRY, APPEARANCE, CONTENTS, TIMING, BASIC, KEYFRAME, \
    SPRING, GROUP, TRANSITION, REMOVE_ANIM, TRANSACTION, SHAPE, GRADIENT, REPLICATOR, TURN, RENDER_IN, PRESENTATION, \
    QUERIES, KVC, DRAW, LAYOUT, COPY, TEXT = [0] + list(range(2, 32))
RED = [0]

def timing(duration=1):
    # duration, extra timing flag 0, fill mode, removed-on-completion flag, timing function choice 0 = nil.
    return [c(duration), 0, 3, 0, 0]

layers = {
    "fade-and-move": [0, 0, MAKE, 0, 1, 10, 10, 20, 20] + RED + [1, 0, MAKE, 1, 1, 4, 4, 12, 12, 1]
                     + [1, 0, BASIC, 0, 0, 0] + p(10, 10) + p(30, 30) + [0, 0, 1] + timing(1)
                     + [2, 0, BASIC, 3, 0, 1, 1, c(0), 0, 0, 1] + timing(2)
                     + [0, 0, TURN, 1, 0, 0, TURN, 1, 0, 0, TURN, 2],
    "shape-stroke": [0, 0, MAKE, 0, 1, 0, 0, 30, 30, 1, 1, 0, SHAPE, 2, 0] + p(28, 4) + [1] + p(4, 28) + [0, 0, 0, 0]
                    + [c(0), c(1), c(3), c(10), 1, 1, c(0), 0, 2, c(2), c(1)]
                    + [1, 0, BASIC, 19, 0, 0, 1, 0, c(0), 1, c(1), 0, 0, 1] + timing(1) + [0, 0, TURN, 1, 0, 0, TURN, 2],
    "cycles-and-masks": [0, 0, MAKE, 5, 1, 0, 0, 16, 16, 0, 1, 0, MAKE, 5, 1, 4, 4, 8, 8, 1, 1, 0, ADD, 2, 1, ADD,
                         0, 2, ADD, 1, 0, MASK, 0, 2, 1, MASK, 0, 1, 2, REPLACE, 0, 2, 0, REMOVE, 0, 0, TURN, 0],
    "draw-and-render": [0, 0, DRAW, 7, 24, 0, 10] + p(2, 2) + p(30, 30) + [17, 1, 22, 3, 11] + p(10, 10) + p(20, 20)
                       + [18, 16, 1] + p(2, 2) + [c(3), 19] + p(0, 0) + p(16, 16) + [0, 20, 1, 2, 0, 1, 1] + p(0, 0) + p(40, 40) + [3]
                       + [0, 0, MAKE, 5, 1, 2, 2, 30, 30, 0, 1, 0, CONTENTS, 0, 0, 0, 0, RENDER_IN, 0, 0, 0, TURN, 1],
    "springs-and-groups": [0, 0, MAKE, 1, 1, 4, 4, 20, 20, 1, 1, 0, SPRING, 0, 0] + p(0, 0) + p(30, 30) + [0, 1, 3, 1, 1]
                          + [1, 0, GROUP, 2, 1, 3, 0, 0] + p(5, 5) + p(9, 9) + [0, 0, 1] + timing(1) + [0, 3, 3, c(0), c(1), c(0.5), 0, 0, 0, 0]
                          + timing(1) + timing(2) + [0] + [0, 0, TRANSACTION, 1, c(0.5), 0, 0, 1, 0, GEOMETRY, 1] + p(20, 20)
                          + [0, 0, TRANSACTION, 0, 0, 0, TURN, 1, 0, 0, TURN, 2, 0, 0, PRESENTATION, 0],
}

for folder, seeds in (("paths", paths), ("layers", layers)):
    os.makedirs(f"Tests/Fuzz/corpus/{folder}", exist_ok=True)
    for name, program in seeds.items():
        data = bytes(program) + (query() if folder == "paths" and name != "dashes" else b"")
        if folder == "paths" and name == "dashes":
            data += query(width=2, dash=(4, 2, 1))
        with open(f"Tests/Fuzz/corpus/{folder}/{name}", "wb") as f:
            f.write(data)
