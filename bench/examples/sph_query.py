#!/usr/bin/env python3
"""sph_query.py - an experiment: what does one hash-grid candidate cost in
example_sph's neighbour loops, and what would other forms of the generated
loop save?  (README.md, "sph: what a candidate costs".)

    python3 bench/examples/sph_query.py [--reps N] [--march x86-64-v3] [--keep DIR]

warpc --emit=c compiles warp-lang's example_sph.py (no CUDA, one CPU
target); this script rewrites the scalar bodies of compute_density (wpkD)
and get_acceleration (wpkA) in copies of that C into the forms below, builds
each with warpc's own flags for the host object (cmd/warpc/output.c) and
-march=MARCH, links them all (launchers renamed vK_) with sph_query.c, which
steps the example once and then launches the variants' two kernels in turn
on one thread, REPS rounds: ms of thread CPU time per launch, fastest and
median.  Each form is checked for the same bytes as the generated code
(the breakdown rows compute something else on purpose: timing only).

Forms (hand-written here, in the shape a compiler change would emit):
  generated     warpc's C as it is (the query_next state machine)
  counted       each run of the query an inner counted loop over
                [cell_index, cell_end) of point_ids, wp__hg_next between runs
  buffered      the runs' ids copied (16 at a time, unconditionally) into a
                buffer of up to 256, then one loop over the buffer (one
                loop exit per query instead of one per run)
  sqrt-test     (get_acceleration) `sqrt(d) < h` tested as d < T(h), T the
                least float whose square root is >= h (exact, found once per
                thread), the sqrt computed only for candidates that pass
  ... and combinations; for compute_density, a breakdown of the counted
  form: the query's start only, the runs walked without their points, the
  points' ids read, the positions loaded (bits xor-ed: no float chain),
  the kernel computed without the sum's order.  Every run loop here has
  the prelude's WP__HG_SCALAR_LOOP (no vectorizing, interleaving or
  unrolling), so that the breakdown's integer loops stay scalar like the
  summing loop.
Needs build/bin/warpc and build/lib/libwarprt.a (`make`), clang, warp-lang.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HERE = ROOT / "bench" / "examples"
CFLAGS = ["-c", "-x", "c", "-std=c11", "-O2", "-fPIC", "-fwrapv", "-ffp-contract=off", "-fno-math-errno",
          "-Wno-everything", "-Werror=implicit-function-declaration"]


def fail(msg):
    sys.exit(f"sph_query.py: {msg} (has warpc's emitted form changed?)")


def body_span(c, k):
    i = c.index(f"WP_FN void {k}_body(")
    return i, c.index("\n}\n", i) + 3


def kernel_id(c, name):
    m = re.search(r"/\* SPMD %s: [^\n]*\*/\nWP_FN void (wpk\d+)_body\(" % name, c)
    if not m:
        fail(f"no scalar body of {name}")
    return m.group(1)


def replace_once(text, old, new):
    if text.count(old) != 1:
        fail(f"expected one {old[:60]!r}")
    return text.replace(old, new)


# compute_density: the generated prologue's values v0..v7, v4 the radius
DENSITY_HEAD = r'''WP_FN void %(k)s_body(const %(k)s_args *wp_args, const wp_launch_bounds *wp_bounds,
                                 wp_int64 wp_idx, const wp_int64 *wp_coord) {
  (void)wp_bounds; (void)wp_idx; (void)wp_coord;
  wp_uint64 v0 = wp_args->p0;
  wp_array v1 = wp_args->p1;
  wp_array v2 = wp_args->p2;
  float v3 = wp_args->p3;
  float v4 = wp_args->p4;
  wp_int32 v5 = WP_TID(0, 1);
  wp_int32 v6 = wp_hash_grid_point_id_uint64(v0, v5);
  wp_vec3f v7 = *WP_AT1(wp_vec3f, v1, v6);
  float v12 = 0.0f;
  wp_uint32 acc = 0;
  (void)acc;
  wp_hash_grid_query_f q = wp_hash_grid_query_uint64_vec3f_float32(v0, v7, v4);
  if (q.grid && q.grid->point_ids) {
    const wp_int32 *ids = q.grid->point_ids;
    wp_int32 np = q.grid->num_points;
    (void)np;
'''
DENSITY_TAIL = r'''  }
  float v23 = (v3 * v12);
  *WP_AT1(float, v2, v6) = %(store)s;
}
'''
# the run loop of the counted form; RUN is the per-run code
COUNTED = r'''    for (;;) {
      wp_int32 k = q.cell_index, e = q.cell_end;
%(run)s
      q.cell_index = e;
      q = wp__hg_next(q);
      if (!q.found) break;
      q.cell_index--; /* wp__hg_next took the run's first point: put it back */
    }
'''
DENSITY_BODY = r'''        wp_vec3f v18 = *WP_AT1(wp_vec3f, v1, v17);
        wp_vec3f v19 = wp_sub_vec3f_vec3f(v7, v18);
        float v20 = wpf_density_kernel(v19, v4);
        v12 = (v12 + v20);
'''
SCALAR_FOR = "      WP__HG_SCALAR_LOOP\n      for (; k < e; k++) {\n"
DENSITY_RUN = SCALAR_FOR + "        wp_int32 v17 = ids[k];\n" + DENSITY_BODY + "      }"
BUFFERED = r'''    wp_int32 buf[256 + 16];
    int more = 1;
    while (more) {
      int n = 0;
      for (;;) {
        wp_int32 k = q.cell_index, e = q.cell_end;
        if (e - k <= 16 && k + 16 <= np) {
          __builtin_memcpy(buf + n, ids + k, 64);
          n += e - k;
        } else {
          for (; k < e; k++) buf[n++] = ids[k];
        }
        q.cell_index = e;
        q = wp__hg_next(q);
        if (!q.found) { more = 0; break; }
        q.cell_index--;
        if (n + (q.cell_end - q.cell_index) > 256) break;
      }
      for (int j = 0; j < n; j++) {
        wp_int32 v17 = buf[j];
%(body)s      }
    }
'''
BITS = "        { wp_uint32 b_; __builtin_memcpy(&b_, &%s, 4); acc ^= b_; }\n"
DENSITY_BREAKDOWN = {
    "d:query start only": None,
    "d:runs walked, no points": "      acc += (wp_uint32)(e - k);",
    "d:+ ids read": SCALAR_FOR + "        acc ^= (wp_uint32)ids[k];\n      }",
    "d:+ positions loaded": SCALAR_FOR + "        wp_vec3f v18 = *WP_AT1(wp_vec3f, v1, ids[k]);\n"
                            + BITS % "v18.c[0]" + BITS % "v18.c[1]" + BITS % "v18.c[2]" + "      }",
    "d:+ kernel, no sum order": SCALAR_FOR + "        wp_int32 v17 = ids[k];\n"
                                "        wp_vec3f v19 = wp_sub_vec3f_vec3f(v7, *WP_AT1(wp_vec3f, v1, v17));\n"
                                "        float v20 = wpf_density_kernel(v19, v4);\n" + BITS % "v20" + "      }",
}


def density(c, form):
    k = kernel_id(c, "compute_density")
    i, j = body_span(c, k)
    head, store = DENSITY_HEAD % {"k": k}, "v23"
    if form == "counted":
        loop = COUNTED % {"run": DENSITY_RUN}
    elif form == "buffered":
        loop = BUFFERED % {"body": DENSITY_BODY}
    else:
        run, store = DENSITY_BREAKDOWN[form], "(float)acc"
        loop = "    acc = (wp_uint32)(q.cell_index ^ q.cell_end);\n" if run is None else COUNTED % {"run": run}
    return c[:i] + head + loop + DENSITY_TAIL % {"store": store} + c[j:]


SQRT_BOUND = r'''
/* the least float T with sqrtf(T) >= h: sqrtf(s) < h <=> s >= 0 && s < T
   (sqrtf is correctly rounded, so monotone); NaN or h <= 0: 0 */
static float sq_sqrt_bound(float h) {
  if (!(h > 0.0f)) return 0.0f;
  float t = h * h;
  while (t > 0.0f && __builtin_sqrtf(__builtin_nextafterf(t, 0.0f)) >= h) t = __builtin_nextafterf(t, 0.0f);
  while (__builtin_sqrtf(t) < h) t = __builtin_nextafterf(t, __builtin_inff());
  return t;
}
'''


DECL_T = """WP_FN wp_vec3f wpf_diff_pressure_kernel_T(wp_vec3f v0, float v1, float v2, float v3, float v4, float vT);
WP_FN wp_vec3f wpf_diff_viscous_kernel_T(wp_vec3f v0, wp_vec3f v1, wp_vec3f v2, float v3, float v4, float vT);
"""


def sqrt_funcs(c):
    """Copies wpf_diff_{pressure,viscous}_kernel as ..._T with a last
    parameter T: the test `sqrt(v5) < v4` as `v5 >= 0 && v5 < T`, the sqrt
    moved into the branch taken."""
    out = c
    for f in ("diff_pressure_kernel", "diff_viscous_kernel"):
        m = re.search(r"\n/\* @wp.func %s \*/\nWP_FN wp_vec3f wpf_%s\(([^)]*)\) \{\n.*?\n\}\n" % (f, f), out, re.S)
        if not m:
            fail(f"no wpf_{f}")
        t = m.group(0).replace(f"wpf_{f}(", f"wpf_{f}_T(").replace(m.group(1), m.group(1) + ", float vT")
        t = replace_once(t, "  v6 = wp_sqrt_float32(v5);\n", "")
        t = replace_once(t, "  v7 = (v6 < v4);\n", "  v7 = (v5 >= 0.0f && v5 < vT);\n")
        t = replace_once(t, "b1:;\n", "b1:;\n  v6 = wp_sqrt_float32(v5);\n")
        out = out[:m.end()] + t + out[m.end():]
    decl = "WP_FN wp_vec3f wpf_diff_viscous_kernel(wp_vec3f v0, wp_vec3f v1, wp_vec3f v2, float v3, float v4);\n"
    return replace_once(out, decl, decl + SQRT_BOUND + DECL_T)


ACCEL_BODY = r'''        if (v29 != v12) {
          v42 = *WP_AT1(wp_vec3f, v2, v29);
          v43 = *WP_AT1(float, v3, v29);
          v44 = (v43 - v6);
          v45 = (v5 * v44);
          v46 = *WP_AT1(wp_vec3f, v1, v29);
          v47 = wp_sub_vec3f_vec3f(v46, v13);
          v48 = wpf_diff_pressure_kernel%(T)s(v47, v17, v45, v43, v10%(TA)s);
          v23 = wp_add_vec3f_vec3f(v23, v48);
          v50 = wpf_diff_viscous_kernel%(T)s(v47, v14, v42, v43, v10%(TA)s);
          v24 = wp_add_vec3f_vec3f(v24, v50);
        }
'''
ACCEL_TAIL = r'''  }
#line 167 "example_sph.py"
  v32 = wp_mul_float32_vec3f(v8, v23);
  v33 = wp_mul_float32_vec3f(v9, v24);
  v34 = wp_add_vec3f_vec3f(v32, v33);
  v35 = wp_div_vec3f_float32(v34, v15);
  v36 = 0.0f;
  v37 = 0.0f;
  v38 = WP_LIT(wp_vec3f){{v36, v7, v37}};
  v39 = wp_add_vec3f_vec3f(v35, v38);
  *WP_AT1(wp_vec3f, v4, v12) = v39;
}
'''


def accel(c, loop, sqrt):
    k = kernel_id(c, "get_acceleration")
    i, j = body_span(c, k)
    old = c[i:j]
    mark = '#line 146 "example_sph.py"\n  { wp_hash_grid_query_f t0 = v20;'
    if old.count(mark) != 1 or "v29 = wp__query_index_HashGridQuery_int32(v25, v28);" not in old:
        fail("get_acceleration's body")
    head = old[:old.index(mark)]
    if loop == "generated":
        if not sqrt:
            return c
        new = old.replace("wpf_diff_pressure_kernel(v47, v17, v45, v43, v10)",
                          "wpf_diff_pressure_kernel_T(v47, v17, v45, v43, v10, sq_T)")
        new = new.replace("wpf_diff_viscous_kernel(v47, v14, v42, v43, v10)",
                          "wpf_diff_viscous_kernel_T(v47, v14, v42, v43, v10, sq_T)")
        new = replace_once(new, mark, "  float sq_T = sq_sqrt_bound(v10);\n" + mark)
        return c[:i] + new + c[j:]
    body = ACCEL_BODY % {"T": "_T" if sqrt else "", "TA": ", sq_T" if sqrt else ""}
    pro = "  v23 = v18; v24 = v19;\n" + ("  float sq_T = sq_sqrt_bound(v10);\n" if sqrt else "")
    pro += ("  if (v20.grid && v20.grid->point_ids) {\n    const wp_int32 *ids = v20.grid->point_ids;\n"
            "    wp_int32 np = v20.grid->num_points;\n    (void)np;\n    wp_hash_grid_query_f q = v20;\n")
    if loop == "counted":
        lp = COUNTED % {"run": SCALAR_FOR + "        v29 = ids[k];\n" + body + "      }"}
    else:
        lp = BUFFERED.replace("wp_int32 v17 = buf[j];", "v29 = buf[j];") % {"body": body}
    return c[:i] + head + pro + lp + ACCEL_TAIL + c[j:]


def variants(c):
    cs = sqrt_funcs(c)
    v = {"generated": c}
    for loop in ("counted", "buffered"):
        v[loop] = accel(density(c, loop), loop, False)
    v["sqrt-test"] = accel(cs, "generated", True)
    v["counted+sqrt-test"] = accel(density(cs, "counted"), "counted", True)
    v["buffered+sqrt-test"] = accel(density(cs, "buffered"), "buffered", True)
    for name in DENSITY_BREAKDOWN:
        v[name] = density(c, name)
    return v


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    ap.add_argument("--reps", type=int, default=15)
    ap.add_argument("--march", default="x86-64-v3")
    ap.add_argument("--keep", help="build in DIR (kept)")
    args = ap.parse_args()
    import warp

    example = Path(warp.__file__).parent / "examples" / "core" / "example_sph.py"
    tmp = Path(args.keep or tempfile.mkdtemp(prefix="sph_query."))
    tmp.mkdir(parents=True, exist_ok=True)
    warpc = str(ROOT / "build/bin/warpc")
    subprocess.run([warpc, str(example), "--no-cuda", "-o", str(tmp / "example_sph.o")], check=True)
    c = subprocess.run([warpc, str(example), "--no-cuda", "--emit=c"], check=True, capture_output=True,
                       text=True).stdout
    vs = variants(c)
    procs, objs = [], []
    for n, (name, text) in enumerate(vs.items()):
        src, obj = tmp / f"v{n}.c", tmp / f"v{n}.o"
        src.write_text(text.replace("example_sph_", f"v{n}_"))
        procs.append(subprocess.Popen(["clang", *CFLAGS, f"-march={args.march}", str(src), "-o", str(obj)]))
        objs.append(str(obj))
    if any(p.wait() for p in procs):
        sys.exit("sph_query.py: a variant did not compile")
    exe = tmp / "sph_query"
    subprocess.run(["cc", "-std=c11", "-O2", f"-I{ROOT}/runtime/include", f"-I{tmp}", "-o", str(exe),
                    str(HERE / "sph_query.c"), str(tmp / "example_sph.o"), *objs,
                    str(ROOT / "build/lib/libwarprt.a"), "-lpthread", "-lm"], check=True)
    env = dict(os.environ, WARP_NUM_THREADS="1")
    out = subprocess.run([str(exe), str(len(vs)), str(args.reps)], env=env, check=True, capture_output=True,
                         text=True).stdout.split("\n")
    print(f"example_sph after one step, one thread, -march={args.march}, ms of CPU per launch, "
          f"fastest / median of {args.reps} (the variants alternating); load average {os.getloadavg()[0]:.1f}")
    print(f"  {'form':28s} {'compute_density':>17s} {'get_acceleration':>17s}  results")
    bad = False
    base = None
    for name, line in zip(vs, out):
        _, dmin, dmed, amin, amed, same = line.split()
        if base is None:
            base = (float(dmed), float(amed))
        timing_only = name.startswith("d:")
        ok = same == "same" or timing_only
        bad |= not ok
        print(f"  {name:28s} {float(dmin):7.2f} {float(dmed):7.2f}  {float(amin):7.2f} {float(amed):7.2f}  "
              f"{'(timing only)' if timing_only else same}"
              + ("" if timing_only else f"   median {float(dmed) / base[0]:.2f}x, {float(amed) / base[1]:.2f}x"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
