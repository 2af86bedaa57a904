package cl

import (
	"errors"
	"maps"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/clgo/clgo/driver"
)

// BuildStatus is cl_build_status.
type BuildStatus int32

// Build statuses.
const (
	BuildSuccess    BuildStatus = 0
	BuildNone       BuildStatus = -1
	BuildError      BuildStatus = -2
	BuildInProgress BuildStatus = -3
)

// Program is a program object: OpenCL C source or SPIR-V, built for some
// of its context's devices.
type Program struct {
	refs
	ctx    *Context
	source string // "" for IL programs
	il     []byte
	// fromIL: made by CreateProgramWithIL; spec holds its specialization
	// constants' values by SpecId (il.go), guarded by mu.
	fromIL bool
	spec   map[uint32][]byte
	// kernelIL: the module is OpenCL-flavoured (the Kernel capability)
	// and builds by translation to OpenCL C (ilkernel.go); specIDs caches
	// its specialization constants' sizes by SpecId, guarded by mu.
	kernelIL bool
	specIDs  map[uint32]int
	// ils are the modules of a program made from per-device binaries
	// (CreateProgramWithBinaries): each device builds its own.
	ils map[*Device][]byte
	// units are the translation units of a program made from separately
	// compiled programs (CreateProgramWithUnits): preprocessed OpenCL C,
	// each checked on its own and linked by name.
	units []string
	// unitOptions are compiler options that a link of units needs (the
	// Result.Options of translated OpenCL-flavoured SPIR-V); linkOnce
	// names the LinkOnceODR functions the units define.
	unitOptions []string
	linkOnce    []string
	// linkOptions is set for a library made with -enable-link-options:
	// the options of a link that uses it may apply to it.
	linkOptions bool

	mu      sync.Mutex
	builds  map[*Device]*build
	kernels int // live kernels: a program with kernels may not be rebuilt
}

type build struct {
	status  BuildStatus
	options string
	log     string
	spirv   []byte
	prog    driver.Program
	units   []string // the units a link of this program links, after a Compile
	// unitOptions are the compiler options a link of units needs.
	unitOptions []string
	// il is set after a Compile of OpenCL-flavoured SPIR-V: what a link
	// needs to translate the unit again (ilkernel.go, LinkUnits).
	il *ilUnit
	// kernels are the driver kernels made from prog, by name, kept until
	// prog is released: every kernel object of the name shares one, so
	// that what a driver prepares for a kernel (the host driver's
	// specialized code) outlives the clCreateKernel/clReleaseKernel of
	// each call of a library such as CLBlast.
	kernels map[string]driver.Kernel
}

// kernel returns the driver kernel called name. The program's mu is held.
func (b *build) kernel(name string) (driver.Kernel, error) {
	if dk, ok := b.kernels[name]; ok {
		return dk, nil
	}
	dk, err := b.prog.Kernel(name)
	if err != nil {
		return nil, err
	}
	if b.kernels == nil {
		b.kernels = map[string]driver.Kernel{}
	}
	b.kernels[name] = dk
	return dk, nil
}

// release releases the build's driver kernels and program.
func (b *build) release() {
	for _, dk := range b.kernels {
		dk.Release()
	}
	b.kernels = nil
	if b.prog != nil {
		b.prog.Release()
	}
}

// CreateProgramWithSource makes a program from OpenCL C source.
func (c *Context) CreateProgramWithSource(src string) (*Program, error) {
	if err := c.check("clCreateProgramWithSource"); err != nil {
		return nil, err
	}
	if src == "" {
		return nil, errorf(ErrInvalidValue, "clCreateProgramWithSource: empty source")
	}
	return c.newProgram(src, nil), nil
}

// CreateProgramWithIL makes a program from a SPIR-V module: Vulkan-flavoured
// (as clgo's compiler emits), validated here before any device sees it, or
// OpenCL-flavoured (the Kernel capability), whose structure is checked here
// and which is translated to OpenCL C when the program is built (il.go). A
// module refused is ErrInvalidValue with the reason.
func (c *Context) CreateProgramWithIL(code []byte) (*Program, error) {
	const op = "clCreateProgramWithIL"
	if err := c.check(op); err != nil {
		return nil, err
	}
	if len(code) == 0 {
		return nil, errorf(ErrInvalidValue, "%s: empty module", op)
	}
	kernel, err := checkILFlavour(code)
	if err != nil {
		return nil, errorf(ErrInvalidValue, "%s: %v", op, err)
	}
	if kernel {
		// clgo's validator knows the Vulkan environment only: the
		// module's own checks are checkKernelModule's.
		p := c.newProgram("", slices.Clone(code))
		p.fromIL, p.kernelIL = true, true
		return p, nil
	}
	p, err := c.createFromSPIRV(op, code, ErrInvalidValue)
	if err == nil {
		p.fromIL = true
	}
	return p, err
}

// CreateProgramWithBinary makes a program from a program binary holding a
// SPIR-V module (clCreateProgramWithBinary of an executable). As
// CreateProgramWithIL, but an invalid module is ErrInvalidBinary.
func (c *Context) CreateProgramWithBinary(code []byte) (*Program, error) {
	return c.createFromSPIRV("clCreateProgramWithBinary", code, ErrInvalidBinary)
}

func (c *Context) createFromSPIRV(op string, code []byte, invalid ErrorCode) (*Program, error) {
	if err := c.check(op); err != nil {
		return nil, err
	}
	if len(code) == 0 {
		return nil, errorf(ErrInvalidValue, "%s: empty module", op)
	}
	if err := checkSPIRV(code); err != nil {
		return nil, errorf(invalid, "%s: %v", op, err)
	}
	return c.newProgram("", slices.Clone(code)), nil
}

// CreateProgramWithBinaries makes a program from SPIR-V built for each of
// some of the context's devices (clCreateProgramWithBinary: the Binary of
// a program built for several devices, for each of them): Build builds
// each device's own module.
func (c *Context) CreateProgramWithBinaries(bins map[*Device][]byte) (*Program, error) {
	const op = "clCreateProgramWithBinary"
	if err := c.check(op); err != nil {
		return nil, err
	}
	if len(bins) == 0 {
		return nil, errorf(ErrInvalidValue, "%s: no binaries", op)
	}
	ils := map[*Device][]byte{}
	var first []byte
	for _, d := range c.devices {
		b, ok := bins[d]
		if !ok {
			continue
		}
		if len(b) == 0 {
			return nil, errorf(ErrInvalidValue, "%s: empty binary for %s", op, d)
		}
		if err := checkSPIRV(b); err != nil {
			return nil, errorf(ErrInvalidBinary, "%s: the binary for %s: %v", op, d, err)
		}
		ils[d] = slices.Clone(b)
		if first == nil {
			first = ils[d]
		}
	}
	if len(ils) != len(bins) {
		return nil, errorf(ErrInvalidDevice, "%s: a binary for a device not in the context", op)
	}
	p := c.newProgram("", first)
	p.ils = ils
	return p, nil
}

// CreateProgramWithUnits makes a program from the translation units of
// separately compiled programs (their Units), which Build links into an
// executable (clLinkProgram) and Compile checks together into a library
// (clLinkProgram -create-library). Each unit keeps its own file scope:
// types, typedefs, static functions and variables; functions and
// program-scope variables with external linkage are resolved across the
// units by name (compiler.Link). options are compiler options that a link
// of the units needs whatever its own options (Program.UnitOptions).
func (c *Context) CreateProgramWithUnits(units []string, options ...string) (*Program, error) {
	return c.CreateProgramWithLinkUnits(units, options, nil)
}

// CreateProgramWithLinkUnits is CreateProgramWithUnits for a link, which
// also knows the LinkOnceODR functions the units define (those LinkUnits
// collected): a later link that uses the program as a library gives
// them to its other inputs.
func (c *Context) CreateProgramWithLinkUnits(units, options, linkOnce []string) (*Program, error) {
	if err := c.check("clLinkProgram"); err != nil {
		return nil, err
	}
	if len(units) == 0 {
		return nil, errorf(ErrInvalidValue, "clLinkProgram: no units")
	}
	p := c.newProgram("", nil)
	p.units = slices.Clone(units)
	p.unitOptions = slices.Clone(options)
	p.linkOnce = slices.Clone(linkOnce)
	return p, nil
}

// LinkProgram links separately compiled programs (each compiled by
// Compile, or a library made by LinkProgram) for devices (all of the
// context's when none are given), as clLinkProgram: into an executable,
// or with -create-library into a library that may still call functions
// of other units. A failed link returns the program too, which holds the
// build log, with an error wrapping ErrLinkProgramFailure.
func (c *Context) LinkProgram(options string, inputs []*Program, devices ...*Device) (*Program, error) {
	const op = "clLinkProgram"
	lo, err := ParseLinkOptions(options)
	if err != nil {
		return nil, err
	}
	if len(inputs) == 0 {
		return nil, errorf(ErrInvalidValue, "%s: no input programs", op)
	}
	dev := c.devices[0]
	if len(devices) > 0 {
		dev = devices[0]
	}
	var units, needs []string
	seen := LinkOnceDefined(inputs...)
	for i, in := range inputs {
		if err := in.check(op); err != nil {
			return nil, err
		}
		u, err := in.LinkUnits(dev, seen)
		if err != nil {
			return nil, err
		}
		if u == nil {
			return nil, errorf(ErrInvalidOperation, "%s: input program %d is not compiled", op, i)
		}
		units = append(units, u...)
		needs = appendNew(needs, in.UnitOptions(dev)...)
		if in.units != nil && !in.linkOptions {
			// A library made without -enable-link-options (or loaded
			// from a binary): the link's options may not apply to its
			// units, and the units of a link are compiled with one set
			// of options. Each program linking option only allows
			// optimizations, so leaving them all out is correct.
			lo.Options = ""
		}
	}
	p, err := c.CreateProgramWithLinkUnits(units, needs, slices.Sorted(maps.Keys(seen)))
	if err != nil {
		return nil, err
	}
	if lo.Library {
		p.linkOptions = lo.EnableLinkOptions
		err = p.Compile(lo.Options, devices...)
	} else {
		err = p.Build(lo.Options, devices...)
	}
	if errors.Is(err, ErrBuildProgramFailure) || errors.Is(err, ErrCompileProgramFailure) {
		err = withLog(errorf(ErrLinkProgramFailure, "%s for %s", op, dev), p.BuildLog(dev))
	}
	return p, err
}

// LinkOptions are clLinkProgram's options (OpenCL 2.2 API 5.8.7).
type LinkOptions struct {
	// Library is -create-library: the link makes a library, which may
	// still use functions and variables of other units.
	Library bool
	// EnableLinkOptions is -enable-link-options (only with
	// -create-library): the options of a link that uses the library may
	// apply to its units.
	EnableLinkOptions bool
	// Options are the program linking options given (-cl-denorms-are-zero,
	// -cl-no-signed-zeros, -cl-unsafe-math-optimizations,
	// -cl-finite-math-only, -cl-fast-relaxed-math, -cl-no-subgroup-ifp),
	// which go on to the compiler.
	Options string
}

// ParseLinkOptions parses clLinkProgram's options; an option that is no
// linker option is ErrInvalidLinkerOptions.
func ParseLinkOptions(options string) (LinkOptions, error) {
	var lo LinkOptions
	var kept []string
	for _, o := range strings.Fields(options) {
		switch o {
		case "-create-library":
			lo.Library = true
		case "-enable-link-options":
			lo.EnableLinkOptions = true
		case "-cl-no-signed-zeroes":
			// The API specification's spelling; the compiler option is
			// -cl-no-signed-zeros.
			kept = append(kept, "-cl-no-signed-zeros")
		case "-cl-denorms-are-zero", "-cl-no-signed-zeros", "-cl-unsafe-math-optimizations",
			"-cl-finite-math-only", "-cl-fast-relaxed-math", "-cl-no-subgroup-ifp":
			kept = append(kept, o)
		default:
			return LinkOptions{}, errorf(ErrInvalidLinkerOptions, "clLinkProgram: invalid link option %q", o)
		}
	}
	if lo.EnableLinkOptions && !lo.Library {
		return LinkOptions{}, errorf(ErrInvalidLinkerOptions, "clLinkProgram: -enable-link-options needs -create-library")
	}
	lo.Options = strings.Join(kept, " ")
	return lo, nil
}

func (c *Context) newProgram(src string, il []byte) *Program {
	p := &Program{ctx: c, source: src, il: il, builds: map[*Device]*build{}}
	p.init()
	p.cleanup = runtime.AddCleanup(p, func(b map[*Device]*build) { releaseBuilds(b) }, p.builds)
	return p
}

func releaseBuilds(builds map[*Device]*build) {
	for _, b := range builds {
		b.release()
	}
}

// Build compiles and prepares the program for devices (all of the
// context's when none are given). A failed build returns an error wrapping
// ErrBuildProgramFailure whose text ends with the build log; BuildLog
// returns the log too.
func (p *Program) Build(options string, devices ...*Device) error {
	const op = "clBuildProgram"
	if err := p.check(op); err != nil {
		return err
	}
	devices, err := p.targets(op, devices)
	if err != nil {
		return err
	}
	if p.source != "" || p.units != nil || p.kernelIL {
		if err := CheckOptions(options); err != nil {
			return errorf(ErrInvalidBuildOptions, "%s: %v", op, err)
		}
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.kernels > 0 {
		return errorf(ErrInvalidOperation, "%s: the program has kernels attached", op)
	}
	source, translateLog, translateErr := p.source, "", error(nil)
	var needs []string
	if p.kernelIL {
		// Translated once for all devices, with the specialization
		// constants set by now; the OpenCL C builds as source does.
		res, err := p.translate()
		if err != nil {
			translateLog, translateErr = translateError(err)
		} else {
			source, needs = res.Source, res.Options
		}
	}
	var first error
	for _, d := range devices {
		b := p.startBuild(d, options)
		code := p.il
		if p.ils != nil {
			il, ok := p.ils[d]
			if !ok {
				b.status = BuildError
				b.log = "no binary for this device"
				if first == nil {
					first = errorf(ErrInvalidBinary, "%s: the program has no binary for %s", op, d)
				}
				continue
			}
			code = il
		}
		if p.source != "" || p.units != nil || p.kernelIL {
			var spv []byte
			var log string
			var err error
			switch {
			case translateErr != nil:
				log, err = translateLog, translateErr
			case p.units != nil:
				spv, log, err = linkUnits(p.units, withOptions(options, p.unitOptions), d)
			default:
				spv, log, err = compileSource(source, withOptions(options, ilOptions(needs, p.kernelIL, d)), d)
			}
			b.log = log
			if err != nil {
				b.status = BuildError
				if first == nil {
					if errors.Is(err, driver.ErrCompilerNotAvailable) {
						first = wrap(err, ErrCompilerNotAvailable, "%s", op)
					} else {
						first = withLog(wrap(err, ErrBuildProgramFailure, "%s for %s", op, d), log)
					}
				}
				continue
			}
			code = spv
		}
		if p.fromIL && !p.kernelIL {
			code = specialize(code, p.spec)
		}
		b.spirv = code
		dp, err := d.dev.BuildProgram(code)
		if err != nil {
			b.status = BuildError
			if b.log != "" {
				b.log += "\n"
			}
			b.log += err.Error()
			if first == nil {
				first = wrap(err, ErrBuildProgramFailure, "%s for %s", op, d)
			}
			continue
		}
		b.prog, b.status = dp, BuildSuccess
	}
	return first
}

// Compile checks the program's source as one unit of separate
// compilation (clCompileProgram, or a library made by clLinkProgram): as
// Build, but calls to functions defined in other units are allowed and no
// executable is made (kernels cannot be created from the program).
func (p *Program) Compile(options string, devices ...*Device) error {
	const op = "clCompileProgram"
	if err := p.check(op); err != nil {
		return err
	}
	if p.source == "" && p.units == nil && !p.kernelIL {
		return errorf(ErrInvalidOperation, "%s: the program has no source", op)
	}
	devices, err := p.targets(op, devices)
	if err != nil {
		return err
	}
	if err := CheckOptions(options); err != nil {
		return errorf(ErrInvalidCompilerOptions, "%s: %v", op, err)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.kernels > 0 {
		return errorf(ErrInvalidOperation, "%s: the program has kernels attached", op)
	}
	source, translateLog, translateErr := p.source, "", error(nil)
	var needs, linkOnce []string
	if p.kernelIL {
		// The translated OpenCL C is the unit; a link needs the options
		// it was translated for (e.g. its -cl-std) too.
		res, err := p.translate()
		if err != nil {
			translateLog, translateErr = translateError(err)
		} else {
			source, needs, linkOnce = res.Source, res.Options, res.LinkOnce
		}
	}
	var first error
	for _, d := range devices {
		b := p.startBuild(d, options)
		var log string
		var units, unitNeeds []string // unitNeeds: for d
		var err error
		switch {
		case translateErr != nil:
			log, err = translateLog, translateErr
		case p.units != nil:
			// A library: its units checked together, kept as they are.
			log, err = checkUnits(p.units, withOptions(options, p.unitOptions), d)
			units, unitNeeds = p.units, p.unitOptions
		default:
			var text string
			unitNeeds = ilOptions(needs, p.kernelIL, d)
			log, text, err = compileUnit(source, withOptions(options, unitNeeds), d)
			units = []string{text}
			if p.kernelIL {
				b.il = &ilUnit{spec: cloneSpec(p.spec), options: withOptions(options, unitNeeds), linkOnce: linkOnce}
			}
		}
		b.log, b.units, b.unitOptions = log, units, unitNeeds
		if err != nil {
			b.status = BuildError
			if first == nil {
				first = withLog(wrap(err, ErrCompileProgramFailure, "%s for %s", op, d), log)
			}
			continue
		}
		b.status = BuildSuccess
	}
	return first
}

// Units returns the translation units that a link of p links for dev:
// after a successful Compile, the preprocessed source (one unit; a
// library's units); for a program made by CreateProgramWithUnits and not
// compiled since, its units. It is nil otherwise.
func (p *Program) Units(dev *Device) []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	if b := p.builds[dev]; b != nil && b.status == BuildSuccess && b.units != nil {
		return slices.Clone(b.units)
	}
	if b := p.builds[dev]; (b == nil || b.status == BuildNone) && p.units != nil {
		return slices.Clone(p.units)
	}
	return nil
}

// UnitOptions returns the compiler options that a link of p's Units for
// dev needs whatever the link's own options: those a translated
// OpenCL-flavoured module needs (its -cl-std), nil for OpenCL C units.
func (p *Program) UnitOptions(dev *Device) []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	if b := p.builds[dev]; b != nil && b.status == BuildSuccess && b.units != nil {
		return slices.Clone(b.unitOptions)
	}
	if b := p.builds[dev]; (b == nil || b.status == BuildNone) && p.units != nil {
		return slices.Clone(p.unitOptions)
	}
	return nil
}

// appendNew appends the options of add that list lacks.
func appendNew(list []string, add ...string) []string {
	for _, o := range add {
		if !slices.Contains(list, o) {
			list = append(list, o)
		}
	}
	return list
}

// BuildStatus returns the status of the last build for dev.
func (p *Program) BuildStatus(dev *Device) BuildStatus {
	p.mu.Lock()
	defer p.mu.Unlock()
	if b := p.builds[dev]; b != nil {
		return b.status
	}
	return BuildNone
}

// BuildLog returns the log of the last build for dev.
func (p *Program) BuildLog(dev *Device) string {
	p.mu.Lock()
	defer p.mu.Unlock()
	if b := p.builds[dev]; b != nil {
		return b.log
	}
	return ""
}

// BuildOptions returns the options of the last build for dev.
func (p *Program) BuildOptions(dev *Device) string {
	p.mu.Lock()
	defer p.mu.Unlock()
	if b := p.builds[dev]; b != nil {
		return b.options
	}
	return ""
}

// Binary returns the SPIR-V the program was built into for dev (the
// program's CL_PROGRAM_BINARIES), or nil.
func (p *Program) Binary(dev *Device) []byte {
	p.mu.Lock()
	defer p.mu.Unlock()
	if b := p.builds[dev]; b != nil && b.status == BuildSuccess {
		return b.spirv
	}
	return nil
}

// Source returns the program's source ("" for IL programs).
func (p *Program) Source() string { return p.source }

// Context returns the program's context.
func (p *Program) Context() *Context { return p.ctx }

// built returns the devices with an executable (a successful Build, not
// a Compile), in context device order.
func (p *Program) built() []*Device {
	var out []*Device
	for _, d := range p.ctx.devices {
		if b := p.builds[d]; b != nil && b.status == BuildSuccess && b.prog != nil {
			out = append(out, d)
		}
	}
	return out
}

// KernelNames lists the program's kernels (CL_PROGRAM_KERNEL_NAMES).
func (p *Program) KernelNames() ([]string, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	devs := p.built()
	if len(devs) == 0 {
		return nil, errorf(ErrInvalidProgramExecutable, "clGetProgramInfo: program not built")
	}
	var names []string
	for _, k := range p.builds[devs[0]].prog.Kernels() {
		names = append(names, k.Name)
	}
	return names, nil
}

// Retain adds a reference.
func (p *Program) Retain() error { return p.retain(ErrInvalidProgram, "clRetainProgram") }

// Release drops a reference.
func (p *Program) Release() error {
	last, err := p.release(ErrInvalidProgram, "clReleaseProgram")
	if last {
		p.mu.Lock()
		releaseBuilds(p.builds)
		p.mu.Unlock()
	}
	return err
}

func (p *Program) check(op string) error {
	if p == nil || !p.alive() {
		return errorf(ErrInvalidProgram, "%s: invalid program", op)
	}
	return nil
}

// targets returns the devices a build or compile applies to: those given,
// or all of the context's; each must belong to the program's context.
func (p *Program) targets(op string, devices []*Device) ([]*Device, error) {
	if len(devices) == 0 {
		if p.ils != nil {
			for _, d := range p.ctx.devices {
				if p.ils[d] != nil {
					devices = append(devices, d)
				}
			}
			return devices, nil
		}
		return p.ctx.devices, nil
	}
	for i, d := range devices {
		if d == nil || !p.ctx.has(d) {
			return nil, errorf(ErrInvalidDevice, "%s: device %d is not in the program's context", op, i)
		}
	}
	return devices, nil
}

// startBuild replaces d's build with a new one in progress, releasing the
// driver program of the old one. p.mu is held.
func (p *Program) startBuild(d *Device, options string) *build {
	b := &build{status: BuildInProgress, options: options}
	if old := p.builds[d]; old != nil {
		old.release()
	}
	p.builds[d] = b
	return b
}
