#!/usr/bin/env bash
# <warp/warp.hpp>, the header-only C++ layer: a program using wp::array,
# wp::tape, wp::launch, wp::run, wp::stream, wp::event and wp::graph with
# kernels from warpc compiles with g++ and clang++ at -std=c++11 and -std=c++17
# -pedantic -Wall -Wextra -Werror, links with libwarprt.a and runs:
#   - a forward launch recorded on a tape and its backward pass give values
#     and gradients computed by hand (y = a x^2, dy/dx = 2 a x);
#   - a 4-d kernel through wp::launch({2, 3, 4, 5}) and through the C++
#     form of WP_LAUNCH_4D writes i*1000 + j*100 + k*10 + l;
#   - errors are thrown as wp::error with the status and the message (a
#     wrong dtype, 5 launch extents, a negative extent, a stream on the
#     CPU, a fill value of the wrong size); moved-from arrays are empty;
#     wrapped buffers are not freed;
#   - on the fake CUDA driver (test/fakecuda), streams and events are
#     created, used, and destroyed by their destructors (the driver's live
#     counts go back to 0);
#   - built with -fno-exceptions, a failure prints the message and aborts.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
[ -f "$root/build/lib/libwarprt.a" ] || fail "build/lib/libwarprt.a is missing (run make)"

cat >kernels.py <<'PY'
import warp as wp


@wp.kernel
def square(x: wp.array(dtype=float), y: wp.array(dtype=float), a: float):
    i = wp.tid()
    y[i] = a * x[i] * x[i]


@wp.kernel
def index4(out: wp.array(dtype=int, ndim=4)):
    i, j, k, l = wp.tid()
    out[i, j, k, l] = i * 1000 + j * 100 + k * 10 + l
PY
"$warpc" --no-cuda kernels.py -o kernels.o 2>err || fail "warpc: $(cat err)"

cat >main.cpp <<'CPP'
#include <warp/warp.hpp>

#include <cstdio>
#include <cstring>
#include <dlfcn.h>
#include <string>
#include <utility>

#include "kernels.h"

static int fails = 0;
#define EXPECT(c)                                                              \
  do {                                                                         \
    if (!(c)) {                                                                \
      std::printf("line %d: FAILED: %s\n", __LINE__, #c);                      \
      fails++;                                                                 \
    }                                                                          \
  } while (0)

#if WP_HPP_EXCEPTIONS
/* Runs f, which must throw wp::error with `status` and a message starting
 * with `text`. */
template <class F> static void expect_error(F f, wp_status status, const char *text, int line) {
  try {
    f();
    std::printf("line %d: no exception\n", line);
    fails++;
  } catch (const wp::error &e) {
    if (e.status() != status || std::strncmp(e.what(), text, std::strlen(text)) != 0) {
      std::printf("line %d: got %s (%s)\n", line, wp_status_string(e.status()), e.what());
      fails++;
    }
  }
}
#define EXPECT_ERROR(body, status, text) expect_error([&]() { body; }, status, text, __LINE__)

struct fake_stats { /* the head of test/fakecuda/fakecuda.h's fakecuda_stats */
  int init_calls, ctx_retains, pushes, pops, max_depth, no_context, bad_pointer,
      allocs, frees, live_allocs, memset8, memset16, memset32, htod, dtoh, dtod,
      peer, async_copies, module_loads, module_loads_on[8], get_functions,
      launches, ctx_syncs, stream_syncs, live_streams, live_events;
  unsigned char rest[1024];
};

static bool fake_stats_now(fake_stats *s) {
  void *lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
  if (!lib)
    return false;
  void (*get)(fake_stats *) = reinterpret_cast<void (*)(fake_stats *)>(dlsym(lib, "fakecuda_get_stats"));
  dlclose(lib);
  if (!get)
    return false;
  get(s);
  return true;
}
#endif

int main(int argc, char **argv) {
  if (argc > 1 && std::strcmp(argv[1], "abort") == 0) {
    wp::array bad(WP_FLOAT32, {-1}); /* without exceptions: aborts */
    std::printf("not aborted\n");
    return 0;
  }
#if WP_HPP_EXCEPTIONS
  const wp_int64 n = 2000;
  {
    wp::array x(WP_FLOAT32, {n}, WP_DEVICE_CPU, true);
    wp::array y(WP_FLOAT32, {n}, WP_DEVICE_CPU, true);
    EXPECT(x.size() == n && x.ndim() == 1 && x.shape(0) == n && x.dtype() == WP_FLOAT32);
    for (wp_int64 i = 0; i < n; i++)
      x.data<float>()[i] = float(i % 100) * 0.5f;
    wp::tape t;
    wp::run(kernels_square, wp::launch({n}).record(t), x, y, 3.0f);
    EXPECT(t.launch_count() == 1);
    bool ok = true;
    for (wp_int64 i = 0; i < n; i++) {
      float v = float(i % 100) * 0.5f;
      ok = ok && y.data<float>()[i] == 3.0f * v * v;
    }
    EXPECT(ok);
    t.backward(y); /* dy/dx = 2 * 3 * x, seeded with ones */
    ok = true;
    for (wp_int64 i = 0; i < n; i++)
      ok = ok && x.grad<float>()[i] == 6.0f * (float(i % 100) * 0.5f);
    EXPECT(ok);
    t.zero();
    EXPECT(x.grad<float>()[7] == 0.0f);
    t.reset();
    EXPECT(t.launch_count() == 0);

    /* errors */
    wp::array o(WP_INT32, {2, 3, 4, 5});
    EXPECT_ERROR(wp::run(kernels_square, wp::launch({4}), o, y, 1.0f), WP_ERROR_DTYPE_MISMATCH,
                 "WP_ERROR_DTYPE_MISMATCH: kernels_square: parameter 'x'");
    EXPECT_ERROR(wp::launch({1, 2, 3, 4, 5}), WP_ERROR_INVALID_VALUE,
                 "WP_ERROR_INVALID_VALUE: wp::launch: 5 extents given");
    EXPECT_ERROR(wp::array(WP_FLOAT32, {-1}), WP_ERROR_INVALID_VALUE, "WP_ERROR_INVALID_VALUE: ");
    EXPECT_ERROR(wp::stream s(WP_DEVICE_CPU), WP_ERROR_NOT_SUPPORTED, "WP_ERROR_NOT_SUPPORTED: ");
    EXPECT_ERROR(y.fill(1.0), WP_ERROR_INVALID_VALUE,
                 "WP_ERROR_INVALID_VALUE: wp::array::fill: a value of 8 bytes for elements of 4 bytes");

    /* 4-d: wp::launch and WP_LAUNCH_4D */
    wp::run(kernels_index4, wp::launch({2, 3, 4, 5}), o);
    const wp_int32 *ov = o.data<wp_int32>();
    ok = true;
    for (int i = 0; i < 2; i++)
      for (int j = 0; j < 3; j++)
        for (int k = 0; k < 4; k++)
          for (int l = 0; l < 5; l++)
            ok = ok && ov[((i * 3 + j) * 4 + k) * 5 + l] == i * 1000 + j * 100 + k * 10 + l;
    EXPECT(ok);
    o.zero();
    EXPECT(ov[119] == 0);
    wp::check(kernels_index4(&WP_LAUNCH_4D(2, 3, 4, 5), o));
    EXPECT(ov[119] == 1234 && ov[60] == 1000);

    /* move and wrap */
    wp::array m = std::move(x);
    EXPECT(x.empty() && !m.empty() && m.size() == n);
    x = std::move(m);
    EXPECT(m.empty() && x.size() == n);
    float buf[4] = {0, 0, 0, 0};
    {
      wp::array w = wp::array::wrap(buf, WP_FLOAT32, {4});
      w.fill(2.5f);
    }
    EXPECT(buf[0] == 2.5f && buf[3] == 2.5f);
    wp::array copy(WP_FLOAT32, {4});
    wp::array w = wp::array::wrap(buf, WP_FLOAT32, {4});
    copy.copy_from(w);
    EXPECT(copy.data<float>()[2] == 2.5f);
  }

  /* wp::graph on the CPU: captured launches do not run until replayed;
   * update() changes the scale; an exception inside capture() ends the
   * capture (a later capture works) */
  {
    wp::array x(WP_FLOAT32, {n}), y(WP_FLOAT32, {n});
    x.fill(2.0f);
    wp::graph g = wp::graph::capture(WP_DEVICE_CPU, nullptr, [&] {
      wp::run(kernels_square, wp::launch({n}), x, y, 3.0f);
    });
    EXPECT(g && g.launch_count() == 1 && g.device() == WP_DEVICE_CPU);
    EXPECT(y.data<float>()[5] == 0.0f); /* recorded, not run */
    g.replay();
    EXPECT(y.data<float>()[5] == 12.0f && y.data<float>()[n - 1] == 12.0f);
    g.update([&] { wp::run(kernels_square, wp::launch({n}), x, y, 0.5f); });
    g.replay();
    EXPECT(y.data<float>()[5] == 2.0f);
    EXPECT_ERROR(g.update([&] {}), WP_ERROR_INVALID_VALUE, "WP_ERROR_INVALID_VALUE: ");
    g.replay(); /* a refused update leaves the arguments alone */
    EXPECT(y.data<float>()[7] == 2.0f);
    bool threw = false;
    try { /* all launches made, then an exception: not applied */
      g.update([&] {
        wp::run(kernels_square, wp::launch({n}), x, y, 100.0f);
        throw std::runtime_error("after the launches");
      });
    } catch (const std::runtime_error &) {
      threw = true;
    }
    g.replay();
    EXPECT(threw && y.data<float>()[7] == 2.0f);
    bool thrown = false;
    try {
      wp::graph::capture(WP_DEVICE_CPU, nullptr, [&] { throw std::runtime_error("in capture"); });
    } catch (const std::runtime_error &e) {
      thrown = std::strcmp(e.what(), "in capture") == 0;
    }
    EXPECT(thrown);
    wp::graph h = wp::graph::capture(WP_DEVICE_CPU, nullptr, [] {});
    EXPECT(h.launch_count() == 0);
    wp::graph moved = std::move(g);
    EXPECT(!g && moved);
  }

  /* streams and events on the fake CUDA driver (when it is loaded) */
  int count = 0;
  if (std::getenv("FAKECUDA") && wp_cuda_device_count(&count) == WP_SUCCESS && count > 0) {
    fake_stats s0, s1, s2;
    EXPECT(fake_stats_now(&s0));
    {
      wp::stream st(WP_DEVICE_CUDA(0));
      wp::event a(WP_DEVICE_CUDA(0)), b(WP_DEVICE_CUDA(0));
      wp::array d(WP_FLOAT32, {16}, WP_DEVICE_CUDA(0));
      EXPECT(d.device() == WP_DEVICE_CUDA(0));
      a.record(st);
      b.record(st);
      b.synchronize();
      st.synchronize();
      EXPECT(wp::event::elapsed_ms(a, b) >= 0.0f);
      wp::launch l = wp::launch({16});
      l.on(st);
      EXPECT(l.device == WP_DEVICE_CUDA(0) && l.stream == st.get());
      wp::stream moved = std::move(st);
      EXPECT(st.get() == nullptr && moved.get() != nullptr);
      EXPECT(fake_stats_now(&s1));
      EXPECT(s1.live_streams == s0.live_streams + 1);
      EXPECT(s1.live_events == s0.live_events + 2);
    }
    EXPECT(fake_stats_now(&s2));
    EXPECT(s2.live_streams == s0.live_streams && s2.live_events == s0.live_events);
    EXPECT(s2.live_allocs == s0.live_allocs);
    std::printf("fake cuda: streams and events ok\n");
  }
#endif
  wp_shutdown();
  std::printf(fails ? "FAILED\n" : "PASS\n");
  return fails ? 1 : 0;
}
CPP

fake=$tmp/fakecuda
mkdir "$fake"
cc -std=c11 -O1 -shared -fPIC -pthread -D_POSIX_C_SOURCE=200809L -o "$fake/libcuda.so.1" \
  "$root/test/fakecuda/fakecuda.c" || fail "cannot build the fake driver"

built=0
for cxx in g++ clang++; do
  command -v $cxx >/dev/null || { echo "no $cxx"; continue; }
  for std in c++11 c++17; do
    $cxx -std=$std -pedantic -Wall -Wextra -Werror -I"$root/runtime/include" main.cpp kernels.o \
      "$root/build/lib/libwarprt.a" -lpthread -ldl -lm -o app 2>build.err ||
      fail "$cxx -std=$std: $(head -c 3000 build.err)"
    ./app >out.txt || fail "$cxx -std=$std: $(cat out.txt)"
    grep -qx PASS out.txt || fail "$cxx -std=$std: $(cat out.txt)"
    LD_LIBRARY_PATH=$fake FAKECUDA=1 ./app >out.txt || fail "$cxx -std=$std, fake CUDA: $(cat out.txt)"
    grep -qx 'fake cuda: streams and events ok' out.txt || fail "$cxx -std=$std: fake CUDA not reached: $(cat out.txt)"
    built=$((built + 1))
  done
done
[ $built -ge 2 ] || fail "no C++ compiler ran (g++, clang++)"

# warp.hpp's own code is clean under stricter C++ warnings (the C headers it
# includes use C casts: with -isystem, as an installed header is, they are
# not warned about)
printf '#include <warp/warp.hpp>\nint main() { wp::launch l({2, 3}); return l.ndim == 2 ? 0 : 1; }\n' >strict.cpp
for cxx in g++ clang++; do
  command -v $cxx >/dev/null || continue
  $cxx -std=c++11 -fsyntax-only -Wall -Wextra -pedantic -Wshadow -Wold-style-cast \
    -Wzero-as-null-pointer-constant -Werror -isystem "$root/runtime/include" strict.cpp 2>build.err ||
    fail "$cxx, strict warnings: $(head -c 3000 build.err)"
done

# without exceptions: a failure aborts with the message
g++ -std=c++17 -fno-exceptions -pedantic -Wall -Wextra -Werror -I"$root/runtime/include" main.cpp kernels.o \
  "$root/build/lib/libwarprt.a" -lpthread -ldl -lm -o noexc 2>build.err || fail "-fno-exceptions: $(cat build.err)"
./noexc >out.txt || fail "-fno-exceptions: $(cat out.txt)"
set +e
{ ./noexc abort >out.txt 2>err.txt; } 2>/dev/null # no "Aborted" from bash
st=$?
set -e
[ $st -eq 134 ] || fail "-fno-exceptions failure: status $st, expected 134 (abort): $(cat out.txt err.txt)"
grep -q '^warp.hpp: WP_ERROR_INVALID_VALUE: ' err.txt || fail "-fno-exceptions failure: $(cat err.txt)"
echo "ok: warp.hpp with $built compiler/standard pairs, the fake CUDA driver and -fno-exceptions"
