# samples/common.mk - what every sample's Makefile shares: kernels.py ->
# (warpc) -> kernels.o + kernels.h (+ the depfile kernels.d), linked with
# main.c and libwarprt into ./$(PROG).  A sample's Makefile sets PROG (and
# WARPCFLAGS, e.g. -I DIR for imported modules) and includes this file.
#
#   make            build ./$(PROG)
#   make run        build and run it
#   make clean      remove what the build made
#
# WARPC_ROOT is the warpc repository (or install prefix) holding
# build/bin/warpc, build/lib/libwarprt.a and runtime/include.

WARPC_ROOT ?= ../..
WARPC := $(WARPC_ROOT)/build/bin/warpc
LIBDIR := $(WARPC_ROOT)/build/lib
LIBWARPRT := $(LIBDIR)/libwarprt.a

CC ?= cc
ifeq ($(origin CC),default)
CC := cc
endif
CFLAGS ?= -O2
# Always used, even when CFLAGS is given on the command line.
# -ffp-contract=off: no fused multiply-adds in the C reference, as in the
# code warpc generates, so both round identically.
SAMPLE_CFLAGS := -std=c11 -Wall -Wextra -ffp-contract=off
CPPFLAGS += -I$(WARPC_ROOT)/runtime/include
LDLIBS := -L$(LIBDIR) -lwarprt -lpthread -lm


.PHONY: all run clean

all: $(PROG)

run: $(PROG)
	./$(PROG)

$(PROG): main.c kernels.o kernels.h $(LIBWARPRT)
	$(CC) $(CPPFLAGS) $(SAMPLE_CFLAGS) $(CFLAGS) -o $@ main.c kernels.o $(LDLIBS)

# One warpc run writes both files.  The object is the target that runs it:
# warpc rewrites the header only when its content changes (an edit of a
# kernel's body leaves it, and its modification time, as they were), so the
# header may be older than the object and the .py; `%.h: %.o` says it comes
# with the object (C files that include it rebuild only when a declaration
# changed), writing it again only when it was deleted.  -MD -MP: warpc also
# writes kernels.d, a depfile naming every Python module the kernels
# imported (WARPCFLAGS may add -I DIR for them), included below so that a
# change to any of them rebuilds kernels.o.
WARPCFLAGS ?=
%.o: %.py $(WARPC)
	$(WARPC) $(WARPCFLAGS) -MD -MP $< -o $@
%.h: %.o
	@[ -f $@ ] || $(WARPC) $(WARPCFLAGS) -MD -MP $*.py -o $<

-include kernels.d

# warpc and libwarprt are built by the repository's Makefile, not here (so
# this Makefile's CC/CFLAGS never leak into that build); say so when missing.
ifeq ($(wildcard $(WARPC)),)
$(WARPC):
	@echo "$@ not found: build warpc first with 'make -C $(WARPC_ROOT)'" >&2; exit 1
endif
ifeq ($(wildcard $(LIBWARPRT)),)
$(LIBWARPRT):
	@echo "$@ not found: build warpc first with 'make -C $(WARPC_ROOT)'" >&2; exit 1
endif

clean:
	rm -f $(PROG) kernels.o kernels.h kernels.d
