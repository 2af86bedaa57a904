package main

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// listing is one kernel's dump: where its code lies and where each op's
// code starts.
type listing struct {
	name       string
	base, size uint64
	start      []int    // code offset of op i's code (non-decreasing)
	text       []string // op i as the lane program prints it
}

// parseListing reads a dump written by jit's dumpForProfile: a line
// "code ADDR SIZE", then one line "op I OFFSET TEXT" per op.
func parseListing(s string) (*listing, error) {
	l := &listing{}
	lines := strings.Split(s, "\n")
	if len(lines) == 0 {
		return nil, fmt.Errorf("empty listing")
	}
	f := strings.Fields(lines[0])
	if len(f) != 3 || f[0] != "code" {
		return nil, fmt.Errorf("line 1: want \"code ADDR SIZE\", have %q", lines[0])
	}
	var err error
	if l.base, err = strconv.ParseUint(f[1], 0, 64); err != nil {
		return nil, fmt.Errorf("line 1: %v", err)
	}
	if l.size, err = strconv.ParseUint(f[2], 0, 64); err != nil {
		return nil, fmt.Errorf("line 1: %v", err)
	}
	for n, line := range lines[1:] {
		if line == "" {
			continue
		}
		f := strings.SplitN(line, " ", 4)
		if len(f) < 3 || f[0] != "op" {
			return nil, fmt.Errorf("line %d: want \"op I OFFSET TEXT\", have %q", n+2, line)
		}
		off, err := strconv.Atoi(f[2])
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", n+2, err)
		}
		if k := len(l.start); k > 0 && off < l.start[k-1] {
			return nil, fmt.Errorf("line %d: offset %d before the last op's %d", n+2, off, l.start[k-1])
		}
		text := ""
		if len(f) == 4 {
			text = f[3]
		}
		l.start = append(l.start, off)
		l.text = append(l.text, text)
	}
	return l, nil
}

// parseIPs reads perf script's "-F ip" output: one hex address a line.
func parseIPs(s string) ([]uint64, error) {
	var ips []uint64
	for _, w := range strings.Fields(s) {
		ip, err := strconv.ParseUint(w, 16, 64)
		if err != nil {
			return nil, fmt.Errorf("perf script output: %q is no address", w)
		}
		ips = append(ips, ip)
	}
	return ips, nil
}

// opOf is the op whose code holds code offset off: the last op starting
// at or before it (ops that emit no code share their successor's
// offset, so the op that owns the bytes is the last of equal offsets);
// -1 before the first op's code (the group prologue).
func (l *listing) opOf(off uint64) int {
	i := sort.Search(len(l.start), func(i int) bool { return uint64(l.start[i]) > off })
	return i - 1
}

// report is the per-op table: each kernel's ops by their share of all
// samples, most first.
func report(ls []*listing, ips []uint64, top int) string {
	var b strings.Builder
	total := len(ips)
	fmt.Fprintf(&b, "%d samples\n", total)
	if total == 0 {
		return b.String()
	}
	for _, l := range ls {
		counts := map[int]int{}
		in := 0
		for _, ip := range ips {
			if ip < l.base || ip >= l.base+l.size {
				continue
			}
			in++
			counts[l.opOf(ip-l.base)]++
		}
		if in == 0 {
			continue
		}
		fmt.Fprintf(&b, "\n%s: %.1f%% of samples in its code\n", l.name, pct(in, total))
		ops := make([]int, 0, len(counts))
		for i := range counts {
			ops = append(ops, i)
		}
		sort.Slice(ops, func(x, y int) bool {
			if counts[ops[x]] != counts[ops[y]] {
				return counts[ops[x]] > counts[ops[y]]
			}
			return ops[x] < ops[y]
		})
		for n, i := range ops {
			if n == top {
				break
			}
			text := "prologue"
			if i >= 0 {
				text = fmt.Sprintf("op %d: %s", i, l.text[i])
			}
			fmt.Fprintf(&b, "%6.1f%%  %s\n", pct(counts[i], total), text)
		}
	}
	return b.String()
}

func pct(n, total int) float64 { return 100 * float64(n) / float64(total) }
