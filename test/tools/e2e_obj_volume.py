"""e2e object plugin: wp.Volume (see object_plugin in e2e.py).

Options: asset="NAME" loads warp-lang's test asset
warp/tests/assets/NAME.nvdb of the installed package (never copied into
this repository) with wp.Volume.load_from_nvdb for the oracle and with
wp_volume_load_file in the C harness.  No arrays."""
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


def warp_object(wp, opts, arrays, device):
    with open(asset_path(opts), "rb") as f:
        return wp.Volume.load_from_nvdb(f, device=device)


def c_create(var, opts, arrays, device):
    # The wp_volume * must outlive this block (c_destroy frees it): the
    # statements close the harness's block, declare it, and open another.
    path = asset_path(opts).replace("\\", "\\\\").replace('"', '\\"')
    return (f"  }}\n  wp_volume *vol_{var} = NULL;\n  {{\n"
            f"    check(wp_volume_load_file(\"{path}\", {device}, &vol_{var}), \"wp_volume_load_file\");\n"
            f"    {var} = wp_volume_id(vol_{var});\n")


def c_destroy(var, device):
    return f"  wp_volume_destroy(vol_{var});\n"
