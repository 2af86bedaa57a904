package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/clgo/clgo/compiler"
)

// helpOut is where help goes: Main's standard output; errOut is Main's
// standard error, where diagnostics and progress go.
var helpOut, errOut io.Writer = os.Stdout, os.Stderr

// newFlagSet is a command's flag set: errors are returned, not printed;
// parseFlags prints the command's full help (printHelp) for -h/--help.
func newFlagSet(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// printHelp writes a command's usage line, summary, description and
// options. fs is the command's flag set (nil for compile, whose options
// come from the compiler's option table).
func printHelp(w io.Writer, c *command, fs *flag.FlagSet) {
	fmt.Fprintf(w, "usage: clgo %s %s\n\n%s.\n", c.name, c.usage, upperFirst(c.summary))
	if c.help != "" {
		fmt.Fprintf(w, "\n%s\n", strings.TrimSpace(c.help))
	}
	if fs == nil {
		return
	}
	fmt.Fprintln(w, "\nOptions (one or two dashes; a value after = or a blank):")
	fs.VisitAll(func(f *flag.Flag) {
		name, usage := flag.UnquoteUsage(f)
		dash := "--"
		if len(f.Name) == 1 {
			dash = "-"
		}
		line := "  " + dash + f.Name
		if name != "" {
			line += " " + name
		}
		fmt.Fprintln(w, line)
		if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "0" {
			usage += " (default " + f.DefValue + ")"
		}
		fmt.Fprintf(w, "      %s\n", usage)
	})
}

// compileHelp lists the compiler's option table, grouped by what clgo
// does with each option.
func compileHelp(w io.Writer) {
	c := commands["compile"]
	printHelp(w, c, nil)
	groups := []struct {
		title string
		pick  func(o *compiler.OptionInfo) bool
	}{
		{"Output options (clgo compile only)", func(o *compiler.OptionInfo) bool { return o.CommandOnly && o.Status != compiler.Ignored }},
		{"Build options (also clBuildProgram's)", func(o *compiler.OptionInfo) bool {
			return !o.CommandOnly && (o.Status == compiler.Implemented)
		}},
		{"Accepted: clgo already does what they ask", func(o *compiler.OptionInfo) bool { return o.Status == compiler.Accepted }},
		{"Ignored with a warning", func(o *compiler.OptionInfo) bool { return o.Status == compiler.Ignored }},
		{"Not supported (an error)", func(o *compiler.OptionInfo) bool { return o.Status == compiler.Unsupported }},
	}
	for _, g := range groups {
		fmt.Fprintf(w, "\n%s:\n", g.title)
		for _, o := range compiler.OptionTable() {
			if !g.pick(o) {
				continue
			}
			fmt.Fprintf(w, "  %s\n      %s", o.Usage(), o.Help)
			if o.Why != "" {
				fmt.Fprintf(w, " [%s]", o.Why)
			}
			fmt.Fprintf(w, "; example: %s\n", o.Example)
		}
	}
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
