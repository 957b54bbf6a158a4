/* Eight explicit OpenMP tasks, each a stretch of square roots (of positive
 * numbers: a negative one takes libm's errno path, which costs more). */
#include <math.h>
void k_tasks(const float *restrict a, float *restrict b, int n) {
#pragma omp parallel
#pragma omp single
  for (int t = 0; t < 8; ++t) {
#pragma omp task firstprivate(t)
    for (int i = t * n / 8; i < (t + 1) * n / 8; ++i)
      b[i] = sqrtf(a[i] * a[i] + 1.0f) * 2.0f;
  }
}
