/* Low-precision kernels as quantized and half-precision networks run them:
   int8 products summed in int32, and _Float16 data computed in float. */
#include <stdint.h>

/* C[m][n] = sum_k A[m][k] * B[n][k] for uint8 activations and int8 weights
   (B transposed), as a quantized dense layer computes it. */
void k_qgemm(const uint8_t *restrict a, const int8_t *restrict b,
             int32_t *restrict c, int n) {
  int m = 64, k = n / 64;
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < 64; ++j) {
      int32_t s = 0;
      for (int p = 0; p < k; ++p)
        s += (int32_t)a[i * k + p] * (int32_t)b[j * k + p];
      c[i * 64 + j] = s;
    }
}

/* y = relu(x * w + bias) over half-precision data. */
void k_half(const _Float16 *restrict x, _Float16 *restrict y, int n) {
  for (int i = 0; i < n; ++i) {
    float v = (float)x[i] * 0.75f + 0.125f;
    y[i] = (_Float16)(v > 0 ? v : 0);
  }
}

/* The same in _Float16 arithmetic, as the source says it. */
void k_half_arith(const _Float16 *restrict x, _Float16 *restrict y, int n) {
  for (int i = 0; i < n; ++i) {
    _Float16 v = x[i] * (_Float16)0.75f + (_Float16)0.125f;
    y[i] = v > 0 ? v : 0;
  }
}
