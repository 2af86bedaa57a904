package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/spirv"
)

func init() {
	register(&command{
		name:    "compile",
		usage:   "FILE.cl [-o FILE.spv] [-E] [-S] [-descriptormap=FILE] [clspv/OpenCL build options]",
		summary: "compile OpenCL C to Vulkan SPIR-V",
		run:     compileCmd,
	})
}

// compileCmd parses clspv-style options by hand: they do not fit package
// flag (-DFOO=1, -cl-std=CL1.2, --target-env vulkan1.1).
func compileCmd(args []string) error {
	var file, out string
	var preprocess, asm bool
	var rest []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-o":
			if i+1 >= len(args) {
				return usagef("-o needs a file name")
			}
			i++
			out = args[i]
		case strings.HasPrefix(a, "-o") && len(a) > 2 && !strings.HasPrefix(a, "-opt"):
			out = a[2:]
		case a == "-E":
			preprocess = true
		case a == "-S":
			asm = true
		case a == "-D" || a == "-I" || a == "-U" || a == "--target-env":
			rest = append(rest, a)
			if i+1 < len(args) {
				i++
				rest = append(rest, args[i])
			}
		case !strings.HasPrefix(a, "-") || a == "-":
			if file != "" {
				return usagef("one input file, got %s and %s", file, a)
			}
			file = a
		default:
			rest = append(rest, a)
		}
	}
	if file == "" {
		return usagef("no input file")
	}
	opts := compiler.DefaultOptions()
	if err := opts.Parse(rest); err != nil {
		return usagef("%v", err)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	src := string(data)
	sources := func(name string) (string, bool) {
		if name == file {
			return src, true
		}
		b, err := os.ReadFile(name)
		return string(b), err == nil
	}
	if preprocess {
		text, diags := compiler.Preprocess(file, src, opts)
		fmt.Fprint(os.Stderr, diags.Render(sources))
		if diags.HasErrors() {
			return errSilent
		}
		return writeOut(out, []byte(text))
	}
	res, err := compiler.CompileFile(file, src, opts)
	if res != nil && res.Diagnostics != nil {
		fmt.Fprint(os.Stderr, res.Diagnostics.Render(sources))
	}
	if err != nil {
		return errSilent
	}
	if out == "" {
		base := strings.TrimSuffix(file, ".cl")
		if asm {
			out = base + ".spvasm"
		} else {
			out = base + ".spv"
		}
	}
	output := res.SPIRV
	if asm {
		output = []byte(spirv.Disassemble(res.Module, spirv.DisOptions{}))
	}
	if err := writeOut(out, output); err != nil {
		return err
	}
	if opts.DescriptorMap != "" {
		if err := os.WriteFile(opts.DescriptorMap, []byte(res.Reflection.DescriptorMap()), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// writeOut writes data to the file name, or to standard output for "" or
// "-".
func writeOut(name string, data []byte) error {
	if name == "" || name == "-" {
		_, err := os.Stdout.Write(data)
		return err
	}
	return os.WriteFile(name, data, 0o644)
}
