// Kernels for ffmpeg's program_opencl filter (TestFFmpegFilters), each
// computing what a CPU filter of ffmpeg computes, so that the outputs must
// be equal byte for byte.

constant sampler_t nearest = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_NEAREST;

// negate negates every colour channel and keeps alpha, as the filter
// negate does: 1 - x/255 scaled back by 255 rounds to 255 - x exactly.
__kernel void negate(__write_only image2d_t dst, unsigned int index, __read_only image2d_t src)
{
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    float4 v = read_imagef(src, nearest, p);
    write_imagef(dst, p, (float4)(1.0f - v.xyz, v.w));
}

// rotate moves green to red, blue to green and red to blue, as
// colorchannelmixer=rr=0:rg=1:gg=0:gb=1:bb=0:br=1 does: a channel order
// (ARGB, ABGR, BGRA) whose components were swapped on the way in or out
// shows.
__kernel void rotate(__write_only image2d_t dst, unsigned int index, __read_only image2d_t src)
{
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    float4 v = read_imagef(src, nearest, p);
    write_imagef(dst, p, (float4)(v.y, v.z, v.x, v.w));
}
