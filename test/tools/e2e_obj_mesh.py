"""Triangle meshes for e2e tests (object kind "mesh", see object_plugin in
e2e.py): ("object", "mesh", dict(points="ARRAY" (vec3f), indices="ARRAY"
(int32, 3 per triangle), velocities="ARRAY" (vec3f, optional), groups="ARRAY"
(int32, one per triangle, optional),
leaf_size=N (optional, the C side's; default 1), support_winding_number=True
(optional)).  warp-lang's wp.Mesh on
one side, <warp/mesh.h> on the other.  The C mesh is not destroyed:
c_destroy only has the id, and the harness exits right after (the unit
tests check wp_mesh_destroy)."""


def arrays(wp, opts):
    out = {"points": (wp.vec3, 1), "indices": (wp.int32, 1)}
    if opts.get("velocities"):
        out["velocities"] = (wp.vec3, 1)
    if opts.get("groups"):
        out["groups"] = (wp.int32, 1)
    return out


def warp_object(wp, opts, arrays, device):
    return wp.Mesh(points=arrays["points"], indices=arrays["indices"],
                   velocities=arrays.get("velocities"), groups=arrays.get("groups"),
                   support_winding_number=bool(opts.get("support_winding_number", False)))


def c_create(var, opts, arrays, device):
    vel = arrays.get("velocities", "NULL")
    groups = arrays.get("groups", "NULL")
    leaf = int(opts.get("leaf_size", 1))
    return (f"    wp_mesh *m = NULL;\n"
            f"    check(wp_mesh_create({arrays['points']}, {arrays['indices']}, {vel}, {groups}, {leaf}, &m),"
            f" \"wp_mesh_create\");\n"
            + (f"    check(wp_mesh_support_winding_number(m, 1), \"wp_mesh_support_winding_number\");\n"
               if opts.get("support_winding_number") else "")
            + f"    {var} = wp_mesh_id(m);\n")


def c_destroy(var, device):
    return f"  (void){var}; /* the mesh lives until the harness exits */\n"
