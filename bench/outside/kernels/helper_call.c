/* A parallel loop whose body calls a helper kept out of line. */
__attribute__((noinline)) static void row(const float *restrict a, float *restrict b, int n) {
  for (int i = 0; i < n; ++i) { float x = a[i]; for (int k = 0; k < 16; ++k) x = x * 0.999f + 0.5f; b[i] = x; }
}
void k_callee(const float *restrict a, float *restrict b, int n) {
#pragma omp parallel for
  for (int r = 0; r < 100; ++r) row(a + r * (n / 100), b + r * (n / 100), n / 100);
}
