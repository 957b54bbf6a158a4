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

/* collapse(2): one task per iteration of the collapsed 6x5 space. */
void collapse30(float *a) {
#pragma omp parallel for collapse(2)
  for (int i = 0; i < 6; ++i)
    for (int j = 0; j < 5; ++j)
      a[i * 5 + j] += 1;
}

/* schedule(static, 2) over 9 iterations: five chunks; num_threads ignored. */
void chunk9(float *a) {
#pragma omp parallel for schedule(static, 2) num_threads(4)
  for (int i = 0; i < 9; ++i)
    a[i] += 1;
}

/* if(c): with c == 0 the region is serialized and not parallel work. */
void maybe(float *a, int n, int c) {
#pragma omp parallel for if (c)
  for (int i = 0; i < n; ++i)
    a[i] += 1;
}
