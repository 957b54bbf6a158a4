/* A tiled, OpenMP-parallel, vectorisable single-precision matmul: the kind of
 * kernel a tensor compiler emits, used as real clang output for Crop's tests
 * and demos. examples/CMakeLists.txt compiles it to LLVM IR with
 *   clang-19 -O2 -fopenmp -march=x86-64-v3 -S -emit-llvm
 * matmul_tiled() is the prediction unit; main() initialises, calls it once
 * and prints a checksum so a run can be checked. */
#include <stdio.h>
#include <stdlib.h>

#ifndef N
#define N 256
#endif
#define TILE 32

/* C = A * B for N x N row-major matrices. Rows of C are split across threads
 * by tile; the innermost j loop is unit-stride in B and C, so clang
 * vectorises it into 8 x f32 FMAs on AVX2. */
void matmul_tiled(const float *restrict A, const float *restrict B,
                  float *restrict C, int n) {
#pragma omp parallel for schedule(static)
  for (int ii = 0; ii < n; ii += TILE)
    for (int kk = 0; kk < n; kk += TILE)
      for (int jj = 0; jj < n; jj += TILE)
        for (int i = ii; i < ii + TILE && i < n; ++i)
          for (int k = kk; k < kk + TILE && k < n; ++k) {
            float a = A[(long)i * n + k];
            for (int j = jj; j < jj + TILE && j < n; ++j)
              C[(long)i * n + j] += a * B[(long)k * n + j];
          }
}

int main(void) {
  float *A = malloc(sizeof(float) * N * N);
  float *B = malloc(sizeof(float) * N * N);
  float *C = calloc((size_t)N * N, sizeof(float));
  if (!A || !B || !C)
    return 1;
  for (int i = 0; i < N * N; ++i) {
    A[i] = (float)(i % 7) * 0.25f;
    B[i] = (float)(i % 5) * 0.5f;
  }
  matmul_tiled(A, B, C, N);
  double Sum = 0;
  for (int i = 0; i < N * N; ++i)
    Sum += C[i];
  printf("checksum %.1f\n", Sum);
  free(A);
  free(B);
  free(C);
  return 0;
}
