package vulkan

import (
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"sync"
	"sync/atomic"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/spirv"
)

// The loop limiter.
//
// Mesa's llvmpipe, and so lavapipe, leaves a loop after 65535 passes and
// reports success (gallivm's lp_exec_endloop). The counter is one per
// invocation (per SIMD batch of invocations), shared by every loop of the
// shader once its calls are inlined, and never reset: two loops of 40000
// passes make 40000 and 25535; loops nested 300 x 300 stop at 65081 inner
// passes; a loop after the counter ran out makes one pass. So no rewriting
// of the loops in the emitted code escapes it, and a kernel that loops
// long on such a device cannot run correctly.
//
// The driver finds the limiter with a probe (a loop of 200000 passes that
// counts them) the first time it compiles for a physical device, and
// reports it as driver.Caps.LoopIterationLimit. The compiler then makes
// every kernel with loops detect a cut (compiler/lower/looplimit.go) and
// report it through the printf buffer; the dispatch's event then fails
// with printf.ErrLoopLimit instead of returning truncated results as
// success. Devices without the limiter get none of this code.

// probePasses is the probe loop's pass count: past 65535 and Mesa's
// other known limits, and quick to run on a CPU.
const probePasses = 200000

// loopProbe caches the probe of one physical device.
type loopProbe struct {
	once  sync.Once
	limit uint32
	done  atomic.Bool // limit is known
	// warned: a program without the check was reported once.
	warned atomic.Bool
}

var (
	probesMu sync.Mutex
	probes   = map[[32]byte]*loopProbe{} // by probeKey
)

// probeKey names a physical device across VkInstances: its device and
// driver UUIDs.
func (p *physical) probeKey() (k [32]byte) {
	copy(k[:16], p.id.deviceUUID[:])
	copy(k[16:], p.id.driverUUID[:])
	return k
}

// ProbedCaps is Info().Caps with LoopIterationLimit from the probe (run
// on first use, once per physical device; it opens the device).
func (d *Device) ProbedCaps() driver.Caps {
	c := d.info.Caps
	probesMu.Lock()
	p := probes[d.phys.probeKey()]
	if p == nil {
		p = &loopProbe{}
		probes[d.phys.probeKey()] = p
	}
	probesMu.Unlock()
	p.once.Do(func() {
		defer p.done.Store(true)
		n, err := d.countLoopPasses(probePasses)
		switch {
		case err != nil:
			// Assume the worst of a CPU device (where the limiter is
			// known); the check costs kernels little.
			if d.info.Type == driver.TypeCPU {
				p.limit = 65535
			}
			fmt.Fprintf(os.Stderr, "clgo: vulkan: %s: the loop-limit probe failed (%v); assuming %d\n", d.info.Name, err, p.limit)
		case n < probePasses:
			p.limit = n
		}
	})
	c.LoopIterationLimit = p.limit
	return c
}

// LoopIterationLimit is the pass count after which the device leaves
// loops, 0 when it runs them to the end (see ProbedCaps).
func (d *Device) LoopIterationLimit() uint32 { return d.ProbedCaps().LoopIterationLimit }

// countLoopPasses runs a kernel that counts the passes of a loop of n
// and returns the count.
func (d *Device) countLoopPasses(n uint32) (uint32, error) {
	code, err := loopProbeModule()
	if err != nil {
		return 0, err
	}
	p, err := d.BuildProgram(code)
	if err != nil {
		return 0, err
	}
	defer p.Release()
	k, err := p.Kernel("loop_probe")
	if err != nil {
		return 0, err
	}
	defer k.Release()
	q, err := d.NewQueue(driver.QueueOptions{})
	if err != nil {
		return 0, err
	}
	defer q.Release()
	buf, err := d.NewBuffer(8)
	if err != nil {
		return 0, err
	}
	defer buf.Release()
	words := binary.LittleEndian.AppendUint32(nil, n)
	words = binary.LittleEndian.AppendUint32(words, 0)
	if _, err := q.WriteBuffer(buf, 0, words, nil); err != nil {
		return 0, err
	}
	nd := driver.Uniform(1, [3]uint64{}, [3]uint64{1, 1, 1}, [3]uint64{1, 1, 1})
	if _, err := q.Dispatch(context.Background(), k, []driver.Arg{{Kind: driver.ArgBuffer, Buffer: buf, Size: 8}}, nd, nil); err != nil {
		return 0, err
	}
	ev, err := q.ReadBuffer(buf, 0, words, nil)
	if err != nil {
		return 0, err
	}
	if err := ev.Wait(context.Background()); err != nil {
		return 0, err
	}
	return binary.LittleEndian.Uint32(words[4:]), nil
}

// loopProbeModule builds the probe: kernel loop_probe(global uint *a)
// { uint i = 0; while (i < a[0]) i++; a[1] = i; }, one work-item.
func loopProbeModule() ([]byte, error) {
	b := spirv.NewBuilder(spirv.Version13)
	b.Capability(spirv.CapabilityShader)
	b.Extension("SPV_KHR_storage_buffer_storage_class")
	b.MemoryModel(spirv.AddressingModelLogical, spirv.MemoryModelGLSL450)
	u := b.TypeInt(32, 0)
	arr := b.NewTypeRuntimeArray(u)
	b.Decorate(arr, spirv.DecorationArrayStride, 4)
	st := b.NewTypeStruct(arr)
	b.MemberDecorate(st, 0, spirv.DecorationOffset, 0)
	b.Decorate(st, spirv.DecorationBlock)
	buf := b.Variable(b.TypePointer(spirv.StorageClassStorageBuffer, st), spirv.StorageClassStorageBuffer)
	b.Decorate(buf, spirv.DecorationDescriptorSet, 0)
	b.Decorate(buf, spirv.DecorationBinding, 0)
	pu := b.TypePointer(spirv.StorageClassStorageBuffer, u)
	c0, c1 := b.ConstantUint(u, 0), b.ConstantUint(u, 1)
	void := b.TypeVoid()
	fn := b.BeginFunction(void, b.TypeFunction(void), spirv.FunctionControlNone)
	entry := b.NewBlock()
	n := b.EmitIDs(spirv.OpLoad, u, b.EmitIDs(spirv.OpAccessChain, pu, buf, c0, c0))
	header, check, body, cont, merge := b.NewID(), b.NewID(), b.NewID(), b.NewID(), b.NewID()
	i, i1 := b.NewID(), b.NewID()
	b.EmitIDs(spirv.OpBranch, 0, header)
	b.StartBlock(header)
	b.EmitInst(&spirv.Instruction{Op: spirv.OpPhi, ResultType: u, Result: i,
		Operands: []uint32{uint32(c0), uint32(entry.Label), uint32(i1), uint32(cont)}})
	b.Emit(spirv.OpLoopMerge, 0, uint32(merge), uint32(cont), uint32(spirv.LoopControlNone))
	b.EmitIDs(spirv.OpBranch, 0, check)
	b.StartBlock(check)
	b.EmitIDs(spirv.OpBranchConditional, 0, b.EmitIDs(spirv.OpULessThan, b.TypeBool(), i, n), body, merge)
	b.StartBlock(body)
	b.EmitIDs(spirv.OpBranch, 0, cont)
	b.StartBlock(cont)
	b.EmitInst(&spirv.Instruction{Op: spirv.OpIAdd, ResultType: u, Result: i1, Operands: []uint32{uint32(i), uint32(c1)}})
	b.EmitIDs(spirv.OpBranch, 0, header)
	b.StartBlock(merge)
	b.EmitIDs(spirv.OpStore, 0, b.EmitIDs(spirv.OpAccessChain, pu, buf, c0, c1), i)
	b.Emit(spirv.OpReturn, 0)
	b.EndFunction()
	b.EntryPoint(spirv.ExecutionModelGLCompute, fn.ID, "loop_probe")
	b.ExecutionMode(fn.ID, spirv.ExecutionModeLocalSize, 1, 1, 1)
	r := &spirv.Reflection{Kernels: []spirv.Kernel{{Name: "loop_probe", Function: fn.ID, NumArgs: 1,
		Args: []spirv.Arg{{Name: "a", Kind: spirv.ArgBuffer, DescriptorSet: 0, Binding: 0}}}}}
	if err := b.EmitReflection(r); err != nil {
		return nil, err
	}
	return b.Module.Encode(), nil
}

// warnings receives the driver's warnings (tests replace it).
var warnings io.Writer = os.Stderr

// loopLimitID is the record id compiler/lower's loop-limit check writes
// (lower.PrintfLoopLimit): a module holding it as a constant has the
// check.
const loopLimitID = 0xfffffffe

// warnUnchecked warns, once per physical device, when a program with
// loops but without the loop-limit check (a binary compiled for another
// device, or by another compiler) is built for a device with a limiter:
// its long loops will end early and report success.
func (d *Device) warnUnchecked(m *spirv.Module) {
	probesMu.Lock()
	p := probes[d.phys.probeKey()]
	probesMu.Unlock()
	if p == nil || !p.done.Load() || p.limit == 0 || p.warned.Load() {
		return
	}
	loops, checked := false, false
	for _, in := range m.Globals {
		if in.Op == spirv.OpConstant && len(in.Operands) == 1 && in.Operands[0] == loopLimitID {
			checked = true
		}
	}
	for _, fn := range m.Functions {
		for _, blk := range fn.Blocks {
			for _, in := range blk.Insts {
				if in.Op == spirv.OpLoopMerge {
					loops = true
				}
			}
		}
	}
	if loops && !checked && !p.warned.Swap(true) {
		fmt.Fprintf(warnings, "clgo: vulkan: %s: warning: a program without clgo's loop-limit check (a binary compiled for another device?): this device ends loops after %d passes and reports success; build from source for this device to have such dispatches fail\n", d.info.Name, p.limit)
	}
}
