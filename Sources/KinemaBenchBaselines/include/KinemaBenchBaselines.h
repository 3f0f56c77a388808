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

#endif
