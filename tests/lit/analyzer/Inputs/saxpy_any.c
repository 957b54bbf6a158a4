// A kernel with no includes, so that clang compiles it for any target
// (cross-target.test) without that target's C library.
void saxpy(float *restrict y, const float *restrict x, float a, int n) {
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}
