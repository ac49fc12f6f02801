"""e2e object plugin: wp.Volume (see object_plugin in e2e.py).

Options, one of:
  asset="NAME": warp-lang's test asset warp/tests/assets/NAME.nvdb of the
      installed package (never copied into this repository), loaded with
      wp.Volume.load_from_nvdb for the oracle and with wp_volume_load_file in
      the C harness; grid=N (default 0) takes the file's grid N instead
      (Volume.load_next_grid N times; wp_volume_load_file_grid).
  build=(METHOD, dict(ARGS)): a volume warp-lang builds in memory, METHOD one
      of "allocate", "allocate_by_tiles", "allocate_by_voxels",
      "load_from_numpy", ARGS its keyword arguments as plain data:
        allocate: min, max, voxel_size, bg_value, translation,
            points_in_world_space;
        allocate_by_tiles: tiles (a list of [x, y, z], int: index space,
            float: world space), voxel_size, bg_value, translation,
            transform (a 3x3 list);
        allocate_by_voxels: voxels (as tiles), voxel_size, translation,
            transform;
        load_from_numpy: data (a nested list, 3-D, or 4-D with 3 last for
            vec3), min_world, voxel_size, bg_value.
      bg_value: a float (float32 grid), an int (int32), a list of 3 / 4
      numbers (vec3f / vec4f), None (an index grid), or (TYPE, value) with
      TYPE a warp-lang type name ("float64", "uint32", "int64", "vec3d",
      "vec4d") for the grids only a typed value makes.
      The oracle's volume is warp-lang's own (kernels may store into it);
      the C harness loads the SAME grid: warp-lang's save_to_nvdb bytes of
      a volume built the same way, written next to main.c by `files` and
      read with wp_volume_load_buffer.  warp_object checks that its fresh
      build has those bytes (a build that is not deterministic fails the
      test instead of comparing different grids).  codec="zip" saves the
      file zlib-compressed (save_to_nvdb's codec; default "none").
  c_builder=True (with build=("allocate_by_voxels", dict(voxels=INT
      TRIPLES, voxel_size=, translation=)) or build=("load_from_numpy",
      dict(data=3-D, min_world=, voxel_size=, bg_value=FLOAT))): the C
      harness builds its volume itself with wp_volume_allocate_by_voxels /
      wp_volume_from_dense (runtime/src/volume_build.c) from the same
      voxels or values instead of loading warp-lang's bytes, so the
      comparison tests the runtime's builders.
No arrays."""
import hashlib
import os
import tempfile

BUILDERS = ("allocate", "allocate_by_tiles", "allocate_by_voxels", "load_from_numpy")
_TYPED_BG = ("float32", "float64", "int32", "uint32", "int64", "vec3f", "vec3d", "vec4f", "vec4d")
_saved = {}  # file name -> (nvdb file bytes, raw grid bytes)


def asset_path(opts):
    import warp

    name = opts.get("asset")
    if not isinstance(name, str) or not name.replace("_", "").isalnum():
        raise ValueError(f"volume object: asset must name a file of warp/tests/assets, got {name!r}")
    path = os.path.join(os.path.dirname(warp.__file__), "tests", "assets", name + ".nvdb")
    if not os.path.exists(path):
        raise ValueError(f"volume object: {path} does not exist")
    return path


def arrays(wp, opts):
    return {}


def grid_index(opts):
    n = opts.get("grid", 0)
    if not isinstance(n, int) or n < 0:
        raise ValueError(f"volume object: grid must be an index, got {n!r}")
    return n


def _recipe(opts):
    b = opts.get("build")
    if "asset" in opts:
        if b is not None:
            raise ValueError("volume object: give asset= or build=, not both")
        return None
    if not (isinstance(b, tuple) and len(b) == 2 and b[0] in BUILDERS and isinstance(b[1], dict)):
        raise ValueError(f"volume object: build must be (one of {BUILDERS}, dict(...)), got {b!r}")
    return b


def _bg(wp, v):
    if isinstance(v, tuple) and len(v) == 2 and isinstance(v[0], str):
        if v[0] not in _TYPED_BG:
            raise ValueError(f"volume object: bg_value type must be one of {_TYPED_BG}, got {v[0]!r}")
        t = getattr(wp, v[0])
        return t(*v[1]) if isinstance(v[1], (list, tuple)) else t(v[1])
    return tuple(v) if isinstance(v, list) else v


def _points(wp, np, pts):
    a = np.asarray(pts)
    if a.ndim != 2 or a.shape[1] != 3:
        raise ValueError("volume object: tiles / voxels must be a list of [x, y, z]")
    if np.issubdtype(a.dtype, np.integer):
        return wp.array(a.astype(np.int32), dtype=wp.vec3i, device="cpu")
    return wp.array(a.astype(np.float32), dtype=wp.vec3, device="cpu")


def _transform(wp, kw):
    if kw.get("transform") is None:
        return None
    return wp.mat33(*[float(x) for row in kw["transform"] for x in row])


def build(wp, method, kw, device="cpu"):
    """warp-lang's volume for build=(method, kw)."""
    import numpy as np

    kw = dict(kw)
    V = wp.Volume
    if method == "allocate":
        return V.allocate(min=kw["min"], max=kw["max"], voxel_size=kw["voxel_size"],
                          bg_value=_bg(wp, kw.get("bg_value", 0.0)), translation=tuple(kw.get("translation", (0, 0, 0))),
                          points_in_world_space=kw.get("points_in_world_space", False), device=device)
    if method == "allocate_by_tiles":
        return V.allocate_by_tiles(_points(wp, np, kw["tiles"]), voxel_size=kw.get("voxel_size"),
                                   bg_value=_bg(wp, kw.get("bg_value", 0.0)),
                                   translation=tuple(kw.get("translation", (0, 0, 0))),
                                   transform=_transform(wp, kw), device=device)
    if method == "allocate_by_voxels":
        return V.allocate_by_voxels(_points(wp, np, kw["voxels"]), voxel_size=kw.get("voxel_size"),
                                    translation=tuple(kw.get("translation", (0, 0, 0))),
                                    transform=_transform(wp, kw), device=device)
    data = np.asarray(kw["data"])
    return V.load_from_numpy(data, tuple(kw.get("min_world", (0.0, 0.0, 0.0))), kw.get("voxel_size", 1.0),
                             bg_value=_bg(wp, kw.get("bg_value", 0.0)), device=device)


def _codec(opts):
    c = opts.get("codec", "none")
    if c not in ("none", "zip"):
        raise ValueError(f"volume object: codec must be 'none' or 'zip' (the runtime refuses blosc), got {c!r}")
    return c


def file_name(opts):
    return "volume_" + hashlib.sha1(repr(sorted(opts.items())).encode()).hexdigest()[:16] + ".nvdb"


def _save(wp, opts):
    """(nvdb file bytes, raw grid bytes) of a fresh build, once per process."""
    name = file_name(opts)
    if name not in _saved:
        v = build(wp, *_recipe(opts))
        with tempfile.TemporaryDirectory() as d:
            p = os.path.join(d, "v.nvdb")
            v.save_to_nvdb(p, codec=_codec(opts))
            with open(p, "rb") as f:
                data = f.read()
        _saved[name] = (data, v.array().numpy().tobytes())
    return _saved[name]


def _c_builder(opts):
    if not opts.get("c_builder"):
        return None
    import numpy as np

    method, kw = _recipe(opts)
    vs = kw.get("voxel_size", 1.0)
    vs = [float(x) for x in vs] if isinstance(vs, (list, tuple)) else [float(vs)] * 3
    if method == "load_from_numpy":
        data = np.asarray(kw["data"], dtype=np.float64)
        if data.ndim != 3 or not isinstance(kw.get("bg_value", 0.0), float):
            raise ValueError("volume object: c_builder=True with load_from_numpy takes 3-D data and a float bg_value")
        return "dense", data, vs, [float(x) for x in kw.get("min_world", (0.0, 0.0, 0.0))], kw.get("bg_value", 0.0)
    vox = kw.get("voxels")
    if method != "allocate_by_voxels" or kw.get("transform") is not None or not all(
            isinstance(x, int) for p in vox for x in p):
        raise ValueError("volume object: c_builder=True takes build=('allocate_by_voxels', "
                         "dict(voxels=<int triples>, voxel_size=, translation=)) or ('load_from_numpy', ...)")
    return "voxels", vox, vs, [float(x) for x in kw.get("translation", (0.0, 0.0, 0.0))], None


def files(wp, opts):
    """Files the C harness reads (written into the test's directory)."""
    if _recipe(opts) is None or _c_builder(opts):
        return {}
    return {file_name(opts): _save(wp, opts)[0]}


def warp_object(wp, opts, arrays, device):
    recipe = _recipe(opts)
    if recipe is not None:
        v = build(wp, *recipe, device=device)
        if _c_builder(opts):
            return v  # the C side builds its own
        if v.array().numpy().tobytes() != _save(wp, opts)[1]:
            raise ValueError("volume object: warp-lang built a different grid the second time (build=%r)" % (recipe,))
        return v
    with open(asset_path(opts), "rb") as f:
        v = wp.Volume.load_from_nvdb(f, device=device)
    for _ in range(grid_index(opts)):
        v = v.load_next_grid()  # keeps the previous grid alive
        if v is None:
            raise ValueError(f"volume object: {opts['asset']} has no grid {grid_index(opts)}")
    return v


def c_create(var, opts, arrays, device):
    # The wp_volume * must outlive this block (c_destroy frees it): the
    # statements close the harness's block, declare it, and open another.
    head = f"  }}\n  wp_volume *vol_{var} = NULL;\n  {{\n"
    cb = _c_builder(opts)
    if cb is not None:
        how, src, vs, tr, bg = cb
        xform = (f"    const double vs[3] = {{{vs[0]!r}, {vs[1]!r}, {vs[2]!r}}};\n"
                 f"    const double tr[3] = {{{tr[0]!r}, {tr[1]!r}, {tr[2]!r}}};\n")
        if how == "dense":
            # double literals: the initializer rounds them to float as
            # warp-lang's float32 copy of the data does
            vals = ", ".join(repr(float(x)) for x in src.ravel())
            nx, ny, nz = src.shape
            return head + xform + (f"    static const float vals[] = {{{vals}}};\n"
                                   f"    const wp_int64 shape[3] = {{{nx}, {ny}, {nz}}};\n"
                                   f"    check(wp_volume_from_dense(vals, shape, (float){float(bg)!r}, vs, tr, {device}, "
                                   f"&vol_{var}), \"wp_volume_from_dense\");\n"
                                   f"    {var} = wp_volume_id(vol_{var});\n")
        ijk = ", ".join(f"{x}" for p in src for x in p) or "0"
        return head + xform + (f"    static const wp_int32 ijk[] = {{{ijk}}};\n"
                               f"    check(wp_volume_allocate_by_voxels(ijk, {len(src)}u, vs, tr, {device}, "
                               f"&vol_{var}), \"wp_volume_allocate_by_voxels\");\n"
                               f"    {var} = wp_volume_id(vol_{var});\n")
    if _recipe(opts) is not None:
        # the file `files` wrote next to main.c (the harness runs in that directory)
        name = file_name(opts)
        return head + (f"    FILE *f = fopen(\"{name}\", \"rb\");\n"
                       f"    if (!f) {{ fprintf(stderr, \"e2e harness: cannot open {name}\\n\"); exit(3); }}\n"
                       f"    fseek(f, 0, SEEK_END);\n"
                       f"    long n = ftell(f);\n"
                       f"    fseek(f, 0, SEEK_SET);\n"
                       f"    void *buf = malloc(n > 0 ? (size_t)n : 1u);\n"
                       f"    if (!buf || n <= 0 || fread(buf, 1, (size_t)n, f) != (size_t)n) {{\n"
                       f"      fprintf(stderr, \"e2e harness: cannot read {name}\\n\");\n"
                       f"      exit(3);\n"
                       f"    }}\n"
                       f"    fclose(f);\n"
                       f"    check(wp_volume_load_buffer(buf, (wp_size)n, {device}, &vol_{var}), "
                       f"\"wp_volume_load_buffer\");\n"
                       f"    free(buf);\n"
                       f"    {var} = wp_volume_id(vol_{var});\n")
    path = asset_path(opts).replace("\\", "\\\\").replace('"', '\\"')
    return head + (f"    check(wp_volume_load_file_grid(\"{path}\", {grid_index(opts)}u, {device}, &vol_{var}), "
                   f"\"wp_volume_load_file_grid\");\n"
                   f"    {var} = wp_volume_id(vol_{var});\n")


def c_destroy(var, device):
    return f"  wp_volume_destroy(vol_{var});\n"
