//go:build cgo

package main

/*
#include "clgo.h"
*/
import "C"

import (
	"bytes"
	"encoding/binary"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"unsafe"

	"github.com/clgo/clgo/cl"
)

type program struct {
	object
	p      *cl.Program
	ctx    *context
	devs   []*device
	source string // OpenCL C; "" for programs made by clLinkProgram or from binaries

	mu         sync.Mutex
	binaryType C.cl_program_binary_type
	includes   []string // -I options of clCompileProgram's headers, kept for clLinkProgram
	options    string   // the options of the last compile, for clLinkProgram
	// linkOptions is set for a library made with -enable-link-options:
	// the options of a link that uses it may apply to it.
	linkOptions bool
	building    bool
	// fromBinary: made by clCreateProgramWithBinary, or linked from such a
	// program. Its kernels have no argument information to report.
	fromBinary bool
}

// argInfo reports whether clGetKernelArgInfo may answer for the program's
// kernels: the spec makes argument information available only for
// programs made from source and built (or compiled) with
// -cl-kernel-arg-info.
func (p *program) argInfo() bool {
	if p.fromBinary {
		return false
	}
	for _, d := range p.devs {
		if slices.Contains(strings.Fields(p.p.BuildOptions(d.d)), "-cl-kernel-arg-info") {
			return true
		}
	}
	return false
}

func (p *program) destroy() func() {
	p.p.Release()
	return nil
}

func programOf(p C.cl_program) (*program, bool) { return lookup[*program](unsafe.Pointer(p)) }

func newProgram(c *context, cp *cl.Program, devs []*device, src string, typ C.cl_program_binary_type, errcode_ret *C.cl_int) C.cl_program {
	p := &program{p: cp, ctx: c, devs: devs, source: src, binaryType: typ, fromBinary: typ != C.CL_PROGRAM_BINARY_TYPE_NONE}
	h := register(p, c)
	if h == nil {
		cp.Release()
		setErr(errcode_ret, C.CL_OUT_OF_HOST_MEMORY)
		return nil
	}
	setErr(errcode_ret, success)
	return C.cl_program(h)
}

//export clCreateProgramWithSource
func clCreateProgramWithSource(context C.cl_context, count C.cl_uint, strs C.clgo_strs, lengths C.clgo_sizes, errcode_ret *C.cl_int) C.cl_program {
	c, ok := contextOf(context)
	if !ok {
		setErr(errcode_ret, C.CL_INVALID_CONTEXT)
		return nil
	}
	if count == 0 || strs == nil {
		setErr(errcode_ret, C.CL_INVALID_VALUE)
		return nil
	}
	var src strings.Builder
	var ls []C.size_t
	if lengths != nil {
		ls = unsafe.Slice((*C.size_t)(unsafe.Pointer(lengths)), count)
	}
	for i, s := range unsafe.Slice((**C.char)(unsafe.Pointer(strs)), count) {
		if s == nil {
			setErr(errcode_ret, C.CL_INVALID_VALUE)
			return nil
		}
		if ls != nil && ls[i] != 0 {
			// C.GoStringN takes an int: a length past 2^31 would wrap.
			b, ok := hostBytes(unsafe.Pointer(s), uint64(ls[i]))
			if !ok {
				setErr(errcode_ret, C.CL_INVALID_VALUE)
				return nil
			}
			src.Write(b)
		} else {
			src.WriteString(C.GoString(s))
		}
	}
	text := src.String()
	if text == "" {
		text = "\n" // an empty program is valid OpenCL
	}
	cp, err := c.c.CreateProgramWithSource(text)
	if err != nil {
		setErr(errcode_ret, code(err))
		return nil
	}
	return newProgram(c, cp, c.devs, text, C.CL_PROGRAM_BINARY_TYPE_NONE, errcode_ret)
}

// clgo program binaries: the magic, the binary type, then SPIR-V for an
// executable or, for a compiled object or library, its translation units
// (preprocessed OpenCL C), each as a little-endian uint32 length and the
// text (encodeUnits). Plain SPIR-V is accepted as an executable too.
var binaryMagic = []byte("CLGOBIN1")

// binaryMagicLink starts the binary of a compiled object or library whose
// units need compiler options at every link or define LinkOnceODR
// functions (translated OpenCL-flavoured SPIR-V: cl's UnitOptions and
// UnitLinkOnce): after the type, those options and those functions as two
// lists (encodeList), then the units. Other binaries keep binaryMagic.
var binaryMagicLink = []byte("CLGOBIN2")

// unitsBinary is a compiled object's or library's binary, decoded.
type unitsBinary struct{ units, options, linkOnce []string }

// encodeList is a uint32 count and the strings as encodeUnits has them.
func encodeList(list []string) []byte {
	return append(binary.LittleEndian.AppendUint32(nil, uint32(len(list))), encodeUnits(list)...)
}

// decodeList reads an encodeList list from b and returns the rest.
func decodeList(b []byte) (list []string, rest []byte, ok bool) {
	if len(b) < 4 {
		return nil, nil, false
	}
	n := binary.LittleEndian.Uint32(b)
	b = b[4:]
	for ; n > 0; n-- {
		if len(b) < 4 || uint64(binary.LittleEndian.Uint32(b)) > uint64(len(b)-4) {
			return nil, nil, false
		}
		l := binary.LittleEndian.Uint32(b)
		list = append(list, string(b[4:4+l]))
		b = b[4+l:]
	}
	return list, b, true
}

func encodeUnitsBinary(typ C.cl_program_binary_type, ub unitsBinary) []byte {
	if len(ub.options) == 0 && len(ub.linkOnce) == 0 {
		return encodeBinary(typ, encodeUnits(ub.units))
	}
	out := append([]byte(nil), binaryMagicLink...)
	out = binary.LittleEndian.AppendUint32(out, uint32(typ))
	out = append(out, encodeList(ub.options)...)
	out = append(out, encodeList(ub.linkOnce)...)
	return append(out, encodeUnits(ub.units)...)
}

// decodeUnitsBinary decodes the body of a compiled object's or library's
// binary; link tells a binaryMagicLink one.
func decodeUnitsBinary(body []byte, link bool) (unitsBinary, bool) {
	var ub unitsBinary
	if link {
		var ok bool
		if ub.options, body, ok = decodeList(body); !ok {
			return ub, false
		}
		if ub.linkOnce, body, ok = decodeList(body); !ok {
			return ub, false
		}
	}
	var ok bool
	ub.units, ok = decodeUnits(body)
	return ub, ok
}

const spirvMagic = 0x07230203

func encodeBinary(typ C.cl_program_binary_type, body []byte) []byte {
	out := append([]byte(nil), binaryMagic...)
	out = binary.LittleEndian.AppendUint32(out, uint32(typ))
	return append(out, body...)
}

func encodeUnits(units []string) []byte {
	var out []byte
	for _, u := range units {
		out = binary.LittleEndian.AppendUint32(out, uint32(len(u)))
		out = append(out, u...)
	}
	return out
}

func decodeUnits(b []byte) ([]string, bool) {
	var units []string
	for len(b) > 0 {
		if len(b) < 4 || uint64(binary.LittleEndian.Uint32(b)) > uint64(len(b)-4) {
			return nil, false
		}
		n := binary.LittleEndian.Uint32(b)
		units = append(units, string(b[4:4+n]))
		b = b[4+n:]
	}
	return units, len(units) > 0
}

// decodeBinary returns a binary's type and body; link tells a
// binaryMagicLink binary (decodeUnitsBinary).
func decodeBinary(b []byte) (typ C.cl_program_binary_type, body []byte, link, ok bool) {
	if len(b) >= 4 && binary.LittleEndian.Uint32(b) == spirvMagic {
		return C.CL_PROGRAM_BINARY_TYPE_EXECUTABLE, b, false, true
	}
	if len(b) < len(binaryMagic)+4 {
		return 0, nil, false, false
	}
	switch {
	case bytes.Equal(b[:len(binaryMagic)], binaryMagic):
	case bytes.Equal(b[:len(binaryMagicLink)], binaryMagicLink):
		link = true
	default:
		return 0, nil, false, false
	}
	typ = C.cl_program_binary_type(binary.LittleEndian.Uint32(b[len(binaryMagic):]))
	body = b[len(binaryMagic)+4:]
	switch typ {
	case C.CL_PROGRAM_BINARY_TYPE_EXECUTABLE:
		return typ, body, false, !link && len(body) >= 4 && binary.LittleEndian.Uint32(body) == spirvMagic
	case C.CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT, C.CL_PROGRAM_BINARY_TYPE_LIBRARY:
		_, ok := decodeUnitsBinary(body, link)
		return typ, body, link, ok
	}
	return 0, nil, false, false
}

// maxBinaryBytes bounds a program binary: a clgo binary is SPIR-V and its
// reflection, megabytes for the largest programs; a larger length is a
// wrong length, not a binary to copy.
const maxBinaryBytes = 1 << 30

//export clCreateProgramWithBinary
func clCreateProgramWithBinary(context C.cl_context, num_devices C.cl_uint, device_list C.clgo_devices, lengths C.clgo_sizes, binaries C.clgo_binaries, binary_status *C.cl_int, errcode_ret *C.cl_int) C.cl_program {
	c, ok := contextOf(context)
	if !ok {
		setErr(errcode_ret, C.CL_INVALID_CONTEXT)
		return nil
	}
	if num_devices == 0 || device_list == nil || lengths == nil || binaries == nil {
		setErr(errcode_ret, C.CL_INVALID_VALUE)
		return nil
	}
	var devs []*device
	for _, id := range unsafe.Slice(device_list, num_devices) {
		d, ok := deviceOf(id)
		if !ok || !c.has(d) {
			setErr(errcode_ret, C.CL_INVALID_DEVICE)
			return nil
		}
		devs = append(devs, d)
	}
	ls := unsafe.Slice((*C.size_t)(unsafe.Pointer(lengths)), num_devices)
	bs := unsafe.Slice((**C.uchar)(unsafe.Pointer(binaries)), num_devices)
	var status []C.cl_int
	if binary_status != nil {
		status = unsafe.Slice(binary_status, num_devices)
	}
	var typ C.cl_program_binary_type
	var body []byte
	var link bool
	bodies := map[*cl.Device][]byte{} // each device's executable
	bad := false
	for i := range devs {
		if ls[i] == 0 || bs[i] == nil {
			if status != nil {
				status[i] = C.CL_INVALID_VALUE
			}
			setErr(errcode_ret, C.CL_INVALID_VALUE)
			return nil
		}
		// The length is the caller's: checked before the bytes are read.
		raw, ok := hostBytes(unsafe.Pointer(bs[i]), uint64(ls[i]))
		if !ok || uint64(ls[i]) > maxBinaryBytes {
			debugf("clCreateProgramWithBinary: binary %d of %d bytes (clgo reads at most %d)", i, ls[i], uint64(maxBinaryBytes))
			bad = true
			if status != nil {
				status[i] = C.CL_INVALID_BINARY
			}
			continue
		}
		t, b, l, ok := decodeBinary(bytes.Clone(raw))
		if !ok {
			bad = true
			if status != nil {
				status[i] = C.CL_INVALID_BINARY
			}
			continue
		}
		if status != nil {
			status[i] = success
		}
		if body == nil {
			typ, body, link = t, b, l
		}
		bodies[devs[i].d] = b
	}
	if bad {
		setErr(errcode_ret, C.CL_INVALID_BINARY)
		return nil
	}
	var cp *cl.Program
	var err error
	if typ == C.CL_PROGRAM_BINARY_TYPE_EXECUTABLE {
		// A binary per device: a program built for several devices
		// builds each one's own module. Each is validated by clgo's
		// SPIR-V validator: an invalid module is CL_INVALID_BINARY here,
		// before any driver sees it.
		cp, err = c.c.CreateProgramWithBinaries(bodies)
	} else {
		// A compiled object or library: units that clLinkProgram links,
		// with the options and LinkOnceODR functions of translated
		// SPIR-V units.
		ub, _ := decodeUnitsBinary(body, link)
		cp, err = c.c.CreateProgramWithLinkUnits(ub.units, ub.options, ub.linkOnce)
	}
	if err != nil {
		if code(err) == C.CL_INVALID_BINARY {
			for i := range status {
				status[i] = C.CL_INVALID_BINARY
			}
		}
		setErr(errcode_ret, code(err))
		return nil
	}
	return newProgram(c, cp, devs, "", typ, errcode_ret)
}

//export clCreateProgramWithBuiltInKernels
func clCreateProgramWithBuiltInKernels(context C.cl_context, num_devices C.cl_uint, device_list C.clgo_devices, kernel_names C.clgo_str, errcode_ret *C.cl_int) C.cl_program {
	c, ok := contextOf(context)
	if !ok {
		setErr(errcode_ret, C.CL_INVALID_CONTEXT)
		return nil
	}
	if num_devices == 0 || device_list == nil || kernel_names == nil {
		setErr(errcode_ret, C.CL_INVALID_VALUE)
		return nil
	}
	for _, id := range unsafe.Slice(device_list, num_devices) {
		if d, ok := deviceOf(id); !ok || !c.has(d) {
			setErr(errcode_ret, C.CL_INVALID_DEVICE)
			return nil
		}
	}
	// No device has built-in kernels (CL_DEVICE_BUILT_IN_KERNELS is empty).
	setErr(errcode_ret, C.CL_INVALID_VALUE)
	return nil
}

//export clRetainProgram
func clRetainProgram(prog C.cl_program) C.cl_int {
	p, ok := programOf(prog)
	if !ok || !retain(&p.object) {
		return C.CL_INVALID_PROGRAM
	}
	return success
}

//export clReleaseProgram
func clReleaseProgram(prog C.cl_program) C.cl_int {
	p, ok := programOf(prog)
	if !ok || !release(&p.object) {
		return C.CL_INVALID_PROGRAM
	}
	return success
}

// programDevices resolves the device list of a build, compile or link:
// NULL means all of the program's devices.
func (p *program) devices(n C.cl_uint, list C.clgo_devices) ([]*device, C.cl_int) {
	if (n == 0) != (list == nil) {
		return nil, C.CL_INVALID_VALUE
	}
	if n == 0 {
		return p.devs, success
	}
	var out []*device
	for _, id := range unsafe.Slice(list, n) {
		d, ok := deviceOf(id)
		if !ok || !slices.Contains(p.devs, d) {
			return nil, C.CL_INVALID_DEVICE
		}
		out = append(out, d)
	}
	return out, success
}

func cDevices(ds []*device) []*cl.Device {
	out := make([]*cl.Device, len(ds))
	for i, d := range ds {
		out[i] = d.d
	}
	return out
}

// build runs a build, compile or link step, on a goroutine when the
// application gave a callback (clBuildProgram may then return at once).
func (p *program) run(fn C.clgo_program_notify, data unsafe.Pointer, step func() C.cl_int) C.cl_int {
	p.mu.Lock()
	if p.building {
		p.mu.Unlock()
		return C.CL_INVALID_OPERATION
	}
	p.building = true
	p.mu.Unlock()
	done := func() {
		p.mu.Lock()
		p.building = false
		p.mu.Unlock()
	}
	if fn == nil {
		defer done()
		return step()
	}
	hold(&p.object)
	go func() {
		defer unhold(&p.object)
		step()
		done()
		C.clgo_call_program_notify(unsafe.Pointer(fn), C.cl_program(p.h), data)
	}()
	return success
}

func buildCode(err error, failure C.cl_int) C.cl_int {
	switch {
	case err == nil:
		return success
	case errors.Is(err, cl.ErrInvalidBuildOptions):
		return C.CL_INVALID_BUILD_OPTIONS
	case errors.Is(err, cl.ErrInvalidCompilerOptions):
		return C.CL_INVALID_COMPILER_OPTIONS
	case errors.Is(err, cl.ErrCompilerNotAvailable):
		return C.CL_COMPILER_NOT_AVAILABLE
	case errors.Is(err, cl.ErrInvalidOperation):
		return C.CL_INVALID_OPERATION
	}
	return failure
}

//export clBuildProgram
func clBuildProgram(prog C.cl_program, num_devices C.cl_uint, device_list C.clgo_devices, options C.clgo_str, pfn_notify C.clgo_program_notify, user_data unsafe.Pointer) C.cl_int {
	p, ok := programOf(prog)
	if !ok {
		return C.CL_INVALID_PROGRAM
	}
	devs, rc := p.devices(num_devices, device_list)
	if rc != success {
		return rc
	}
	if pfn_notify == nil && user_data != nil {
		return C.CL_INVALID_VALUE
	}
	opts := goString((*C.char)(unsafe.Pointer(options)))
	p.mu.Lock()
	typ := p.binaryType
	p.mu.Unlock()
	if typ == C.CL_PROGRAM_BINARY_TYPE_LIBRARY {
		return C.CL_INVALID_BINARY
	}
	// Checked here too, so that a build with a callback returns the error.
	if (p.source != "" || p.p.KernelIL()) && cl.CheckOptions(opts) != nil {
		return C.CL_INVALID_BUILD_OPTIONS
	}
	return p.run(pfn_notify, user_data, func() C.cl_int {
		err := p.p.Build(opts, cDevices(devs)...)
		if err == nil {
			p.mu.Lock()
			p.binaryType = C.CL_PROGRAM_BINARY_TYPE_EXECUTABLE
			p.mu.Unlock()
		}
		return buildCode(err, C.CL_BUILD_PROGRAM_FAILURE)
	})
}

// writeHeaders puts clCompileProgram's embedded headers in a directory, so
// that the compiler's #include finds them through -I.
func writeHeaders(n C.cl_uint, headers C.clgo_programs, names C.clgo_strs) (string, C.cl_int) {
	if (n == 0) != (headers == nil) || (n != 0 && names == nil) {
		return "", C.CL_INVALID_VALUE
	}
	if n == 0 {
		return "", success
	}
	dir, err := os.MkdirTemp("", "clgo-headers-")
	if err != nil {
		return "", C.CL_OUT_OF_HOST_MEMORY
	}
	ns := unsafe.Slice((**C.char)(unsafe.Pointer(names)), n)
	for i, id := range unsafe.Slice(headers, n) {
		h, ok := programOf(id)
		if !ok {
			return "", C.CL_INVALID_PROGRAM
		}
		if ns[i] == nil {
			return "", C.CL_INVALID_VALUE
		}
		path := filepath.Join(dir, filepath.Clean("/"+C.GoString(ns[i])))
		os.MkdirAll(filepath.Dir(path), 0o755)
		if err := os.WriteFile(path, []byte(h.source), 0o644); err != nil {
			return "", C.CL_OUT_OF_HOST_MEMORY
		}
	}
	return dir, success
}

//export clCompileProgram
func clCompileProgram(prog C.cl_program, num_devices C.cl_uint, device_list C.clgo_devices, options C.clgo_str, num_input_headers C.cl_uint, input_headers C.clgo_programs, header_include_names C.clgo_strs, pfn_notify C.clgo_program_notify, user_data unsafe.Pointer) C.cl_int {
	p, ok := programOf(prog)
	if !ok {
		return C.CL_INVALID_PROGRAM
	}
	devs, rc := p.devices(num_devices, device_list)
	if rc != success {
		return rc
	}
	if pfn_notify == nil && user_data != nil {
		return C.CL_INVALID_VALUE
	}
	if p.source == "" && !p.p.KernelIL() {
		// Only source and OpenCL-flavoured SPIR-V (translated to
		// OpenCL C) compile.
		return C.CL_INVALID_OPERATION
	}
	if cl.CheckOptions(goString((*C.char)(unsafe.Pointer(options)))) != nil {
		return C.CL_INVALID_COMPILER_OPTIONS
	}
	dir, rc := writeHeaders(num_input_headers, input_headers, header_include_names)
	if rc != success {
		return rc
	}
	opts := goString((*C.char)(unsafe.Pointer(options)))
	var includes []string
	if dir != "" {
		includes = []string{"-I", dir}
	}
	return p.run(pfn_notify, user_data, func() C.cl_int {
		// The compiler has no object files: compiling checks the unit
		// (calls to functions of other units allowed) and keeps its
		// preprocessed source and options; clLinkProgram links the units
		// (compiler.Link), each a translation unit of its own.
		err := p.p.Compile(strings.Join(append(includes, opts), " "), cDevices(devs)...)
		if err == nil {
			p.mu.Lock()
			p.binaryType = C.CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT
			p.includes, p.options = includes, opts
			p.mu.Unlock()
		}
		return buildCode(err, C.CL_COMPILE_PROGRAM_FAILURE)
	})
}

//export clLinkProgram
func clLinkProgram(context C.cl_context, num_devices C.cl_uint, device_list C.clgo_devices, options C.clgo_str, num_input_programs C.cl_uint, input_programs C.clgo_programs, pfn_notify C.clgo_program_notify, user_data unsafe.Pointer, errcode_ret *C.cl_int) C.cl_program {
	fail := func(rc C.cl_int) C.cl_program {
		setErr(errcode_ret, rc)
		return nil
	}
	c, ok := contextOf(context)
	if !ok {
		return fail(C.CL_INVALID_CONTEXT)
	}
	if (num_devices == 0) != (device_list == nil) || num_input_programs == 0 || input_programs == nil ||
		(pfn_notify == nil && user_data != nil) {
		return fail(C.CL_INVALID_VALUE)
	}
	devs := c.devs
	if num_devices != 0 {
		devs = nil
		for _, id := range unsafe.Slice(device_list, num_devices) {
			d, ok := deviceOf(id)
			if !ok || !c.has(d) {
				return fail(C.CL_INVALID_DEVICE)
			}
			devs = append(devs, d)
		}
	}
	lo, err := cl.ParseLinkOptions(goString((*C.char)(unsafe.Pointer(options))))
	if err != nil {
		return fail(C.CL_INVALID_LINKER_OPTIONS)
	}
	var units, needs []string
	var compile []string
	fromBinary := false
	// The LinkOnceODR functions defined by the libraries among the inputs
	// and, as the loop goes, by the inputs before: a compiled
	// OpenCL-flavoured unit makes its own definitions of those static.
	var ins []*cl.Program
	for _, id := range unsafe.Slice(input_programs, num_input_programs) {
		if in, ok := programOf(id); ok {
			ins = append(ins, in.p)
		}
	}
	linkOnce := cl.LinkOnceDefined(ins...)
	for i, id := range unsafe.Slice(input_programs, num_input_programs) {
		in, ok := programOf(id)
		if !ok || in.ctx != c {
			return fail(C.CL_INVALID_PROGRAM)
		}
		in.mu.Lock()
		typ, incl, opts, enabled := in.binaryType, in.includes, in.options, in.linkOptions
		in.mu.Unlock()
		fromBinary = fromBinary || in.fromBinary
		if typ != C.CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT && typ != C.CL_PROGRAM_BINARY_TYPE_LIBRARY {
			return fail(C.CL_INVALID_OPERATION)
		}
		// A compiled unit links as its preprocessed source: its own -D
		// and -I options, and its headers, are applied already. A
		// library brings all of its units.
		us, err := in.p.LinkUnits(devs[0].d, linkOnce)
		if err != nil {
			debugf("%v", err)
			return fail(code(err))
		}
		if us == nil {
			return fail(C.CL_INVALID_OPERATION)
		}
		units = append(units, us...)
		// Options the units need at any link (a translated module's
		// -cl-std): cl adds them to the link's build.
		for _, o := range in.p.UnitOptions(devs[0].d) {
			if !slices.Contains(needs, o) {
				needs = append(needs, o)
			}
		}
		if typ == C.CL_PROGRAM_BINARY_TYPE_LIBRARY && !enabled {
			// The link's options may not apply to this library's units,
			// and a link compiles all units with one set of options: as
			// each program linking option only allows optimizations,
			// leave them all out.
			lo.Options = ""
		}
		compile = append(compile, incl...)
		if i == 0 && opts != "" {
			compile = append(compile, opts)
		}
	}
	library := lo.Library
	cp, err := c.c.CreateProgramWithLinkUnits(units, needs, slices.Sorted(maps.Keys(linkOnce)))
	if err != nil {
		return fail(code(err))
	}
	var rc C.cl_int
	h := newProgram(c, cp, devs, "", C.CL_PROGRAM_BINARY_TYPE_NONE, &rc)
	if h == nil {
		return fail(rc)
	}
	p, _ := programOf(h)
	if lo.Options != "" {
		compile = append(compile, lo.Options)
	}
	p.includes, p.options = compile, strings.Join(compile, " ")
	p.linkOptions = lo.EnableLinkOptions
	p.fromBinary = fromBinary
	rc = p.run(pfn_notify, user_data, func() C.cl_int {
		var err error
		if library {
			// The units checked together; a library may still call
			// functions of other units.
			err = p.p.Compile(p.options, cDevices(devs)...)
		} else {
			err = p.p.Build(p.options, cDevices(devs)...)
		}
		if err == nil {
			p.mu.Lock()
			p.binaryType = C.CL_PROGRAM_BINARY_TYPE_EXECUTABLE
			if library {
				p.binaryType = C.CL_PROGRAM_BINARY_TYPE_LIBRARY
			}
			p.mu.Unlock()
		}
		return buildCode(err, C.CL_LINK_PROGRAM_FAILURE)
	})
	setErr(errcode_ret, rc)
	if rc == C.CL_LINK_PROGRAM_FAILURE {
		return h // the program holds the link log
	}
	if rc != success {
		release(&p.object)
		return nil
	}
	return h
}

//export clUnloadCompiler
func clUnloadCompiler() C.cl_int { return success }

//export clUnloadPlatformCompiler
func clUnloadPlatformCompiler(platform C.cl_platform_id) C.cl_int {
	if _, ok := platformOf(platform); !ok || platform == nil {
		return C.CL_INVALID_PLATFORM
	}
	return success
}

// binary is the program's binary for d (nil when it has none).
func (p *program) binary(d *device) []byte {
	p.mu.Lock()
	typ := p.binaryType
	p.mu.Unlock()
	switch typ {
	case C.CL_PROGRAM_BINARY_TYPE_EXECUTABLE:
		if spv := p.p.Binary(d.d); spv != nil {
			return encodeBinary(typ, spv)
		}
	case C.CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT, C.CL_PROGRAM_BINARY_TYPE_LIBRARY:
		if units := p.p.Units(d.d); units != nil {
			return encodeUnitsBinary(typ, unitsBinary{units, p.p.UnitOptions(d.d), p.p.UnitLinkOnce(d.d)})
		}
	}
	return nil
}

func (p *program) executable() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.binaryType != C.CL_PROGRAM_BINARY_TYPE_EXECUTABLE {
		return false
	}
	for _, d := range p.devs {
		if p.p.BuildStatus(d.d) == cl.BuildSuccess {
			return true
		}
	}
	return false
}

//export clGetProgramInfo
func clGetProgramInfo(prog C.cl_program, param_name C.cl_program_info, param_value_size C.size_t, param_value unsafe.Pointer, param_value_size_ret *C.size_t) C.cl_int {
	p, ok := programOf(prog)
	if !ok {
		return C.CL_INVALID_PROGRAM
	}
	var v []byte
	switch param_name {
	case C.CL_PROGRAM_REFERENCE_COUNT:
		v = u32(refCount(&p.object))
	case C.CL_PROGRAM_CONTEXT:
		v = ptr(p.ctx.h)
	case C.CL_PROGRAM_NUM_DEVICES:
		v = u32(uint32(len(p.devs)))
	case C.CL_PROGRAM_DEVICES:
		for _, d := range p.devs {
			v = append(v, ptr(d.h)...)
		}
	case C.CL_PROGRAM_SOURCE:
		v = str(p.source)
	case C.CL_PROGRAM_IL:
		v = p.p.IL() // nil (size 0) for programs not made from IL
	case C.CL_PROGRAM_BINARY_SIZES:
		for _, d := range p.devs {
			v = append(v, size(uint64(len(p.binary(d))))...)
		}
	case C.CL_PROGRAM_BINARIES:
		// param_value is an array of pointers to the application's buffers.
		n := len(p.devs) * 8
		if param_value_size_ret != nil {
			*param_value_size_ret = C.size_t(n)
		}
		if param_value == nil {
			return success
		}
		if uint64(param_value_size) < uint64(n) {
			return C.CL_INVALID_VALUE
		}
		dsts := unsafe.Slice((*unsafe.Pointer)(param_value), len(p.devs))
		for i, d := range p.devs {
			if b := p.binary(d); dsts[i] != nil && len(b) > 0 {
				copy(unsafe.Slice((*byte)(dsts[i]), len(b)), b)
			}
		}
		return success
	case C.CL_PROGRAM_NUM_KERNELS, C.CL_PROGRAM_KERNEL_NAMES:
		if !p.executable() {
			return C.CL_INVALID_PROGRAM_EXECUTABLE
		}
		names, err := p.p.KernelNames()
		if err != nil {
			return code(err)
		}
		if param_name == C.CL_PROGRAM_NUM_KERNELS {
			v = size(uint64(len(names)))
		} else {
			v = str(strings.Join(names, ";"))
		}
	case C.CL_PROGRAM_SCOPE_GLOBAL_CTORS_PRESENT, C.CL_PROGRAM_SCOPE_GLOBAL_DTORS_PRESENT:
		v = boolean(false)
	default:
		return C.CL_INVALID_VALUE
	}
	return putInfo(v, param_value_size, param_value, param_value_size_ret)
}

//export clGetProgramBuildInfo
func clGetProgramBuildInfo(prog C.cl_program, dev C.cl_device_id, param_name C.cl_program_build_info, param_value_size C.size_t, param_value unsafe.Pointer, param_value_size_ret *C.size_t) C.cl_int {
	p, ok := programOf(prog)
	if !ok {
		return C.CL_INVALID_PROGRAM
	}
	d, ok := deviceOf(dev)
	if !ok || !slices.Contains(p.devs, d) {
		return C.CL_INVALID_DEVICE
	}
	var v []byte
	switch param_name {
	case C.CL_PROGRAM_BUILD_STATUS:
		p.mu.Lock()
		building := p.building
		p.mu.Unlock()
		if building {
			// A build with a callback runs after clBuildProgram (or
			// clCompileProgram, clLinkProgram) returned.
			v = i32(C.CL_BUILD_IN_PROGRESS)
			break
		}
		v = i32(int32(p.p.BuildStatus(d.d)))
	case C.CL_PROGRAM_BUILD_OPTIONS:
		v = str(p.p.BuildOptions(d.d))
	case C.CL_PROGRAM_BUILD_LOG:
		v = str(p.p.BuildLog(d.d))
	case C.CL_PROGRAM_BINARY_TYPE:
		p.mu.Lock()
		v = u32(uint32(p.binaryType))
		p.mu.Unlock()
	case C.CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE:
		v = size(p.p.GlobalVariableTotalSize(d.d))
	default:
		return C.CL_INVALID_VALUE
	}
	return putInfo(v, param_value_size, param_value, param_value_size_ret)
}

//export clSetProgramReleaseCallback
func clSetProgramReleaseCallback(prog C.cl_program, pfn_notify C.clgo_program_notify, user_data unsafe.Pointer) C.cl_int {
	if _, ok := programOf(prog); !ok {
		return C.CL_INVALID_PROGRAM
	}
	if pfn_notify == nil {
		return C.CL_INVALID_VALUE
	}
	// No program-scope global constructors or destructors.
	return C.CL_INVALID_OPERATION
}
