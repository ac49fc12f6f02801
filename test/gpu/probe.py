#!/usr/bin/env python3
"""probe.py - is there a usable CUDA device?  Asks the driver directly.

    python3 test/gpu/probe.py [cuda:N]

Loads the CUDA driver as libwarprt does ($WARP_CUDA_DRIVER, else
libcuda.so.1), initialises it and looks for device N (default 0).  Prints one
line, "cuda:0: NVIDIA H200 (sm_90, 139.8 GiB), driver CUDA 13.0", and exits
0; or prints why not and exits 2 (no driver, no device, cuInit failed).
Needs nothing but Python's ctypes.
"""
import ctypes
import os
import sys


def main():
    dev = sys.argv[1] if len(sys.argv) > 1 else "cuda:0"
    if not dev.startswith("cuda:") or not dev[5:].isdigit():
        print(f"probe: bad device {dev!r} (expected cuda:N)")
        return 2
    ordinal = int(dev[5:])
    lib = os.environ.get("WARP_CUDA_DRIVER") or "libcuda.so.1"
    try:
        cu = ctypes.CDLL(lib)
    except OSError as e:
        print(f"no GPU: the CUDA driver ({lib}) is not available: {e}")
        return 2

    def err(r):
        s = ctypes.c_char_p()
        try:
            cu.cuGetErrorName(r, ctypes.byref(s))
        except AttributeError:
            pass
        return s.value.decode() if s.value else f"error {r}"

    r = cu.cuInit(0)
    if r != 0:
        print(f"no GPU: cuInit failed: {err(r)}")
        return 2
    n = ctypes.c_int(0)
    r = cu.cuDeviceGetCount(ctypes.byref(n))
    if r != 0 or n.value <= ordinal:
        why = err(r) if r else f"the driver reports {n.value} device(s)"
        print(f"no GPU: {dev} does not exist: {why}")
        return 2
    def opt(fn, *args):  # an optional query: 0 when the entry point is missing
        f = getattr(cu, fn, None)
        return f(*args) if f is not None else 0

    d = ctypes.c_int(0)
    cu.cuDeviceGet(ctypes.byref(d), ordinal)
    name = ctypes.create_string_buffer(256)
    opt("cuDeviceGetName", name, 256, d)
    major, minor = ctypes.c_int(0), ctypes.c_int(0)
    opt("cuDeviceGetAttribute", ctypes.byref(major), 75, d)  # COMPUTE_CAPABILITY_MAJOR
    opt("cuDeviceGetAttribute", ctypes.byref(minor), 76, d)  # COMPUTE_CAPABILITY_MINOR
    mem = ctypes.c_size_t(0)
    opt("cuDeviceTotalMem_v2", ctypes.byref(mem), d)
    ver = ctypes.c_int(0)
    opt("cuDriverGetVersion", ctypes.byref(ver))
    print(f"{dev}: {name.value.decode(errors='replace')} (sm_{major.value}{minor.value}, "
          f"{mem.value / 2**30:.1f} GiB), driver CUDA {ver.value // 1000}.{ver.value % 1000 // 10}, "
          f"{n.value} device(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
