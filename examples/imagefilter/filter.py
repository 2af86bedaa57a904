#!/usr/bin/python3
"""Blur a PNG with an OpenCL image kernel through pyopencl: the Python twin
of main.go. It reads the PNG into a CL_RGBA CL_UNORM_INT8 image, runs
gaussian.cl's gaussian_blur with a sampler (unnormalized coordinates,
CLAMP_TO_EDGE, nearest) and writes the result as a PNG.

    python3 filter.py IN.png OUT.png [--sigma 2] [--device N]

With the clgo ICD (OCL_ICD_VENDORS naming it), device 0 is clgo's host
device and 1 its Vulkan device. The PNG codec here (8-bit grey, RGB, grey
with alpha and RGBA, not interlaced) needs only zlib and numpy.
"""
import argparse
import math
import os
import struct
import sys
import zlib

import numpy as np
import pyopencl as cl

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def read_png(path):
    """Returns an (height, width, 4) uint8 RGBA array."""
    with open(path, "rb") as f:
        data = f.read()
    if not data.startswith(PNG_MAGIC):
        raise ValueError(f"{path}: not a PNG file")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        pos += 12 + n
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
    width, height, depth, ctype, _, _, interlace = header
    channels = {0: 1, 2: 3, 4: 2, 6: 4}.get(ctype)
    if depth != 8 or channels is None or interlace:
        raise ValueError(f"{path}: only 8-bit non-interlaced grey/RGB/RGBA PNGs are supported")
    raw = zlib.decompress(idat)
    stride = width * channels
    rows = np.zeros((height, stride), dtype=np.uint8)
    prev = [0] * stride
    for y in range(height):
        ftype = raw[y * (stride + 1)]
        line = list(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = prev[i]
            c = prev[i - channels] if i >= channels else 0
            line[i] = (line[i] + (0, a, b, (a + b) // 2, paeth(a, b, c))[ftype]) & 0xFF
        rows[y] = line
        prev = line
    px = rows.reshape(height, width, channels)
    out = np.full((height, width, 4), 255, dtype=np.uint8)
    if channels in (1, 2):
        out[..., 0] = out[..., 1] = out[..., 2] = px[..., 0]
        if channels == 2:
            out[..., 3] = px[..., 1]
    else:
        out[..., :channels] = px
    return out


def write_png(path, rgba):
    height, width, _ = rgba.shape
    raw = b"".join(b"\x00" + rgba[y].tobytes() for y in range(height))

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    with open(path, "wb") as f:
        f.write(PNG_MAGIC)
        f.write(chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)))
        f.write(chunk(b"IDAT", zlib.compress(raw)))
        f.write(chunk(b"IEND", b""))


def pick_device(index):
    if index < 0:
        return cl.get_platforms()[0].get_devices(cl.device_type.DEFAULT)[0]
    devices = [d for p in cl.get_platforms() for d in p.get_devices()]
    return devices[index]


def blur(device, rgba, sigma):
    height, width, _ = rgba.shape
    ctx = cl.Context([device])
    queue = cl.CommandQueue(ctx)
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "gaussian.cl")) as f:
        prog = cl.Program(ctx, f.read()).build()
    fmt = cl.ImageFormat(cl.channel_order.RGBA, cl.channel_type.UNORM_INT8)
    src = cl.Image(ctx, cl.mem_flags.READ_ONLY | cl.mem_flags.COPY_HOST_PTR, fmt,
                   shape=(width, height), hostbuf=np.ascontiguousarray(rgba))
    dst = cl.Image(ctx, cl.mem_flags.WRITE_ONLY, fmt, shape=(width, height))
    sampler = cl.Sampler(ctx, False, cl.addressing_mode.CLAMP_TO_EDGE, cl.filter_mode.NEAREST)
    radius = int(math.ceil(3 * sigma))
    prog.gaussian_blur(queue, (width, height), None, src, dst, sampler, np.float32(sigma), np.int32(radius))
    out = np.empty_like(rgba)
    cl.enqueue_copy(queue, out, dst, origin=(0, 0), region=(width, height))
    queue.finish()
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("input")
    ap.add_argument("output")
    ap.add_argument("--sigma", type=float, default=2.0)
    ap.add_argument("--device", type=int, default=-1, help="device index over all platforms; -1: the default device")
    args = ap.parse_args()
    if not 0 < args.sigma <= 50:
        sys.exit(f"sigma {args.sigma}: want a value in (0, 50]")
    device = pick_device(args.device)
    write_png(args.output, blur(device, read_png(args.input), args.sigma))
    print(f"{args.input} -> {args.output} on {device.name}")


if __name__ == "__main__":
    main()
