#!/usr/bin/env python3
"""Independent reference values for Kinema's media timing (CAMediaTiming).

Writes Tests/KinemaTimingTests/References/media_timing.json, read by
MediaTimingReferenceTests.swift. Run from the repository root:

    python3 Scripts/references/media_timing_references.py

Standard library only (fractions, json, random); no setup needed.

This is a deliberately plain, separately written model of the rules Kinema documents for
CAMediaTiming (see Sources/KinemaTiming/MediaTiming.swift for the rules and their sources):

* parent time tp -> elapsed active time e = (tp - beginTime) * |speed|;
* active while 0 <= e < A, where A is repeatDuration if > 0, else repeatCount cycles if > 0,
  else one cycle; a cycle is duration, or 2 * duration with autoreverses;
* outside, e is clamped to 0 (before) or A (after); fillMode only decides whether the object is
  shown;
* active local time t = timeOffset + sign(speed) * e, wrapped by floor() into a cycle (the
  offset moves the phase and wraps around);
* duration 0 takes the default duration; with none (a layer) the object is a timing container
  whose local time is (tp - beginTime) * speed + timeOffset, unwrapped, always active.

Where the Swift code picks a side at cycle boundaries with ceil/floor conventions, this model
instead evaluates the state as a one-sided limit, literally: it samples the exact rational
timeline a tiny step EPS inside the interval, on the side time arrives from (after e while
running, before A for the final state). Everything is exact rational arithmetic (Fraction);
parameters and sample times are dyadic so that they are exactly representable as doubles.
"""

import json
import math
import os
import random
from fractions import Fraction

SEED = 20240611
CASES = 400
EPS = Fraction(1, 10**15)   # the one-sided-limit step; progress moves by at most EPS / duration
OUT = os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "..",
    "Tests", "KinemaTimingTests", "References", "media_timing.json",
)

INF = math.inf


def cycle_state(t, d, autoreverses):
    """(iteration, progress) of active local time t: plain floor wrapping, no conventions."""
    cycle = 2 * d if autoreverses else d
    k = math.floor(t / cycle)
    u = t - k * cycle
    if not autoreverses:
        return k, u / d
    return k, (u / d if u <= d else (cycle - u) / d)


def resolve(p, tp):
    """What the object shows at parent time tp; returns (shown, phase, progress, iteration, local)."""
    d = p["duration"] if p["duration"] > 0 else (p["default"] or 0)
    if d <= 0:
        local = (tp - p["begin"]) * p["speed"] + p["offset"]
        return True, 0, Fraction(0), 0, local

    cycle = 2 * d if p["autoreverses"] else d
    if p["repeatDuration"] > 0:
        a = p["repeatDuration"]
    elif p["repeatForever"]:
        a = INF
    elif p["repeatCount"] > 0:
        a = p["repeatCount"] * cycle
    else:
        a = cycle

    e = (tp - p["begin"]) * abs(p["speed"])
    if e < 0:
        phase, shown, e_at, step = -1, p["fill"] in ("backwards", "both"), Fraction(0), EPS
    elif e < a:
        phase, shown, e_at, step = 0, True, e, EPS
    else:
        phase, shown, e_at, step = 1, p["fill"] in ("forwards", "both"), a, -EPS

    if p["speed"] == 0:
        t = p["offset"]                      # frozen: no direction to take a limit from
    else:
        direction = 1 if p["speed"] > 0 else -1
        t = p["offset"] + direction * (e_at + step)
    k, progress = cycle_state(t, d, p["autoreverses"])
    progress = min(max(progress, Fraction(0)), Fraction(1))
    return shown, phase, progress, k, progress * d


def dyadic(rng, choices):
    return Fraction(rng.choice(choices))


def make_case(rng):
    p = {
        "begin": dyadic(rng, ["0", "0", "0.5", "-1.25", "3"]),
        "offset": dyadic(rng, ["0", "0", "0", "0.25", "1", "-0.5", "2.75"]),
        "speed": dyadic(rng, ["1", "1", "2", "0.5", "0", "-1", "-2", "-0.5"]),
        "duration": dyadic(rng, ["0", "1", "1.5", "0.75", "2"]),
        "repeatCount": Fraction(0),
        "repeatForever": False,
        "repeatDuration": Fraction(0),
        "autoreverses": rng.random() < 0.4,
        "fill": rng.choice(["removed", "forwards", "backwards", "both"]),
        "default": None if rng.random() < 0.08 else Fraction(1, 4),
    }
    r = rng.random()
    if r < 0.1:
        p["repeatForever"] = True
    elif r < 0.65:
        p["repeatCount"] = dyadic(rng, ["1", "1.5", "2", "2.5", "0.25", "3"])
    elif r < 0.8:
        p["repeatDuration"] = dyadic(rng, ["2.25", "0.5", "3"])
    return p


def sample_times(rng, p):
    """Dyadic parent times: the boundaries, points just inside and outside them, and a grid."""
    d = p["duration"] if p["duration"] > 0 else (p["default"] or 0)
    begin = p["begin"]
    times = {begin, begin - Fraction(1, 4), begin + Fraction(1, 64)}
    speed = abs(p["speed"])
    if d > 0 and speed > 0:
        cycle = 2 * d if p["autoreverses"] else d
        if p["repeatDuration"] > 0:
            a = p["repeatDuration"]
        elif p["repeatForever"]:
            a = None
        elif p["repeatCount"] > 0:
            a = p["repeatCount"] * cycle
        else:
            a = cycle
        if a is not None:
            end = begin + a / speed
            times |= {end, end - Fraction(1, 64), end + Fraction(1, 2)}
            span = end - begin
        else:
            span = 6 * cycle / speed
        # Cycle boundaries seen from parent time (where local time crosses a multiple of d).
        for k in range(1, 4):
            times.add(begin + k * d / speed)
    else:
        span = Fraction(4)
    while len(times) < 15:
        grid = Fraction(rng.randrange(-64, int(64 * (span + 1)) + 1), 64)
        times.add(begin + grid)
    return sorted(times)


def main():
    rng = random.Random(SEED)
    cases = []
    for _ in range(CASES):
        p = make_case(rng)
        rows = []
        for tp in sample_times(rng, p):
            assert Fraction(float(tp)) == tp, "sample times must be exact doubles"
            shown, phase, progress, k, local = resolve(p, tp)
            rows.append([float(tp), 1 if shown else 0, phase, round(float(progress), 12), k, round(float(local), 12)])
        cases.append({
            "beginTime": float(p["begin"]),
            "duration": float(p["duration"]),
            "speed": float(p["speed"]),
            "timeOffset": float(p["offset"]),
            "repeatCount": float(p["repeatCount"]),
            "repeatForever": p["repeatForever"],
            "repeatDuration": float(p["repeatDuration"]),
            "autoreverses": p["autoreverses"],
            "fillMode": p["fill"],
            "defaultDuration": None if p["default"] is None else float(p["default"]),
            "samples": rows,
        })
    document = {
        "generator": "Scripts/references/media_timing_references.py",
        "seed": SEED,
        "sampleColumns": ["parentTime", "isActive", "phase(-1 before, 0 active, 1 after)",
                          "progress", "iteration", "localTime"],
        "progressTolerance": 1e-9,
        "cases": cases,
    }
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w") as f:
        json.dump(document, f, separators=(",", ":"))
        f.write("\n")
    print(f"wrote {len(cases)} cases, {sum(len(c['samples']) for c in cases)} samples, "
          f"{os.path.getsize(OUT)} bytes to {os.path.relpath(OUT)}")


if __name__ == "__main__":
    main()
