package vulkan

import (
	"fmt"
	"sync"
	"unsafe"

	"github.com/clgo/clgo/driver"
)

// Samplers. A VkSampler is made per distinct state (OpenCL's normalized
// coordinates, addressing mode and filter, and the border's type) and
// kept as long as the device: there are at most 5 x 2 x 2 x 2 of them,
// whether they come from sampler_t arguments or from a module's literal
// samplers.
//
// The mapping: CLK_ADDRESS_CLAMP is CLAMP_TO_BORDER with a transparent
// black border (formats without alpha read it as (0,0,0,1) through their
// view's alpha-ONE swizzle, image.go), CLAMP_TO_EDGE and NONE are
// CLAMP_TO_EDGE, REPEAT and MIRRORED_REPEAT are REPEAT and
// MIRRORED_REPEAT (OpenCL allows them only with normalized coordinates;
// with unnormalized ones, which Vulkan restricts to the two clamps, they
// become CLAMP_TO_EDGE). CLK_NORMALIZED_COORDS_FALSE is
// unnormalizedCoordinates, filters are NEAREST or LINEAR, mipmaps NEAREST
// at level 0. The border is INT_TRANSPARENT_BLACK for kernels whose
// sampled images are all integer ones, FLOAT_TRANSPARENT_BLACK otherwise.
type samplerKey struct {
	s         driver.Sampler
	intBorder bool
}

type samplerCache struct {
	mu   sync.Mutex
	made map[samplerKey]uint64
}

// sampler returns the VkSampler of state s.
func (l *logical) sampler(s driver.Sampler, intBorder bool) (uint64, error) {
	key := samplerKey{s, intBorder}
	l.samplers.mu.Lock()
	defer l.samplers.mu.Unlock()
	if h, ok := l.samplers.made[key]; ok {
		return h, nil
	}
	ci := &vkSamplerCreateInfo{sType: sTypeSamplerCreateInfo, magFilter: filterNearest, minFilter: filterNearest}
	switch s.Filter {
	case driver.FilterNearest:
	case driver.FilterLinear:
		ci.magFilter, ci.minFilter = filterLinear, filterLinear
	default:
		return 0, fmt.Errorf("vulkan: sampler filter %#x: %w", s.Filter, driver.ErrInvalidValue)
	}
	mode := uint32(samplerAddressClampToEdge)
	switch s.Addressing {
	case driver.AddressNone, driver.AddressClampToEdge:
	case driver.AddressClamp:
		mode = samplerAddressClampToBorder
	case driver.AddressRepeat:
		if s.NormalizedCoords {
			mode = samplerAddressRepeat
		}
	case driver.AddressMirroredRepeat:
		if s.NormalizedCoords {
			mode = samplerAddressMirroredRepeat
		}
	default:
		return 0, fmt.Errorf("vulkan: sampler addressing mode %#x: %w", s.Addressing, driver.ErrInvalidValue)
	}
	ci.addressModeU, ci.addressModeV, ci.addressModeW = mode, mode, mode
	if !s.NormalizedCoords {
		ci.unnormalizedCoordinates = 1
	}
	ci.borderColor = borderFloatTransparentBlack
	if intBorder {
		ci.borderColor = borderIntTransparentBlack
	}
	var h uint64
	if err := check("vkCreateSampler", call(l.vkCreateSampler, l.handle, uintptr(unsafe.Pointer(ci)), 0, uintptr(unsafe.Pointer(&h)))); err != nil {
		return 0, fmt.Errorf("vulkan: sampler %+v: %w", s, err)
	}
	if l.samplers.made == nil {
		l.samplers.made = map[samplerKey]uint64{}
	}
	l.samplers.made[key] = h
	return h, nil
}
