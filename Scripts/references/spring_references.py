#!/usr/bin/env python3
"""Writes the reference values that Tests/KinemaTimingTests compares `Spring` to.

Run from the repository root:  ~/.cache/kinema-peers/venv/bin/python Scripts/references/spring_references.py
(scipy 1.17.1 and numpy 2.4.6, pinned in Scripts/requirements.txt: `bash Scripts/setup-reference-tools.sh`
installs them in that environment.)

Every value here comes from integrating the spring's equation of motion numerically, never from
its closed-form solution, so the Swift closed forms are checked against an unrelated computation:

    m·x'' + c·x' + k·(x − 1) = 0,    x(0) = 0,    x'(0) = v0

(the motion of Core Animation's normalized spring: position as a fraction of the distance, 0 at the
start, 1 at the target; velocity in distances per second, positive toward the target).

  * Non-stiff cases use scipy's DOP853 (explicit Runge-Kutta of order 8) at rtol 1e-13,
    atol 1e-15; stiff ones (damping ratio ≥ 100, where the fast mode decays ~10^4 times faster
    than the slow one) use Radau IIA at rtol 1e-13, atol 1e-16.
  * Each case is integrated twice, the second time with tolerances 10 times looser; the largest
    difference between the two runs is written as `estimatedError` and the script refuses to write
    the file when it exceeds 1e-10 (positions) or 1e-10·scale (velocities, scale = max(1, ω0, |v0|)).
  * `settlingTime`: the last time |x(t) − 1| ≥ 0.001, found on the dense output of the
    integration (a fine scan, then Brent's method between the last two scan points), with the
    velocity there so tests can turn a position tolerance into a time tolerance.
  * `appleWalk` (damping ratio ≥ 1 only): Core Animation's settling estimate for such springs as
    published reverse engineering describes it (see Spring+Settling.swift): step t by 0.1 s
    (accumulated in binary64, as the system does), take the first step where |x − 1| < 0.001 and
    return it once |x − 1| has stayed below 0.001 for more than 1 s of steps; evaluated here on the
    integrated motion.

Output: Tests/KinemaTimingTests/References/springs.json (well under 300 KB).
"""
import json
import math
import os

import numpy as np
import scipy
from scipy.integrate import solve_ivp
from scipy.optimize import brentq

OUT = os.path.join(os.path.dirname(__file__), "..", "..", "Tests", "KinemaTimingTests", "References", "springs.json")
EPSILON = 1e-3
SAMPLES_UNIFORM = 44
SAMPLES_GEOMETRIC = 16
MAX_POSITION_ERROR = 1e-10
MAX_VELOCITY_ERROR = 1e-10


def case(name, mass, stiffness, damping, velocity, horizon, stiff=False):
    return dict(name=name, mass=float(mass), stiffness=float(stiffness), damping=float(damping),
                initialVelocity=float(velocity), horizon=float(horizon), stiff=stiff)


def near_critical(relative, velocity=0.0):
    """Damping 20·(1 + relative) on mass 1, stiffness 100: damping ratio 1 + relative (to rounding)."""
    return 20.0 * (1.0 + relative), velocity


CASES = [
    # Under-damped.
    case("default 1/100/10", 1, 100, 10, 0, 3),
    case("Apple docs, damping 5", 1, 100, 5, 0, 4),
    case("Apple docs, damping 15", 1, 100, 15, 0, 2),
    case("light, toward the target", 1, 100, 2, 5, 7),
    case("zeta 0.3, away from the target", 2, 50, 6, -8, 4),
    case("very light, many periods", 1, 400, 0.8, 0, 6),
    case("fast toward the target", 1, 100, 10, 100, 3),
    case("small mass", 0.01, 10, 0.3, 2, 1),
    case("large stiffness", 1, 1e6, 200, 0, 0.1),
    case("iOS 17 duration 0.5 bounce 0.3", 1, (2 * math.pi / 0.5) ** 2, 0.7 * 4 * math.pi / 0.5, 0, 2),
    # Zero damping: never settles.
    case("undamped", 1, 100, 0, 0, 2),
    case("undamped with velocity", 0.5, 20, 0, 3, 4),
    # Critically damped (c² = 4km exactly in binary64).
    case("critical", 1, 100, 20, 0, 2),
    case("critical toward the target", 1, 100, 20, 15, 2),
    case("critical away from the target", 2, 50, 20, -12, 3),
    # Near-critical: the trap for closed forms that divide by the damped frequency.
    *[case(f"near-critical {label}", 1, 100, *near_critical(rel, v), 2)
      for label, rel, v in [("1-1e-6", -1e-6, 0.0), ("1+1e-6", 1e-6, 0.0),
                            ("1-1e-9", -1e-9, 0.0), ("1+1e-9", 1e-9, 0.0),
                            ("1-1e-12", -1e-12, 0.0), ("1+1e-12", 1e-12, 0.0),
                            ("1-1e-9 v0 7", -1e-9, 7.0), ("1+1e-9 v0 -7", 1e-9, -7.0)]],
    # Over-damped.
    case("over zeta 2", 1, 100, 40, 0, 3),
    case("over zeta 1.5 overshooting", 1, 100, 30, 30, 3),
    case("over zeta 3 away from the target", 1, 100, 60, -20, 6),
    case("UISpringTimingParameters() 3/1000/500", 3, 1000, 500, 0, 3, stiff=True),
    case("large stiffness over", 1, 1e6, 4000, -100, 0.05),
    # Huge damping ratio: the slow root must come from the stable formula.
    case("over zeta 100", 1, 100, 2000, 0, 200, stiff=True),
    case("over zeta 100 toward the target", 1, 100, 2000, 50, 200, stiff=True),
    case("over zeta 1e4", 1, 100, 2e5, 0, 20000, stiff=True),
]


def rhs(m, k, c):
    def f(_t, y):
        return [y[1], -(c * y[1] + k * (y[0] - 1.0)) / m]
    return f


def jac(m, k, c):
    def j(_t, _y):
        return [[0.0, 1.0], [-k / m, -c / m]]
    return j


def integrate(spec, times, loose=False):
    m, k, c, v0 = spec["mass"], spec["stiffness"], spec["damping"], spec["initialVelocity"]
    scale = 10.0 if loose else 1.0
    if spec["stiff"]:
        kwargs = dict(method="Radau", rtol=1e-13 * scale, atol=1e-16 * scale, jac=jac(m, k, c))
    else:
        kwargs = dict(method="DOP853", rtol=1e-13 * scale, atol=1e-15 * scale)
    end = max(spec["horizon"], times[-1])
    sol = solve_ivp(rhs(m, k, c), (0.0, end), [0.0, v0], t_eval=times, dense_output=True, **kwargs)
    if not sol.success:
        raise RuntimeError(f"{spec['name']}: {sol.message}")
    return sol


def sample_times(horizon):
    uniform = np.linspace(0.0, horizon, SAMPLES_UNIFORM)
    geometric = np.geomspace(horizon * 1e-6, horizon, SAMPLES_GEOMETRIC)
    return np.unique(np.concatenate([uniform, geometric]))


def settling_reference(spec):
    """The last time |x − 1| ≥ EPSILON, from the dense output of a run long enough to contain it."""
    m, k, c = spec["mass"], spec["stiffness"], spec["damping"]
    if c == 0:
        return None
    slow = c / (2 * m) - math.sqrt(max(c * c / (4 * m * m) - k / m, 0.0))  # slowest decay rate
    end = (math.log(1e5) + 8.0) / slow + 3.0  # well past the envelope falling below EPSILON, + the walk
    sol = integrate(dict(spec, horizon=end), np.array([0.0, end]))
    grid = np.linspace(0.0, end, 400_001)
    distance = np.abs(sol.sol(grid)[0] - 1.0)
    above = np.nonzero(distance >= EPSILON)[0]
    last = int(above[-1])
    if last == len(grid) - 1:
        raise RuntimeError(f"{spec['name']}: not settled by {end}")
    t = brentq(lambda s: abs(sol.sol(s)[0] - 1.0) - EPSILON, grid[last], grid[last + 1], xtol=1e-15, rtol=1e-15)
    x, v = sol.sol(t)
    return dict(time=float(t), velocity=float(v), end=end, sol=sol)


def apple_walk(spec, settle):
    """Core Animation's 0.1 s walk (damping ratio ≥ 1), evaluated on the integrated motion."""
    sol = settle["sol"]
    times = [0.0]
    while times[-1] < settle["end"] - 0.5:
        times.append(times[-1] + 0.1)  # accumulated in binary64, step by step
    distances = np.abs(sol.sol(np.array(times))[0] - 1.0)
    result, best = -1.0, math.inf
    for t, d in zip(times, distances):
        if best >= EPSILON:
            if d < best:
                result, best = t, d
        elif d >= EPSILON:
            best = math.inf
        elif t - result > 1.0:
            return result
    raise RuntimeError(f"{spec['name']}: walk did not finish")


def main():
    out_cases = []
    for spec in CASES:
        m, k, c, v0 = spec["mass"], spec["stiffness"], spec["damping"], spec["initialVelocity"]
        times = sample_times(spec["horizon"])
        tight = integrate(spec, times)
        loose = integrate(spec, times, loose=True)
        scale = max(1.0, math.sqrt(k / m), abs(v0))
        position_error = float(np.max(np.abs(tight.y[0] - loose.y[0])))
        velocity_error = float(np.max(np.abs(tight.y[1] - loose.y[1]))) / scale
        if position_error > MAX_POSITION_ERROR or velocity_error > MAX_VELOCITY_ERROR:
            raise RuntimeError(f"{spec['name']}: runs disagree by {position_error:.3g} / {velocity_error:.3g}")
        entry = dict(name=spec["name"], mass=m, stiffness=k, damping=c, initialVelocity=v0,
                     dampingRatio=c / (2 * math.sqrt(k * m)),
                     estimatedError=dict(position=position_error, velocity=velocity_error),
                     times=[float(t) for t in times],
                     positions=[float(x) for x in tight.y[0]],
                     velocities=[float(v) for v in tight.y[1]])
        settle = settling_reference(spec)
        if settle is not None:
            entry["settlingTime"] = settle["time"]
            entry["settlingVelocity"] = settle["velocity"]
            if c * c >= 4 * k * m:
                entry["appleWalk"] = apple_walk(spec, settle)
        out_cases.append(entry)
        print(f"{spec['name']:40s} ζ={entry['dampingRatio']:<22.17g} err x {position_error:.1e} v {velocity_error:.1e}"
              f"  settle {entry.get('settlingTime', math.inf):.6f}  walk {entry.get('appleWalk', float('nan')):.1f}", flush=True)
    document = dict(
        generator="Scripts/references/spring_references.py",
        scipy=scipy.__version__, numpy=np.__version__,
        equation="m x'' + c x' + k (x - 1) = 0, x(0) = 0, x'(0) = v0",
        settlingEpsilon=EPSILON,
        cases=out_cases,
    )
    with open(OUT, "w") as f:
        json.dump(document, f, separators=(",", ":"))
        f.write("\n")
    print(f"wrote {os.path.relpath(OUT)} ({os.path.getsize(OUT) / 1024:.0f} KB)")


if __name__ == "__main__":
    main()
