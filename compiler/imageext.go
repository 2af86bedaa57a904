package compiler

// ImageExtensions are the image extensions of a device with features f,
// for CL_DEVICE_EXTENSIONS and the macros the compiler predefines (the
// CTS's test_api consistency_* tests check that a device lists each
// extension exactly when its queries show the capability):
// cl_khr_3d_image_writes where it writes 3D images (formats for 3D images
// with write access), cl_khr_depth_images where it has CL_DEPTH formats.
// cl_khr_image2d_from_buffer is not among them: no clgo device creates a
// 2D image over a buffer.
func ImageExtensions(f Features) []string {
	if !f.Images {
		return nil
	}
	var ext []string
	if f.Images3DWrites {
		ext = append(ext, "cl_khr_3d_image_writes")
	}
	if f.DepthImages {
		ext = append(ext, "cl_khr_depth_images")
	}
	return ext
}
