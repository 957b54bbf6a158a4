/* A parallel region that splits its work by thread id itself. */
#include <omp.h>
#include <math.h>
void k_man2(const float *restrict a, float *restrict b, int n) {
#pragma omp parallel
  {
    int t = omp_get_thread_num(), nt = omp_get_num_threads();
    int lo = (long)n * t / nt, hi = (long)n * (t + 1) / nt;
    for (int i = lo; i < hi; ++i) { float x = a[i]; for (int k = 0; k < 16; ++k) x = x * 0.999f + 0.5f; b[i] = x; }
  }
}
