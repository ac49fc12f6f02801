# warpc - ahead-of-time compiler for the NVIDIA Warp kernel language.
#
#   make            build build/bin/warpc, build/lib/libwarprt.a and the
#                   shared runtime build/lib/shared/libwarprt.so (below)
#   make deps       install/fetch build dependencies (idempotent)
#   make check      everything + all tests through ctest
#   make check-cuda the same, with every e2e case compiled for CUDA and with
#                   its backward kernels (the default run compiles one
#                   differential-suite case in 4 for CUDA, one in 4 whole)
#   make check SAN=1
#                   the same with warpc, the runtime and the tests' programs
#                   built with AddressSanitizer + UBSan (in build/san)
#   make fuzz [FUZZ_TIME=seconds] [FUZZ_TARGET=frontend|runtime]
#                   libFuzzer targets of test/fuzz (in build/fuzz)
#   make demo       build and run the samples
#   make format     clang-format the C sources
#   make bench-compile
#                   compile time per 1k lines of generated inputs at 1k, 10k,
#                   100k lines (bench/compile/README.md; BENCH_ARGS=... for
#                   its options, e.g. BENCH_ARGS=--obj)
#   make bench-compile-targets
#                   issue 13's compile-time targets in one run: warp's
#                   example_raymarch --no-cuda, with CUDA, a cache hit
#   make mutate FILES="lib/ir/fold.c ..." [N=40] [SEED=1] [MUTATE_ARGS=...]
#                   mutation testing: N sampled mutants per file, each built
#                   and run against the tests that reach its line
#                   (scripts/mutate.py --help for MUTATE_ARGS; slow, not
#                   part of make check)
#   make CROSS=aarch64-linux-gnu
#                   build only the runtime for another target (Jetson) with
#                   Debian's cross toolchain ($(CROSS)-gcc, $(CROSS)-ar):
#                   build/aarch64/lib/libwarprt.a, objects in build/aarch64/obj
#                   (the directory is the triple's first field); the native
#                   build is left alone.  Pair it with warpc --target=TRIPLE.
#   make CROSS=aarch64-linux-gnu SYSROOT=DIR
#                   the same against a board's root file system DIR
#                   ($(CROSS)-gcc --sysroot=DIR): a program linked with
#                   --sysroot=DIR needs no glibc newer than DIR's
#                   (scripts/glibc_needs.sh PROG DIR checks it)

CC ?= cc
ifeq ($(origin CC),default)
CC := cc
endif
CFLAGS ?= -O2 -g
WARN := -std=c11 -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE
B := build
# tree-sitter: the Python grammar and the C runtime, both from pinned PyPI
# source distributions that scripts/deps.sh fetches and checks (see there).
# The runtime is tree-sitter 0.23's, compiled here as the single file
# lib/src/lib.c, not Debian's libtree-sitter (0.20.7 crashes on 65,536
# consecutive comment lines, upstream tree-sitter issue 2134).
GRAMMAR := $(B)/deps/tree-sitter-python/src
TS_RT := $(B)/deps/tree-sitter/lib
TS_INC := -I$(TS_RT)/include

LIB_SRC := $(wildcard lib/support/*.c lib/parse/*.c lib/ir/*.c lib/lower/*.c lib/emit/*.c)
CMD_SRC := $(wildcard cmd/warpc/*.c)
RT_SRC := $(wildcard runtime/src/*.c)
GEN_SRC := $(B)/gen/embedded.c

LIB_OBJ := $(LIB_SRC:%.c=$(B)/obj/%.o)
CMD_OBJ := $(CMD_SRC:%.c=$(B)/obj/%.o)
RT_OBJ := $(RT_SRC:%.c=$(B)/obj/%.o)
GEN_OBJ := $(B)/obj/gen/embedded.o
TS_OBJ := $(B)/obj/grammar/parser.o $(B)/obj/grammar/scanner.o $(B)/obj/tree-sitter/lib.o

WARPC_BIN := $(B)/bin/warpc
LIBWARPRT := $(B)/lib/libwarprt.a
# The shared runtime: build/lib/shared/libwarprt.so.N (its soname; N is
# WP_ABI_VERSION of runtime/include/warp/abi.h, so a program linked against
# one ABI never loads a runtime of another) and the link libwarprt.so for
# -L build/lib/shared -lwarprt.  It has a directory of its own: in
# build/lib, `-L build/lib -lwarprt` (the tests, samples/common.mk) would
# pick it instead of libwarprt.a.  Built from the objects of libwarprt.a
# (-fPIC -fvisibility=hidden); runtime/libwarprt.map exports only wp_*.
# Native builds only (CROSS builds the static runtime alone).
RT_ABI := $(shell sed -n 's/^\#define WP_ABI_VERSION \([0-9][0-9]*\)$$/\1/p' runtime/include/warp/abi.h)
RT_SONAME := libwarprt.so.$(RT_ABI)
RT_SO_DIR := $(B)/lib/shared
LIBWARPRT_SO := $(RT_SO_DIR)/$(RT_SONAME)
LIBWARPRT_SO_LINK := $(RT_SO_DIR)/libwarprt.so
RT_MAP := runtime/libwarprt.map
LIBWARPC := $(B)/lib/libwarpc.a

# Files embedded into warpc as C strings: the runtime ABI header (pasted at the
# top of every generated C file) and the builtin library preludes.
EMBED := runtime/include/warp/abi.h $(sort $(wildcard lib/emit/prelude/*.h))

VERSION := $(shell cat VERSION 2>/dev/null || echo 0.0.0)
# the warp-lang release whose kernel language warpc follows (also the
# tests' oracle, installed by scripts/deps.sh)
WARP_VERSION := $(shell cat WARP_VERSION 2>/dev/null || echo 0.0.0)

.PHONY: all deps deps-test check demo clean format unit coverage-table \
        bench-compile bench-compile-targets install

ifeq ($(CROSS),)
all: $(WARPC_BIN) $(LIBWARPRT) $(LIBWARPRT_SO_LINK)
else
# Cross build: the runtime only (warpc itself is a host tool).
XB := $(B)/$(firstword $(subst -, ,$(CROSS)))
XCC ?= $(CROSS)-gcc
XAR ?= $(CROSS)-ar
XSYSROOT := $(if $(SYSROOT),--sysroot=$(SYSROOT))
XRT_OBJ := $(RT_SRC:%.c=$(XB)/obj/%.o)
XLIBWARPRT := $(XB)/lib/libwarprt.a
# the compiler and sysroot of the objects: another SYSROOT rebuilds them
XFLAGS := $(XB)/obj/flags
XFLAGS_NOW := $(XCC) $(XSYSROOT) $(CFLAGS)
ifneq ($(XFLAGS_NOW),$(shell cat $(XFLAGS) 2>/dev/null))
.PHONY: $(XFLAGS)
endif

all: $(XLIBWARPRT)

$(XFLAGS):
	@mkdir -p $(dir $@)
	@echo '$(XFLAGS_NOW)' >$@

$(XB)/obj/runtime/%.o: runtime/%.c $(XFLAGS)
	@mkdir -p $(dir $@)
	$(XCC) $(XSYSROOT) $(CFLAGS) $(WARN) -fPIC -pthread -MMD -MP -Iruntime/include -c $< -o $@

$(XLIBWARPRT): $(XRT_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@ && $(XAR) rcs $@ $^
endif

# ---- make install [PREFIX=/usr/local] [DESTDIR=] [CROSS=TRIPLE] ------------
# Copies, with install(1), into $(DESTDIR)$(PREFIX) (PREFIX absolute):
#   bin/warpc                     the compiler
#   include/warp/*.h, warp.hpp    the runtime's headers (C, and C++)
#   lib/libwarprt.a               the runtime
#   lib/libwarprt.so.N, lib/libwarprt.so
#                                 the shared runtime (N: WP_ABI_VERSION) and
#                                 its link (-lwarprt then links it; the .pc
#                                 names libwarprt.a, the CMake package too
#                                 unless -DWARPC_SHARED_RUNTIME=ON)
#   lib/pkgconfig/warprt.pc       pkg-config file of the runtime (pkg/)
#   lib/cmake/warpc/              CMake package: find_package(warpc) gives
#                                 warpc::warpc, warpc::warprt and
#                                 warpc_add_kernels() (pkg/warpcConfig.cmake.in)
#   share/man/man1/warpc.1
# With CROSS=TRIPLE, only the runtime built for TRIPLE (above), beside a
# native install into the same prefix:
#   lib/TRIPLE/libwarprt.a, lib/TRIPLE/pkgconfig/warprt.pc
# where the CMake package looks when cross compiling and Debian's
# TRIPLE-pkg-config finds the .pc.  The .pc and CMake files locate the rest
# relative to themselves (${pcfiledir}, CMAKE_CURRENT_LIST_DIR): no path is
# written into them, so the installed tree may be moved, or used in DESTDIR.
# Everything is built and the package files written (build/pkg,
# $(XB)/pkg) before anything is copied; installing again rewrites the same
# files.  The layout under PREFIX is fixed (no BINDIR/LIBDIR variables).
PREFIX ?= /usr/local
INSTALL ?= install
PKG_B := $(B)/pkg
DEST = $(DESTDIR)$(PREFIX)
RT_HDR := $(wildcard runtime/include/warp/*.h runtime/include/warp/*.hpp)
PKG_SUBST = sed -e 's|@VERSION@|$(VERSION)|g' -e 's|@TRIPLE@|$(CROSS)|g' $< >$@.tmp && mv $@.tmp $@
check-prefix = @case '$(PREFIX)' in /*) ;; *) echo "make install: PREFIX must be an absolute path, not '$(PREFIX)'" >&2; exit 2 ;; esac

ifeq ($(CROSS),)
PKG_FILES := $(PKG_B)/warprt.pc $(PKG_B)/warpcConfig.cmake $(PKG_B)/warpcConfigVersion.cmake
$(PKG_B)/%: pkg/%.in VERSION
	@mkdir -p $(dir $@)
	$(PKG_SUBST)

install: all $(PKG_FILES)
	$(check-prefix)
	$(INSTALL) -d '$(DEST)/bin' '$(DEST)/include/warp' '$(DEST)/lib/pkgconfig' \
	  '$(DEST)/lib/cmake/warpc' '$(DEST)/share/man/man1'
	$(INSTALL) -m 755 $(WARPC_BIN) '$(DEST)/bin/warpc'
	$(INSTALL) -m 644 $(RT_HDR) '$(DEST)/include/warp/'
	$(INSTALL) -m 644 $(LIBWARPRT) '$(DEST)/lib/libwarprt.a'
	$(INSTALL) -m 644 $(LIBWARPRT_SO) '$(DEST)/lib/$(RT_SONAME)'
	ln -sfn $(RT_SONAME) '$(DEST)/lib/libwarprt.so'
	$(INSTALL) -m 644 $(PKG_B)/warprt.pc '$(DEST)/lib/pkgconfig/warprt.pc'
	$(INSTALL) -m 644 $(PKG_B)/warpcConfig.cmake $(PKG_B)/warpcConfigVersion.cmake \
	  '$(DEST)/lib/cmake/warpc/'
	$(INSTALL) -m 644 man/warpc.1 '$(DEST)/share/man/man1/warpc.1'
else
$(XB)/pkg/warprt.pc: pkg/warprt-cross.pc.in VERSION
	@mkdir -p $(dir $@)
	$(PKG_SUBST)

install: all $(XB)/pkg/warprt.pc
	$(check-prefix)
	$(INSTALL) -d '$(DEST)/lib/$(CROSS)/pkgconfig'
	$(INSTALL) -m 644 $(XLIBWARPRT) '$(DEST)/lib/$(CROSS)/libwarprt.a'
	$(INSTALL) -m 644 $(XB)/pkg/warprt.pc '$(DEST)/lib/$(CROSS)/pkgconfig/warprt.pc'
endif

deps: $(GRAMMAR)/.ok
$(GRAMMAR)/.ok: scripts/deps.sh
	scripts/deps.sh build
	@touch $@

# The grammar and runtime sources appear when deps.sh has run.
$(GRAMMAR)/parser.c $(GRAMMAR)/scanner.c $(TS_RT)/src/lib.c: $(GRAMMAR)/.ok ;

deps-test: deps
	scripts/deps.sh test

$(B)/obj/lib/%.o: lib/%.c $(GRAMMAR)/.ok
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(WARN) $(TS_INC) -MMD -MP -DWARPC_VERSION='"$(VERSION)"' -DWARPC_WARP_VERSION='"$(WARP_VERSION)"' -c $< -o $@

$(B)/obj/cmd/%.o: cmd/%.c $(GRAMMAR)/.ok
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(WARN) -MMD -MP -Ilib -DWARPC_VERSION='"$(VERSION)"' -DWARPC_WARP_VERSION='"$(WARP_VERSION)"' -c $< -o $@

$(B)/obj/runtime/%.o: runtime/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(WARN) -fPIC -fvisibility=hidden -pthread -MMD -MP -Iruntime/include -c $< -o $@

$(B)/obj/grammar/%.o: $(GRAMMAR)/%.c $(GRAMMAR)/.ok
	@mkdir -p $(dir $@)
	$(CC) -O2 -w -I$(GRAMMAR) -c $< -o $@

# Third-party code: built without the project's warnings (-w).
$(B)/obj/tree-sitter/lib.o: $(TS_RT)/src/lib.c $(GRAMMAR)/.ok
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -w -std=c11 -I$(TS_RT)/src $(TS_INC) -c $< -o $@

$(GEN_SRC): $(EMBED) scripts/embed.sh
	@mkdir -p $(dir $@)
	scripts/embed.sh $(EMBED) > $@.tmp && mv $@.tmp $@

$(GEN_OBJ): $(GEN_SRC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

$(LIBWARPC): $(LIB_OBJ) $(GEN_OBJ) $(TS_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

$(WARPC_BIN): $(CMD_OBJ) $(LIBWARPC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $(CMD_OBJ) $(LIBWARPC) -lm

$(LIBWARPRT): $(RT_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

$(LIBWARPRT_SO): $(RT_OBJ) $(RT_MAP)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -shared -fPIC -pthread -Wl,-soname,$(RT_SONAME) \
	  -Wl,--version-script=$(RT_MAP) -o $@ $(RT_OBJ) -ldl -lm

$(LIBWARPRT_SO_LINK): $(LIBWARPRT_SO)
	ln -sfn $(RT_SONAME) $@

# Unit tests: test/unit/NAME.c -> build/test/unit/NAME, linked with the
# compiler library or the runtime; their headers (check.h: the CHECK macros)
# are test/unit/*.h.
UNIT_SRC := $(wildcard test/unit/*.c)
UNIT_BIN := $(UNIT_SRC:test/unit/%.c=$(B)/test/unit/%)
# A test of several files lists the others in UNIT_PARTS_NAME: the program
# test_cuda_runtime is test/unit/test_cuda_runtime.c (main) and
# test/unit/cuda/*.c (its fixture and checks).
UNIT_HDR := $(wildcard test/unit/*.h test/unit/cuda/*.h) test/fakecuda/fakecuda.h
UNIT_PARTS_test_cuda_runtime := $(wildcard test/unit/cuda/*.c)
$(B)/test/unit/%: test/unit/%.c $(UNIT_HDR) $(LIBWARPC) $(LIBWARPRT)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(WARN) -pthread -Ilib -Iruntime/include -o $@ $< $(UNIT_PARTS_$*) $(LIBWARPC) $(LIBWARPRT) -lm
$(B)/test/unit/test_cuda_runtime: $(UNIT_PARTS_test_cuda_runtime)

unit: $(UNIT_BIN)

ifneq ($(SAN),1)
check: all unit deps-test
	cmake -S test -B $(B)/ctest -DWARPC_ROOT=$(CURDIR) >/dev/null
	cd $(B)/ctest && ctest --output-on-failure -j2 $(CTEST_ARGS)
endif

# ---- sanitizers: make check SAN=1 -------------------------------------------
# The whole suite against warpc, libwarprt.a and the unit tests built with
# AddressSanitizer and UBSan (-fno-sanitize-recover=all, arenas one malloc per
# object: WP_ARENA_MALLOC).  Tests find what they run under
# $WARPC_ROOT/build, so the sanitized build lives in a view of the tree,
# build/san/root (scripts/san_tree.sh: links to the sources, tests and
# scripts, and a build/ of its own), and the suite runs there with
# WARPC_ROOT pointing at it; the normal build is left alone.  CC is a
# wrapper adding the sanitizer flags, also first in PATH as `cc`, so every
# program a test links against the sanitized libwarprt.a (the e2e and grad
# harnesses, CLI scripts) gets the sanitizer runtime too.  A sanitizer report aborts the process
# (abort_on_error), so a test expecting exit status 1 or 2 sees a signal.
SAN_ROOT := $(CURDIR)/$(B)/san/root
SAN_BIN := $(CURDIR)/$(B)/san/bin
SAN_ENV := CC=$(SAN_BIN)/cc PATH=$(SAN_BIN):$$PATH \
  ASAN_OPTIONS=abort_on_error=1:detect_leaks=1:check_initialization_order=1 \
  UBSAN_OPTIONS=abort_on_error=1:halt_on_error=1:print_stacktrace=1 \
  WARPC=$(SAN_ROOT)/build/bin/warpc WARPRT=$(SAN_ROOT)/build/lib/libwarprt.a

ifeq ($(SAN),1)
.PHONY: check
check: deps
	scripts/san_tree.sh $(SAN_ROOT) $(SAN_BIN)
	$(SAN_ENV) $(MAKE) -C $(SAN_ROOT) check SAN= CFLAGS='-O1 -g -DWP_ARENA_MALLOC'
endif

# ---- fuzzing: make fuzz [FUZZ_TIME=s] [FUZZ_TARGET=...] [FUZZ_JOBS=n] ------
# libFuzzer targets test/fuzz/fuzz_NAME.c over the compiler library and the
# runtime compiled again with clang -fsanitize=fuzzer-no-link,address,undefined
# and WP_ARENA_MALLOC into build/fuzz (a second make with B=build/fuzz).
# scripts/fuzz.sh runs each target FUZZ_TIME seconds (default 60) on its
# corpus build/fuzz/corpus/NAME (kept between runs) and seeds made from
# test/ (build/fuzz/seeds/NAME); crashes go to build/fuzz/artifacts/NAME.
# FUZZ_JOBS > 1 runs that many processes per target (-fork).
FUZZ_B := $(B)/fuzz
FUZZ_TARGETS := frontend runtime volume
FUZZ_TARGET ?= $(FUZZ_TARGETS)
FUZZ_TIME ?= 60
FUZZ_JOBS ?= 1
FUZZ_CC ?= clang
FUZZ_SAN := -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_CFLAGS := -O1 -g -fno-omit-frame-pointer $(FUZZ_SAN) \
  -fsanitize=fuzzer-no-link -DWP_ARENA_MALLOC
.PHONY: fuzz fuzz-build fuzz-bins

fuzz: fuzz-build
	scripts/fuzz.sh $(FUZZ_B) $(FUZZ_TIME) $(FUZZ_JOBS) $(FUZZ_TARGET)

fuzz-build: deps $(WARPC_BIN)
	@mkdir -p $(FUZZ_B)
	ln -sfn $(CURDIR)/$(B)/deps $(FUZZ_B)/deps
	$(MAKE) --no-print-directory B=$(FUZZ_B) CC=$(FUZZ_CC) \
	  CFLAGS='$(FUZZ_CFLAGS)' fuzz-bins
	scripts/fuzz_seeds.sh $(FUZZ_B) $(WARPC_BIN)

# In the second make (B=build/fuzz): the targets, the fake CUDA driver the
# runtime target loads (beside it, as libcuda.so.1) and the seed writer.
fuzz-bins: $(FUZZ_TARGETS:%=$(B)/bin/fuzz_%) $(B)/bin/libcuda.so.1 \
  $(B)/bin/runtime_seeds

$(B)/bin/fuzz_frontend: test/fuzz/fuzz_frontend.c $(LIBWARPC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(WARN) -fsanitize=fuzzer -Ilib -o $@ $< $(LIBWARPC) -lm

$(B)/bin/fuzz_runtime: test/fuzz/fuzz_runtime.c test/fuzz/runtime_input.h $(LIBWARPRT)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(WARN) -fsanitize=fuzzer -pthread -Iruntime/include -Iruntime/src \
	  -o $@ $< $(LIBWARPRT) -ldl

$(B)/bin/fuzz_volume: test/fuzz/fuzz_volume.c test/unit/volume_grid.h \
  lib/emit/prelude/8volume.h lib/emit/prelude/8volume_grad.h $(LIBWARPRT)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(WARN) -fsanitize=fuzzer -pthread -Iruntime/include \
	  -o $@ $< $(LIBWARPRT) -ldl -lm

$(B)/bin/libcuda.so.1: test/fakecuda/fakecuda.c test/fakecuda/fakecuda.h \
  test/fakecuda/fakecuda_graph.inc test/fakecuda/fakecuda_streams.inc \
  test/fakecuda/fakecuda_memory.inc
	@mkdir -p $(dir $@)
	$(CC) -O1 -g $(WARN) -shared -fPIC -pthread -o $@ $<

$(B)/bin/runtime_seeds: test/fuzz/runtime_seeds.c test/fuzz/runtime_input.h
	@mkdir -p $(dir $@)
	$(CC) -O1 -g $(WARN) -Iruntime/include -o $@ $<

clean: clean-fuzz clean-san
.PHONY: clean-fuzz clean-san
clean-fuzz:
	rm -rf $(addprefix $(B)/fuzz/,obj bin lib gen test deps)
clean-san:
	rm -rf $(B)/san

# docs/coverage.md from the builtin registry and warp-lang's reference
coverage-table: $(WARPC_BIN)
	python3 scripts/coverage_table.py --warpc $(WARPC_BIN) -o docs/coverage.md

# The samples of samples/common.mk run from the tree; samples/cmake and
# samples/pkgconfig need an installed warpc: they build against an install
# into build/demo (PREFIX).
DEMO_PREFIX := $(CURDIR)/$(B)/demo
demo: all
	@for s in $(dir $(shell grep -l 'common\.mk' samples/*/Makefile)); do \
	  echo "== $$s"; $(MAKE) --no-print-directory -C $$s run WARPC_ROOT=$(CURDIR) || exit 1; \
	done
	@$(MAKE) --no-print-directory install PREFIX='$(DEMO_PREFIX)' >/dev/null
	@echo "== samples/cmake/ (against $(DEMO_PREFIX))"
	cmake -S samples/cmake -B $(B)/demo-cmake -DCMAKE_PREFIX_PATH='$(DEMO_PREFIX)' >/dev/null
	cmake --build $(B)/demo-cmake
	$(B)/demo-cmake/cmake_sample
	@echo "== samples/pkgconfig/ (against $(DEMO_PREFIX))"
	PKG_CONFIG_PATH='$(DEMO_PREFIX)/lib/pkgconfig' $(MAKE) --no-print-directory -C samples/pkgconfig run

bench-compile: all
	python3 bench/compile/run.py $(BENCH_ARGS)

bench-compile-targets: all
	python3 bench/compile/raymarch.py $(BENCH_ARGS)

# The whole suite with every e2e case's CUDA compile and backward kernels
# (WARPC_E2E_CUDA=all, WARPC_E2E_ADJOINT=all; make check compiles one
# differential-suite case in 4 for CUDA and one e2e case in 4 with backward
# kernels: test/e2e/README.md).
.PHONY: check-cuda
check-cuda:
	WARPC_E2E_CUDA=all WARPC_E2E_ADJOINT=all $(MAKE) check

# The e2e suite once per x86-64 CPU variant (issue 13: every variant gives
# warp-lang's results, as the scalar path): compiled with the three levels,
# run with WARP_CPU_LEVEL=1 (baseline), 3 (AVX2) and 4 (AVX-512; a CPU
# without it runs its highest level below), then without the SPMD variants
# (-fno-spmd).  CI runs a few cases each way (cli.cpu_variants, cli.cpu_spmd);
# CPU_VARIANTS_TESTS='^e2e\.saxpy$$' picks the tests (a ctest -R regex).
# Every run is made even when one fails (a time-out under load, say); the
# target fails at the end, naming the runs that failed.  The CPU code
# alone: WARPC_E2E_NO_CUDA=1 (about 15 minutes a run on 2 idle cores).
CPU_VARIANTS := --cpu x86-64,x86-64-v3,x86-64-v4
CPU_VARIANTS_TESTS ?= ^(e2e|warp)\.
.PHONY: check-cpu-variants
check-cpu-variants: all deps-test
	cmake -S test -B $(B)/ctest -DWARPC_ROOT=$(CURDIR) >/dev/null
	failed=; for l in 1 3 4; do \
	  echo "== WARP_CPU_LEVEL=$$l"; \
	  (cd $(B)/ctest && WARPC_E2E_FLAGS="$(CPU_VARIANTS)" WARP_CPU_LEVEL=$$l \
	    ctest --output-on-failure -j2 -R '$(CPU_VARIANTS_TESTS)' $(CTEST_ARGS)) || \
	    failed="$$failed WARP_CPU_LEVEL=$$l"; \
	done; \
	echo "== -fno-spmd"; \
	(cd $(B)/ctest && WARPC_E2E_FLAGS=-fno-spmd \
	  ctest --output-on-failure -j2 -R '$(CPU_VARIANTS_TESTS)' $(CTEST_ARGS)) || \
	  failed="$$failed -fno-spmd"; \
	if [ -n "$$failed" ]; then echo "check-cpu-variants: failed:$$failed"; exit 1; fi

# Real Warp code through warpc, every kernel accounted for (test/corpus/run.py):
# warp-lang's own tests and examples with the objects built (CI's corpus.warp
# stops after lowering), then every DIR of CORPUS_DIRS (e.g. an unpacked
# newton wheel: CORPUS_DIRS=/tmp/newton CORPUS_ARGS="-I /tmp").
.PHONY: corpus
corpus: all deps-test
	test/corpus/warp.sh --mode obj $(CORPUS_ARGS)
	$(if $(CORPUS_DIRS),python3 test/corpus/run.py --mode obj $(CORPUS_ARGS) $(CORPUS_DIRS))

# One run at a time per tree (flock): the run and its build of this tree.
.PHONY: mutate mutate-run
mutate:
	@test -n "$(FILES)" || { echo 'make mutate: say which files: FILES="lib/ir/fold.c ..."' >&2; exit 2; }
	@mkdir -p $(B)/mutate
	@flock -n -E 75 $(B)/mutate/make.lock $(MAKE) --no-print-directory mutate-run || \
	  { rc=$$?; [ $$rc = 75 ] && echo "make mutate: another run holds $(B)/mutate/make.lock" >&2; exit $$rc; }
mutate-run: all unit deps-test
	scripts/deps.sh mutate
	python3 scripts/mutate.py $(if $(N),-n $(N)) $(if $(SEED),--seed $(SEED)) $(MUTATE_ARGS) $(FILES)

format:
	clang-format -i $$(git ls-files '*.c' '*.h')

clean:
	rm -rf $(B)/obj $(B)/bin $(B)/lib $(B)/gen $(B)/test $(B)/ctest $(B)/aarch64 $(XB) $(PKG_B) \
	  $(B)/demo $(B)/demo-cmake

-include $(shell find $(B)/obj $(XB) -name '*.d' 2>/dev/null)

# ---- ThreadSanitizer: make check-tsan ----------------------------------------
# The runtime and its CPU tests built with -fsanitize=thread in build/tsan/
# (objects, libwarprt.a, tests), then run: test_pool_threads launches from
# several threads at once while others resize and stop the pool
# (test_pool_concurrent: at once, values and overlap checked;
# test_task_system: through task systems of the application's);
# test_cuda_runtime runs on the fake CUDA driver of test/fakecuda (built with
# TSan too), concurrent CUDA launches included.  Any race report fails the
# target (halt_on_error).  ROUNDS=N scales test_pool_threads (default 200).
TSAN_B := $(B)/tsan
TSAN_CFLAGS := -O1 -g -fsanitize=thread -fno-omit-frame-pointer
TSAN_RT_OBJ := $(RT_SRC:%.c=$(TSAN_B)/obj/%.o)
TSAN_LIB := $(TSAN_B)/lib/libwarprt.a
TSAN_TESTS := test_pool_threads test_pool_concurrent test_task_system test_pool_rule \
  test_runtime test_tape test_launch_limits \
  test_array_checks test_dlpack test_graph test_cuda_runtime
TSAN_BIN := $(TSAN_TESTS:%=$(TSAN_B)/test/%)
TSAN_FAKECUDA := $(TSAN_B)/fakecuda/libcuda.so.1

.PHONY: check-tsan
$(TSAN_B)/obj/runtime/%.o: runtime/%.c
	@mkdir -p $(dir $@)
	$(CC) $(TSAN_CFLAGS) $(WARN) -fPIC -pthread -MMD -MP -Iruntime/include -c $< -o $@

$(TSAN_LIB): $(TSAN_RT_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

$(TSAN_B)/test/%: test/unit/%.c $(UNIT_HDR) $(TSAN_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(TSAN_CFLAGS) $(WARN) -pthread -Ilib -Iruntime/include -o $@ $< $(UNIT_PARTS_$*) $(TSAN_LIB) -lm
$(TSAN_B)/test/test_cuda_runtime: $(UNIT_PARTS_test_cuda_runtime)

$(TSAN_FAKECUDA): test/fakecuda/fakecuda.c test/fakecuda/fakecuda.h \
  test/fakecuda/fakecuda_graph.inc test/fakecuda/fakecuda_streams.inc \
  test/fakecuda/fakecuda_memory.inc
	@mkdir -p $(dir $@)
	$(CC) $(TSAN_CFLAGS) $(WARN) -shared -fPIC -pthread -o $@ $<

# fork() in a threaded program is outside what TSan supports: test_runtime
# skips its fork test (WARPRT_TEST_NO_FORK).
check-tsan: $(TSAN_BIN) $(TSAN_FAKECUDA)
	@set -e; export TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 $(TSAN_OPTIONS)" \
	  WARPRT_TEST_NO_FORK=1 WARPRT_TEST_ROUNDS=$(or $(ROUNDS),200); \
	for t in $(filter-out %/test_cuda_runtime,$(TSAN_BIN)); do \
	  echo "== $$t"; $$t; \
	done; \
	for mode in ok nobinary; do \
	  echo "== $(TSAN_B)/test/test_cuda_runtime (fake CUDA driver, $$mode)"; \
	  LD_LIBRARY_PATH=$(CURDIR)/$(dir $(TSAN_FAKECUDA)) WARPRT_TEST_CUDA=fake \
	    FAKECUDA_MODE=$$mode WARP_NUM_THREADS=4 $(TSAN_B)/test/test_cuda_runtime; \
	done

-include $(shell find $(TSAN_B)/obj -name '*.d' 2>/dev/null)
