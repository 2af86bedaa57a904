package mutation

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/clgo/clgo/cl"
)

// The campaign's size: CLGO_MUTANTS mutants of each kind on each device
// (default 25, sized for CI on a busy 2-core machine; docs/reliability.md
// gives the figures of long runs), CLGO_MUTATION_SEED its random seed,
// CLGO_MUTATION_DRIVERS the drivers ("host,vulkan"), CLGO_MUTATION_KEEP a
// folder to keep the crashing and hanging mutants in.
func campaignSize() (int, uint64) {
	n, seed := 25, uint64(1)
	if v, err := strconv.Atoi(os.Getenv("CLGO_MUTANTS")); err == nil && v >= 0 {
		n = v
	}
	if v, err := strconv.ParseUint(os.Getenv("CLGO_MUTATION_SEED"), 10, 64); err == nil {
		seed = v
	}
	return n, seed
}

// hangAfter is how long a child may take for one mutant: kernels get
// kernelTimeout each and are cancelled after it.
const (
	kernelTimeout = 10 * time.Second
	hangAfter     = 3 * time.Minute
)

// TestMutantChild is the child process of the campaign: it runs the
// mutant named by CLGO_MUTANT_FILE and prints its outcome.
func TestMutantChild(t *testing.T) {
	file := os.Getenv("CLGO_MUTANT_FILE")
	if file == "" {
		t.Skip("the campaign's child process (TestCampaign runs it)")
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	o, err := Run(Kind(os.Getenv("CLGO_MUTANT_KIND")), os.Getenv("CLGO_MUTANT_DRIVER"), data, kernelTimeout)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("mutation-outcome: %s\n", strings.ReplaceAll(o.String(), "\n", " | "))
}

type mutant struct {
	drv, what, seed string
	kind            Kind
	data            []byte
}

type result struct {
	m       mutant
	class   string // "ok", "crash", "hang"
	stage   string
	out     string
	elapsed time.Duration
}

func TestCampaign(t *testing.T) {
	if testing.Short() {
		t.Skip("the mutation campaign in -short mode")
	}
	n, seed := campaignSize()
	if n == 0 {
		t.Skip("CLGO_MUTANTS=0")
	}
	seeds, err := filepath.Glob("../../testdata/kernels/*/*.cl")
	if err != nil || len(seeds) == 0 {
		t.Fatalf("no seed kernels: %v", err)
	}
	sort.Strings(seeds)
	devs, err := cl.Devices()
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 0x6d7574))
	var ms []mutant
	for _, d := range devs {
		drv := d.DriverName()
		if drv != "host" && drv != "vulkan" {
			continue
		}
		if only := os.Getenv("CLGO_MUTATION_DRIVERS"); only != "" && !strings.Contains(only, drv) {
			continue
		}
		// Source mutants.
		for i := 0; i < n; i++ {
			s := seeds[r.IntN(len(seeds))]
			src, err := os.ReadFile(s)
			if err != nil {
				t.Fatal(err)
			}
			out, what := MutateSource(r, string(src))
			ms = append(ms, mutant{drv: drv, kind: Source, data: []byte(out), what: what, seed: filepath.Base(s)})
		}
		// Module mutants of what this device's build of a seed gives.
		mods := moduleSeeds(t, d, seeds, r, 8)
		for i := 0; i < n && len(mods) > 0; i++ {
			s := mods[r.IntN(len(mods))]
			out, what := MutateModule(r, s.data)
			ms = append(ms, mutant{drv: drv, kind: Module, data: out, what: what, seed: s.name})
		}
	}
	dir := t.TempDir()
	results := make([]result, len(ms))
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				results[i] = runChild(t, dir, i, ms[i])
			}
		}()
	}
	for i := range ms {
		next <- i
	}
	close(next)
	wg.Wait()

	counts := map[string]int{}
	for _, res := range results {
		counts[res.m.drv+"/"+string(res.m.kind)+"/"+res.class]++
		if res.class == "ok" {
			counts[res.m.drv+"/"+string(res.m.kind)+"/stage "+res.stage]++
			continue
		}
		keep := filepath.Join(dir, fmt.Sprintf("%s-%s-%s", res.class, res.m.drv, res.m.kind))
		t.Errorf("%s on %s: %s mutant of %s (%s), after %v; output:\n%s", res.class, res.m.drv, res.m.kind, res.m.seed, res.m.what, res.elapsed.Round(time.Millisecond), tail(res.out, 3000))
		if k := os.Getenv("CLGO_MUTATION_KEEP"); k != "" {
			keep = filepath.Join(k, filepath.Base(keep)+fmt.Sprintf("-%d", len(counts)))
			os.WriteFile(keep, res.m.data, 0o644)
			t.Logf("kept in %s", keep)
		}
	}
	var keys []string
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Logf("%-40s %d", k, counts[k])
	}
}

type modSeed struct {
	name string
	data []byte
}

// moduleSeeds builds up to max seed kernels on d and returns their
// modules.
func moduleSeeds(t *testing.T, d *cl.Device, seeds []string, r *rand.Rand, max int) []modSeed {
	ctx, err := cl.CreateContext(d)
	if err != nil {
		t.Fatal(err)
	}
	defer ctx.Release()
	var out []modSeed
	for tries := 0; tries < 4*max && len(out) < max; tries++ {
		s := seeds[r.IntN(len(seeds))]
		src, err := os.ReadFile(s)
		if err != nil {
			t.Fatal(err)
		}
		p, err := ctx.CreateProgramWithSource(string(src))
		if err != nil {
			continue
		}
		if p.Build("") == nil {
			if b := p.Binary(d); len(b) > 0 {
				out = append(out, modSeed{filepath.Base(s), b})
			}
		}
		p.Release()
	}
	return out
}

func runChild(t *testing.T, dir string, i int, m mutant) result {
	file := filepath.Join(dir, fmt.Sprintf("mutant%d", i))
	if err := os.WriteFile(file, m.data, 0o644); err != nil {
		t.Fatal(err)
	}
	defer os.Remove(file)
	ctx, cancel := context.WithTimeout(context.Background(), hangAfter)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestMutantChild$", "-test.v")
	cmd.Env = append(os.Environ(), "CLGO_MUTANT_FILE="+file, "CLGO_MUTANT_KIND="+string(m.kind), "CLGO_MUTANT_DRIVER="+m.drv)
	start := time.Now()
	out, err := cmd.CombinedOutput()
	res := result{m: m, out: string(out), elapsed: time.Since(start)}
	switch {
	case ctx.Err() != nil:
		res.class = "hang"
	case err != nil:
		res.class = "crash"
	default:
		res.class = "ok"
		res.stage = "?"
		if _, o, ok := strings.Cut(res.out, "mutation-outcome: "); ok {
			o, _, _ = strings.Cut(o, "\n")
			res.stage, _, _ = strings.Cut(o, ":")
			if strings.Contains(o, ErrUninterruptible.Error()) {
				res.class = "hang"
			}
		}
	}
	return res
}

func tail(s string, n int) string {
	if len(s) > n {
		return "..." + s[len(s)-n:]
	}
	return s
}
