#include "KinemaBenchBaselines.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <malloc.h>

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

// MARK: Commit floor

typedef struct {
    long count;            // reference count, changed atomically as Swift's are
} counted_t;

typedef struct {
    long count;
    double state[28];      // 224 bytes: the inline layer state
    double timing[7];      // 56 bytes
    counted_t *cold;
    counted_t *set;
} node_t;

typedef struct {
    double state[28];
    node_t *node;
    counted_t *cold;
    counted_t *set;
} layer_t;

struct kinema_baseline_commit_scene {
    int count;
    size_t node_bytes;
    layer_t **layers;
    node_t **tree;         // the committed tree's node array
};

static void retain_counted(counted_t *object) {
    __atomic_fetch_add(&object->count, 1, __ATOMIC_RELAXED);
}

static long release_counted(counted_t *object) {
    return __atomic_sub_fetch(&object->count, 1, __ATOMIC_ACQ_REL);
}

static node_t *make_node(const kinema_baseline_commit_scene *scene, const layer_t *layer) {
    node_t *node = malloc(scene->node_bytes);
    if (!node) return NULL;
    node->count = 2;       // the tree's array and the layer
    memcpy(node->state, layer->state, sizeof node->state);
    for (int k = 0; k < 7; k++) node->timing[k] = (double)k;
    node->cold = layer->cold;
    node->set = layer->set;
    retain_counted(node->cold);
    retain_counted(node->set);
    return node;
}

static void release_node(node_t *node) {
    if (__atomic_sub_fetch(&node->count, 1, __ATOMIC_ACQ_REL) != 0) return;
    release_counted(node->cold);
    release_counted(node->set);
    free(node);
}

kinema_baseline_commit_scene *kinema_baseline_commit_scene_create(int count, int layer_bytes, int node_bytes,
                                                                  int cold_bytes, int set_bytes) {
    if (count <= 0) return NULL;
    size_t layer_size = (size_t)layer_bytes > sizeof(layer_t) ? (size_t)layer_bytes : sizeof(layer_t);
    size_t node_size = (size_t)node_bytes > sizeof(node_t) ? (size_t)node_bytes : sizeof(node_t);
    size_t cold_size = (size_t)cold_bytes > sizeof(counted_t) ? (size_t)cold_bytes : sizeof(counted_t);
    size_t set_size = (size_t)set_bytes > sizeof(counted_t) ? (size_t)set_bytes : sizeof(counted_t);
    kinema_baseline_commit_scene *scene = calloc(1, sizeof *scene);
    if (!scene) return NULL;
    scene->count = count;
    scene->node_bytes = node_size;
    scene->layers = calloc((size_t)count, sizeof *scene->layers);
    scene->tree = calloc((size_t)count, sizeof *scene->tree);
    if (!scene->layers || !scene->tree) return NULL;
    for (int i = 0; i < count; i++) {
        layer_t *layer = calloc(1, layer_size);
        counted_t *cold = calloc(1, cold_size);
        counted_t *set = calloc(1, set_size);
        if (!layer || !cold || !set) return NULL;
        cold->count = 1;
        set->count = 1;
        layer->cold = cold;
        layer->set = set;
        layer->state[0] = i;
        scene->layers[i] = layer;
        node_t *node = make_node(scene, layer);
        if (!node) return NULL;
        layer->node = node;
        scene->tree[i] = node;
    }
    return scene;
}

double kinema_baseline_commit(kinema_baseline_commit_scene *scene, double dx) {
    int count = scene->count;
    for (int i = 0; i < count; i++) {
        scene->layers[i]->state[4] += dx;   // position.x
    }
    node_t **tree = malloc((size_t)count * sizeof *tree);
    if (!tree) return 0;
    double sum = 0;
    for (int i = 0; i < count; i++) {
        layer_t *layer = scene->layers[i];
        node_t *node = make_node(scene, layer);
        if (!node) {
            free(tree);
            return sum;
        }
        node_t *old = layer->node;
        layer->node = node;
        release_node(old);  // the layer's reference; the old tree still holds it
        tree[i] = node;
        sum += node->state[4];
    }
    node_t **replaced = scene->tree;
    scene->tree = tree;
    for (int i = 0; i < count; i++) release_node(replaced[i]);
    free(replaced);
    return sum;
}

int kinema_baseline_heap_size(const void *block) {
    return block ? (int)malloc_usable_size((void *)block) : 0;
}
