package cl

import "github.com/clgo/clgo/compiler"

// Sub-group queries (clGetKernelSubGroupInfo, OpenCL 2.1, for every
// device with sub-groups: compiler.HasSubgroups, whether or not it lists
// cl_khr_subgroups). Every clgo device lays sub-groups out as
// SubgroupSize (driver.Caps) work-items of consecutive linear local ids,
// the last one holding what is left (host.SubgroupWidth; Vulkan devices as
// their SubgroupSize says), so the answers follow from the work-group size.

// subgroupWidth is dev's sub-group size, or an error when dev has no
// sub-groups (CL_INVALID_OPERATION, as clGetKernelSubGroupInfo says).
func subgroupWidth(op string, dev *Device) (uint64, error) {
	w := uint64(dev.info.Caps.SubgroupSize)
	if w == 0 || !compiler.HasSubgroups(compiler.SubgroupOps(dev.info.Caps.SubgroupOps)) {
		return 0, errorf(ErrInvalidOperation, "%s: %v has no sub-groups", op, dev)
	}
	return w, nil
}

// MaxNumSubGroups is CL_DEVICE_MAX_NUM_SUB_GROUPS: how many sub-groups the
// largest work-group holds, 0 on a device without sub-groups.
func (d *Device) MaxNumSubGroups() uint64 {
	w := uint64(d.info.Caps.SubgroupSize)
	if w == 0 || !compiler.HasSubgroups(compiler.SubgroupOps(d.info.Caps.SubgroupOps)) {
		return 0
	}
	return (d.info.MaxWorkGroupSize + w - 1) / w
}

// localLinear checks a local size given to a sub-group query and returns
// its number of work-items.
func localLinear(op string, local []uint64) (uint64, error) {
	if len(local) == 0 || len(local) > 3 {
		return 0, errorf(ErrInvalidValue, "%s: a local size of %d dimensions", op, len(local))
	}
	n := uint64(1)
	for _, l := range local {
		if l == 0 {
			return 0, errorf(ErrInvalidValue, "%s: local size %v", op, local)
		}
		n *= l
	}
	return n, nil
}

// subgroupsOf checks k on dev and returns the device's sub-group width and
// the work-items of a work-group of the given local size.
func (k *Kernel) subgroupsOf(op string, dev *Device, local []uint64) (w, n uint64, err error) {
	if _, err := k.WorkGroupInfo(dev); err != nil {
		return 0, 0, err
	}
	if w, err = subgroupWidth(op, dev); err != nil {
		return 0, 0, err
	}
	if n, err = localLinear(op, local); err != nil {
		return 0, 0, err
	}
	return w, n, nil
}

// MaxSubGroupSizeForNDRange is CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE:
// the largest sub-group of a work-group of the given local size.
func (k *Kernel) MaxSubGroupSizeForNDRange(dev *Device, local []uint64) (uint64, error) {
	const op = "clGetKernelSubGroupInfo(CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE)"
	w, n, err := k.subgroupsOf(op, dev, local)
	if err != nil {
		return 0, err
	}
	return min(w, n), nil
}

// SubGroupCountForNDRange is CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE: how
// many sub-groups a work-group of the given local size holds.
func (k *Kernel) SubGroupCountForNDRange(dev *Device, local []uint64) (uint64, error) {
	const op = "clGetKernelSubGroupInfo(CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE)"
	w, n, err := k.subgroupsOf(op, dev, local)
	if err != nil {
		return 0, err
	}
	return (n + w - 1) / w, nil
}

// LocalSizeForSubGroupCount is CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT: a
// local size of dims dimensions (1 to 3) whose work-groups hold count
// sub-groups, all zeros when none can (more than the kernel's largest
// work-group, or a count its reqd_work_group_size does not give).
func (k *Kernel) LocalSizeForSubGroupCount(dev *Device, count uint64, dims int) ([]uint64, error) {
	const op = "clGetKernelSubGroupInfo(CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT)"
	wg, err := k.WorkGroupInfo(dev)
	if err != nil {
		return nil, err
	}
	w, err := subgroupWidth(op, dev)
	if err != nil {
		return nil, err
	}
	if dims < 1 || dims > 3 {
		return nil, errorf(ErrInvalidValue, "%s: %d dimensions", op, dims)
	}
	out := make([]uint64, dims)
	if reqd := wg.CompileWorkGroupSize; reqd != [3]uint64{} {
		n := reqd[0] * reqd[1] * reqd[2]
		if count != 0 && (n+w-1)/w == count {
			copy(out, reqd[:dims])
			for i := dims; i < 3; i++ {
				if reqd[i] != 1 {
					return make([]uint64, dims), nil
				}
			}
		}
		return out, nil
	}
	if count == 0 || (count-1)*w >= wg.WorkGroupSize {
		return out, nil
	}
	// count full sub-groups, or as many items as the kernel allows when
	// the last one must be partial.
	n := min(count*w, wg.WorkGroupSize)
	if n > dev.info.MaxWorkItemSizes[0] {
		return out, nil
	}
	out[0] = n
	for i := 1; i < dims; i++ {
		out[i] = 1
	}
	return out, nil
}

// MaxNumSubGroupsOf is CL_KERNEL_MAX_NUM_SUB_GROUPS: how many sub-groups
// the kernel's largest work-group holds.
func (k *Kernel) MaxNumSubGroupsOf(dev *Device) (uint64, error) {
	const op = "clGetKernelSubGroupInfo(CL_KERNEL_MAX_NUM_SUB_GROUPS)"
	wg, err := k.WorkGroupInfo(dev)
	if err != nil {
		return 0, err
	}
	w, err := subgroupWidth(op, dev)
	if err != nil {
		return 0, err
	}
	return (wg.WorkGroupSize + w - 1) / w, nil
}

// CompileNumSubGroups is CL_KERNEL_COMPILE_NUM_SUB_GROUPS: 0, as no
// kernel can ask for a number of sub-groups (clgo has no
// intel_reqd_sub_group_size or required_num_sub_groups attribute).
func (k *Kernel) CompileNumSubGroups(dev *Device) (uint64, error) {
	const op = "clGetKernelSubGroupInfo(CL_KERNEL_COMPILE_NUM_SUB_GROUPS)"
	if _, err := k.WorkGroupInfo(dev); err != nil {
		return 0, err
	}
	if _, err := subgroupWidth(op, dev); err != nil {
		return 0, err
	}
	return 0, nil
}
