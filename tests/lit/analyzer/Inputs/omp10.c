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

/* Guided and dynamic schedules, for a loop of n iterations. Guided chunks
 * shrink from n / (2 threads): the runtime splits the loop, as it does an
 * unchunked static one. A dynamic schedule hands out chunk after chunk. */
void guided(float *a, int n) {
#pragma omp parallel for schedule(guided)
  for (int i = 0; i < n; ++i)
    a[i] += 1;
}
void dynamic1(float *a, int n) {
#pragma omp parallel for schedule(dynamic)
  for (int i = 0; i < n; ++i)
    a[i] += 1;
}

/* A parallel loop of 4 rows whose body opens a parallel loop of 8: libomp
 * serializes the inner region, a team of one on the outer task's thread. */
void nested(float *a) {
#pragma omp parallel for
  for (int i = 0; i < 4; ++i) {
#pragma omp parallel for
    for (int j = 0; j < 8; ++j)
      a[i * 8 + j] += 1;
  }
}

/* An orphaned worksharing loop (no parallel region): one thread runs it all. */
void orphan9(float *a) {
#pragma omp for schedule(dynamic, 2)
  for (int i = 0; i < 9; ++i)
    a[i] += 1;
}

/* A region that splits its work by thread id itself: it asks for the team
 * size before any worksharing loop, so it gets Crop's virtual team (720
 * tasks) and each task its share, and a per-thread array sized by
 * omp_get_max_threads() holds every task's slot. */
int omp_get_thread_num(void);
int omp_get_num_threads(void);
int omp_get_max_threads(void);
void manual(float *restrict a, float *restrict partial, int n) {
  if (omp_get_max_threads() != 720)
    return;
#pragma omp parallel
  {
    int t = omp_get_thread_num(), nt = omp_get_num_threads();
    int lo = (int)((long)n * t / nt), hi = (int)((long)n * (t + 1) / nt);
    float s = 0;
    for (int i = lo; i < hi; ++i)
      s += a[i];
    partial[t] = s;
  }
}

/* Asking only for its id does not make a region parallel work. */
void idonly(float *a) {
#pragma omp parallel
  {
    if (omp_get_thread_num() == 0)
      a[0] += 1;
  }
}

/* A parallel loop whose body calls a helper the compiler keeps out of line:
 * the helper runs only inside the loop's tasks. */
__attribute__((noinline)) static void add_row(float *r, int n) {
  for (int j = 0; j < n; ++j)
    r[j] += 1;
}
void helper(float *a) {
#pragma omp parallel for
  for (int i = 0; i < 6; ++i)
    add_row(a + i * 8, 8);
}

/* Explicit tasks: three rounds of 4 tasks, each round waited for; then a
 * taskloop of 10 iterations cut into tasks of at least 4 (grainsize): 2. */
void tasks(float *a) {
#pragma omp parallel
#pragma omp single
  for (int r = 0; r < 3; ++r) {
    for (int t = 0; t < 4; ++t) {
#pragma omp task firstprivate(r, t)
      a[r * 4 + t] += 1;
    }
#pragma omp taskwait
  }
}
void taskloop10(float *a) {
#pragma omp parallel
#pragma omp single
#pragma omp taskloop grainsize(4)
  for (int i = 0; i < 10; ++i)
    a[i] += 1;
}

/* An ordered loop: its ordered part runs in iteration order, as the tasks
 * already do. */
void ordered6(float *a) {
#pragma omp parallel for ordered schedule(static)
  for (int i = 0; i < 6; ++i) {
    float x = a[i] * 2;
#pragma omp ordered
    a[i] = x + (i ? a[i - 1] : 0);
  }
}

/* The same split under num_threads(4): the program's team is 4, whatever
 * the target has. */
void manual4(float *restrict a, float *restrict partial, int n) {
#pragma omp parallel num_threads(4)
  {
    int t = omp_get_thread_num(), nt = omp_get_num_threads();
    float s = 0;
    for (int i = (int)((long)n * t / nt); i < (int)((long)n * (t + 1) / nt); ++i)
      s += a[i];
    partial[t] = s;
  }
}
