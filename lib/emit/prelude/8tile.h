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
