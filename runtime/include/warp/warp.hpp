/* warp/warp.hpp - a small header-only C++ layer over libwarprt (C++11 and
 * later; tested with g++ and clang++ -std=c++11 and -std=c++17 -pedantic
 * -Wall -Wextra -Werror).  Everything is in namespace wp and calls the C
 * API of <warp/warp.h>, which it includes; nothing here needs linking
 * beyond libwarprt.
 *
 *   wp::array   owns a wp_array (wp_array_alloc / wp_array_free), move-only;
 *               converts to wp_array * and const wp_array *, so it is passed
 *               to generated launchers as is
 *   wp::tape    owns a wp_tape (wp_tape_create / wp_tape_destroy)
 *   wp::stream  owns a CUDA stream (wp_stream_create / wp_stream_destroy)
 *   wp::event   owns a CUDA event (wp_event_create / wp_event_destroy)
 *   wp::graph   owns a captured graph (wp_capture_begin/end,
 *               wp_graph_launch, wp_graph_update_begin/end)
 *   wp::launch  a wp_launch built from 1 to 4 extents, with chainable
 *               setters for the device, stream, tape, block size
 *   wp::run(launcher, launch, args...)
 *               calls a generated launcher and checks its status
 *   wp::check(status)
 *               turns a failing wp_status into the error below
 *
 * Errors: every call that fails throws wp::error (a std::runtime_error)
 * whose what() is "WP_ERROR_NAME: <wp_last_error() at the failure>" and
 * whose status() is the wp_status; constructors throw too, so an object
 * that exists owns a valid resource.  Destructors never throw (a failure to
 * release is ignored, as the C functions release what they can).  Compiled
 * without exceptions (-fno-exceptions), a failure prints that message on
 * stderr and calls std::abort() instead; call the C functions directly
 * where a status return is wanted (the wrappers' get() gives the C handle).
 *
 * Warnings: this header is also clean under -Wshadow, -Wold-style-cast and
 * -Wzero-as-null-pointer-constant; the C headers it includes are C (casts,
 * 0 as NULL), so under those flags include them as system headers
 * (-isystem DIR, or from an installed prefix).
 *
 * Ownership: a wp::array made by the allocating constructor owns its data
 * and grad (freed by the destructor); one made by wp::array::wrap() owns
 * neither (the caller keeps the buffer alive).  A moved-from object is
 * empty (its destructor does nothing).  Objects are not thread-safe; the C
 * calls they make are (see <warp/warp.h>).
 */
#ifndef WARP_WARP_HPP
#define WARP_WARP_HPP

#include "warp.h"

#include <cstdio>
#include <cstdlib>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <utility>

#if defined(__cpp_exceptions) || defined(__EXCEPTIONS)
#define WP_HPP_EXCEPTIONS 1
#else
#define WP_HPP_EXCEPTIONS 0
#endif

namespace wp {

/* A failed runtime call: status() is its wp_status, what() its name and
 * message. */
class error : public std::runtime_error {
public:
  explicit error(wp_status status)
      : std::runtime_error(std::string(wp_status_string(status)) + ": " +
                           wp_last_error()),
        status_(status) {}
  wp_status status() const noexcept {
    return status_;
  }

private:
  wp_status status_;
};

/* Returns when `status` is WP_SUCCESS; otherwise throws wp::error (without
 * exceptions: prints the message and aborts). */
inline void check(wp_status status) {
  if (status == WP_SUCCESS)
    return;
#if WP_HPP_EXCEPTIONS
  throw error(status);
#else
  std::fprintf(stderr, "warp.hpp: %s: %s\n", wp_status_string(status),
               wp_last_error());
  std::abort();
#endif
}

class stream;
class tape;

/* A launch descriptor: wp::launch({n}), wp::launch({n0, n1, n2, n3}) (1 to
 * 4 extents, as WP_LAUNCH_1D .. WP_LAUNCH_4D); every other field zero (the
 * CPU, default block size, no stream, no tape) until set by the chainable
 * setters.  It is a wp_launch, so &l is what generated launchers take.
 * More than 4 or no extents: WP_ERROR_INVALID_VALUE. */
struct launch : wp_launch {
  launch(std::initializer_list<wp_int64> extents) : wp_launch() {
    if (extents.size() < 1 || extents.size() > 4)
      check(wp_set_error(WP_ERROR_INVALID_VALUE,
                         "wp::launch: %d extents given, a launch has 1 to 4",
                         static_cast<int>(extents.size())));
    for (wp_int64 d : extents)
      this->dims[ndim++] = d;
  }
  launch &on(wp_device d) {
    device = d;
    return *this;
  }
  /* The stream's device and the stream. */
  inline launch &on(const wp::stream &s);
  launch &on_stream(void *cu_stream) {
    stream = cu_stream;
    return *this;
  }
  /* Forward launches are recorded on `t` (<warp/tape.h>). */
  inline launch &record(wp::tape &t);
  launch &with_block_dim(wp_int32 n) {
    block_dim = n;
    return *this;
  }
  launch &with_max_blocks(wp_int32 n) {
    max_blocks = n;
    return *this;
  }
};

/* Calls a generated launcher, `launcher(&l, args...)`, and checks its
 * status: wp::run(kernels_saxpy, wp::launch({n}), x, y, 2.0f). */
template <class Launcher, class... Args>
void run(Launcher launcher, const wp_launch &l, Args &&...args) {
  check(launcher(&l, std::forward<Args>(args)...));
}

/* An array that owns its memory (or, from wrap(), describes the caller's). */
class array {
public:
  /* An empty (null) array: a zeroed wp_array, as None for an array
   * parameter. */
  array() noexcept : a_() {}
  /* A zero-filled contiguous array of `dtype` with extents `shape` (1 to 4)
   * on `device`, with a zero-filled grad when `requires_grad`
   * (wp_array_alloc; elem_size 0: the dtype's size, give it for struct
   * dtypes).  Throws on the errors of wp_array_alloc. */
  array(wp_dtype dtype, std::initializer_list<wp_int64> shape,
        wp_device device = WP_DEVICE_CPU, bool requires_grad = false,
        wp_size elem_size = 0)
      : a_() {
    check(wp_array_alloc(&a_, dtype, elem_size,
                         static_cast<wp_int32>(shape.size()), shape.begin(),
                         requires_grad ? 1 : 0, device));
  }
  /* Describes the caller's buffer without copying or owning it
   * (wp_array_wrap: strides in bytes, NULL for contiguous row-major). */
  static array wrap(void *data, wp_dtype dtype,
                    std::initializer_list<wp_int64> shape,
                    wp_device device = WP_DEVICE_CPU,
                    const wp_int64 *strides = nullptr, wp_size elem_size = 0) {
    array r;
    check(wp_array_wrap(&r.a_, data, dtype, elem_size,
                        static_cast<wp_int32>(shape.size()), shape.begin(),
                        strides, device));
    return r;
  }
  array(const array &) = delete;
  array &operator=(const array &) = delete;
  array(array &&o) noexcept : a_(o.a_) {
    o.a_ = wp_array();
  }
  array &operator=(array &&o) noexcept {
    if (this != &o) {
      wp_array_free(&a_);
      a_ = o.a_;
      o.a_ = wp_array();
    }
    return *this;
  }
  ~array() {
    wp_array_free(&a_);
  }

  wp_array *get() noexcept {
    return &a_;
  }
  const wp_array *get() const noexcept {
    return &a_;
  }
  operator wp_array *() noexcept {
    return &a_;
  }
  operator const wp_array *() const noexcept {
    return &a_;
  }

  wp_int64 size() const noexcept {
    return wp_array_size(&a_);
  }
  wp_int32 ndim() const noexcept {
    return a_.ndim;
  }
  wp_int64 shape(int k) const noexcept {
    return k >= 0 && k < a_.ndim ? a_.shape[k] : 0;
  }
  wp_dtype dtype() const noexcept {
    return a_.dtype;
  }
  wp_device device() const noexcept {
    return a_.device;
  }
  bool empty() const noexcept {
    return !a_.data && a_.ndim == 0;
  }
  /* The data and grad pointers as T * (device pointers on a CUDA
   * device). */
  template <class T> T *data() const noexcept {
    return static_cast<T *>(a_.data);
  }
  template <class T> T *grad() const noexcept {
    return static_cast<T *>(a_.grad);
  }

  void alloc_grad() {
    check(wp_array_alloc_grad(&a_));
  }
  void zero() {
    check(wp_array_zero(&a_));
  }
  void zero_grad() {
    check(wp_array_zero_grad(&a_));
  }
  /* Sets every element to `value` (one element of the dtype: a float for
   * float32, a wp_vec3f for vec3f, ...). */
  template <class T> void fill(const T &value) {
    if (sizeof(T) != static_cast<wp_size>(a_.elem_size))
      check(wp_set_error(WP_ERROR_INVALID_VALUE,
                         "wp::array::fill: a value of %d bytes for elements "
                         "of %d bytes",
                         static_cast<int>(sizeof(T)),
                         static_cast<int>(a_.elem_size)));
    check(wp_array_fill(&a_, &value));
  }
  /* Copies `src` (same dtype and shape, any device) into this array. */
  void copy_from(const array &src) {
    check(wp_array_copy(&a_, &src.a_));
  }

private:
  wp_array a_;
};

/* A tape recording forward launches for wp_tape_backward. */
class tape {
public:
  tape() : t_(nullptr) {
    check(wp_tape_create(&t_));
  }
  tape(const tape &) = delete;
  tape &operator=(const tape &) = delete;
  tape(tape &&o) noexcept : t_(o.t_) {
    o.t_ = nullptr;
  }
  tape &operator=(tape &&o) noexcept {
    if (this != &o) {
      wp_tape_destroy(t_);
      t_ = o.t_;
      o.t_ = nullptr;
    }
    return *this;
  }
  ~tape() {
    wp_tape_destroy(t_);
  }

  wp_tape *get() const noexcept {
    return t_;
  }
  /* Seeds loss's grad with ones and replays the adjoints, newest first. */
  void backward(array &loss) {
    check(wp_tape_backward(t_, loss.get()));
  }
  /* Replays the adjoints with the grads as the caller set them. */
  void backward() {
    check(wp_tape_backward(t_, nullptr));
  }
  void zero() {
    check(wp_tape_zero(t_));
  }
  void reset() noexcept {
    wp_tape_reset(t_);
  }
  int launch_count() const noexcept {
    return wp_tape_launch_count(t_);
  }

private:
  wp_tape *t_;
};

/* A CUDA stream of one device (WP_ERROR_NOT_SUPPORTED for the CPU). */
class stream {
public:
  explicit stream(wp_device device) : device_(device), s_(nullptr) {
    check(wp_stream_create(device, &s_));
  }
  stream(const stream &) = delete;
  stream &operator=(const stream &) = delete;
  stream(stream &&o) noexcept : device_(o.device_), s_(o.s_) {
    o.s_ = nullptr;
  }
  stream &operator=(stream &&o) noexcept {
    if (this != &o) {
      wp_stream_destroy(device_, s_);
      device_ = o.device_;
      s_ = o.s_;
      o.s_ = nullptr;
    }
    return *this;
  }
  ~stream() {
    wp_stream_destroy(device_, s_);
  }

  void *get() const noexcept {
    return s_;
  }
  wp_device device() const noexcept {
    return device_;
  }
  void synchronize() const {
    check(wp_stream_synchronize(device_, s_));
  }

private:
  wp_device device_;
  void *s_;
};

/* A CUDA event of one device, with timing. */
class event {
public:
  explicit event(wp_device device) : device_(device), e_(nullptr) {
    check(wp_event_create(device, &e_));
  }
  event(const event &) = delete;
  event &operator=(const event &) = delete;
  event(event &&o) noexcept : device_(o.device_), e_(o.e_) {
    o.e_ = nullptr;
  }
  event &operator=(event &&o) noexcept {
    if (this != &o) {
      wp_event_destroy(device_, e_);
      device_ = o.device_;
      e_ = o.e_;
      o.e_ = nullptr;
    }
    return *this;
  }
  ~event() {
    wp_event_destroy(device_, e_);
  }

  void *get() const noexcept {
    return e_;
  }
  wp_device device() const noexcept {
    return device_;
  }
  /* Records the event on the device's default stream, or on `s`. */
  void record() {
    check(wp_event_record(device_, e_, nullptr));
  }
  void record(const stream &s) {
    check(wp_event_record(device_, e_, s.get()));
  }
  void synchronize() const {
    check(wp_event_synchronize(device_, e_));
  }
  /* Milliseconds between two completed events of one device. */
  static float elapsed_ms(const event &start, const event &end) {
    float ms = 0;
    check(wp_event_elapsed_ms(start.device_, start.e_, end.e_, &ms));
    return ms;
  }

private:
  wp_device device_;
  void *e_;
};

/* A captured graph (<warp/graph.h>), owned: wp_graph_destroy in the
 * destructor; move-only.
 *   wp::graph step = wp::graph::capture(WP_DEVICE_CPU, nullptr, [&] {
 *     wp::run(sim_integrate, wp::launch({n}), x, v);
 *     wp::run(sim_collide, wp::launch({n}), x, v);
 *   });
 *   for (int i = 0; i < frames; i++)
 *     step.replay();
 *   step.update([&] { ...the same launches with new arguments... });
 * capture() runs fn with this thread capturing on `device` (`cu_stream`,
 * one of its streams, for CUDA; nullptr for the CPU): the launches fn makes
 * there are recorded, not run.  If fn throws, the capture is ended, its
 * graph destroyed and the exception passed on.  update() repeats the
 * graph's launches with new arguments (wp_graph_update_begin/end: the same
 * kernels, dims and order); if fn throws the update is ended unapplied. */
class graph {
public:
  graph() noexcept : g_(nullptr) {}
  template <class F>
  static graph capture(wp_device device, void *cu_stream, F &&fn) {
    check(wp_capture_begin(device, cu_stream));
    capture_guard guard(device, cu_stream);
    fn();
    graph g;
    guard.active = false;
    check(wp_capture_end(device, cu_stream, &g.g_));
    return g;
  }
  graph(graph &&o) noexcept : g_(o.g_) {
    o.g_ = nullptr;
  }
  graph &operator=(graph &&o) noexcept {
    if (this != &o) {
      reset();
      g_ = o.g_;
      o.g_ = nullptr;
    }
    return *this;
  }
  graph(const graph &) = delete;
  graph &operator=(const graph &) = delete;
  ~graph() {
    reset();
  }
  /* Runs the graph: a CUDA graph is queued on `cu_stream` (nullptr: the
   * legacy default stream), a CPU graph runs now (cu_stream nullptr). */
  void replay(void *cu_stream = nullptr) {
    check(wp_graph_launch(g_, cu_stream));
  }
  void replay(const wp::stream &s);
  template <class F> void update(F &&fn) {
    check(wp_graph_update_begin(g_));
    update_guard guard(g_);
    fn();
    guard.active = false;
    check(wp_graph_update_end(g_));
  }
  int launch_count() const {
    int n = 0;
    check(wp_graph_launch_count(g_, &n));
    return n;
  }
  wp_device device() const noexcept {
    return wp_graph_device(g_);
  }
  wp_graph *get() const noexcept {
    return g_;
  }
  explicit operator bool() const noexcept {
    return g_ != nullptr;
  }

private:
  void reset() noexcept {
    if (g_)
      wp_graph_destroy(g_);
    g_ = nullptr;
  }
  /* Ends a capture left open by an exception, discarding its graph. */
  struct capture_guard {
    wp_device device;
    void *stream;
    bool active;
    capture_guard(wp_device d, void *s) : device(d), stream(s), active(true) {}
    ~capture_guard() {
      wp_graph *g = nullptr;
      if (active && wp_capture_end(device, stream, &g) == WP_SUCCESS)
        wp_graph_destroy(g);
    }
  };
  /* Abandons an update left open by an exception: nothing is applied,
   * even when fn threw after its last launch. */
  struct update_guard {
    wp_graph *g;
    bool active;
    explicit update_guard(wp_graph *graph) : g(graph), active(true) {}
    ~update_guard() {
      if (active)
        wp_graph_update_cancel(g);
    }
  };
  wp_graph *g_;
};

inline launch &launch::on(const wp::stream &s) {
  device = s.device();
  stream = s.get();
  return *this;
}

inline void graph::replay(const wp::stream &s) {
  replay(s.get());
}

inline launch &launch::record(wp::tape &t) {
  tape = t.get();
  return *this;
}

} // namespace wp

#endif
