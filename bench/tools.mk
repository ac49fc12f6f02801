# bench/tools.mk - the tools and flags the benchmark Makefiles share
# (bench/Makefile, bench/bench.mk, bench/nbody/cpu/Makefile): warpc and
# libwarprt from the repository's build (make at the root), the C compiler,
# and the flags of the C drivers and references.  The including Makefile
# sets ROOT (the repository's root) first, and CFLAGS where -O2 is not it.

WARPC := $(ROOT)/build/bin/warpc
LIBWARPRT := $(ROOT)/build/lib/libwarprt.a
CC ?= cc
ifeq ($(origin CC),default)
CC := cc
endif
# -ffp-contract=off: the C loops round like warpc's CPU code
CFLAGS ?= -O2
BENCH_CFLAGS := -std=c11 -Wall -Wextra -ffp-contract=off -I$(ROOT)/runtime/include
LDFLAGS ?= -Wl,-S
