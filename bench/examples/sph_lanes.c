/* sph_lanes.c - an experiment (bench/examples/sph_lanes.py, README.md):
 * example_sph's two neighbour-loop kernels written by hand in the form
 * "SIMD lanes over the hash-grid query loop", to measure whether a
 * compiler path that emits it would pay.  Not built by the Makefile:
 * sph_lanes.py splices each section into `warpc --emit=c` output in place
 * of the kernel's range function (SPH_D(cpu), SPH_A(cpu)) and defines
 *   SPH_LANES_W  the lanes (8 or 16)
 *   SPH_D(s)     wpk<N>_##s of compute_density, SPH_A(s) of get_acceleration
 * Everything else (wp_hash_grid_query_f, wp__hg_next, the wpf_ functions,
 * the kernels' scalar bodies for the leftover threads) is the generated
 * code's.
 *
 * The form: SPH_LANES_W threads (particles) are lanes; before the loop each
 * lane loads its particle and starts its query; then, while a lane is
 * active, each lane steps its own query (scalar: the next point of its run,
 * or wp__hg_next at the end of a run), the neighbours' components are
 * gathered into vectors (clang's vector extension), the body runs for all
 * lanes branch-free (both sides of the diff kernels' `if distance < h`
 * computed and selected) and the loop-carried sums are updated under the
 * lane's active bit; after the loop each lane stores, in thread order.
 * Every lane computes its thread's operations in its thread's order: the
 * same bits as the scalar code (sph_lanes.py compares the outputs).  An
 * inactive lane's index is 0 (the experiment's particle arrays are not
 * empty). */

/* @@ common */
typedef float sph_vf __attribute__((vector_size(SPH_LANES_W * 4)));
typedef int sph_vi __attribute__((vector_size(SPH_LANES_W * 4)));

/* a where m (all ones), else b: bit for bit */
static inline __attribute__((always_inline)) sph_vf sph_sel(sph_vi m, sph_vf a,
                                                            sph_vf b) {
  return (sph_vf)((m & (sph_vi)a) | (~m & (sph_vi)b));
}

/* Steps lane query q: its next point's index into *idx and -1 into *act,
 * or 0 and 0 when it has none left; returns whether it found one. */
static inline __attribute__((always_inline)) int
sph_step(wp_hash_grid_query_f *q, int *idx, int *act) {
  int ix, on;
  if (q->cell_index < q->cell_end) {
    ix = q->grid->point_ids[q->cell_index++];
    on = 1;
  } else {
    *q = wp__hg_next(*q);
    on = q->found != 0;
    ix = on ? q->current : 0;
  }
  *idx = ix;
  *act = -on;
  return on;
}

/* Every lane steps its query; the lanes' indices and active bits as
 * vectors (one load each: a lane inserted into a vector register at a time
 * costs a failed store-to-load forwarding per lane on AVX2).  0 when no
 * lane is active. */
static inline __attribute__((always_inline)) int
sph_step_lanes(wp_hash_grid_query_f *q, sph_vi *idx, sph_vi *act) {
  int any = 0, ix[SPH_LANES_W], ok[SPH_LANES_W];
  for (int l = 0; l < SPH_LANES_W; l++)
    any |= sph_step(&q[l], &ix[l], &ok[l]);
  __builtin_memcpy(idx, ix, sizeof *idx);
  __builtin_memcpy(act, ok, sizeof *act);
  return any;
}

/* @@ density */
WP_SPMD_FN void sph_density_lanes(const SPH_D(args) * a, wp_int64 base) {
  const wp_uint64 grid = a->p0;
  const wp_vec3f *X = (const wp_vec3f *)a->p1.data;
  float *R = (float *)a->p2.data;
  const float dn = a->p3, h = a->p4;
  wp_hash_grid_query_f q[SPH_LANES_W];
  wp_int32 pid[SPH_LANES_W];
  sph_vi idx, act;
  sph_vf rho = {0}, x0, x1, x2;
  for (int l = 0; l < SPH_LANES_W; l++) {
    pid[l] = wp_hash_grid_point_id_uint64(grid, (wp_int32)(base + l));
    wp_vec3f x = X[pid[l]];
    x0[l] = x.c[0];
    x1[l] = x.c[1];
    x2[l] = x.c[2];
    q[l] = wp_hash_grid_query_uint64_vec3f_float32(grid, x, h);
  }
  const float h2 = wpf_square(h);
  for (;;) {
    if (!sph_step_lanes(q, &idx, &act))
      break;
    sph_vf n0, n1, n2, mx;
    _Pragma("clang loop unroll(full)") for (int l = 0; l < SPH_LANES_W; l++) {
      int j = idx[l];
      n0[l] = X[j].c[0];
      n1[l] = X[j].c[1];
      n2[l] = X[j].c[2];
    }
    /* density_kernel(x - x[index], h): max(cube(h * h - dot), 0) */
    sph_vf d0 = x0 - n0, d1 = x1 - n1, d2 = x2 - n2;
    sph_vf dd = d0 * d0;
    dd += d1 * d1;
    dd += d2 * d2;
    sph_vf c = h2 - dd;
    sph_vf cu = (c * c) * c;
    _Pragma("clang loop unroll(full)") for (int l = 0; l < SPH_LANES_W; l++)
        mx[l] = wp_max_float32(cu[l], 0.0f);
    rho = sph_sel(act, rho + mx, rho);
  }
  for (int l = 0; l < SPH_LANES_W; l++)
    R[pid[l]] = dn * rho[l];
}

static void SPH_D(cpu)(const void *args, const wp_launch_bounds *bounds,
                       wp_int64 begin, wp_int64 end) {
  SPH_D(args) a = *(const SPH_D(args) *)args;
  wp_launch_bounds b = *bounds;
  wp_int64 c[4], i = begin;
  if (b.ndim == 1 && a.p1.strides[0] == sizeof(wp_vec3f) &&
      a.p2.strides[0] == sizeof(float))
    for (; i + SPH_LANES_W <= end; i += SPH_LANES_W)
      sph_density_lanes(&a, i);
  wp_launch_coords(i, &b, c);
  for (; i < end; i++) {
    SPH_D(body)(&a, &b, i, c);
    wp_launch_next(&b, c);
  }
}

/* @@ acceleration */
WP_SPMD_FN void sph_accel_lanes(const SPH_A(args) * a, wp_int64 base) {
  const wp_uint64 grid = a->p0;
  const wp_vec3f *X = (const wp_vec3f *)a->p1.data;
  const wp_vec3f *V = (const wp_vec3f *)a->p2.data;
  const float *RHO = (const float *)a->p3.data;
  wp_vec3f *A = (wp_vec3f *)a->p4.data;
  const float iso = a->p5, base_rho = a->p6, g = a->p7, pn = a->p8, vn = a->p9,
              h = a->p10;
  wp_hash_grid_query_f q[SPH_LANES_W];
  wp_int32 pid[SPH_LANES_W];
  sph_vi idx, act, vpid;
  sph_vf x0, x1, x2, u0, u1, u2, rho, pr;
  sph_vf pf0 = {0}, pf1 = {0}, pf2 = {0}, vf0 = {0}, vf1 = {0}, vf2 = {0};
  for (int l = 0; l < SPH_LANES_W; l++) {
    pid[l] = vpid[l] = wp_hash_grid_point_id_uint64(grid, (wp_int32)(base + l));
    wp_vec3f xx = X[pid[l]], vv = V[pid[l]];
    x0[l] = xx.c[0];
    x1[l] = xx.c[1];
    x2[l] = xx.c[2];
    u0[l] = vv.c[0];
    u1[l] = vv.c[1];
    u2[l] = vv.c[2];
    rho[l] = RHO[pid[l]];
    pr[l] = iso * (rho[l] - base_rho);
    q[l] = wp_hash_grid_query_uint64_vec3f_float32(grid, xx, h);
  }
  const sph_vf zero = {0};
  for (;;) {
    if (!sph_step_lanes(q, &idx, &act))
      break;
    sph_vf n0, n1, n2, nv0, nv1, nv2, nr, d;
    _Pragma("clang loop unroll(full)") for (int l = 0; l < SPH_LANES_W; l++) {
      int j = idx[l];
      n0[l] = X[j].c[0];
      n1[l] = X[j].c[1];
      n2[l] = X[j].c[2];
      nv0[l] = V[j].c[0];
      nv1[l] = V[j].c[1];
      nv2[l] = V[j].c[2];
      nr[l] = RHO[j];
    }
    sph_vi on = act & (idx != vpid); /* if index != i */
    sph_vf np = iso * (nr - base_rho);
    sph_vf r0 = n0 - x0, r1 = n1 - x1, r2 = n2 - x2;
    sph_vf dd = r0 * r0;
    dd += r1 * r1;
    dd += r2 * r2;
    _Pragma("clang loop unroll(full)") for (int l = 0; l < SPH_LANES_W; l++)
        d[l] = wp_sqrt_float32(dd[l]);
    sph_vi in = d < h; /* distance < smoothing_length: both sides */
    sph_vf t2 = (np + pr) / (2.0f * nr);
    sph_vf hs = h - d;
    sph_vf t3 = hs * hs;
    sph_vf p0 = sph_sel(in, (((-r0) / d) * t2) * t3, zero);
    sph_vf p1 = sph_sel(in, (((-r1) / d) * t2) * t3, zero);
    sph_vf p2 = sph_sel(in, (((-r2) / d) * t2) * t3, zero);
    sph_vf w0 = sph_sel(in, ((nv0 - u0) / nr) * hs, zero);
    sph_vf w1 = sph_sel(in, ((nv1 - u1) / nr) * hs, zero);
    sph_vf w2 = sph_sel(in, ((nv2 - u2) / nr) * hs, zero);
    pf0 = sph_sel(on, pf0 + p0, pf0);
    pf1 = sph_sel(on, pf1 + p1, pf1);
    pf2 = sph_sel(on, pf2 + p2, pf2);
    vf0 = sph_sel(on, vf0 + w0, vf0);
    vf1 = sph_sel(on, vf1 + w1, vf1);
    vf2 = sph_sel(on, vf2 + w2, vf2);
  }
  for (int l = 0; l < SPH_LANES_W; l++) {
    wp_vec3f pfl = {{pf0[l], pf1[l], pf2[l]}};
    wp_vec3f vfl = {{vf0[l], vf1[l], vf2[l]}};
    wp_vec3f f = wp_add_vec3f_vec3f(wp_mul_float32_vec3f(pn, pfl),
                                    wp_mul_float32_vec3f(vn, vfl));
    A[pid[l]] = wp_add_vec3f_vec3f(wp_div_vec3f_float32(f, rho[l]),
                                   WP_LIT(wp_vec3f){{0.0f, g, 0.0f}});
  }
}

static void SPH_A(cpu)(const void *args, const wp_launch_bounds *bounds,
                       wp_int64 begin, wp_int64 end) {
  SPH_A(args) a = *(const SPH_A(args) *)args;
  wp_launch_bounds b = *bounds;
  wp_int64 c[4], i = begin;
  if (b.ndim == 1 && a.p1.strides[0] == sizeof(wp_vec3f) &&
      a.p2.strides[0] == sizeof(wp_vec3f) && a.p3.strides[0] == sizeof(float) &&
      a.p4.strides[0] == sizeof(wp_vec3f))
    for (; i + SPH_LANES_W <= end; i += SPH_LANES_W)
      sph_accel_lanes(&a, i);
  wp_launch_coords(i, &b, c);
  for (; i < end; i++) {
    SPH_A(body)(&a, &b, i, c);
    wp_launch_next(&b, c);
  }
}
