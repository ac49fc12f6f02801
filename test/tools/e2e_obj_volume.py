"""e2e object plugin: wp.Volume (see object_plugin in e2e.py).

Options: asset="NAME" loads warp-lang's test asset
warp/tests/assets/NAME.nvdb of the installed package (never copied into
this repository) with wp.Volume.load_from_nvdb for the oracle and with
wp_volume_load_file in the C harness; grid=N (default 0) takes the file's
grid N instead (Volume.load_next_grid N times; wp_volume_load_file_grid).
No arrays."""
import os


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


def warp_object(wp, opts, arrays, device):
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
    path = asset_path(opts).replace("\\", "\\\\").replace('"', '\\"')
    return (f"  }}\n  wp_volume *vol_{var} = NULL;\n  {{\n"
            f"    check(wp_volume_load_file_grid(\"{path}\", {grid_index(opts)}u, {device}, &vol_{var}), "
            f"\"wp_volume_load_file_grid\");\n"
            f"    {var} = wp_volume_id(vol_{var});\n")


def c_destroy(var, device):
    return f"  wp_volume_destroy(vol_{var});\n"
