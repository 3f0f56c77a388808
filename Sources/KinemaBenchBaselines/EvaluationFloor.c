// The evaluation floor (see KinemaBenchBaselines.h): the benchmark scene's three animations per
// layer evaluated from flat arrays, the maths written out in full, to measure Kinema's render
// server against in the same run.
#include "KinemaBenchBaselines.h"
#include <math.h>
#include <stdlib.h>

// One keyframe segment, precomputed once and shared by every layer: the start parts and their
// deltas, and the slerp between the two rotations with its angle.
typedef struct {
    double translation[3], translation_delta[3];
    double scale[3], scale_delta[3];
    double skew[3], skew_delta[3];
    double perspective[4], perspective_delta[4];
    double q0[4], q1[4];
    double omega, inverse_sine_omega;
    int linear;
} segment_t;

// One layer's animations, as its compiled program holds them.
typedef struct {
    double from_x, from_y, to_x, to_y;
    double move_begin, move_duration;
    double curve[4];
    double spin_begin, spin_duration;
    const segment_t *segments;
    const double *key_times;
    int key_count;
    double pulse_begin, pulse_duration, opacity_from, opacity_to;
    const kinema_baseline_spring_t *spring;
} layer_animations_t;

typedef struct {
    double x, y;
    double m[16];
    double opacity;
} layer_result_t;

struct kinema_baseline_evaluation_scene {
    int count;
    layer_animations_t *layers;
    layer_result_t *results;
    segment_t *segments;
    double *key_times;
    kinema_baseline_spring_t spring;
};

static segment_t make_segment(const kinema_baseline_decomposed_t *a, const kinema_baseline_decomposed_t *b) {
    segment_t s;
    for (int k = 0; k < 3; k++) {
        s.translation[k] = a->translation[k];
        s.translation_delta[k] = b->translation[k] - a->translation[k];
        s.scale[k] = a->scale[k];
        s.scale_delta[k] = b->scale[k] - a->scale[k];
        s.skew[k] = a->skew[k];
        s.skew_delta[k] = b->skew[k] - a->skew[k];
    }
    for (int k = 0; k < 4; k++) {
        s.perspective[k] = a->perspective[k];
        s.perspective_delta[k] = b->perspective[k] - a->perspective[k];
    }
    // The shorter arc: q and -q are the same rotation.
    double dot = 0;
    for (int k = 0; k < 4; k++) dot += a->rotation[k] * b->rotation[k];
    double difference = 0, sum = 0;
    for (int k = 0; k < 4; k++) {
        s.q0[k] = a->rotation[k];
        s.q1[k] = dot < 0 ? -b->rotation[k] : b->rotation[k];
        difference += (s.q0[k] - s.q1[k]) * (s.q0[k] - s.q1[k]);
        sum += (s.q0[k] + s.q1[k]) * (s.q0[k] + s.q1[k]);
    }
    s.omega = 2 * atan2(sqrt(difference), sqrt(sum));
    s.linear = !(s.omega > 1e-8);
    s.inverse_sine_omega = s.linear ? 0 : 1 / sin(s.omega);
    return s;
}

// The segment's transform at fraction f: blend the parts, slerp the rotation, recompose
// (scale · skew · rotation, then translation and perspective), row-vector convention.
static void segment_value(const segment_t *s, double f, double *m) {
    double k0 = s->linear ? 1 - f : sin((1 - f) * s->omega) * s->inverse_sine_omega;
    double k1 = s->linear ? f : sin(f * s->omega) * s->inverse_sine_omega;
    double q[4];
    for (int k = 0; k < 4; k++) q[k] = k0 * s->q0[k] + k1 * s->q1[k];
    double n = q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3];
    double w = n > 0 ? 2 / n : 0;
    double xx = q[0] * q[0] * w, yy = q[1] * q[1] * w, zz = q[2] * q[2] * w;
    double xy = q[0] * q[1] * w, xz = q[0] * q[2] * w, yz = q[1] * q[2] * w;
    double wx = q[3] * q[0] * w, wy = q[3] * q[1] * w, wz = q[3] * q[2] * w;
    double r[9] = {1 - (yy + zz), xy + wz, xz - wy,
                   xy - wz, 1 - (xx + zz), yz + wx,
                   xz + wy, yz - wx, 1 - (xx + yy)};
    double scale[3], skew[3], t[3], p[4];
    for (int k = 0; k < 3; k++) {
        scale[k] = s->scale[k] + s->scale_delta[k] * f;
        skew[k] = s->skew[k] + s->skew_delta[k] * f;
        t[k] = s->translation[k] + s->translation_delta[k] * f;
    }
    for (int k = 0; k < 4; k++) p[k] = s->perspective[k] + s->perspective_delta[k] * f;
    double a[9];
    for (int c = 0; c < 3; c++) {
        a[c] = scale[0] * r[c];
        a[3 + c] = scale[1] * (skew[0] * r[c] + r[3 + c]);
        a[6 + c] = scale[2] * (skew[1] * r[c] + skew[2] * r[3 + c] + r[6 + c]);
    }
    for (int row = 0; row < 3; row++) {
        m[4 * row] = a[3 * row];
        m[4 * row + 1] = a[3 * row + 1];
        m[4 * row + 2] = a[3 * row + 2];
        m[4 * row + 3] = a[3 * row] * p[0] + a[3 * row + 1] * p[1] + a[3 * row + 2] * p[2];
    }
    m[12] = t[0];
    m[13] = t[1];
    m[14] = t[2];
    m[15] = t[0] * p[0] + t[1] * p[1] + t[2] * p[2] + p[3];
}

kinema_baseline_evaluation_scene *kinema_baseline_evaluation_scene_create(
    int count, const kinema_baseline_move_t *moves, double begin_time,
    double curve_x1, double curve_y1, double curve_x2, double curve_y2,
    const kinema_baseline_decomposed_t *key_values, const double *key_times, int key_count, double key_duration,
    double spring_mass, double spring_stiffness, double spring_damping, double spring_velocity,
    double spring_duration, double opacity_from, double opacity_to) {
    if (count <= 0 || key_count < 2 || !moves || !key_values || !key_times) return NULL;
    if (key_times[0] != 0 || key_times[key_count - 1] != 1) return NULL;
    for (int k = 1; k < key_count; k++) {
        if (!(key_times[k] > key_times[k - 1])) return NULL;
    }
    kinema_baseline_evaluation_scene *scene = calloc(1, sizeof *scene);
    if (!scene) return NULL;
    scene->count = count;
    scene->layers = calloc((size_t)count, sizeof *scene->layers);
    scene->results = calloc((size_t)count, sizeof *scene->results);
    scene->segments = calloc((size_t)key_count - 1, sizeof *scene->segments);
    scene->key_times = calloc((size_t)key_count, sizeof *scene->key_times);
    if (!scene->layers || !scene->results || !scene->segments || !scene->key_times) {
        kinema_baseline_evaluation_scene_destroy(scene);
        return NULL;
    }
    for (int k = 0; k < key_count; k++) scene->key_times[k] = key_times[k];
    for (int k = 0; k + 1 < key_count; k++) scene->segments[k] = make_segment(&key_values[k], &key_values[k + 1]);
    scene->spring = kinema_baseline_spring_make(spring_mass, spring_stiffness, spring_damping, spring_velocity);
    for (int i = 0; i < count; i++) {
        layer_animations_t *layer = &scene->layers[i];
        layer->from_x = moves[i].from_x;
        layer->from_y = moves[i].from_y;
        layer->to_x = moves[i].to_x;
        layer->to_y = moves[i].to_y;
        layer->move_begin = begin_time;
        layer->move_duration = moves[i].duration;
        layer->curve[0] = curve_x1;
        layer->curve[1] = curve_y1;
        layer->curve[2] = curve_x2;
        layer->curve[3] = curve_y2;
        layer->spin_begin = begin_time;
        layer->spin_duration = key_duration;
        layer->segments = scene->segments;
        layer->key_times = scene->key_times;
        layer->key_count = key_count;
        layer->pulse_begin = begin_time;
        layer->pulse_duration = spring_duration;
        layer->opacity_from = opacity_from;
        layer->opacity_to = opacity_to;
        layer->spring = &scene->spring;
    }
    return scene;
}

double kinema_baseline_evaluate(kinema_baseline_evaluation_scene *scene, double time) {
    double sum = 0;
    for (int i = 0; i < scene->count; i++) {
        const layer_animations_t *layer = &scene->layers[i];
        layer_result_t *result = &scene->results[i];
        // Position: repeating, autoreversing, on the curve.
        double p = kinema_baseline_media_progress(layer->move_begin, 1, 0, layer->move_duration, INFINITY, 1, time);
        double y = kinema_baseline_bezier(layer->curve[0], layer->curve[1], layer->curve[2], layer->curve[3], p);
        result->x = layer->from_x + (layer->to_x - layer->from_x) * y;
        result->y = layer->from_y + (layer->to_y - layer->from_y) * y;
        // Transform: the key segment holding the progress, blended linearly inside it.
        p = kinema_baseline_media_progress(layer->spin_begin, 1, 0, layer->spin_duration, INFINITY, 0, time);
        int k = 0;
        while (k + 2 < layer->key_count && p > layer->key_times[k + 1]) k++;
        double f = (p - layer->key_times[k]) / (layer->key_times[k + 1] - layer->key_times[k]);
        segment_value(&layer->segments[k], f, result->m);
        // Opacity: the spring at the time into the current repetition.
        p = kinema_baseline_media_progress(layer->pulse_begin, 1, 0, layer->pulse_duration, INFINITY, 0, time);
        double s = kinema_baseline_spring(layer->spring, p * layer->pulse_duration);
        result->opacity = layer->opacity_from + (layer->opacity_to - layer->opacity_from) * s;
        sum += result->opacity;
    }
    return sum;
}

void kinema_baseline_evaluation_result(const kinema_baseline_evaluation_scene *scene, int index, double result[19]) {
    if (index < 0 || index >= scene->count) return;
    const layer_result_t *r = &scene->results[index];
    result[0] = r->x;
    result[1] = r->y;
    for (int k = 0; k < 16; k++) result[2 + k] = r->m[k];
    result[18] = r->opacity;
}

void kinema_baseline_evaluation_scene_destroy(kinema_baseline_evaluation_scene *scene) {
    if (!scene) return;
    free(scene->layers);
    free(scene->results);
    free(scene->segments);
    free(scene->key_times);
    free(scene);
}
