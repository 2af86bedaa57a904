//go:build !clgo_compile_only

package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"time"
)

// progress reports a long command's steps on standard error, one line a
// step ("clgo precision: [3/84] sin float: worst 1.2 ulp (41s)"), so that
// a run of minutes is not silent. It is on when standard error is a
// terminal, or with --progress; --progress=false turns it off. Results
// stay on standard output, so redirecting them keeps them clean.
type progress struct {
	w     io.Writer
	on    bool
	cmd   string
	total int
	done  int
	start time.Time
}

func newProgress(cmd string, on bool, total int) *progress {
	return &progress{w: errOut, on: on, cmd: cmd, total: total, start: time.Now()}
}

// step counts one step done and reports it.
func (p *progress) step(format string, args ...any) {
	p.done++
	if !p.on {
		return
	}
	count := fmt.Sprintf("%d/%d", p.done, p.total)
	if p.total <= 0 {
		count = strconv.Itoa(p.done)
	}
	fmt.Fprintf(p.w, "clgo %s: [%s] %s (%s)\n", p.cmd, count, fmt.Sprintf(format, args...), time.Since(p.start).Round(time.Second))
}

// progressFlag is --progress: a boolean flag whose default is whether
// standard error is a terminal.
type progressFlag struct{ on bool }

func (f *progressFlag) String() string   { return strconv.FormatBool(f.on) }
func (f *progressFlag) IsBoolFlag() bool { return true }
func (f *progressFlag) Set(s string) error {
	v, err := strconv.ParseBool(s)
	f.on = v
	return err
}

// stderrIsTerminal reports whether standard error is a character device
// (a terminal), without cgo.
func stderrIsTerminal() bool {
	if errOut != io.Writer(os.Stderr) {
		return false
	}
	fi, err := os.Stderr.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// addProgressFlag adds --progress to fs.
func addProgressFlag(fs *flag.FlagSet) *progressFlag {
	p := &progressFlag{on: stderrIsTerminal()}
	fs.Var(p, "progress", "report each step (a file, a builtin) on standard error; on by default when standard error is a terminal; example: --progress=false")
	return p
}
