// Plain C baselines for `kinema bench`: the textbook way to do the same work as Kinema's hot
// paths, compiled by clang in the same build, so each Swift figure comes with a ratio against
// straightforward native code measured in the same run. Used by the benchmark only.
#ifndef KINEMA_BENCH_BASELINES_H
#define KINEMA_BENCH_BASELINES_H

/// Cubic Bézier timing curve y(x): Newton's method on x(t) (up to 8 steps, |x(t) - x| < 1e-7),
/// then bisection if Newton did not converge. The approach browsers have long used.
double kinema_baseline_bezier(double x1, double y1, double x2, double y2, double x);

/// An under-damped spring's closed-form coefficients, computed once.
typedef struct {
    double decay;      // ζ·ω0
    double frequency;  // ω_d
    double sineTerm;   // B in x(t) = 1 − e^{−ζω0 t}(cos ω_d t + B sin ω_d t)
} kinema_baseline_spring_t;

kinema_baseline_spring_t kinema_baseline_spring_make(double mass, double stiffness, double damping, double velocity);

/// Under-damped spring position (fraction of the distance) at time t, closed form.
double kinema_baseline_spring(const kinema_baseline_spring_t *spring, double t);

/// Iteration progress of a repeating, autoreversing animation at parent time t (fmod based).
double kinema_baseline_media_progress(double begin, double speed, double offset, double duration,
                                      double repeat_count, int autoreverses, double t);

/// The memory work of a commit of changed layers, without the bookkeeping: a scene of `count`
/// "layers" (blocks of `layer_bytes`, each pointing at a shared-part block of `cold_bytes` and an
/// animation block of `set_bytes`, allocated interleaved as a program building a tree would) and,
/// per commit, for every layer: one write into it; a new node of `node_bytes` holding a copy of
/// its 224-byte state and its timing (56 bytes), retaining the two blocks (atomic counts); the
/// layer's old node swapped out; then the previous tree (its node array and every old node, which
/// releases the two blocks) freed. The sizes come from Kinema's own objects, so both sides
/// allocate, copy and count the same bytes.
typedef struct kinema_baseline_commit_scene kinema_baseline_commit_scene;

/// A scene with one committed tree; NULL if memory runs out.
kinema_baseline_commit_scene *kinema_baseline_commit_scene_create(int count, int layer_bytes, int node_bytes,
                                                                  int cold_bytes, int set_bytes);

/// One commit, each layer's x moved by `dx`; returns a checksum.
double kinema_baseline_commit(kinema_baseline_commit_scene *scene, double dx);

/// The usable size of a block malloc returned (how big an object really is on the heap).
int kinema_baseline_heap_size(const void *block);

/// A transform decomposed into the parts Kinema blends (DecomposedTransform3D): translation,
/// scale, skew (xy, xz, yz), perspective and the rotation as a unit quaternion (x, y, z, w).
typedef struct {
    double translation[3];
    double scale[3];
    double skew[3];
    double perspective[4];
    double rotation[4];
} kinema_baseline_decomposed_t;

/// One layer's basic position animation: its ends and duration.
typedef struct {
    double from_x, from_y, to_x, to_y, duration;
} kinema_baseline_move_t;

/// The evaluation floor: the benchmark scene's animations (per layer: a basic position animation
/// on a Bézier curve, repeating and autoreversing; a linear keyframe transform animation over
/// shared decomposed key values; a repeating spring on opacity) held as one flat array, with
/// each frame's results written to a second flat array. Same maths as Kinema's compiled
/// programs (decomposed blend, slerp with its angle precomputed, recomposition), textbook
/// Newton for the curve and the sum form for the spring; no objects, no indirection beyond the
/// shared key values, no checks.
typedef struct kinema_baseline_evaluation_scene kinema_baseline_evaluation_scene;

/// A scene of `count` layers; NULL if memory runs out or an argument is out of range
/// (`key_count` ≥ 2, key times increasing from 0 to 1).
kinema_baseline_evaluation_scene *kinema_baseline_evaluation_scene_create(
    int count, const kinema_baseline_move_t *moves, double begin_time,
    double curve_x1, double curve_y1, double curve_x2, double curve_y2,
    const kinema_baseline_decomposed_t *key_values, const double *key_times, int key_count, double key_duration,
    double spring_mass, double spring_stiffness, double spring_damping, double spring_velocity,
    double spring_duration, double opacity_from, double opacity_to);

/// Evaluates every layer at `time` (each animation's parent time); returns a checksum.
double kinema_baseline_evaluate(kinema_baseline_evaluation_scene *scene, double time);

/// Layer `index`'s last results: position x, y, the 16 transform entries row by row, opacity.
void kinema_baseline_evaluation_result(const kinema_baseline_evaluation_scene *scene, int index, double result[19]);

void kinema_baseline_evaluation_scene_destroy(kinema_baseline_evaluation_scene *scene);

#endif
