# warpc - ahead-of-time compiler for the NVIDIA Warp kernel language.
#
#   make            build build/bin/warpc and build/lib/libwarprt.a
#   make deps       install/fetch build dependencies (idempotent)
#   make check      everything + all tests through ctest
#   make demo       build and run the samples
#   make format     clang-format the C sources
#   make bench-compile
#                   compile time per 1k lines of generated inputs at 1k, 10k,
#                   100k lines (bench/compile/README.md; BENCH_ARGS=... for
#                   its options, e.g. BENCH_ARGS=--obj)
#   make CROSS=aarch64-linux-gnu
#                   build only the runtime for another target (Jetson) with
#                   Debian's cross toolchain ($(CROSS)-gcc, $(CROSS)-ar):
#                   build/aarch64/lib/libwarprt.a, objects in build/aarch64/obj
#                   (the directory is the triple's first field); the native
#                   build is left alone.  Pair it with warpc --target=TRIPLE.

CC ?= cc
ifeq ($(origin CC),default)
CC := cc
endif
CFLAGS ?= -O2 -g
WARN := -std=c11 -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE
B := build
GRAMMAR := $(B)/deps/tree-sitter-python/src
TS_LIB ?= $(firstword $(wildcard /usr/lib/*/libtree-sitter.a /usr/lib/libtree-sitter.a))

LIB_SRC := $(wildcard lib/support/*.c lib/parse/*.c lib/ir/*.c lib/emit/*.c)
CMD_SRC := $(wildcard cmd/warpc/*.c)
RT_SRC := $(wildcard runtime/src/*.c)
GEN_SRC := $(B)/gen/embedded.c

LIB_OBJ := $(LIB_SRC:%.c=$(B)/obj/%.o)
CMD_OBJ := $(CMD_SRC:%.c=$(B)/obj/%.o)
RT_OBJ := $(RT_SRC:%.c=$(B)/obj/%.o)
GEN_OBJ := $(B)/obj/gen/embedded.o
TS_OBJ := $(B)/obj/grammar/parser.o $(B)/obj/grammar/scanner.o

WARPC := $(B)/bin/warpc
LIBWARPRT := $(B)/lib/libwarprt.a
LIBWARPC := $(B)/lib/libwarpc.a

# Files embedded into warpc as C strings: the runtime ABI header (pasted at the
# top of every generated C file) and the builtin library preludes.
EMBED := runtime/include/warp/abi.h $(sort $(wildcard lib/emit/prelude/*.h))

VERSION := $(shell cat VERSION 2>/dev/null || echo 0.0.0)

.PHONY: all deps deps-test check demo clean format unit coverage-table \
        bench-compile

ifeq ($(CROSS),)
all: $(WARPC) $(LIBWARPRT)
else
# Cross build: the runtime only (warpc itself is a host tool).
XB := $(B)/$(firstword $(subst -, ,$(CROSS)))
XCC ?= $(CROSS)-gcc
XAR ?= $(CROSS)-ar
XRT_OBJ := $(RT_SRC:%.c=$(XB)/obj/%.o)
XLIBWARPRT := $(XB)/lib/libwarprt.a

all: $(XLIBWARPRT)

$(XB)/obj/runtime/%.o: runtime/%.c
	@mkdir -p $(dir $@)
	$(XCC) $(CFLAGS) $(WARN) -fPIC -pthread -MMD -MP -Iruntime/include -c $< -o $@

$(XLIBWARPRT): $(XRT_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@ && $(XAR) rcs $@ $^
endif

deps: $(GRAMMAR)/.ok
$(GRAMMAR)/.ok: scripts/deps.sh
	scripts/deps.sh build
	@touch $@

# The grammar sources appear when deps.sh has run.
$(GRAMMAR)/parser.c $(GRAMMAR)/scanner.c: $(GRAMMAR)/.ok ;

deps-test: deps
	scripts/deps.sh test

$(B)/obj/lib/%.o: lib/%.c $(GRAMMAR)/.ok
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(WARN) -MMD -MP -DWARPC_VERSION='"$(VERSION)"' -c $< -o $@

$(B)/obj/cmd/%.o: cmd/%.c $(GRAMMAR)/.ok
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(WARN) -MMD -MP -Ilib -DWARPC_VERSION='"$(VERSION)"' -c $< -o $@

$(B)/obj/runtime/%.o: runtime/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(WARN) -fPIC -pthread -MMD -MP -Iruntime/include -c $< -o $@

$(B)/obj/grammar/%.o: $(GRAMMAR)/%.c $(GRAMMAR)/.ok
	@mkdir -p $(dir $@)
	$(CC) -O2 -w -I$(GRAMMAR) -c $< -o $@

$(GEN_SRC): $(EMBED) scripts/embed.sh
	@mkdir -p $(dir $@)
	scripts/embed.sh $(EMBED) > $@.tmp && mv $@.tmp $@

$(GEN_OBJ): $(GEN_SRC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

$(LIBWARPC): $(LIB_OBJ) $(GEN_OBJ) $(TS_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

$(WARPC): $(CMD_OBJ) $(LIBWARPC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $(CMD_OBJ) $(LIBWARPC) $(TS_LIB) -lm

$(LIBWARPRT): $(RT_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

# Unit tests: test/unit/NAME.c -> build/test/unit/NAME, linked with the
# compiler library or the runtime.
UNIT_SRC := $(wildcard test/unit/*.c)
UNIT_BIN := $(UNIT_SRC:test/unit/%.c=$(B)/test/unit/%)
$(B)/test/unit/%: test/unit/%.c $(LIBWARPC) $(LIBWARPRT)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(WARN) -pthread -Ilib -Iruntime/include -o $@ $< $(LIBWARPC) $(LIBWARPRT) $(TS_LIB) -lm

unit: $(UNIT_BIN)

check: all unit deps-test
	cmake -S test -B $(B)/ctest -DWARPC_ROOT=$(CURDIR) >/dev/null
	cd $(B)/ctest && ctest --output-on-failure -j2 $(CTEST_ARGS)

# docs/coverage.md from the builtin registry and warp-lang's reference
coverage-table: $(WARPC)
	python3 scripts/coverage_table.py --warpc $(WARPC) -o docs/coverage.md

demo: all
	@for s in samples/*/; do \
	  echo "== $$s"; $(MAKE) --no-print-directory -C $$s run WARPC_ROOT=$(CURDIR) || exit 1; \
	done

bench-compile: all
	python3 bench/compile/run.py $(BENCH_ARGS)

format:
	clang-format -i $$(git ls-files '*.c' '*.h')

clean:
	rm -rf $(B)/obj $(B)/bin $(B)/lib $(B)/gen $(B)/test $(B)/ctest $(B)/aarch64 $(XB)

-include $(shell find $(B)/obj $(XB) -name '*.d' 2>/dev/null)
