# bench/tools.mk - the tools and flags the benchmark Makefiles share
# (bench/Makefile, bench/bench.mk, bench/nbody/cpu/Makefile): warpc and
# libwarprt from the repository's build (make at the root), the C compiler,
# the flags of the C drivers and references, and what `make` says when
# warpc or libwarprt is not built.  The including Makefile
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

# `make` builds `all` (the rules below come before the including file's)
.DEFAULT_GOAL := all
ifeq ($(wildcard $(WARPC)),)
$(WARPC):
	@echo "$@ not found: build warpc first with 'make -C $(ROOT)'" >&2; exit 1
endif
ifeq ($(wildcard $(LIBWARPRT)),)
$(LIBWARPRT):
	@echo "$@ not found: build warpc first with 'make -C $(ROOT)'" >&2; exit 1
endif
