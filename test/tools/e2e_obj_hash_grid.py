"""Hash grids for e2e tests (object kind "hash_grid", see object_plugin in
e2e.py): ("object", "hash_grid", dict(points="ARRAY", radius=R,
dims=(X, Y, Z), groups="ARRAY" (optional, int32), build=False (optional:
create only, an empty grid))).  The points array's dtype (vec3f, vec3d,
vec3h) gives the grid's precision.  warp-lang's wp.HashGrid on one side,
<warp/hash_grid.h> on the other.  The C grid is not destroyed: c_destroy
only has the id, and the harness exits right after (the unit tests check
wp_hash_grid_destroy)."""

_DTYPES = {"float32": ("vec3f", "WP_FLOAT32"), "float64": ("vec3d", "WP_FLOAT64"),
           "float16": ("vec3h", "WP_FLOAT16")}


def _dtype(opts):
    return opts.get("dtype", "float32")


def arrays(wp, opts):
    out = {"points": (getattr(wp, _DTYPES[_dtype(opts)][0]), 1)}
    if opts.get("groups"):
        out["groups"] = (wp.int32, 1)
    return out


def warp_object(wp, opts, arrays, device):
    dims = opts.get("dims", (16, 16, 16))
    g = wp.HashGrid(*dims, device=device, dtype=getattr(wp, _dtype(opts)))
    if opts.get("build", True):
        g.build(arrays["points"], opts["radius"], groups=arrays.get("groups"))
    return g


def c_create(var, opts, arrays, device):
    dx, dy, dz = opts.get("dims", (16, 16, 16))
    dt = _DTYPES[_dtype(opts)][1]
    s = (f"    wp_hash_grid *g = NULL;\n"
         f"    check(wp_hash_grid_create(&g, {dx}, {dy}, {dz}, {dt}, {device}), \"wp_hash_grid_create\");\n")
    if opts.get("build", True):
        groups = arrays.get("groups", "NULL")
        s += (f"    check(wp_hash_grid_build(g, {arrays['points']}, {float(opts['radius'])!r}, {groups}),"
              f" \"wp_hash_grid_build\");\n")
    return s + f"    {var} = wp_hash_grid_id(g);\n"


def c_destroy(var, device):
    return f"  (void){var}; /* the grid lives until the harness exits */\n"
