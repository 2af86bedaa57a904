package host

import (
	"strings"

	"github.com/clgo/clgo/internal/config"
)

// Optimization switches. Every optimization Prepare makes can be turned
// off, alone or all together, so that a wrong result can be pinned on one
// fast path (or on none): CLGO_HOST_OPT=0 turns them all off,
// CLGO_HOST_OPT=-hoist,-mad turns off the ones named, and
// CLGO_HOST_OPT=0,+alias turns all off but those named. The plain
// executor that remains runs every instruction in place over every lane,
// with the generic loops. Tests use SetOpts; the differential test
// (opt_test.go) runs kernels both ways and compares them bit for bit.

// opt names one optimization of Prepare.
type opt uint8

const (
	optClamp       opt = iota // a maximum feeding only a minimum is one clamp (clamp.go)
	optPromote                // Function variables kept in rows (promote.go)
	optLoadAlias              // loads live in their promoted variable's rows (loadalias.go)
	optPlace                  // a construct's operands are laid out in its rows (alias.go)
	optAlias                  // copies and extracts share their operand's rows (alias.go)
	optUniFlow                // values computed under a full mask (uniflow.go)
	optFuse                   // access chains computed by their loads and stores (fuse.go)
	optHoist                  // invariant code runs once per dispatch or group (hoist.go)
	optUniform                // lane-uniform values computed once (uniform.go)
	optAffine                 // accesses whose indices grow with the local ids (affine.go)
	optBatch                  // several small groups run at once (batch.go)
	optMemFast                // loads and stores of 32-bit leaves of a known region (memfast.go)
	optConvFast               // straight conversion loops (convfast.go)
	optPhiOrder               // phis that read each other set in order, not through temps (phiorder.go)
	optSharedConst            // read-only initialized Private variables: one copy (prepare.go)
	optRows                   // values whose live ranges do not overlap share rows (liverows.go)
	numOpts
)

var optNames = [numOpts]string{"clamp", "promote", "loadalias", "place", "alias",
	"uniflow", "fuse", "hoist", "uniform", "affine", "batch",
	"memfast", "convfast", "phiorder", "sharedconst", "rows"}

// optSet holds the optimizations turned off, one bit each.
type optSet uint32

// allOff turns every optimization off.
const allOff = optSet(1<<numOpts - 1)

func (o optSet) on(x opt) bool { return o&(1<<x) == 0 }

// parseOpts reads CLGO_HOST_OPT's form: comma-separated items, each "0"
// (all off), "1" (all on), "-name" (off) or "+name" (on), applied in
// order. Unknown names are ignored: a debugging switch must not break
// programs.
func parseOpts(s string) optSet {
	var o optSet
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		switch {
		case f == "0":
			o = allOff
		case f == "1":
			o = 0
		case strings.HasPrefix(f, "-") || strings.HasPrefix(f, "+"):
			for i, n := range optNames {
				if n == f[1:] {
					if f[0] == '-' {
						o |= 1 << i
					} else {
						o &^= 1 << i
					}
				}
			}
		}
	}
	return o
}

// envOpts is the switch set of the environment, read once.
var envOpts = parseOpts(config.Get(config.HostOpt))

// on says whether Prepare makes optimization x.
func (p *prep) on(x opt) bool { return p.off.on(x) }
