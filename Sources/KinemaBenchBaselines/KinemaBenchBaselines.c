#include "KinemaBenchBaselines.h"
#include <math.h>

double kinema_baseline_bezier(double x1, double y1, double x2, double y2, double x) {
    // Power-basis coefficients of x(t) and y(t).
    double cx = 3.0 * x1, bx = 3.0 * (x2 - x1) - cx, ax = 1.0 - cx - bx;
    double cy = 3.0 * y1, by = 3.0 * (y2 - y1) - cy, ay = 1.0 - cy - by;
    double t = x;
    for (int i = 0; i < 8; i++) {
        double err = ((ax * t + bx) * t + cx) * t - x;
        if (fabs(err) < 1e-7) return ((ay * t + by) * t + cy) * t;
        double slope = (3.0 * ax * t + 2.0 * bx) * t + cx;
        if (fabs(slope) < 1e-6) break;
        t -= err / slope;
    }
    double lo = 0.0, hi = 1.0;
    t = x;
    if (t < lo) t = lo;
    if (t > hi) t = hi;
    while (lo < hi) {
        double v = ((ax * t + bx) * t + cx) * t;
        if (fabs(v - x) < 1e-7) break;
        if (x > v) lo = t; else hi = t;
        t = (hi - lo) * 0.5 + lo;
        if (hi - lo < 1e-12) break;
    }
    return ((ay * t + by) * t + cy) * t;
}

kinema_baseline_spring_t kinema_baseline_spring_make(double mass, double stiffness, double damping, double velocity) {
    double w0 = sqrt(stiffness / mass);
    double zeta = damping / (2.0 * sqrt(stiffness * mass));
    kinema_baseline_spring_t spring;
    spring.decay = zeta * w0;
    spring.frequency = w0 * sqrt(1.0 - zeta * zeta);
    // x(0) = 0 fixes the cosine term at 1; x'(0) = velocity fixes the sine term.
    spring.sineTerm = (spring.decay - velocity) / spring.frequency;
    return spring;
}

double kinema_baseline_spring(const kinema_baseline_spring_t *spring, double t) {
    double wt = spring->frequency * t;
    return 1.0 - exp(-spring->decay * t) * (cos(wt) + spring->sineTerm * sin(wt));
}

double kinema_baseline_media_progress(double begin, double speed, double offset, double duration,
                                      double repeat_count, int autoreverses, double t) {
    double local = (t - begin) * speed + offset;
    double cycle = autoreverses ? 2.0 * duration : duration;
    double active = repeat_count > 0 ? repeat_count * cycle : cycle;
    if (local < 0) return 0;
    if (local >= active) local = active;
    double within = fmod(local, cycle);
    if (local == active && within == 0) within = cycle;
    double p = within / duration;
    return p > 1.0 ? 2.0 - p : p;
}
