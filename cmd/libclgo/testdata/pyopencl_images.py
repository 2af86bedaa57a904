"""pyopencl on the image entry points of the ICD (run by TestImagesC on the
library built with -tags clgo_fakeimages): formats, image creation from a
numpy array, region reads and writes, fill, samplers and maps."""
import numpy as np, pyopencl as cl
plat = cl.get_platforms()[0]
dev = [d for d in plat.get_devices() if d.image_support][0]
print(dev.name, dev.image2d_max_width)
ctx = cl.Context([dev])
q = cl.CommandQueue(ctx)
fmts = cl.get_supported_image_formats(ctx, cl.mem_flags.READ_WRITE, cl.mem_object_type.IMAGE2D)
print(len(fmts), fmts[0])
a = (np.arange(4*5*4) % 251).astype(np.uint8).reshape(4, 5, 4)
fmt = cl.ImageFormat(cl.channel_order.RGBA, cl.channel_type.UNORM_INT8)
img = cl.Image(ctx, cl.mem_flags.READ_WRITE | cl.mem_flags.COPY_HOST_PTR, fmt, shape=(5, 4), hostbuf=a)
print(img.width, img.height, img.row_pitch, img.element_size)
out = np.empty_like(a)
cl.enqueue_copy(q, out, img, origin=(0, 0), region=(5, 4))
assert (out == a).all()
b = np.zeros((2, 3, 4), np.uint8) + 7
cl.enqueue_copy(q, img, b, origin=(1, 1), region=(3, 2))
cl.enqueue_copy(q, out, img, origin=(0, 0), region=(5, 4))
assert (out[1:3, 1:4] == 7).all() and (out[0] == a[0]).all()
cl.enqueue_fill_image(q, img, np.array([1, 0, 0, 1], np.float32), (0, 0), (1, 1))
cl.enqueue_copy(q, out, img, origin=(0, 0), region=(5, 4))
assert list(out[0, 0]) == [255, 0, 0, 255], out[0, 0]
s = cl.Sampler(ctx, True, cl.addressing_mode.CLAMP, cl.filter_mode.LINEAR)
print(s.normalized_coords, s.addressing_mode, s.filter_mode)
res = cl.enqueue_map_image(q, img, cl.map_flags.READ, (0, 0), (5, 4), (4, 5, 4), np.uint8)
m = res[0]
print(len(res), res[2:])
assert (m[0, 0] == [255, 0, 0, 255]).all()
m.base.release(q)
print("PASS")
