//! kernel write_then_read
//! global 8,4
//! local 8,4
//! arg image2d<rgba,uint32> 8x4 random(0,1000)
//! arg buffer<uint4> 32 out
//! options -cl-std=CL2.0
// Write then read in one read_write image (OpenCL C 2.0): each work-item
// writes its pixel, and after a barrier with CLK_IMAGE_MEM_FENCE reads it
// back (atomic_work_item_fence is not in clgo yet).
kernel void write_then_read(read_write image2d_t img, global uint4 *out) {
  int2 p = (int2)(get_global_id(0), get_global_id(1));
  uint4 v = read_imageui(img, p);
  write_imageui(img, p, v + (uint4)(p.x, p.y, 7, 1));
  barrier(CLK_IMAGE_MEM_FENCE);
  out[p.y * get_image_width(img) + p.x] = read_imageui(img, p);
}
