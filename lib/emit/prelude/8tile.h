/* 8tile.h - what the tile code (lib/emit/emit_tile.c) uses: which thread of
 * a block does a tile operation with effects, and the barrier after it.
 * On the CPU a block is one thread (Warp's CPU block_dim of 1); on CUDA
 * thread 0 of the block stores while the others wait at the barrier (the
 * launch must be tiled: MODULE_k_tiled). */
#ifdef __CUDACC__
#define WP_TILE_LEADER() (threadIdx.x == 0)
#define WP_TILE_SYNC() __syncthreads()
#else
#define WP_TILE_LEADER() 1
#define WP_TILE_SYNC() ((void)0)
#endif

/* WP_TLOOP comes before each loop over a tile's elements.  On CUDA every
 * thread runs a whole tile operation, and cicc fully unrolls loops of a
 * constant trip count: a sum over a 400x16 tile became 6400 loads and adds
 * (27 s of cicc for one module of Warp's tile tests).  The emitter
 * (emit_tile_loop_policy) redefines it at the start of each CUDA function:
 * `unroll 1` where the function has a tile of more than
 * WP_TILE_UNROLL_MAX_ELEMS elements, else nothing, so small tiles stay in
 * registers. */
#define WP_TLOOP

/* tile_fft / tile_ifft of one row of n complex numbers (interleaved real,
 * imaginary: a vec2 each) from `in` to `out` (different storage): the
 * unnormalized DFT X[k] = sum_n x[n] exp(-+2 pi i k n / N) (Warp's, and
 * numpy.fft.fft's), by iterative radix-2 Cooley-Tukey for a power of two n
 * (Cormen et al., Introduction to Algorithms, 30.3), else by the O(n^2)
 * sum; twiddle factors in float64. */
#define WP_TILE_FFT(N, T)                                                      \
  WP_FN void wp_tile_fft_##N(const T *in, T *out, int n, int inverse) {        \
    double sgn = inverse ? 1.0 : -1.0, tau = 6.283185307179586476925;          \
    if (n & (n - 1)) {                                                         \
      for (int k = 0; k < n; k++) {                                            \
        double sr = 0, si = 0;                                                 \
        for (int j = 0; j < n; j++) {                                          \
          double a = sgn * tau * (double)((long long)k * j % n) / n;           \
          double c = wp_cos_float64(a), s = wp_sin_float64(a);                 \
          sr += in[2 * j] * c - in[2 * j + 1] * s;                             \
          si += in[2 * j] * s + in[2 * j + 1] * c;                             \
        }                                                                      \
        out[2 * k] = (T)sr;                                                    \
        out[2 * k + 1] = (T)si;                                                \
      }                                                                        \
      return;                                                                  \
    }                                                                          \
    for (int i = 0, j = 0; i < n; i++) { /* bit-reversed order */              \
      out[2 * j] = in[2 * i];                                                  \
      out[2 * j + 1] = in[2 * i + 1];                                          \
      int bit = n >> 1;                                                        \
      for (; bit && (j & bit); bit >>= 1)                                      \
        j ^= bit;                                                              \
      j |= bit;                                                                \
    }                                                                          \
    for (int len = 2; len <= n; len <<= 1)                                     \
      for (int k = 0; k < len / 2; k++) {                                      \
        double a = sgn * tau * k / len;                                        \
        T wr = (T)wp_cos_float64(a), wi = (T)wp_sin_float64(a);                \
        for (int i = 0; i < n; i += len) {                                     \
          T *u = out + 2 * (i + k), *v = out + 2 * (i + k + len / 2);          \
          T vr = v[0] * wr - v[1] * wi, vi = v[0] * wi + v[1] * wr;            \
          v[0] = u[0] - vr;                                                    \
          v[1] = u[1] - vi;                                                    \
          u[0] = u[0] + vr;                                                    \
          u[1] = u[1] + vi;                                                    \
        }                                                                      \
      }                                                                        \
  }
WP_TILE_FFT(float32, float)
WP_TILE_FFT(float64, double)
