/* An OpenMP loop of 10 iterations: whatever this machine's cores, the
 * profile must say the outlined body ran as 10 tasks. */
void scale10(float *restrict a, const float *restrict b) {
#pragma omp parallel for schedule(static)
  for (int i = 0; i < 10; ++i)
    for (int j = 0; j < 16; ++j)
      a[i * 16 + j] = 2.0f * b[i * 16 + j];
}

/* The same loop with a dynamic schedule of chunk 3: four chunks, four tasks. */
void scale10dyn(float *restrict a, const float *restrict b) {
#pragma omp parallel for schedule(dynamic, 3)
  for (int i = 0; i < 10; ++i)
    for (int j = 0; j < 16; ++j)
      a[i * 16 + j] = 2.0f * b[i * 16 + j];
}

/* A reduction: each task adds its part under __kmpc_reduce_nowait. */
float sum10(const float *restrict b) {
  float s = 0;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < 10; ++i)
    s += b[i];
  return s;
}
