package host

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"

	"github.com/clgo/clgo/driver"
)

// Resource is what is bound to a (DescriptorSet, Binding) of the kernel: a
// storage or uniform buffer, whose Data the kernel reads and writes in
// place, an image (made by Device.NewImage) or a sampler.
type Resource struct {
	Set, Binding int
	Data         []byte
	Name         string // names the resource in errors (e.g. the kernel argument), if set
	Image        driver.Image
	Sampler      *driver.Sampler
}

// Dispatch describes one run of a kernel over a grid of work-groups.
type Dispatch struct {
	Groups    [3]int // work-groups in each dimension
	BaseGroup [3]int // WorkgroupId of the first work-group (vkCmdDispatchBase)
	// GlobalShift is added to GlobalInvocationId and NumGroups, where not
	// zero, replaces NumWorkgroups: they place the dispatch in a larger grid
	// whose other groups may be of another size (the last groups of a
	// non-uniform NDRange).
	GlobalShift   [3]int
	NumGroups     [3]int
	Resources     []Resource
	PushConstants []byte
	Workers       int // goroutines; 0 means GOMAXPROCS
}

// Run executes the dispatch. It returns the first error of any work-group
// (an out-of-bounds access, an unreachable instruction), or ctx's error if
// ctx is cancelled first; memory written by the groups that ran is kept.
func (k *Kernel) Run(ctx context.Context, d *Dispatch) error {
	return k.runTier(ctx, d)
}

// maxChunk is the most runs a worker claims at once.
const maxChunk = 8

// claims holds the workers' spans of runs (claim.go) and the cancel
// flag, which every group and loop back-edge reads: the counters the
// claims write are on cache lines of their own.
type claims struct {
	groups groupClaims
	cancel atomic.Bool
}

// named puts the resource's name into an access error.
func (k *Kernel) named(err error, d *Dispatch) error {
	var ae *AccessError
	if errors.As(err, &ae) && ae.Set >= 0 {
		for _, r := range d.Resources {
			if r.Set == ae.Set && r.Binding == ae.Binding && r.Name != "" {
				ae.Memory = fmt.Sprintf("%s (set %d, binding %d)", r.Name, r.Set, r.Binding)
			}
		}
	}
	return err
}
