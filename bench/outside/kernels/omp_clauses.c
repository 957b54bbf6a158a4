/* OpenMP as people write it beyond `parallel for`: other schedules, collapse,
   reductions, atomics, sections, nested regions. */
#include <math.h>
#include <omp.h>

static float work(float x, int k) {
  for (int j = 0; j < k; ++j) x = x * 0.999f + 0.5f;
  return x;
}

/* The parallel loop is the one the compiler vectorizes. */
void k_static(const float *restrict a, float *restrict b, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    b[i] = work(a[i], 16);
}

/* Triangular work: the row count of row i grows with i. */
void k_dynamic(const float *restrict a, float *restrict b, int n) {
  int rows = 400, cols = n / rows;
#pragma omp parallel for schedule(dynamic, 4)
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols * i / rows; ++j)
      b[i * cols + j] = work(a[i * cols + j], 8);
}

void k_guided(const float *restrict a, float *restrict b, int n) {
#pragma omp parallel for schedule(guided)
  for (int i = 0; i < n; ++i)
    b[i] = work(a[i], 16);
}

void k_collapse(const float *restrict a, float *restrict b, int n) {
  int rows = 8, cols = n / rows;
#pragma omp parallel for collapse(2)
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j)
      b[i * cols + j] = work(a[i * cols + j], 16);
}

void k_reduce(const float *restrict a, float *restrict b, int n) {
  float s = 0, m = -INFINITY;
#pragma omp parallel for reduction(+ : s) reduction(max : m)
  for (int i = 0; i < n; ++i) {
    float x = work(a[i], 8);
    s += x;
    m = fmaxf(m, x);
  }
  b[0] = s;
  b[1] = m;
}

/* A histogram of 256 bins updated atomically. */
void k_atomic(const float *restrict a, float *restrict b, int n) {
  for (int i = 0; i < 256; ++i) b[i] = 0;
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    int bin = (int)((a[i] + 0.5f) * 255.0f) & 255;
#pragma omp atomic
    b[bin] += 1.0f;
  }
}

/* Two independent halves as sections, then a single and a barrier. */
void k_sections(const float *restrict a, float *restrict b, int n) {
#pragma omp parallel
  {
#pragma omp sections
    {
#pragma omp section
      for (int i = 0; i < n / 2; ++i) b[i] = work(a[i], 16);
#pragma omp section
      for (int i = n / 2; i < n; ++i) b[i] = work(a[i], 16);
    }
#pragma omp single
    b[0] += 1.0f;
  }
}

/* A parallel loop whose body opens another parallel region. */
void k_nested(const float *restrict a, float *restrict b, int n) {
  int rows = 16, cols = n / rows;
#pragma omp parallel for
  for (int i = 0; i < rows; ++i) {
#pragma omp parallel for
    for (int j = 0; j < cols; ++j)
      b[i * cols + j] = work(a[i * cols + j], 16);
  }
}
