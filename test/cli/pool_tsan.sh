#!/usr/bin/env bash
# Concurrent CPU launches under ThreadSanitizer: the runtime's sources and
# the pool's unit tests built with clang -fsanitize=thread and run with
# halt_on_error (any report fails the test).  test_pool_concurrent launches
# from 8 threads at once (values against a plain loop, a rendezvous of the
# 8 launches' kernels), test_pool_threads launches while other threads
# resize and stop the pool, test_task_system launches through task systems
# of the application's (one on threads of its own), test_pool_rule launches
# inline and pooled by the cost rule with idle workers spinning or not.
# First, a kernel with a data race between two concurrent launches must be
# reported: TSan works here and the launches really overlap.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
command -v clang >/dev/null || fail "clang is missing (scripts/deps.sh build)"

flags=(-std=c11 -O1 -g -fsanitize=thread -fno-omit-frame-pointer -pthread
  -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -Wall -Wextra -Werror
  -I"$root/runtime/include" -I"$root/test/unit")
# the runtime once, as objects shared by the programs
mkdir -p "$tmp/rt"
for src in "$root"/runtime/src/*.c; do
  o="$tmp/rt/$(basename "${src%.c}").o"
  clang "${flags[@]}" -c "$src" -o "$o" 2>"$tmp/cc.err" ||
    fail "clang failed on $src: $(cat "$tmp/cc.err")"
done
build() { # OUT SRC
  clang "${flags[@]}" -o "$1" "$2" "$tmp"/rt/*.o -ldl -lm 2>"$tmp/cc.err" ||
    fail "clang failed on $2: $(cat "$tmp/cc.err")"
}
export TSAN_OPTIONS="halt_on_error=1 exitcode=66 second_deadlock_stack=1"

cat >"$tmp/race.c" <<'C'
#include <warp/warp.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>

static int shared; /* written by both launches' kernels, unsynchronised */
static _Atomic int arrived;

static void racy(const void *args, const wp_launch_bounds *b, wp_int64 begin,
                 wp_int64 end) {
  (void)args, (void)b, (void)end;
  if (begin != 0)
    return;
  /* the write comes before any synchronisation: ThreadSanitizer orders
     accesses by the epochs of release operations, so a write after the
     meeting below could count as ordered and the race go unseen */
  shared++;
  arrived++;
  while (arrived < 2) /* both kernels run at once, or this never ends */
    sched_yield();
}

static const wp_kernel_desc racy_desc = {
    .abi = WP_KERNEL_DESC_ABI, .name = "racy", .cpu_forward = racy};

static void *launch(void *arg) {
  (void)arg;
  wp_launch_kernel(&WP_LAUNCH_1D(4096), &racy_desc, 0, NULL);
  return NULL;
}

int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], NULL, launch, NULL);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], NULL);
  return shared == 2 ? 0 : 3;
}
C
build "$tmp/race" "$tmp/race.c"
rc=0
WARP_NUM_THREADS=2 timeout 120 "$tmp/race" >"$tmp/out" 2>"$tmp/err" || rc=$?
[ "$rc" -eq 66 ] && grep -q 'ThreadSanitizer: data race' "$tmp/err" ||
  fail "the racy kernel was not reported (exit $rc): $(cat "$tmp/err")"

for t in test_pool_concurrent test_pool_threads test_task_system test_pool_rule; do
  build "$tmp/$t" "$root/test/unit/$t.c"
  rc=0
  WARPRT_TEST_ROUNDS=${POOL_TSAN_ROUNDS:-40} timeout 300 "$tmp/$t" >"$tmp/out" 2>"$tmp/err" || rc=$?
  [ "$rc" -eq 0 ] || fail "$t under ThreadSanitizer: exit $rc:
$(cat "$tmp/out" "$tmp/err")"
  ! grep -q ThreadSanitizer "$tmp/err" || fail "$t: $(cat "$tmp/err")"
done
echo ok
