/* Hardware probes behind rules in docs/prediction.md: small kernels that are not in the suite, timed
 * natively, best of repeated runs. Each prints one markdown table row. Built and run by run.sh. */
#include <immintrin.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <stdint.h>
#include <unistd.h>
#include <time.h>

#define main example_main
#include "../../examples/matmul_tiled.c"
#undef main
#undef N
#undef TILE

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

/* Page-aligned buffers (with room to shift one by Off bytes), on 4 KiB pages (Huge = 0) or 2 MiB pages
 * where the kernel grants them (Huge = 1). */
static char *pages(size_t Bytes, int Huge) {
  size_t N = (Bytes + (4u << 20) + (2u << 20) - 1) & ~(size_t)((2u << 20) - 1);
  char *P = aligned_alloc(2u << 20, N);
  madvise(P, N, Huge ? MADV_HUGEPAGE : MADV_NOHUGEPAGE);
  memset(P, 0, N);
  return P;
}

#define ROWS 3136
#define COLS 256
/* c.eltwise's column walk: c outer, p inner, 1 KiB rows; Out's row p shares its page offsets with In's
 * and Res's row p + 4 when the buffers are equally aligned. */
__attribute__((noinline)) static void walk(const float *restrict In, const float *restrict Res,
                                           float *restrict Out) {
  for (int c = 0; c < COLS; ++c)
#pragma clang loop vectorize(disable) interleave(disable) unroll_count(4)
    for (int p = 0; p < ROWS; ++p)
      Out[p * COLS + c] = fmaxf(In[p * COLS + c] + Res[p * COLS + c], 0.0f);
}

static double aliasing(int Off, int Huge) {
  size_t B = (size_t)ROWS * COLS * 4;
  float *In = (float *)pages(B, Huge), *Res = (float *)(pages(B, Huge) + Off),
        *Out = (float *)(pages(B, Huge) + 2 * Off);
  double Best = 1e9;
  for (int R = 0; R < 8; ++R) {
    double T = now();
    walk(In, Res, Out);
    T = now() - T;
    Best = T < Best ? T : Best;
  }
  return Best;
}

static double matmul(int Off) {
  int N = 256;
  float *A = (float *)pages(N * N * 4, 0), *B = (float *)(pages(N * N * 4, 0) + Off),
        *C = (float *)(pages(N * N * 4, 0) + 2 * Off);
  for (int I = 0; I < N * N; ++I)
    A[I] = I % 7, B[I] = I % 5;
  double Best = 1e9;
  for (int R = 0; R < 100; ++R) {
    double T = now();
    matmul_tiled(A, B, C, N);
    T = now() - T;
    Best = T < Best ? T : Best;
  }
  return Best;
}

/* Streams over L3-resident buffers (3 MiB read, 1.5 MiB copied), 8-float vectors. */
__attribute__((noinline)) static float readAll(const float *X, long N) {
  /* Four independent accumulators, so that the loads and not the adds bind. */
  __m256 S0 = _mm256_setzero_ps(), S1 = S0, S2 = S0, S3 = S0;
  for (long I = 0; I < N; I += 32) {
    S0 = _mm256_add_ps(S0, _mm256_loadu_ps(X + I));
    S1 = _mm256_add_ps(S1, _mm256_loadu_ps(X + I + 8));
    S2 = _mm256_add_ps(S2, _mm256_loadu_ps(X + I + 16));
    S3 = _mm256_add_ps(S3, _mm256_loadu_ps(X + I + 24));
  }
  float R[8];
  _mm256_storeu_ps(R, _mm256_add_ps(_mm256_add_ps(S0, S1), _mm256_add_ps(S2, S3)));
  return R[0] + R[1] + R[2] + R[3] + R[4] + R[5] + R[6] + R[7];
}
__attribute__((noinline)) static void copy(const float *restrict X, float *restrict Y, long N) {
  for (long I = 0; I < N; ++I)
    Y[I] = X[I];
}

/* One store per line, 1088-byte stride, over a footprint F: every store misses L1. */
__attribute__((noinline)) static void strided(float *Y, long N, long Stride) {
  for (long I = 0; I < N; ++I)
    Y[I * Stride] = 1.0f;
}

#define RJ 256
/* A short reduction innermost: acc = fma(A[k], B[k][j], acc) over K k for each of RJ outputs j, all in
 * L1. Chain = 0: acc starts at 0 for every j, so the chains of successive j are independent and a core
 * overlaps them in its reorder window; Chain = 1: each j starts from the previous j's result, one chain
 * through the whole nest (the fma latency per iteration). */
__attribute__((noinline)) static float reduce(const float *restrict A, const float *restrict B,
                                              float *restrict C, int K, int Chain) {
  float Acc = 0;
  for (int J = 0; J < RJ; ++J) {
    if (!Chain)
      Acc = 0;
#pragma clang loop vectorize(disable) interleave(disable) unroll(disable)
    for (int K0 = 0; K0 < K; ++K0)
      Acc = fmaf(A[K0], B[K0 * RJ + J], Acc);
    C[J] = Acc;
  }
  return Acc;
}

/* c.conv2d_1x1/s09's nest (14x14x1024 -> 256, 1x1): for each input channel ci, the 7x14 outputs of a
 * tile, each an 8-wide read-modify-write of Out (rows of OS floats) with In's ci of that pixel (rows of RS
 * floats). With RS = 1024 and OS = 256 (the suite's layout) In's 98 lines share one in-page set class
 * and Out's fall in 4: both overflow a 12-way L1's sets. */
__attribute__((noinline)) static void conv1x1(const float *restrict In, const float *restrict Wt,
                                              float *restrict Out, int RS, int OS) {
  for (int Oho = 0; Oho < 14; Oho += 7)
    for (int Coo = 0; Coo < 256; Coo += 8)
      for (int Ci = 0; Ci < 1024; ++Ci)
        for (int Oh = Oho; Oh < Oho + 7; ++Oh)
          for (int Ow = 0; Ow < 14; ++Ow)
#pragma clang loop vectorize(enable) vectorize_width(8)
            for (int Co = Coo; Co < Coo + 8; ++Co)
              Out[(Oh * 14 + Ow) * OS + Co] += In[(Oh * 14 + Ow) * RS + Ci] * Wt[Ci * 256 + Co];
}

static double conflicts(int RS, int OS, int Huge, int Off) {
  float *In = (float *)pages(196 * RS * 4, Huge), *Wt = (float *)pages(1024 * 256 * 4, Huge),
        *Out = (float *)(pages(196 * OS * 4 + 4096, Huge) + Off);
  double Best = 1e9;
  for (int R = 0; R < 5; ++R) {
    double T = now();
    conv1x1(In, Wt, Out, RS, OS);
    T = now() - T;
    Best = T < Best ? T : Best;
  }
  return Best;
}

/* Independent loads at the offsets Off[0..N), repeated: four interleaved sums, so nothing chains. */
__attribute__((noinline)) static float gather(const char *B, const unsigned *Off, int N, int R) {
  float S0 = 0, S1 = 0, S2 = 0, S3 = 0;
  for (int K = 0; K < R; ++K)
    for (int I = 0; I < N; I += 4) {
      S0 += *(const float *)(B + Off[I]);
      S1 += *(const float *)(B + Off[I + 1]);
      S2 += *(const float *)(B + Off[I + 2]);
      S3 += *(const float *)(B + Off[I + 3]);
    }
  return S0 + S1 + S2 + S3;
}

/* Independent stores at the offsets Off[0..N), repeated. */
__attribute__((noinline)) static void scatter(char *B, const unsigned *Off, int N, int R) {
  for (int K = 0; K < R; ++K)
    for (int I = 0; I < N; ++I)
      *(float *)(B + Off[I]) = (float)K;
}

/* 0..N-1 in a fixed shuffled order (Fisher-Yates from srand(1)); the caller frees it. */
static long *shuffled(long N) {
  long *Order = malloc(sizeof(long) * N);
  for (long I = 0; I < N; ++I)
    Order[I] = I;
  srand(1);
  for (long I = N - 1; I > 0; --I) {
    long J = rand() % (I + 1), T = Order[I];
    Order[I] = Order[J];
    Order[J] = T;
  }
  return Order;
}

/* ns per load (or store) of N lines Stride bytes apart, visited in a shuffled order (no prefetcher follows),
 * or InOrder, by address (a column walk, which a stride prefetcher may follow). */
static double setAccessesOrdered(int N, long Stride, int Store, int InOrder) {
  char *B = pages((size_t)N * Stride + 4096, 0);
  unsigned *Off = malloc(sizeof(unsigned) * N);
  long *Order = shuffled(N);
  for (int I = 0; I < N; ++I)
    Off[I] = (unsigned)((InOrder ? I : Order[I]) * Stride);
  free(Order);
  int R = (1 << 22) / N;
  volatile float Sink = 0;
  double Best = 1e9;
  for (int K = 0; K < 7; ++K) {
    double T = now();
    if (Store)
      scatter(B, Off, N, R);
    else
      Sink += gather(B, Off, N, R);
    T = now() - T;
    Best = T < Best ? T : Best;
  }
  free(Off);
  return 1e9 * Best / ((double)R * N);
}

static double setAccesses(int N, long Stride, int Store) { return setAccessesOrdered(N, Stride, Store, 0); }
static double setMisses(int N, long Stride) { return setAccesses(N, Stride, 0); }

/* ns per step of a dependent chase through N lines in shuffled order: one line per 4 KiB page (Paged; the
 * line's place in its page moves on by one line per page, so the lines spread over every cache set) or the
 * same N lines packed together. The difference is what the data TLB adds (docs/prediction.md). */
static char *chaseLine(char *B, long I, int Paged) {
  return Paged ? B + I * 4096 + (I % 64) * 64 : B + I * 64;
}
static double chase(long N, int Paged) {
  char *B = pages((size_t)N * (Paged ? 4096 : 64) + 4096, 0);
  long *Order = shuffled(N);
  for (long I = 0; I < N; ++I)
    *(char **)chaseLine(B, Order[I], Paged) = chaseLine(B, Order[(I + 1) % N], Paged);
  char *P = chaseLine(B, Order[0], Paged);
  long Steps = 1 << 22;
  double Best = 1e9;
  for (int R = 0; R < 5; ++R) {
    double T = now();
    for (long I = 0; I < Steps; ++I)
      P = *(char **)P;
    T = now() - T;
    Best = T < Best ? T : Best;
  }
  free(Order);
  free(B);
  return P ? 1e9 * Best / Steps : 0;
}

/* Best time per inner iteration of reduce(), in ns. */
static double reduction(int K, int Chain) {
  float *A = (float *)pages(K * 4, 0), *B = (float *)pages((size_t)K * RJ * 4, 0), *C = (float *)pages(RJ * 4, 0);
  for (int I = 0; I < K; ++I)
    A[I] = 1.0f / (I + 1);
  volatile float Sink = 0;
  int Reps = (1 << 22) / (K * RJ) + 1;
  double Best = 1e9;
  for (int R = 0; R < 20; ++R) {
    double T = now();
    for (int I = 0; I < Reps; ++I)
      Sink += reduce(A, B, C, K, Chain);
    T = now() - T;
    Best = T < Best ? T : Best;
  }
  return 1e9 * Best / ((double)Reps * K * RJ);
}

/* c.dense/s09's nest: a 16-wide output strip held in two vector accumulators
 * over a 64-deep k tile, one entry of the k loop per row i. Each entry stores
 * its strip at the end; the next entry's loads of W rows (3 KiB apart) meet the
 * stored strip's page offsets within four iterations when C and W are equally
 * aligned, and then wait for that store, i.e. for the previous entry's whole
 * chain. W's rows are PITCH floats apart. */
#define STRIPS(NAME, PITCH, ...)                                               \
  __attribute__((noinline)) static void NAME(                                  \
      const float *restrict A, const float *restrict W,                        \
      float *restrict C __VA_ARGS__) {                                         \
    for (int ko = 0; ko < 768; ko += 64)                                       \
      for (int io = 0; io < 128; io += 32)                                     \
        for (int jo = 0; jo < 768; jo += 16)                                   \
          for (int i = io; i < io + 32; ++i)                                   \
            for (int k = ko; k < ko + 64; ++k)                                 \
              _Pragma("clang loop vectorize(enable) vectorize_width(8)")       \
              for (int j = jo; j < jo + 16; ++j)                               \
                C[i * 768 + j] += A[i * 768 + k] * W[k * (PITCH) + j];          \
  }
/* As in the suite: the constant stride its IR has. */
STRIPS(strips, 768)
/* W's rows a runtime Pitch apart: 784 (3136 B, 49 lines) spreads a k tile's
 * 64 rows over 64 in-page classes, so the strip of W an entry reads stays in
 * L1, where 768 (3 KiB) folds it onto four L1 sets of 16 lines each (8 ways)
 * and every entry refills it from L2. */
STRIPS(stripsPitch, Pitch, , int Pitch)
#undef STRIPS

/* Eight independent running maxima of 8 floats, N steps: one vmaxps each (a max
 * that need not honour NaNs, e.g. llvm.maxnum with nnan), or vmaxps with the
 * NaN fix-up LLVM emits for a plain maxnum (vcmpunordps + vblendvps).
 * Nanoseconds per max. */
#define MAXIMA(NAME, STEP)                                                     \
  __attribute__((noinline)) static __m256 NAME(const __m256 *X, long N) {      \
    __m256 A0 = X[0], A1 = X[1], A2 = X[2], A3 = X[3], A4 = X[4], A5 = X[5],   \
           A6 = X[6], A7 = X[7];                                               \
    for (long K = 0; K < N; ++K) {                                             \
      __m256 V = X[K & 7];                                                     \
      A0 = STEP(V, A0);                                                        \
      A1 = STEP(V, A1);                                                        \
      A2 = STEP(V, A2);                                                        \
      A3 = STEP(V, A3);                                                        \
      A4 = STEP(V, A4);                                                        \
      A5 = STEP(V, A5);                                                        \
      A6 = STEP(V, A6);                                                        \
      A7 = STEP(V, A7);                                                        \
    }                                                                          \
    return _mm256_add_ps(                                                      \
        _mm256_add_ps(_mm256_add_ps(A0, A1), _mm256_add_ps(A2, A3)),           \
        _mm256_add_ps(_mm256_add_ps(A4, A5), _mm256_add_ps(A6, A7)));          \
  }
#define MAX_FAST(V, A) _mm256_max_ps(V, A)
#define MAX_NAN(V, A)                                                          \
  _mm256_blendv_ps(_mm256_max_ps(V, A), V, _mm256_cmp_ps(A, A, _CMP_UNORD_Q))
MAXIMA(maximaFast, MAX_FAST)
MAXIMA(maximaNaN, MAX_NAN)

static double maxCost(int NaNs) {
  __m256 X[8];
  for (int I = 0; I < 8; ++I)
    X[I] = _mm256_set1_ps((float)I);
  long N = 1 << 20;
  volatile float Sink = 0;
  double Best = 1e9;
  for (int R = 0; R < 10; ++R) {
    double T = now();
    __m256 S = NaNs ? maximaNaN(X, N) : maximaFast(X, N);
    T = now() - T;
    Sink += S[0];
    Best = T < Best ? T : Best;
  }
  return 1e9 * Best / (8.0 * N);
}

/* c.dense/s09's nest with C Off bytes past W's page offsets: as compiled in the
 * suite (Pitch 0: W's rows 768 floats apart, a constant) or with W's rows Pitch
 * floats apart (a runtime stride). Best of 10 calls, seconds. */
static double stripTime(int Off, int Pitch) {
  float *A = (float *)pages(128 * 768 * 4, 0),
        *W = (float *)pages(768 * 800 * 4, 0),
        *C = (float *)(pages(128 * 768 * 4, 0) + Off);
  double Best = 1e9;
  for (int R = 0; R < 10; ++R) {
    double T = now();
    if (Pitch)
      stripsPitch(A, W, C, Pitch);
    else
      strips(A, W, C);
    T = now() - T;
    Best = T < Best ? T : Best;
  }
  return Best;
}

/* A running sum of expf results (the unfused softmax's loop): x86-64 keeps no
 * vector register across a call, so the sum lives in a stack slot that clang's
 * code stores and reloads twice per iteration. */
static float ExpX[128], ExpY[128];
__attribute__((noinline)) static float expRow(float M) {
  for (int I = 0; I < 128; ++I)
    ExpY[I] = expf(ExpX[I] - M);
  return ExpY[0];
}
__attribute__((noinline)) static float expRowSum(float M) {
  float S = 0;
  for (int I = 0; I < 128; ++I) {
    float E = expf(ExpX[I] - M);
    ExpY[I] = E;
    S += E;
  }
  return S;
}
static double expLoop(int Sum) {
  for (int I = 0; I < 128; ++I)
    ExpX[I] = (float)(I % 17) / 17.0f - 0.5f;
  volatile float Keep = 0;
  double Best = 1e9;
  for (int R = 0; R < 10; ++R) {
    double T = now();
    for (int K = 0; K < 2000; ++K)
      Keep += Sum ? expRowSum(0.1f) : expRow(0.1f);
    T = now() - T;
    Best = T < Best ? T : Best;
  }
  return 1e9 * Best / (2000.0 * 128);
}

/* FMAs beside stores of vector registers (docs/prediction.md "FMAs beside vector stores"): ten groups
 * per loop step, each group some of F (a 256-bit FMA into one of ten accumulators, so the chains are 4
 * FMAs deep at most and throughput binds), M (a multiply), A (an add), S (a 256-bit store of a register
 * to L1). The loop is assembly placed PAD bytes past a 64-byte boundary: on the Zen 3 VM the F+S cost
 * depends on it. Nanoseconds per group, best of 20 runs. */
#define FMA_(R) "vfmadd231ps %%ymm14, %%ymm15, %%ymm" #R "\n\t"
#define MUL_(R) "vmulps %%ymm14, %%ymm15, %%ymm" #R "\n\t"
#define ADD_(R) "vaddps %%ymm14, %%ymm15, %%ymm" #R "\n\t"
#define ST_(O) "vmovups %%ymm0, " #O "(%1)\n\t"
#define PORTS(NAME, PAD, BODY)                                                 \
  __attribute__((noinline)) static double NAME(void) {                         \
    static float Buf[1024] __attribute__((aligned(64)));                       \
    double Best = 1e9;                                                         \
    for (int R = 0; R < 20; ++R) {                                             \
      long I = 200000;                                                         \
      double T = now();                                                        \
      __asm__ volatile(".p2align 6\n\t.skip " #PAD ", 0x90\n1:\n\t" BODY       \
                       "dec %0\n\tjnz 1b\n\t"                                  \
                       : "+r"(I)                                               \
                       : "r"(Buf)                                              \
                       : "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6",       \
                         "xmm7", "xmm8", "xmm9", "xmm10", "memory", "cc");     \
      T = now() - T;                                                           \
      Best = T < Best ? T : Best;                                              \
    }                                                                          \
    return 1e9 * Best / (200000.0 * 10);                                       \
  }
#define GROUPS(G1, G2, G3, G4, G5, G6, G7, G8, G9, G10) G1 G2 G3 G4 G5 G6 G7 G8 G9 G10
#define F_S(R, O) FMA_(R) ST_(O)
#define FS_BODY GROUPS(F_S(1, 0), F_S(2, 32), F_S(3, 64), F_S(4, 96), F_S(5, 128), F_S(6, 160), F_S(7, 192), \
                       F_S(8, 224), F_S(9, 256), F_S(10, 288))
#define FFS(R, Q, O) FMA_(R) FMA_(Q) ST_(O)
#define FFS_BODY GROUPS(FFS(1, 2, 0), FFS(3, 4, 32), FFS(5, 6, 64), FFS(7, 8, 96), FFS(9, 10, 128), FFS(1, 2, 160), FFS(3, 4, 192), \
                        FFS(5, 6, 224), FFS(7, 8, 256), FFS(9, 10, 288))
PORTS(portsF, 0, GROUPS(FMA_(1), FMA_(2), FMA_(3), FMA_(4), FMA_(5), FMA_(6), FMA_(7), FMA_(8), FMA_(9), FMA_(10)))
PORTS(portsS, 0, GROUPS(ST_(0), ST_(32), ST_(64), ST_(96), ST_(128), ST_(160), ST_(192), ST_(224), ST_(256), ST_(288)))
PORTS(portsFS0, 0, FS_BODY)
PORTS(portsFS8, 8, FS_BODY)
PORTS(portsFS16, 16, FS_BODY)
PORTS(portsFS24, 24, FS_BODY)
PORTS(portsFS32, 32, FS_BODY)
PORTS(portsFS40, 40, FS_BODY)
PORTS(portsFS48, 48, FS_BODY)
PORTS(portsFS56, 56, FS_BODY)
PORTS(portsFFS, 0, FFS_BODY)
#define M_S(R, Q, O) MUL_(R) MUL_(Q) ST_(O)
PORTS(portsMMS, 0, GROUPS(M_S(1, 2, 0), M_S(3, 4, 32), M_S(5, 6, 64), M_S(7, 8, 96), M_S(9, 10, 128), M_S(1, 2, 160), M_S(3, 4, 192),
                          M_S(5, 6, 224), M_S(7, 8, 256), M_S(9, 10, 288)))
#define A_S(R, Q, O) ADD_(R) ADD_(Q) ST_(O)
PORTS(portsAAS, 0, GROUPS(A_S(1, 2, 0), A_S(3, 4, 32), A_S(5, 6, 64), A_S(7, 8, 96), A_S(9, 10, 128), A_S(1, 2, 160), A_S(3, 4, 192),
                          A_S(5, 6, 224), A_S(7, 8, 256), A_S(9, 10, 288)))

/* Eight FMA chains at the exact balance of latency and ports (4 cycles x 2 FMA ports = 8 in flight): 64
 * 128-bit FMAs a loop step into xmm0-7, eight steps of one FMA per chain. Alone they run at both bounds at
 * once (32 cycles); the rows add 48 loads of L1-resident lines a step (6 between each round of 8 FMAs),
 * independent of the FMAs or feeding them as tvm.dense's dev-half schedule s04 does (two broadcasts, four
 * 8-byte loads), or spread the same 64 FMAs over 12 chains (latency no longer binds). 4 chains: 64
 * FMAs 16 deep, the latency bound alone (64 cycles): the clock reference. Nanoseconds per 64 FMAs, best
 * of 20 runs. */
#define FMA8_(R) "vfmadd231ps %%xmm14, %%xmm15, %%xmm" #R "\n\t"
#define FMAD_(A, B, R) "vfmadd231ps %%xmm" #A ", %%xmm" #B ", %%xmm" #R "\n\t"
#define LD6_                                                                   \
  "vmovsd (%1), %%xmm12\n\tvmovsd 64(%1), %%xmm13\n\tvmovsd 128(%1), %%xmm12\n\t"  \
  "vmovsd 192(%1), %%xmm13\n\tvmovsd 256(%1), %%xmm12\n\tvmovsd 320(%1), %%xmm13\n\t"
#define LDD_                                                                   \
  "vbroadcastss (%1), %%xmm12\n\tvbroadcastss 3072(%1), %%xmm13\n\t"            \
  "vmovsd 40(%1), %%xmm14\n\tvmovsd 48(%1), %%xmm15\n\tvmovsd 56(%1), %%xmm14\n\t" \
  "vmovsd 64(%1), %%xmm15\n\t"
#define CHAINS(NAME, BODY)                                                     \
  __attribute__((noinline)) static double NAME(void) {                         \
    static float Buf[2048] __attribute__((aligned(64)));                       \
    double Best = 1e9;                                                         \
    for (int R = 0; R < 20; ++R) {                                             \
      long I = 100000;                                                         \
      __asm__ volatile("vxorps %%xmm14, %%xmm14, %%xmm14\n\tvxorps %%xmm15, %%xmm15, %%xmm15\n\t" \
                       "vxorps %%xmm0, %%xmm0, %%xmm0\n\tvmovaps %%xmm0, %%xmm1\n\t"  \
                       "vmovaps %%xmm0, %%xmm2\n\tvmovaps %%xmm0, %%xmm3\n\t"          \
                       "vmovaps %%xmm0, %%xmm4\n\tvmovaps %%xmm0, %%xmm5\n\t"          \
                       "vmovaps %%xmm0, %%xmm6\n\tvmovaps %%xmm0, %%xmm7\n\t"          \
                       "vmovaps %%xmm0, %%xmm8\n\tvmovaps %%xmm0, %%xmm9\n\t"          \
                       "vmovaps %%xmm0, %%xmm10\n\tvmovaps %%xmm0, %%xmm11\n\t" ::    \
                           : "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", \
                             "xmm7", "xmm8", "xmm9", "xmm10", "xmm11", "xmm14", "xmm15"); \
      double T = now();                                                        \
      __asm__ volatile(".p2align 6\n1:\n\t" BODY "dec %0\n\tjnz 1b\n\t"          \
                       : "+r"(I)                                               \
                       : "r"(Buf)                                              \
                       : "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", \
                         "xmm7", "xmm8", "xmm9", "xmm10", "xmm11", "xmm12",    \
                         "xmm13", "xmm14", "xmm15", "memory", "cc");           \
      T = now() - T;                                                           \
      Best = T < Best ? T : Best;                                              \
    }                                                                          \
    return 1e9 * Best / 100000.0;                                              \
  }
CHAINS(chainsAlone, FMA8_(0) FMA8_(4) FMA8_(1) FMA8_(5) FMA8_(2) FMA8_(6) FMA8_(3) FMA8_(7) FMA8_(0) FMA8_(4) FMA8_(1) FMA8_(5) FMA8_(2) FMA8_(6) FMA8_(3) FMA8_(7) FMA8_(0) FMA8_(4) FMA8_(1) FMA8_(5) FMA8_(2) FMA8_(6) FMA8_(3) FMA8_(7) FMA8_(0) FMA8_(4) FMA8_(1) FMA8_(5) FMA8_(2) FMA8_(6) FMA8_(3) FMA8_(7) FMA8_(0) FMA8_(4) FMA8_(1) FMA8_(5) FMA8_(2) FMA8_(6) FMA8_(3) FMA8_(7) FMA8_(0) FMA8_(4) FMA8_(1) FMA8_(5) FMA8_(2) FMA8_(6) FMA8_(3) FMA8_(7) FMA8_(0) FMA8_(4) FMA8_(1) FMA8_(5) FMA8_(2) FMA8_(6) FMA8_(3) FMA8_(7) FMA8_(0) FMA8_(4) FMA8_(1) FMA8_(5) FMA8_(2) FMA8_(6) FMA8_(3) FMA8_(7))
CHAINS(chainsFour, FMA8_(0) FMA8_(1) FMA8_(2) FMA8_(3) FMA8_(0) FMA8_(1) FMA8_(2) FMA8_(3) FMA8_(0) FMA8_(1) FMA8_(2) FMA8_(3) FMA8_(0) FMA8_(1) FMA8_(2) FMA8_(3) FMA8_(0) FMA8_(1) FMA8_(2) FMA8_(3) FMA8_(0) FMA8_(1) FMA8_(2) FMA8_(3) FMA8_(0) FMA8_(1) FMA8_(2) FMA8_(3) FMA8_(0) FMA8_(1) FMA8_(2) FMA8_(3) FMA8_(0) FMA8_(1) FMA8_(2) FMA8_(3) FMA8_(0) FMA8_(1) FMA8_(2) FMA8_(3) FMA8_(0) FMA8_(1) FMA8_(2) FMA8_(3) FMA8_(0) FMA8_(1) FMA8_(2) FMA8_(3) FMA8_(0) FMA8_(1) FMA8_(2) FMA8_(3) FMA8_(0) FMA8_(1) FMA8_(2) FMA8_(3) FMA8_(0) FMA8_(1) FMA8_(2) FMA8_(3) FMA8_(0) FMA8_(1) FMA8_(2) FMA8_(3))
CHAINS(chainsLoads, LD6_ FMA8_(0) FMA8_(4) FMA8_(1) FMA8_(5) FMA8_(2) FMA8_(6) FMA8_(3) FMA8_(7) LD6_ FMA8_(0) FMA8_(4) FMA8_(1) FMA8_(5) FMA8_(2) FMA8_(6) FMA8_(3) FMA8_(7) LD6_ FMA8_(0) FMA8_(4) FMA8_(1) FMA8_(5) FMA8_(2) FMA8_(6) FMA8_(3) FMA8_(7) LD6_ FMA8_(0) FMA8_(4) FMA8_(1) FMA8_(5) FMA8_(2) FMA8_(6) FMA8_(3) FMA8_(7) LD6_ FMA8_(0) FMA8_(4) FMA8_(1) FMA8_(5) FMA8_(2) FMA8_(6) FMA8_(3) FMA8_(7) LD6_ FMA8_(0) FMA8_(4) FMA8_(1) FMA8_(5) FMA8_(2) FMA8_(6) FMA8_(3) FMA8_(7) LD6_ FMA8_(0) FMA8_(4) FMA8_(1) FMA8_(5) FMA8_(2) FMA8_(6) FMA8_(3) FMA8_(7) LD6_ FMA8_(0) FMA8_(4) FMA8_(1) FMA8_(5) FMA8_(2) FMA8_(6) FMA8_(3) FMA8_(7))
CHAINS(chainsFed, LDD_ FMAD_(12,14,0) FMAD_(13,14,4) FMAD_(12,15,1) FMAD_(13,15,5) FMAD_(12,14,2) FMAD_(13,14,6) FMAD_(12,15,3) FMAD_(13,15,7) LDD_ FMAD_(12,14,0) FMAD_(13,14,4) FMAD_(12,15,1) FMAD_(13,15,5) FMAD_(12,14,2) FMAD_(13,14,6) FMAD_(12,15,3) FMAD_(13,15,7) LDD_ FMAD_(12,14,0) FMAD_(13,14,4) FMAD_(12,15,1) FMAD_(13,15,5) FMAD_(12,14,2) FMAD_(13,14,6) FMAD_(12,15,3) FMAD_(13,15,7) LDD_ FMAD_(12,14,0) FMAD_(13,14,4) FMAD_(12,15,1) FMAD_(13,15,5) FMAD_(12,14,2) FMAD_(13,14,6) FMAD_(12,15,3) FMAD_(13,15,7) LDD_ FMAD_(12,14,0) FMAD_(13,14,4) FMAD_(12,15,1) FMAD_(13,15,5) FMAD_(12,14,2) FMAD_(13,14,6) FMAD_(12,15,3) FMAD_(13,15,7) LDD_ FMAD_(12,14,0) FMAD_(13,14,4) FMAD_(12,15,1) FMAD_(13,15,5) FMAD_(12,14,2) FMAD_(13,14,6) FMAD_(12,15,3) FMAD_(13,15,7) LDD_ FMAD_(12,14,0) FMAD_(13,14,4) FMAD_(12,15,1) FMAD_(13,15,5) FMAD_(12,14,2) FMAD_(13,14,6) FMAD_(12,15,3) FMAD_(13,15,7) LDD_ FMAD_(12,14,0) FMAD_(13,14,4) FMAD_(12,15,1) FMAD_(13,15,5) FMAD_(12,14,2) FMAD_(13,14,6) FMAD_(12,15,3) FMAD_(13,15,7))
CHAINS(chainsTwelve, LD6_ FMA8_(0) FMA8_(1) FMA8_(2) FMA8_(3) FMA8_(4) FMA8_(5) FMA8_(6) FMA8_(7) LD6_ FMA8_(8) FMA8_(9) FMA8_(10) FMA8_(11) FMA8_(0) FMA8_(1) FMA8_(2) FMA8_(3) LD6_ FMA8_(4) FMA8_(5) FMA8_(6) FMA8_(7) FMA8_(8) FMA8_(9) FMA8_(10) FMA8_(11) LD6_ FMA8_(0) FMA8_(1) FMA8_(2) FMA8_(3) FMA8_(4) FMA8_(5) FMA8_(6) FMA8_(7) LD6_ FMA8_(8) FMA8_(9) FMA8_(10) FMA8_(11) FMA8_(0) FMA8_(1) FMA8_(2) FMA8_(3) LD6_ FMA8_(4) FMA8_(5) FMA8_(6) FMA8_(7) FMA8_(8) FMA8_(9) FMA8_(10) FMA8_(11) LD6_ FMA8_(0) FMA8_(1) FMA8_(2) FMA8_(3) FMA8_(4) FMA8_(5) FMA8_(6) FMA8_(7) LD6_ FMA8_(8) FMA8_(9) FMA8_(10) FMA8_(11) FMA8_(0) FMA8_(1) FMA8_(2) FMA8_(3))

static volatile double RunSink;

/* RAM reads in runs of R consecutive lines: a tile of R lines' width walked down rows of a 7744-byte pitch
 * (1936 floats, not a page multiple), the next tile column only after every row of a 512 MiB buffer, so
 * no line is in a cache when its run starts. With R = 121 the runs are whole rows and the walk is one stream.
 * The time per line of short runs depends on the instructions between misses as much as on the machine: the
 * same walk specialised per R (crop's compiled-in copy) runs runs of 2-4 lines twice as fast, more misses
 * fitting in the reorder window (docs/prediction.md, "RAM reads in short runs"). */
static double runs(char *B, size_t Bytes, int R) {
  const size_t Pitch = 7744, Rows = Bytes / Pitch - 1, Lines = (64u << 20) / 64;
  double Best = 1e9;
  for (int Rep = 0; Rep < 3; ++Rep) {
    size_t N = 0;
    double T0 = now(), S = 0;
    for (size_t C = 0; C * 64 * R + 64 * R <= Pitch && N < Lines; ++C)
      for (size_t Row = 0; Row < Rows && N < Lines; ++Row, N += R)
        for (int K = 0; K < R; ++K)
          S += *(volatile double *)(B + Row * Pitch + (C * R + K) * 64);
    double T = (now() - T0) / N;
    RunSink += S;
    Best = T < Best ? T : Best;
  }
  return Best * 1e9;
}

/* S sequential streams read in turn, one line each, in separate regions of the buffer. */
static double streams(char *B, size_t Bytes, int S) {
  const size_t Region = (Bytes / S - 3 * 4096) & ~(size_t)4095, Lines = (64u << 20) / 64;
  double Best = 1e9;
  for (int Rep = 0; Rep < 3; ++Rep) {
    size_t Per = Lines / S, N = 0;
    double T0 = now(), Sum = 0;
    for (size_t I = 0; I < Per && I * 64 < Region; ++I)
      for (int J = 0; J < S; ++J, ++N)
        Sum += *(volatile double *)(B + J * (Region + 4096 + 64 * J) + I * 64);
    double T = (now() - T0) / N;
    RunSink += Sum;
    Best = T < Best ? T : Best;
  }
  return Best * 1e9;
}

/* Loop exits: an inner loop of constant trip N (a runtime value, so not unrolled) under an outer loop,
   each iteration three dependent adds. The residual is an entry's time beyond N iterations of the same
   loop run as one long loop, in cycles of that loop (3 per iteration): about 0 while the predictor
   learns the exit, a mispredict penalty (the descriptors measure 15.9-19.7 cycles) per entry once it
   does not. */
__attribute__((noinline)) static long tripRun(long Outer, long N) {
  long S = 0;
  for (long O = 0; O < Outer; ++O) {
    long I = N;
    do {
      __asm__ volatile("add $1,%0\n\tadd $1,%0\n\tadd $1,%0" : "+r"(S));
    } while (--I);
  }
  return S;
}
static volatile long TripSink;
static double loopExit(long N) {
  const long Total = 30000000, Outer = Total / N;
  double Best = 1e9, Cal = 1e9;
  for (int R = 0; R < 15; ++R) {
    double T = now();
    TripSink += tripRun(Outer, N);
    T = now() - T;
    Best = T < Best ? T : Best;
    T = now();
    TripSink += tripRun(1, Total);
    T = now() - T;
    Cal = T < Cal ? T : Cal;
  }
  double Cycle = Cal / Total / 3;
  return (Best / Outer - N * Cal / Total) / Cycle;
}

/* Compute beside a stream: each 8-float vector goes through C dependent FMAs (independent across vectors)
 * into four rotating sums, so the loop is bound by the FMA ports or by the stream, whichever is slower.
 * The model takes a block's time as the larger of its pipeline and memory bounds (docs/prediction.md,
 * "Compute beside a stream"). */
#define OVERLAP_KERNEL(C)                                                                                   \
  __attribute__((noinline)) static float overlap##C(const float *X, long N, long Reps) {                    \
    __m256 S0 = _mm256_setzero_ps(), S1 = S0, S2 = S0, S3 = S0;                                           \
    const __m256 A = _mm256_set1_ps(0.999f), B = _mm256_set1_ps(1e-3f);                                    \
    for (long R = 0; R < Reps; ++R)                                                                         \
      for (long I = 0; I < N; I += 32) {                                                                    \
        __m256 V[4];                                                                                        \
        for (int U = 0; U < 4; ++U) {                                                                       \
          __m256 Y = _mm256_loadu_ps(X + I + 8 * U);                                                        \
          for (int K = 0; K < C; ++K)                                                                       \
            Y = _mm256_fmadd_ps(Y, A, B);                                                                   \
          V[U] = Y;                                                                                         \
        }                                                                                                   \
        S0 = _mm256_add_ps(S0, V[0]);                                                                       \
        S1 = _mm256_add_ps(S1, V[1]);                                                                       \
        S2 = _mm256_add_ps(S2, V[2]);                                                                       \
        S3 = _mm256_add_ps(S3, V[3]);                                                                       \
      }                                                                                                     \
    float O[8];                                                                                             \
    _mm256_storeu_ps(O, _mm256_add_ps(_mm256_add_ps(S0, S1), _mm256_add_ps(S2, S3)));                       \
    return O[0] + O[7];                                                                                     \
  }
OVERLAP_KERNEL(0)
OVERLAP_KERNEL(2)
OVERLAP_KERNEL(4)
OVERLAP_KERNEL(8)
OVERLAP_KERNEL(12)
typedef float (*OverlapFn)(const float *, long, long);
static volatile float OverlapSink;

/* ns per 8-float vector of F over N floats of X, Reps times, best of Tries. */
static double overlapTime(OverlapFn F, const float *X, long N, long Reps, int Tries) {
  double Best = 1e9;
  for (int R = 0; R < Tries; ++R) {
    double T = now();
    OverlapSink += F(X, N, Reps);
    T = now() - T;
    Best = T < Best ? T : Best;
  }
  return 1e9 * Best / ((double)N * Reps / 8);
}

/* Pages glibc's malloc takes from the kernel anew on each call (docs/prediction.md, "Pages faulted in on
   every call"): a call allocates Kind's buffers, writes them whole and frees them; minor faults
   (getrusage) and time per call over 20 calls after 10. The memset through a volatile pointer keeps
   the compiler from eliding the allocations. */
static void *(*volatile MemsetFn)(void *, int, size_t) = memset;
static double allocCall(int Kind, double *FaultsPerCall) {
  struct rusage R0, R1;
  double T0 = 0;
  for (int C = 0; C < 30; ++C) {
    if (C == 10) {
      getrusage(RUSAGE_SELF, &R0);
      T0 = now();
    }
    void *P[100];
    if (Kind == 0) { /* halide.unsharp/s07's two stages at the root */
      P[0] = malloc(8325260 + 128);
      P[1] = malloc(8294540 + 128);
      MemsetFn(P[0], 1, 8325260);
      MemsetFn(P[1], 1, 8294540);
      free(P[0]);
      free(P[1]);
    } else if (Kind == 1) {
      P[0] = malloc(8 << 20);
      MemsetFn(P[0], 1, 8 << 20);
      free(P[0]);
    } else if (Kind == 2) {
      for (int I = 0; I < 100; ++I)
        MemsetFn(P[I] = malloc(1024 * (I + 1)), 1, 1024 * (I + 1));
      for (int I = 0; I < 100; ++I)
        free(P[I]);
    } else {
      P[0] = malloc(40 << 20);
      MemsetFn(P[0], 1, 40 << 20);
      free(P[0]);
    }
  }
  double T = now() - T0;
  getrusage(RUSAGE_SELF, &R1);
  *FaultsPerCall = (double)(R1.ru_minflt - R0.ru_minflt) / 20;
  return T / 20;
}

/* How the OS places a fresh buffer's 4 KiB pages in physical memory (/proc/self/pagemap; the frame numbers
 * read as 0 without CAP_SYS_ADMIN): the share of pages whose frame follows the previous page's, and how evenly
 * the frames fall into the 64 classes of their low six bits (physical address bits 12-17, the set-index bits
 * of L2 and L3 above the page offset). The class model (docs/prediction.md) assumes random frames: 64 classes
 * of N / 64 pages each then spread about +-3 standard deviations of sqrt(N / 64). */
static void frames(size_t MiB) {
  size_t N = MiB << 8;
  char *P = malloc(N * 4096);
  memset(P, 1, N * 4096);
  int Fd = open("/proc/self/pagemap", O_RDONLY);
  long Hist[64] = {0}, Next = 0, Unread = 0;
  uint64_t Prev = 0;
  for (size_t I = 0; I < N && Fd >= 0; ++I) {
    uint64_t E = 0;
    if (pread(Fd, &E, 8, (off_t)((uintptr_t)(P + I * 4096) / 4096 * 8)) != 8)
      E = 0;
    uint64_t Pfn = E & ((1ULL << 55) - 1);
    Unread += Pfn == 0;
    Next += I && Pfn && Pfn == Prev + 1;
    Hist[Pfn % 64]++;
    Prev = Pfn;
  }
  if (Fd >= 0)
    close(Fd);
  long Lo = Hist[0], Hi = Hist[0];
  for (int K = 1; K < 64; ++K) {
    Lo = Hist[K] < Lo ? Hist[K] : Lo;
    Hi = Hist[K] > Hi ? Hist[K] : Hi;
  }
  if (Fd < 0 || Unread == (long)N)
    printf("| %s | %zu MiB | frame numbers not readable (needs CAP_SYS_ADMIN) |\n",
           MiB == 16 ? "page frames of a fresh malloc'd buffer (pagemap)" : "", MiB);
  else
    printf("| %s | %zu MiB | %.1f %% of pages on the frame after the previous page's; frames per class of their low "
           "6 bits %ld-%ld (mean %.0f; random: about %.0f-%.0f) |\n",
           MiB == 16 ? "page frames of a fresh malloc'd buffer (pagemap)" : "", MiB, 100.0 * Next / (double)N, Lo,
           Hi, N / 64.0, N / 64.0 - 3 * sqrt(N / 64.0), N / 64.0 + 3 * sqrt(N / 64.0));
  free(P);
}

int main(void) {
  printf("| probe | variant | result |\n|---|---|---|\n");
  frames(16);
  frames(64);
  {
    static const char *Kinds[] = {"two buffers of 8.3 MB, freed at the end (halide.unsharp/s07's stages)",
                                  "one buffer of 8 MiB", "100 buffers of 1 to 100 KiB, freed at the end",
                                  "one buffer of 40 MiB"};
    /* Each in a new process: what the allocator kept from another pattern (a raised threshold) would
       change the outcome. */
    for (int K = 0; K < 4; ++K) {
      fflush(stdout);
      if (fork() == 0) {
        double F, T = allocCall(K, &F);
        printf("| %s | %s | %.0f faults, %.3f ms per call |\n",
               K ? "" : "pages malloc faults in on every call (glibc, buffers written whole, each in a new process)",
               Kinds[K], F, 1e3 * T);
        fflush(stdout);
        _exit(0);
      }
      wait(NULL);
    }
  }
  printf("| expf in a loop (c.softmax/s01's unfused row) | y[i] = expf(x[i] - "
         "m) | %.2f ns per iteration |\n",
         expLoop(0));
  printf("| | the same and s += y[i] (s kept in a stack slot across the call) "
         "| %.2f ns per iteration |\n",
         expLoop(1));
  printf("| L1 set conflicts: c.conv2d_1x1/s09's nest | as in the suite (In rows 4 KiB, Out rows 1 KiB) | %.2f ms |\n",
         1e3 * conflicts(1024, 256, 0, 0));
  printf("| | In rows padded by 64 B | %.2f ms |\n", 1e3 * conflicts(1040, 256, 0, 0));
  printf("| | Out rows padded by 64 B | %.2f ms |\n", 1e3 * conflicts(1024, 272, 0, 0));
  printf("| | both padded by 64 B | %.2f ms |\n", 1e3 * conflicts(1040, 272, 0, 0));
  printf("| | as in the suite, on 2 MiB pages (madvise) | %.2f ms |\n", 1e3 * conflicts(1024, 256, 1, 0));
  printf("| | as in the suite, Out shifted by 2048 B | %.2f ms |\n", 1e3 * conflicts(1024, 256, 0, 2048));
  printf("| L1 misses by set: independent loads in shuffled order | 128 lines, one in-page class (4 KiB stride) | %.3f ns per load |\n",
         setMisses(128, 4096));
  printf("| | 128 lines, 4 classes (1 KiB stride) | %.3f ns per load |\n", setMisses(128, 1024));
  printf("| | 2048 lines, every class (64 B stride, 128 KiB: L1 misses, L2 hits) | %.3f ns per load |\n",
         setMisses(2048, 64));
  printf("| | 256 lines, every class (64 B stride, 16 KiB: L1 hits) | %.3f ns per load |\n", setMisses(256, 64));
  printf("| | 1024 lines, one class (4 KiB stride, 4 MiB: L2 misses, L3 hits) | %.3f ns per load |\n",
         setMisses(1024, 4096));
  printf("| | 4096 lines, 4 classes (1 KiB stride, 4 MiB: L3 hits) | %.3f ns per load |\n", setMisses(4096, 1024));
  printf("| | 65536 lines, every class (64 B stride, 4 MiB: L3 hits) | %.3f ns per load |\n",
         setMisses(65536, 64));
  {
    static const struct {
      int N;
      long Stride;
      const char *What;
    } InOrder[] = {{128, 1024, "128 lines, 4 classes (1 KiB stride)"},
                   {2048, 1024, "2048 lines, 4 classes (1 KiB stride, 2 MiB: L2 misses, L3 hits)"},
                   {4096, 1024, "4096 lines, 4 classes (1 KiB stride, 4 MiB: L3 hits)"},
                   {1024, 4096, "1024 lines, one class (4 KiB stride, 4 MiB: L3 hits)"},
                   {1024, 256, "1024 lines, 16 classes (256 B stride, 256 KiB: L1 misses, L2 hits)"},
                   {65536, 64, "65536 lines, every class (64 B stride, 4 MiB: L3 hits)"}};
    for (int I = 0; I < (int)(sizeof InOrder / sizeof InOrder[0]); ++I)
      printf("| %s | %s | %.3f ns per load |\n", I ? "" : "L1 misses by set, lines in address order (a column walk)",
             InOrder[I].What, setAccessesOrdered(InOrder[I].N, InOrder[I].Stride, 0, 1));
  }
  printf("| stores into crowded sets: independent stores in shuffled order (each line made dirty) | 128 lines, one "
         "in-page class (4 KiB stride) | %.3f ns per store |\n", setAccesses(128, 4096, 1));
  printf("| | 128 lines, 4 classes (1 KiB stride) | %.3f ns per store |\n", setAccesses(128, 1024, 1));
  printf("| | 392 lines, 4 classes (1 KiB stride) | %.3f ns per store |\n", setAccesses(392, 1024, 1));
  printf("| | 2048 lines, every class (64 B stride, 128 KiB: L1 misses, L2 hits) | %.3f ns per store |\n",
         setAccesses(2048, 64, 1));
  printf("| | 256 lines, every class (64 B stride, 16 KiB: L1 hits) | %.3f ns per store |\n",
         setAccesses(256, 64, 1));
  printf("| loop entries that wait for the previous entry's store: "
         "c.dense/s09's nest | C at W's page offsets | %.2f ms |\n",
         1e3 * stripTime(0, 0));
  printf("| | C 64 B further | %.2f ms |\n", 1e3 * stripTime(64, 0));
  printf(
      "| | C 1 KiB further (W rows, 3 KiB apart, still meet it) | %.2f ms |\n",
      1e3 * stripTime(1024, 0));
  printf("| c.dense/s09's nest, W's k tile in 4 L1 sets or spread (C 64 B past "
         "W's page offsets) | W rows 3072 B apart (64 lines in 4 classes) / "
         "3136 B apart (64 classes) | %.2f / %.2f ms |\n",
         1e3 * stripTime(64, 768), 1e3 * stripTime(64, 784));
  printf("| max of 8 floats, 8 independent chains | one vmaxps (llvm.maxnum "
         "with nnan) / with the NaN fix-up "
         "(a plain llvm.maxnum) | %.3f / %.3f ns per max |\n",
         maxCost(0), maxCost(1));
  static const int Trips[] = {4, 8, 16, 256};
  for (int I = 0; I < 4; ++I)
    printf("| %s | trip %d: chains restart at each output / one chain through the nest | %.3f / %.3f ns per iteration |\n",
           I ? "" : "short fma reductions innermost (B: trip KiB, 1 KiB stride; scalar, not unrolled)", Trips[I],
           reduction(Trips[I], 0), reduction(Trips[I], 1));
  printf("| 4K aliasing: column walk, 3 x 3.2 MB | equal page offsets, 4 KiB pages | %.2f ms |\n",
         1e3 * aliasing(0, 0));
  printf("| | buffers 64 B apart, 4 KiB pages | %.2f ms |\n", 1e3 * aliasing(64, 0));
  printf("| | equal page offsets, 2 MiB pages (madvise) | %.2f ms |\n", 1e3 * aliasing(0, 1));
  static const int Offsets[] = {0, 64, 128, 1024, 2048};
  for (int I = 0; I < 5; ++I) {
    int Off = Offsets[I];
    printf("| read-modify-write stores: examples/matmul_tiled.c, N = 256 | B shifted by %d B, C by twice that | %.3f ms |\n",
           Off, 1e3 * matmul(Off));
  }
  long N = 786432; /* floats: 3 MiB */
  float *X = (float *)pages(N * 4, 0), *Y = (float *)pages(N * 4, 0);
  volatile float Sink = 0;
  double Best = 1e9;
  for (int R = 0; R < 100; ++R) {
    double T = now();
    Sink += readAll(X, N);
    T = now() - T;
    Best = T < Best ? T : Best;
  }
  printf("| L3-resident streams | read 3 MiB | %.1f GB/s |\n", N * 4 / Best / 1e9);
  Best = 1e9;
  for (int R = 0; R < 100; ++R) {
    double T = now();
    copy(X, Y, N / 2);
    T = now() - T;
    Best = T < Best ? T : Best;
  }
  printf("| | copy 1.5 MiB (reads incl. the stores' RFOs, per second) | %.1f GB/s |\n", N * 4 / Best / 1e9);
  for (long F = 256; F <= 4096; F *= 16) {
    long Stride = 1088 / 4, Lines = (F << 10) / 1088;
    float *Z = (float *)pages(F << 10, 0);
    Best = 1e9;
    for (int R = 0; R < 50; ++R) {
      double T = now();
      strided(Z, Lines, Stride);
      T = now() - T;
      Best = T < Best ? T : Best;
    }
    printf("| strided stores missing L1 | 1088 B stride over %ld KiB | %.2f ns per line |\n", F,
           1e9 * Best / Lines);
  }
  static const long TlbPages[] = {48, 128, 1024, 2048, 4096, 8192, 16384};
  for (int I = 0; I < 7; ++I) {
    double Paged = chase(TlbPages[I], 1), Packed = chase(TlbPages[I], 0);
    printf("| %s | %ld lines, one per page / packed | %.2f / %.2f ns per step (TLB: %+.2f ns) |\n",
           I ? "" : "data TLB: dependent chase, shuffled, 4 KiB pages", TlbPages[I], Paged, Packed, Paged - Packed);
  }
  static const long MiB[] = {2, 4, 6, 8, 16, 32};
  for (int I = 0; I < 6; ++I)
    printf("| %s | %ld MiB | %.2f ns per step |\n",
           I ? "" : "L3 reach: dependent chase through packed lines, shuffled", MiB[I],
           chase(MiB[I] << 14, 0));
  printf("| FMAs beside vector stores (256-bit, L1; ten groups a step) | F (FMA) / S (store) alone | %.3f / %.3f ns per group |\n",
         portsF(), portsS());
  printf("| | F+S, loop 0, 8, ..., 56 B past a 64-byte boundary | %.3f %.3f %.3f %.3f %.3f %.3f %.3f %.3f ns per group |\n",
         portsFS0(), portsFS8(), portsFS16(), portsFS24(), portsFS32(), portsFS40(), portsFS48(), portsFS56());
  printf("| | F+F+S / M+M+S (multiplies) / A+A+S (adds) | %.3f / %.3f / %.3f ns per group |\n", portsFFS(),
         portsMMS(), portsAAS());
  printf("| FMA chains at the balance of latency and ports (64 FMAs a step) | 8 chains alone / 4 chains (latency "
         "only, 64 cycles) | %.2f / %.2f ns |\n",
         chainsAlone(), chainsFour());
  printf("| | 8 chains beside 48 loads: independent / feeding them (tvm.dense/s04) / 12 chains beside the independent "
         "loads | %.2f / %.2f / %.2f ns |\n",
         chainsLoads(), chainsFed(), chainsTwelve());
  {
    static const long Ns[] = {16, 32, 48, 64, 96, 128, 256};
    printf("| loop exits: inner loop of constant trip N (3 dependent adds an iteration) | N = 16 32 48 64 96 128 256 |");
    for (int I = 0; I < 7; ++I)
      printf(" %.1f", loopExit(Ns[I]));
    printf(" cycles per entry beyond its iterations |\n");
  }
  {
    size_t Bytes = (size_t)512 << 20;
    char *B = pages(Bytes, 1);
    static const int Rs[] = {1, 2, 4, 8, 16, 32, 64, 121};
    printf("| RAM reads in runs of R lines (a tile walked down 7744-byte rows of 512 MiB) | R = 1 2 4 8 16 32 64, 121 (whole rows: one stream) |");
    for (int I = 0; I < 8; ++I)
      printf(" %.1f", runs(B, Bytes, Rs[I]));
    printf(" ns per line |\n");
    static const int Ss[] = {1, 4, 8, 12, 16, 24, 32, 64};
    printf("| | S sequential streams read in turn: S = 1 4 8 12 16 24 32 64 |");
    for (int I = 0; I < 8; ++I)
      printf(" %.1f", streams(B, Bytes, Ss[I]));
    printf(" ns per line |\n");
    free(B);
  }
  {
    static OverlapFn Fs[] = {overlap0, overlap2, overlap4, overlap8, overlap12};
    const long L1N = 2048, L3N = 786432, RamN = 16L << 20; /* 8 KiB, 3 MiB, 64 MiB */
    float *X = (float *)pages(RamN * 4, 0);
    for (long I = 0; I < RamN; ++I)
      X[I] = (float)(I % 97) * 1e-3f;
    printf("| compute beside a stream: C dependent FMAs per 8-float vector, C = 0 2 4 8 12 | alone (8 KiB, L1) |");
    for (int I = 0; I < 5; ++I)
      printf(" %.2f", overlapTime(Fs[I], X, L1N, L3N / L1N, 40));
    printf(" ns per vector |\n| | reading 3 MiB (L3) |");
    for (int I = 0; I < 5; ++I)
      printf(" %.2f", overlapTime(Fs[I], X, L3N, 1, 40));
    printf(" ns per vector |\n| | reading 64 MiB (RAM) |");
    for (int I = 0; I < 5; ++I)
      printf(" %.2f", overlapTime(Fs[I], X, RamN, 1, 6));
    printf(" ns per vector |\n");
    free(X);
  }
  return Sink < 0;
}
