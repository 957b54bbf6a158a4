/* A taskloop of small tasks (grainsize 1024): what each task costs the
 * OpenMP runtime is not in the model. */
void k_taskloop(const float *restrict a, float *restrict b, int n) {
#pragma omp parallel
#pragma omp single
#pragma omp taskloop grainsize(1024)
  for (int i = 0; i < n; ++i)
    b[i] = a[i] * 2.0f;
}
