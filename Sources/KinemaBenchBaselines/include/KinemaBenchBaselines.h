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

#endif
