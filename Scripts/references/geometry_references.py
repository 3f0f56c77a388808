#!/usr/bin/env python3
"""Writes the reference values that Tests/KinemaGeometryTests compares the transform maths to.

Run from the repository root:  ~/.cache/kinema-peers/venv/bin/python Scripts/references/geometry_references.py
(numpy 2.4.6 and mpmath 1.3.0, pinned in Scripts/requirements.txt: `bash Scripts/setup-reference-tools.sh`
installs them in that environment.)

Every value is computed here independently of Kinema's Swift code:
  * matrices use Apple's row-vector layout: a point is the row [x y z 1] and p' = p . M,
    translation sits in the last row (m41 m42 m43), perspective in the last column (m34);
  * products, inverses and projections come from numpy (float64) and are cross-checked against
    mpmath at 40 significant digits; the script refuses to write a file when they disagree;
  * rotations come from mpmath's Rodrigues formula (not from quaternions);
  * interpolated rotations come from the matrix exponential and logarithm of mpmath
    (R(t) = R0 . expm(t . logm(R0^T R1))), not from quaternion slerp, so the Swift quaternion
    path is checked against an unrelated construction of the same geodesic.

Outputs (each well under 300 KB) go to Tests/KinemaGeometryTests/References/.
"""
import json
import os

import mpmath
import numpy as np

mpmath.mp.dps = 40
OUT = os.path.join(os.path.dirname(__file__), "..", "..", "Tests", "KinemaGeometryTests", "References")


def flat(m):
    """A 4x4 (or 3x3 affine) matrix as a list of Python floats, row by row (m11, m12, ... m44)."""
    return [float(x) for x in np.asarray(m, dtype=object).reshape(-1)]


def mp_matrix(m):
    return mpmath.matrix([[mpmath.mpf(float(x)) for x in row] for row in np.asarray(m, dtype=float)])


def mp_to_np(m):
    return np.array([[float(m[i, j]) for j in range(m.cols)] for i in range(m.rows)])


def check_close(label, a, b, tol):
    a = np.asarray(a, dtype=float)
    b = np.asarray(b, dtype=float)
    err = np.max(np.abs(a - b) / np.maximum(1.0, np.abs(b)))
    if not err <= tol:
        raise SystemExit(f"{label}: numpy and mpmath disagree by {err:g} (> {tol:g})")


def write(name, payload):
    path = os.path.join(OUT, name + ".json")
    text = json.dumps(payload, separators=(",", ":"))
    if len(text) >= 300_000:
        raise SystemExit(f"{name}.json would be {len(text)} bytes; keep it under 300 KB")
    with open(path, "w") as f:
        f.write(text + "\n")
    print(f"wrote {path} ({len(text)} bytes)")


# ---------------------------------------------------------------------------------------------
# Building blocks, all in Apple's row-vector layout (mpmath, 40 digits).

def mp_rotation(angle, x, y, z):
    """Rotation by `angle` about (x, y, z), right-handed, as a row-vector 4x4 (Rodrigues)."""
    angle = mpmath.mpf(angle)
    n = [mpmath.mpf(x), mpmath.mpf(y), mpmath.mpf(z)]
    length = mpmath.sqrt(n[0] ** 2 + n[1] ** 2 + n[2] ** 2)
    n = [v / length for v in n]
    c, s = mpmath.cos(angle), mpmath.sin(angle)
    # Column-vector Rodrigues matrix: c I + s [n]x + (1 - c) n n^T.
    cross = mpmath.matrix([[0, -n[2], n[1]], [n[2], 0, -n[0]], [-n[1], n[0], 0]])
    outer = mpmath.matrix([[n[i] * n[j] for j in range(3)] for i in range(3)])
    col = c * mpmath.eye(3) + s * cross + (1 - c) * outer
    m = mpmath.eye(4)
    for i in range(3):
        for j in range(3):
            m[i, j] = col[j, i]  # transpose: row vectors
    return m


def mp_scale(sx, sy, sz):
    m = mpmath.eye(4)
    m[0, 0], m[1, 1], m[2, 2] = mpmath.mpf(sx), mpmath.mpf(sy), mpmath.mpf(sz)
    return m


def mp_translation(tx, ty, tz):
    m = mpmath.eye(4)
    m[3, 0], m[3, 1], m[3, 2] = mpmath.mpf(tx), mpmath.mpf(ty), mpmath.mpf(tz)
    return m


def mp_skew(xy, xz, yz):
    """Unit lower-triangular shear: row 1 gains xy * row 0; row 2 gains xz * row 0 + yz * row 1."""
    m = mpmath.eye(4)
    m[1, 0] = mpmath.mpf(xy)
    m[2, 0] = mpmath.mpf(xz)
    m[2, 1] = mpmath.mpf(yz)
    return m


def mp_perspective(vx, vy, vz, w):
    """Identity with last column (vx, vy, vz, w): applied last, it makes the homogeneous w."""
    m = mpmath.eye(4)
    m[0, 3], m[1, 3], m[2, 3], m[3, 3] = mpmath.mpf(vx), mpmath.mpf(vy), mpmath.mpf(vz), mpmath.mpf(w)
    return m


def mp_rotation_from_quaternion(q):
    """Row-vector rotation matrix of unit quaternion (x, y, z, w) via axis-angle and Rodrigues."""
    x, y, z, w = [mpmath.mpf(v) for v in q]
    s = mpmath.sqrt(x * x + y * y + z * z)
    if s == 0:
        return mpmath.eye(4)
    angle = 2 * mpmath.atan2(s, w)
    return mp_rotation(angle, x, y, z)


def random_unit_quaternion(rng):
    q = rng.normal(size=4)
    q /= np.linalg.norm(q)
    if q[3] < 0:
        q = -q
    return q


def rotation_3x3(m):
    return mpmath.matrix([[m[i, j] for j in range(3)] for i in range(3)])


def embed(r3):
    m = mpmath.eye(4)
    for i in range(3):
        for j in range(3):
            m[i, j] = r3[i, j]
    return m


# ---------------------------------------------------------------------------------------------

def affine_references(rng):
    cases = []
    for _ in range(150):
        t = rng.uniform(-3, 3, size=6)
        u = rng.uniform(-3, 3, size=6)
        t[4:] *= 40
        u[4:] *= 40

        def as3(v):
            return np.array([[v[0], v[1], 0.0], [v[2], v[3], 0.0], [v[4], v[5], 1.0]])

        T, U = as3(t), as3(u)
        concat = T @ U  # t first, then u (row vectors)
        check_close("affine concat", concat, mp_to_np(mp_matrix(T) * mp_matrix(U)), 1e-13)
        det = t[0] * t[3] - t[1] * t[2]
        if abs(det) < 0.05:  # keep the inverse well conditioned
            continue
        inv = np.linalg.inv(T)
        check_close("affine inverse", inv, mp_to_np(mp_matrix(T) ** -1), 1e-11)
        point = rng.uniform(-100, 100, size=2)
        p = np.array([point[0], point[1], 1.0]) @ T
        size = rng.uniform(-50, 50, size=2)
        s = np.array([size[0], size[1], 0.0]) @ T
        rect = np.concatenate([rng.uniform(-100, 100, size=2), rng.uniform(-60, 60, size=2)])
        x0, x1 = sorted([rect[0], rect[0] + rect[2]])
        y0, y1 = sorted([rect[1], rect[1] + rect[3]])
        corners = np.array([[x0, y0, 1], [x1, y0, 1], [x0, y1, 1], [x1, y1, 1]]) @ T
        lo = corners[:, :2].min(axis=0)
        hi = corners[:, :2].max(axis=0)
        cases.append({
            "t": flat(t), "u": flat(u),
            "concat": flat([concat[0, 0], concat[0, 1], concat[1, 0], concat[1, 1], concat[2, 0], concat[2, 1]]),
            "inverse": flat([inv[0, 0], inv[0, 1], inv[1, 0], inv[1, 1], inv[2, 0], inv[2, 1]]),
            "point": flat(point), "pointResult": flat(p[:2]),
            "size": flat(size), "sizeResult": flat(s[:2]),
            "rect": flat(rect), "rectResult": flat([lo[0], lo[1], hi[0] - lo[0], hi[1] - lo[1]]),
        })
    rotations = []
    for angle in list(rng.uniform(-10, 10, size=40)) + [0.0, np.pi / 2, np.pi, -np.pi / 2, 2 * np.pi]:
        c, s = mpmath.cos(mpmath.mpf(angle)), mpmath.sin(mpmath.mpf(angle))
        rotations.append({"angle": float(angle), "expected": [float(c), float(s), float(-s), float(c), 0.0, 0.0]})
    write("affine_transforms", {"cases": cases, "rotations": rotations})


def random_well_conditioned(rng):
    """A random product of scale, rotation, translation and perspective with a modest condition number."""
    while True:
        s = rng.uniform(0.3, 3.0, size=3) * rng.choice([-1.0, 1.0], size=3)
        axis = rng.normal(size=3)
        angle = rng.uniform(-np.pi, np.pi)
        t = rng.uniform(-200, 200, size=3)
        v = rng.uniform(-0.004, 0.004, size=3)
        m = mp_scale(*s) * mp_rotation(angle, *axis) * mp_translation(*t) * mp_perspective(*v, 1.0)
        n = mp_to_np(m)
        if np.linalg.cond(n) < 1e4 and abs(n[3, 3]) > 0.2:
            return n


def transform3d_references(rng):
    rotations = []
    axes = [(0, 0, 1), (1, 0, 0), (0, 1, 0), (0, 0, 2.5), (1, 1, 1), (-3, 0.5, 2), (0, -1, 0)]
    for k in range(60):
        axis = axes[k] if k < len(axes) else tuple(rng.normal(size=3) * rng.uniform(0.1, 10))
        angle = float(rng.uniform(-7, 7)) if k >= 4 else [np.pi / 3, 0.7, -1.2, 2.0][k]
        rotations.append({"angle": angle, "axis": flat(axis), "expected": flat(mp_to_np(mp_rotation(angle, *axis)))})

    concats = []
    for _ in range(60):
        a = random_well_conditioned(rng)
        b = random_well_conditioned(rng)
        product = a @ b
        check_close("concat", product, mp_to_np(mp_matrix(a) * mp_matrix(b)), 1e-12)
        concats.append({"a": flat(a), "b": flat(b), "product": flat(product)})

    inverses = []
    for _ in range(120):
        m = random_well_conditioned(rng)
        inv = np.linalg.inv(m)
        check_close("inverse", inv, mp_to_np(mp_matrix(m) ** -1), 1e-10)
        inverses.append({"m": flat(m), "inverse": flat(inv), "condition": float(np.linalg.cond(m))})

    projections = []
    for _ in range(80):
        m = random_well_conditioned(rng)
        p = rng.uniform(-100, 100, size=3)
        h = np.array([p[0], p[1], p[2], 1.0]) @ m
        if abs(h[3]) < 0.1:
            continue
        projections.append({"m": flat(m), "point": flat(p), "expected": flat(h[:3] / h[3]), "w": float(h[3])})

    # Euler chains: t = MakeTranslation; t = Rotate(t, ax, x); Rotate(t, ay, y); Rotate(t, az, z);
    # Scale(t, s). Apple: Rotate(t, ...) = rotation * t, Scale(t, ...) = scale * t.
    euler = []
    for _ in range(60):
        ax, az = rng.uniform(-3.1, 3.1, size=2)
        ay = rng.uniform(-1.5, 1.5)
        s = rng.uniform(0.2, 4.0, size=3)
        t = rng.uniform(-300, 300, size=3)
        m = (mp_scale(*s) * mp_rotation(az, 0, 0, 1) * mp_rotation(ay, 0, 1, 0)
             * mp_rotation(ax, 1, 0, 0) * mp_translation(*t))
        euler.append({"angles": flat([ax, ay, az]), "scale": flat(s), "translation": flat(t),
                      "matrix": flat(mp_to_np(m))})

    write("transform3d_functions", {
        "rotations": rotations, "concats": concats, "inverses": inverses,
        "projections": projections, "euler": euler,
    })


def random_factors(rng):
    return {
        "scale": rng.uniform(0.25, 4.0, size=3),
        "skew": rng.uniform(-0.8, 0.8, size=3),
        "quaternion": random_unit_quaternion(rng),
        "translation": rng.uniform(-300, 300, size=3),
        "perspective": np.concatenate([rng.uniform(-0.003, 0.003, size=3), rng.uniform(0.6, 1.6, size=1)]),
    }


def compose(f):
    """M = scale . skew . rotation . translation . perspective (row vectors: scale acts first)."""
    return (mp_scale(*f["scale"]) * mp_skew(*f["skew"]) * mp_rotation_from_quaternion(f["quaternion"])
            * mp_translation(*f["translation"]) * mp_perspective(*f["perspective"]))


def decomposition_references(rng):
    cases = []
    for _ in range(150):
        f = random_factors(rng)
        cases.append({
            "matrix": flat(mp_to_np(compose(f))),
            "translation": flat(f["translation"]), "scale": flat(f["scale"]), "skew": flat(f["skew"]),
            "perspective": flat(f["perspective"]), "quaternion": flat(f["quaternion"]),
        })
    write("transform_decompositions", {"cases": cases})


def interpolation_references(rng):
    cases = []
    fractions = [0.0, 0.1, 0.25, 0.5, 0.75, 0.9, 1.0, -0.3, 1.4]
    while len(cases) < 60:
        f0, f1 = random_factors(rng), random_factors(rng)
        r0 = rotation_3x3(mp_rotation_from_quaternion(f0["quaternion"]))
        r1 = rotation_3x3(mp_rotation_from_quaternion(f1["quaternion"]))
        relative = r0.T * r1
        # The geodesic is unique (and equals the shortest-path slerp) only below a half turn.
        cos_angle = (relative[0, 0] + relative[1, 1] + relative[2, 2] - 1) / 2
        if cos_angle < mpmath.cos(mpmath.mpf(0.9) * mpmath.pi):
            continue
        log_relative = mpmath.logm(relative)
        samples = []
        for t in fractions:
            lerp = {k: f0[k] + t * (f1[k] - f0[k]) for k in ("scale", "skew", "translation", "perspective")}
            rotation = embed(r0 * mpmath.expm(mpmath.mpf(t) * log_relative))
            m = (mp_scale(*lerp["scale"]) * mp_skew(*lerp["skew"]) * rotation
                 * mp_translation(*lerp["translation"]) * mp_perspective(*lerp["perspective"]))
            samples.append({"fraction": t, "expected": flat(mp_to_np(m))})
        cases.append({"from": flat(mp_to_np(compose(f0))), "to": flat(mp_to_np(compose(f1))), "samples": samples})
    write("transform_interpolations", {"cases": cases})


def main():
    os.makedirs(OUT, exist_ok=True)
    affine_references(np.random.default_rng(20240601))
    transform3d_references(np.random.default_rng(20240602))
    decomposition_references(np.random.default_rng(20240603))
    interpolation_references(np.random.default_rng(20240604))


if __name__ == "__main__":
    main()
