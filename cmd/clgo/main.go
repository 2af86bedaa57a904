// Command clgo is the OpenCL-on-Vulkan toolbox: it compiles OpenCL C to
// SPIR-V, runs kernel files on clgo's devices, checks them against a
// reference OpenCL implementation, benchmarks them, and lists devices.
//
//	clgo compile [flags] FILE.cl     compile to SPIR-V
//	clgo dis FILE.spv                disassemble SPIR-V
//	clgo run FILE.cl [--device D]    run a kernel file's //! spec on a clgo device
//	clgo check FILE.cl...            compare every clgo device with the reference OpenCL
//	clgo bench FILE.cl...            time kernel files on every device, side by side
//	clgo info                        list platforms and devices
//
// Each subcommand lives in its own file and registers itself in an init
// function with register, so that adding one touches no other file.
//
// Built with -tags clgo_compile_only, clgo has only compile, dis and
// bench-compile: without the drivers it links no Vulkan loader (purego
// makes a binary dynamically linked, and starts a libc thread) and runs no
// driver initialization, so a process starts in about half the CPU time,
// which is most of what a `clgo compile` process costs (docs/performance.md).
// The files of the other commands carry the build constraint
// !clgo_compile_only.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/pprof"
	"sort"
	"strings"

	"github.com/clgo/clgo/compiler/diag"
	"github.com/clgo/clgo/internal/config"
)

// command is one subcommand.
type command struct {
	name    string
	usage   string // the arguments, after "clgo NAME "
	summary string // one line for `clgo help`
	// help is what `clgo help NAME` and `clgo NAME --help` print after
	// the summary: what the command does, in a paragraph or two, and
	// examples. The options follow, from the command's flag set.
	help string
	// run executes the command; args follow the command's name. A returned
	// error is printed and exits 1; errSilent exits 1 without printing, and
	// a usageError also prints the usage line.
	run func(args []string) error
}

var commands = map[string]*command{}

// register adds a subcommand; each command's file calls it in init.
func register(c *command) {
	if _, dup := commands[c.name]; dup {
		panic("clgo: command registered twice: " + c.name)
	}
	commands[c.name] = c
}

// errSilent makes clgo exit 1 after the command printed its own report.
var errSilent = errors.New("failed")

// usageError is a bad command line.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error { return &usageError{fmt.Sprintf(format, args...)} }

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: clgo COMMAND [ARGS]")
	fmt.Fprintln(w)
	var names []string
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		c := commands[n]
		fmt.Fprintf(w, "  %-13s %s\n", n, c.summary)
	}
	fmt.Fprintln(w, "\nclgo help COMMAND (or clgo COMMAND --help) describes a command and its options.")
	fmt.Fprintln(w, "clgo help warnings lists the compiler's warnings and the -W options that control them.")
}

func main() {
	// CLGO_CPUPROFILE=FILE writes a CPU profile of the command (go tool
	// pprof reads it): how the compile time of a large kernel is found.
	if p := config.Get(config.CPUProfile); p != "" {
		f, err := os.Create(p)
		if err == nil {
			err = pprof.StartCPUProfile(f)
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "clgo: %s: %v\n", config.CPUProfile, err)
			os.Exit(2)
		}
		code := Main(os.Args[1:], os.Stdout, os.Stderr)
		pprof.StopCPUProfile()
		if err := f.Close(); err != nil {
			fmt.Fprintf(os.Stderr, "clgo: %s: %v\n", config.CPUProfile, err)
		}
		os.Exit(code)
	}
	os.Exit(Main(os.Args[1:], os.Stdout, os.Stderr))
}

// Main runs clgo with args and returns the exit status.
func Main(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return 2
	}
	name := args[0]
	if name == "help" || name == "-h" || name == "--help" || name == "-help" {
		if len(args) > 1 {
			if c := commands[args[1]]; c != nil {
				helpOut = stdout
				if err := c.run([]string{"--help"}); err != nil && !errors.Is(err, flag.ErrHelp) {
					fmt.Fprintf(stderr, "clgo %s: %v\n", c.name, err)
					return 1
				}
				return 0
			}
			if args[1] == "warnings" {
				fmt.Fprint(stdout, diag.WarningHelp())
				return 0
			}
		}
		usage(stdout)
		return 0
	}
	c := commands[name]
	if c == nil {
		fmt.Fprintf(stderr, "clgo: unknown command %q\n", name)
		usage(stderr)
		return 2
	}
	helpOut, errOut = stdout, stderr
	err := c.run(args[1:])
	var ue *usageError
	switch {
	case err == nil:
		return 0
	case errors.Is(err, errSilent):
		return 1
	case errors.Is(err, flag.ErrHelp):
		return 0
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "clgo %s: %v\nusage: clgo %s %s\n", c.name, err, c.name, c.usage)
		return 2
	}
	fmt.Fprintf(stderr, "clgo %s: %v\n", c.name, strings.TrimRight(err.Error(), "\n"))
	return 1
}

// parseFlags parses fs over args, allowing flags after positional
// arguments ("clgo run k.cl --device host"), and returns the positional
// ones.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				if c := commands[fs.Name()]; c != nil {
					printHelp(helpOut, c, fs)
				}
				return nil, err
			}
			return nil, &usageError{err.Error()}
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if rest[0] == "--" {
			return append(pos, rest[1:]...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}
