/* One dense layer with a ReLU, as a user writes it, for the optimization levels
   the suite's generators never use (-O0, -O1, -O3 -ffast-math). */
void k_dense(const float *restrict w, const float *restrict x,
             float *restrict y, int n) {
  for (int i = 0; i < n; ++i) {
    float s = 0;
    for (int j = 0; j < n; ++j)
      s += w[i * n + j] * x[j];
    y[i] = s > 0 ? s : 0;
  }
}
