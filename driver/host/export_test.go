package host

// CPUTime lets the external benchmarks measure CPU time.
var CPUTime = cpuTime

// SetOpts makes later BuildPrograms leave out the optimizations that
// CLGO_HOST_OPT=s would, and returns a func that restores the set before.
func SetOpts(s string) (restore func()) {
	old := envOpts
	envOpts = parseOpts(s)
	return func() { envOpts = old }
}

// OptNames names the optimizations CLGO_HOST_OPT switches.
var OptNames = optNames[:]
