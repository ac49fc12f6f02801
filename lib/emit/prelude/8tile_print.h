/* 8tile_print.h - print(tile) (lib/emit/emit_tile_print.c): the values of
 * a tile of nd dimensions d[0..nd) held row-major in v[0..n), then
 * " = tile(shape=(d0,d1,...), storage=S)", as warp-lang 1.19's
 * tile_shared_t::print_values prints them (native/tile.h): an int32 with
 * %d, a float with %g; a row "[a b c]"; the rows of a 2-d level one
 * "\n" apart, indented by nd - 1 spaces; the 2-d blocks of higher levels
 * "\n\n" apart, indented by the level + 1.  Warp starts block i of level L
 * at element index + i * d[L] (not at the block's first element): so does
 * this, and an element past the tile, which Warp reads from outside its
 * storage, prints as 0. */
#ifdef __CUDACC__
#define WP_TILE_PRINTF printf
#else
#define WP_TILE_PRINTF wp_printf
#endif

#define WP_TILE_PRINT(N, T, FMT, PT)                                           \
  WP_FN void wp__tile_print_rows_##N(const T *v, int n, int nd, const int *d,  \
                                     int index) {                              \
    int rows = nd == 1 ? 1 : d[nd - 2], cols = d[nd - 1];                      \
    WP_TILE_PRINTF("[");                                                       \
    for (int i = 0; i < rows; i++) {                                           \
      if (nd > 1)                                                              \
        WP_TILE_PRINTF("[");                                                   \
      for (int j = 0; j < cols; j++, index++) {                                \
        WP_TILE_PRINTF(FMT, index < n ? (PT)v[index] : (PT)0);                 \
        if (j < cols - 1)                                                      \
          WP_TILE_PRINTF(" ");                                                 \
      }                                                                        \
      if (nd > 1)                                                              \
        WP_TILE_PRINTF("]");                                                   \
      if (i < rows - 1) {                                                      \
        WP_TILE_PRINTF("\n");                                                  \
        for (int k = 0; k <= nd - 2; k++)                                      \
          WP_TILE_PRINTF(" ");                                                 \
      }                                                                        \
    }                                                                          \
    WP_TILE_PRINTF("]");                                                       \
  }                                                                            \
  WP_FN void wp_tile_print_##N(const T *v, int n, int nd, int d0, int d1,      \
                               int d2, int d3, const char *storage) {          \
    int d[4] = {d0, d1, d2, d3};                                               \
    if (nd <= 2)                                                               \
      wp__tile_print_rows_##N(v, n, nd, d, 0);                                 \
    else {                                                                     \
      WP_TILE_PRINTF("[");                                                     \
      for (int i = 0; i < d[0]; i++) {                                         \
        if (nd == 3)                                                           \
          wp__tile_print_rows_##N(v, n, nd, d, i *d[0]);                       \
        else {                                                                 \
          WP_TILE_PRINTF("[");                                                 \
          for (int j = 0; j < d[1]; j++) {                                     \
            wp__tile_print_rows_##N(v, n, nd, d, i *d[0] + j * d[1]);          \
            if (j < d[1] - 1)                                                  \
              WP_TILE_PRINTF("\n\n  ");                                        \
          }                                                                    \
          WP_TILE_PRINTF("]");                                                 \
        }                                                                      \
        if (i < d[0] - 1)                                                      \
          WP_TILE_PRINTF("\n\n ");                                             \
      }                                                                        \
      WP_TILE_PRINTF("]");                                                     \
    }                                                                          \
    WP_TILE_PRINTF(" = tile(shape=(");                                         \
    for (int i = 0; i < nd; i++)                                               \
      WP_TILE_PRINTF(i < nd - 1 ? "%d," : "%d", d[i]);                         \
    WP_TILE_PRINTF("), storage=%s)", storage);                                 \
  }
WP_TILE_PRINT(int32, wp_int32, "%d", int)
WP_TILE_PRINT(float32, float, "%g", double)
WP_TILE_PRINT(float64, double, "%g", double)
