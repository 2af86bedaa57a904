//go:build !clgo_compile_only

package main

import (
	"errors"
	"fmt"

	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/internal/kspec"
)

// boundsGuard runs a kernel file on clgo's host device, which checks every
// memory access, before another OpenCL implementation runs it at the same
// size. Most implementations (PoCL among them) do not check: a kernel that
// reads past a buffer there crashes this whole process inside their code,
// with no message. That happens with specs whose sizes do not fit their
// kernel, and in clgo bench with sizes scaled up where the kernel takes a
// row length or a count from an argument that scaling does not follow. The
// guard turns it into the host device's error, which names the kernel, the
// argument and the offset.
type boundsGuard struct {
	t    *clgoTarget
	own  bool             // t was opened for the guard alone
	file *kfile           // the file the results are for
	seen map[uint64]error // by scale factor (bench), 0 for the spec's own size
}

// newBoundsGuard returns a guard over the host target among ts, or over a
// host device of its own when ts has none; nil when no host device opens.
func newBoundsGuard(ts []target) *boundsGuard {
	for _, t := range ts {
		if c, ok := t.(*clgoTarget); ok && c.dev.DriverName() == "host" {
			return &boundsGuard{t: c}
		}
	}
	devs, err := clgoDevices("host")
	if err != nil || len(devs) == 0 {
		return nil
	}
	c, err := newClgoTarget(devs[0])
	if err != nil {
		return nil
	}
	return &boundsGuard{t: c, own: true}
}

// close releases a host target opened for the guard.
func (g *boundsGuard) close() {
	if g != nil && g.own {
		g.t.close()
	}
}

// record notes the host target's own result for f at factor (a run it made
// anyway), so that check need not run it again.
func (g *boundsGuard) record(f *kfile, factor uint64, err error) {
	if g == nil {
		return
	}
	g.forFile(f)
	g.seen[factor] = err
}

func (g *boundsGuard) forFile(f *kfile) {
	if g.file != f {
		g.file, g.seen = f, map[uint64]error{}
	}
}

// check returns an error when f's kernel, at s (the spec scaled by factor),
// makes an out-of-bounds access on the host device. Other failures of the
// host device (an unsupported feature, a build error) are not the guard's
// business: they return nil and the other implementation runs.
func (g *boundsGuard) check(f *kfile, factor uint64, s *kspec.Spec, in [][]byte) error {
	if g == nil {
		return nil
	}
	g.forFile(f)
	err, ok := g.seen[factor]
	if !ok {
		_, _, err = g.t.run(f, s, in, false)
		g.seen[factor] = err
		if err != nil {
			// A failed command fails what follows it on the queue.
			if rerr := g.t.reset(); rerr != nil {
				return rerr
			}
		}
	}
	if outOfBounds(err) {
		return fmt.Errorf("%w: at this size the kernel accesses memory out of bounds (%s, which checks every access: %v)", errGuard, g.t.name(), err)
	}
	return nil
}

// errGuard starts the guard's errors.
var errGuard = errors.New("not run")

// outOfBounds reports whether err is the host device's report of an access
// outside the memory a pointer points into.
func outOfBounds(err error) bool {
	return errors.Is(err, driver.ErrOutOfBounds)
}
