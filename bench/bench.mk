# bench/bench.mk - what the CPU benchmarks with one kernels.py and one C
# driver share (bench/adjoint, bench/graph, bench/tile_matmul): kernels.py ->
# (warpc --no-cuda) -> B/kernels.o + B/kernels.h, linked with main.c and
# libwarprt into B/$(BENCH)_warpc.  A benchmark's Makefile sets BENCH (its
# directory's name), optionally BENCH_RUN (the `run` recipe; default: run
# the program), BENCH_CLEAN (more files to remove), BENCH_KERNELS and
# BENCH_MODULE (another benchmark's kernels.py and its module name),
# BENCH_LDLIBS (more flags for compiling and linking main.c, e.g. -fopenmp)
# and CFLAGS, and includes this file.
#
#   make -C bench/NAME            build B/NAME_warpc (B: build/bench/NAME)
#   make -C bench/NAME B=DIR      ... into DIR
#   make -C bench/NAME run        build, then run it
#   make -C bench/NAME clean
#
# warpc and libwarprt come from the repository's build (make at the root).
# CPU code only: these benchmarks need no GPU and no CUDA toolkit.

ROOT := $(abspath $(dir $(lastword $(MAKEFILE_LIST)))/..)
B ?= $(ROOT)/build/bench/$(BENCH)
include $(ROOT)/bench/tools.mk
BENCH_RUN ?= $(B)/$(BENCH)_warpc
BENCH_KERNELS ?= $(ROOT)/bench/$(BENCH)/kernels.py
BENCH_MODULE ?= $(BENCH)

.PHONY: all run clean
all: $(B)/$(BENCH)_warpc

run: all
	$(BENCH_RUN)

$(B)/kernels.o: $(BENCH_KERNELS) $(WARPC)
	@mkdir -p $(B)
	$(WARPC) $< --module $(BENCH_MODULE) --no-cuda -o $@

$(B)/kernels.h: $(B)/kernels.o

$(B)/$(BENCH)_warpc: $(ROOT)/bench/$(BENCH)/main.c $(ROOT)/bench/bench_common.h $(B)/kernels.o $(B)/kernels.h $(LIBWARPRT)
	$(CC) $(BENCH_CFLAGS) -I$(B) $(CFLAGS) $(LDFLAGS) -o $@ $< $(B)/kernels.o $(LIBWARPRT) -lpthread -lm $(BENCH_LDLIBS)


clean:
	rm -f $(B)/kernels.o $(B)/kernels.h $(B)/$(BENCH)_warpc $(BENCH_CLEAN)
