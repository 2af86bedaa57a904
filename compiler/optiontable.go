package compiler

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// The option table: every option clgo's compiler takes, from clBuildProgram
// or from `clgo compile`, is one entry here, looked up by its exact name.
// Options are clspv's (LLVM-style: one or two leading dashes, a value
// after '=' or as the next argument) and OpenCL's build options; the
// table's help text is what `clgo help compile` prints and docs/clspv.md
// describes.

// OptionArg says how an option takes its value.
type OptionArg uint8

const (
	// Flag takes no value; like clspv's boolean options it also takes
	// =1/=0/=true/=false.
	Flag OptionArg = iota
	// Value needs a value: -name=VALUE or -name VALUE.
	Value
	// Prefix takes its value joined to the name (-DFOO, -O2, -Wall) or,
	// unless JoinedOnly, as the next argument (-D FOO).
	Prefix
	// OptValue is a flag that may take a value: -Werror, -Werror=NAME.
	OptValue
)

// OptionStatus says what clgo does with an option (the columns of
// docs/clspv.md).
type OptionStatus uint8

const (
	// Implemented: the option does what clspv or OpenCL says.
	Implemented OptionStatus = iota
	// Accepted: taken without a warning because clgo's output already
	// is what the option asks for (Why says how).
	Accepted
	// Ignored: taken with a warning; clgo does not do what it asks (Why).
	Ignored
	// Unsupported: an error (Why).
	Unsupported
)

func (s OptionStatus) String() string {
	return [...]string{"implemented", "accepted", "ignored (warning)", "not supported (error)"}[s]
}

// OptionInfo describes one option.
type OptionInfo struct {
	Name       string // as written in help: "-cl-std", "--target-env", "-D"
	Arg        OptionArg
	JoinedOnly bool   // a Prefix option whose value must be joined (-O2, -Wall)
	Meta       string // the value's name in help ("VERSION")
	// CommandOnly options concern what `clgo compile` writes; build
	// options (clBuildProgram) refuse them.
	CommandOnly bool
	Status      OptionStatus
	Help        string // what it does, one sentence
	Why         string // for Accepted, Ignored and Unsupported: why
	Example     string
	apply       func(o *Options, v string) error
}

// Usage is the option as help shows it: "-cl-std=VERSION", "-D NAME[=VALUE]".
func (i *OptionInfo) Usage() string {
	switch i.Arg {
	case Value:
		if strings.HasPrefix(i.Name, "--") || len(key(i.Name)) == 1 {
			return i.Name + " " + i.Meta
		}
		return i.Name + "=" + i.Meta
	case Prefix:
		if i.JoinedOnly {
			return i.Name + i.Meta
		}
		return i.Name + " " + i.Meta
	case OptValue:
		return i.Name + "[=" + i.Meta + "]"
	}
	return i.Name
}

// OptionTable returns every option, sorted by name.
func OptionTable() []*OptionInfo {
	out := append([]*OptionInfo(nil), optionTable...)
	sort.Slice(out, func(a, b int) bool { return key(out[a].Name) < key(out[b].Name) })
	return out
}

// key is an option's name without its leading dashes: clspv, like every
// LLVM tool, takes -name and --name alike.
func key(name string) string { return strings.TrimLeft(name, "-") }

// optionIndex finds an option by its name without dashes; it is built on
// first use (a command line to parse), not in every process at start-up.
var optionIndex = sync.OnceValue(func() map[string]*OptionInfo {
	m := map[string]*OptionInfo{}
	for _, o := range optionTable {
		if m[key(o.Name)] != nil {
			panic("compiler: option listed twice: " + o.Name)
		}
		m[key(o.Name)] = o
	}
	return m
})

// lookup finds the option arg names and its value. An option is found by
// its exact name; only the one-letter Prefix options (-D, -I, -U, -O, -W)
// take a value joined without '=', so -output-format=c is never read as
// "-o utput-format=c".
func lookup(arg string) (info *OptionInfo, val string, hasVal bool) {
	k := key(arg)
	if info := optionIndex()[k]; info != nil {
		return info, "", false
	}
	if name, v, ok := strings.Cut(k, "="); ok {
		if info := optionIndex()[name]; info != nil && info.Arg != Prefix {
			return info, v, true
		}
	}
	if len(k) > 1 {
		if info := optionIndex()[k[:1]]; info != nil && info.Arg == Prefix {
			return info, k[1:], true
		}
	}
	return nil, "", false
}

// parse applies args; commandLine allows the CommandOnly options and
// returns the arguments that are not options.
func (o *Options) parse(args []string, commandLine bool) (files []string, err error) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "-" || !strings.HasPrefix(a, "-") {
			files = append(files, a)
			continue
		}
		info, v, hasVal := lookup(a)
		if info == nil {
			return files, fmt.Errorf("unknown option '%s'%s", a, suggest(a))
		}
		if info.CommandOnly && !commandLine {
			return files, fmt.Errorf("option '%s' is an option of `clgo compile`, not a build option", a)
		}
		switch info.Arg {
		case Flag:
			if hasVal {
				b, err := strconv.ParseBool(v)
				if err != nil {
					return files, fmt.Errorf("option '%s' takes no value other than =1 or =0", a)
				}
				v = "0"
				if b {
					v = "1"
				}
			} else {
				v = "1"
			}
		case Value, Prefix:
			if !hasVal {
				if info.JoinedOnly {
					break
				}
				if i+1 >= len(args) {
					return files, fmt.Errorf("option '%s' needs a value (%s)", a, info.Usage())
				}
				i++
				v = args[i]
			}
		}
		if info.Status == Unsupported && info.apply == nil {
			return files, fmt.Errorf("option '%s' is not supported: %s", a, info.Why)
		}
		if info.Status == Ignored && info.apply == nil {
			o.ignore(a, info.Why)
			continue
		}
		if info.apply != nil {
			if err := info.apply(o, v); err != nil {
				return files, fmt.Errorf("option '%s': %v", a, err)
			}
		}
	}
	return files, nil
}

// ignore records that option a was accepted and does nothing, and why.
func (o *Options) ignore(a, why string) {
	o.OptionWarnings = append(o.OptionWarnings, fmt.Sprintf("argument unused during compilation: '%s': %s", a, why))
}

// suggest names a known option that an unknown one may be a misspelling
// of: one that a leading part of it names.
func suggest(a string) string {
	k := key(a)
	if name, _, ok := strings.Cut(k, "="); ok {
		k = name
	}
	if info := optionIndex()[k[:1]]; info != nil && info.Arg == Value && len(k) > 1 {
		// -ofoo: the one-letter options take their value apart.
		return fmt.Sprintf(" (did you mean '-%s %s'?)", k[:1], k[1:])
	}
	best := ""
	for name, info := range optionIndex() {
		if len(name) > 2 && (strings.HasPrefix(k, name) || strings.HasPrefix(name, k)) && len(name) > len(best) {
			best = info.Name
		}
	}
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean '%s'?)", best)
}

// flag sets a boolean field from a Flag option's "1" or "0".
func flag(set func(o *Options, on bool)) func(o *Options, v string) error {
	return func(o *Options, v string) error {
		set(o, v == "1")
		return nil
	}
}

// ignoreUnless is the apply of a Flag option whose default clgo already
// has: it ignores, with a warning, only the value clgo cannot honour.
func ignoreUnless(want, name, why string) func(o *Options, v string) error {
	return func(o *Options, v string) error {
		if v != want {
			o.ignore(name+"="+v, why)
		}
		return nil
	}
}

func accept(*Options, string) error { return nil }
