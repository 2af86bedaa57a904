package cl

import "github.com/clgo/clgo/driver"

// Addressing modes (cl_addressing_mode) and filter modes (cl_filter_mode).
const (
	AddressNone           = driver.AddressNone
	AddressClampToEdge    = driver.AddressClampToEdge
	AddressClamp          = driver.AddressClamp
	AddressRepeat         = driver.AddressRepeat
	AddressMirroredRepeat = driver.AddressMirroredRepeat
	FilterNearest         = driver.FilterNearest
	FilterLinear          = driver.FilterLinear
)

// Sampler property names (cl_sampler_properties), as
// clCreateSamplerWithProperties takes them.
const (
	SamplerNormalizedCoords uint64 = 0x1152 // CL_SAMPLER_NORMALIZED_COORDS
	SamplerAddressingMode   uint64 = 0x1153 // CL_SAMPLER_ADDRESSING_MODE
	SamplerFilterMode       uint64 = 0x1154 // CL_SAMPLER_FILTER_MODE
)

// Sampler is a sampler object: how a kernel's read_image with a sampler_t
// argument addresses and filters.
type Sampler struct {
	refs
	ctx   *Context
	state driver.Sampler
	props []uint64 // as given to CreateSamplerWithProperties (CL_SAMPLER_PROPERTIES)
}

// CreateSampler makes a sampler (clCreateSampler).
func (c *Context) CreateSampler(normalized bool, addressing, filter uint32) (*Sampler, error) {
	return c.newSampler("clCreateSampler", driver.Sampler{NormalizedCoords: normalized, Addressing: addressing, Filter: filter}, nil)
}

// CreateSamplerWithProperties makes a sampler from a property list: pairs
// of a name (SamplerNormalizedCoords, SamplerAddressingMode,
// SamplerFilterMode) and a value, optionally ended by a 0. Unnamed
// properties default to normalized coordinates, CL_ADDRESS_CLAMP and
// CL_FILTER_NEAREST.
func (c *Context) CreateSamplerWithProperties(props []uint64) (*Sampler, error) {
	const op = "clCreateSamplerWithProperties"
	s := driver.Sampler{NormalizedCoords: true, Addressing: AddressClamp, Filter: FilterNearest}
	seen := map[uint64]bool{}
	var kept []uint64
	for i := 0; i < len(props); i += 2 {
		name := props[i]
		if name == 0 {
			kept = append(kept, 0)
			break
		}
		if i+1 >= len(props) {
			return nil, errorf(ErrInvalidValue, "%s: property %#x has no value", op, name)
		}
		if seen[name] {
			return nil, errorf(ErrInvalidValue, "%s: property %#x given twice", op, name)
		}
		seen[name] = true
		v := props[i+1]
		switch name {
		case SamplerNormalizedCoords:
			if v > 1 {
				return nil, errorf(ErrInvalidValue, "%s: CL_SAMPLER_NORMALIZED_COORDS %d", op, v)
			}
			s.NormalizedCoords = v == 1
		case SamplerAddressingMode:
			s.Addressing = uint32(v)
			if uint64(s.Addressing) != v {
				return nil, errorf(ErrInvalidValue, "%s: addressing mode %#x", op, v)
			}
		case SamplerFilterMode:
			s.Filter = uint32(v)
			if uint64(s.Filter) != v {
				return nil, errorf(ErrInvalidValue, "%s: filter mode %#x", op, v)
			}
		default:
			return nil, errorf(ErrInvalidValue, "%s: unknown property %#x", op, name)
		}
		kept = append(kept, name, v)
	}
	return c.newSampler(op, s, kept)
}

func (c *Context) newSampler(op string, s driver.Sampler, props []uint64) (*Sampler, error) {
	if err := c.check(op); err != nil {
		return nil, err
	}
	if len(c.imageDevices()) == 0 {
		return nil, errorf(ErrInvalidOperation, "%s: no device of the context supports images", op)
	}
	if s.Addressing < AddressNone || s.Addressing > AddressMirroredRepeat {
		return nil, errorf(ErrInvalidValue, "%s: addressing mode %#x", op, s.Addressing)
	}
	if s.Filter != FilterNearest && s.Filter != FilterLinear {
		return nil, errorf(ErrInvalidValue, "%s: filter mode %#x", op, s.Filter)
	}
	sm := &Sampler{ctx: c, state: s, props: props}
	sm.init()
	return sm, nil
}

// State is the sampler's addressing, filtering and coordinates.
func (s *Sampler) State() driver.Sampler { return s.state }

// NormalizedCoords is CL_SAMPLER_NORMALIZED_COORDS.
func (s *Sampler) NormalizedCoords() bool { return s.state.NormalizedCoords }

// AddressingMode is CL_SAMPLER_ADDRESSING_MODE.
func (s *Sampler) AddressingMode() uint32 { return s.state.Addressing }

// FilterMode is CL_SAMPLER_FILTER_MODE.
func (s *Sampler) FilterMode() uint32 { return s.state.Filter }

// Properties is CL_SAMPLER_PROPERTIES: the list given to
// CreateSamplerWithProperties, nil for CreateSampler.
func (s *Sampler) Properties() []uint64 { return s.props }

// Context returns the sampler's context.
func (s *Sampler) Context() *Context { return s.ctx }

// Retain adds a reference.
func (s *Sampler) Retain() error { return s.retain(ErrInvalidSampler, "clRetainSampler") }

// Release drops a reference.
func (s *Sampler) Release() error {
	_, err := s.release(ErrInvalidSampler, "clReleaseSampler")
	return err
}

func (s *Sampler) check(op string) error {
	if s == nil || !s.alive() {
		return errorf(ErrInvalidSampler, "%s: invalid sampler", op)
	}
	return nil
}
