"""An imported func for redefined_names.py."""
import warp as wp


@wp.func
def helper_func():
    return 5
