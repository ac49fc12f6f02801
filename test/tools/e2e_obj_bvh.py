"""BVHs for e2e tests (object kind "bvh", see object_plugin in e2e.py):
("object", "bvh", dict(lowers="ARRAY", uppers="ARRAY" (vec3f, one box
each), groups="ARRAY" (int32, optional), leaf_size=N (optional; default 1,
as Warp's))).  warp-lang's wp.Bvh
on one side, <warp/bvh.h> on the other.  The C BVH is not destroyed:
c_destroy only has the id, and the harness exits right after (the unit
tests check wp_bvh_destroy)."""


def arrays(wp, opts):
    out = {"lowers": (wp.vec3, 1), "uppers": (wp.vec3, 1)}
    if opts.get("groups"):
        out["groups"] = (wp.int32, 1)
    return out


def warp_object(wp, opts, arrays, device):
    return wp.Bvh(arrays["lowers"], arrays["uppers"], leaf_size=int(opts.get("leaf_size", 1)),
                  groups=arrays.get("groups"))


def c_create(var, opts, arrays, device):
    leaf = int(opts.get("leaf_size", 1))
    groups = arrays.get("groups", "NULL")
    return (f"    wp_bvh *b = NULL;\n"
            f"    check(wp_bvh_create({arrays['lowers']}, {arrays['uppers']}, {groups}, {leaf}, &b),"
            f" \"wp_bvh_create\");\n"
            f"    {var} = wp_bvh_id(b);\n")


def c_destroy(var, device):
    return f"  (void){var}; /* the BVH lives until the harness exits */\n"
