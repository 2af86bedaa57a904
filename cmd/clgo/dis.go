package main

import (
	"fmt"
	"io"
	"os"

	"github.com/clgo/clgo/spirv"
)

func init() {
	register(&command{
		name:    "dis",
		usage:   "[--raw-id] [--no-indent] [--no-header] [--reflect] [-o OUT] FILE.spv",
		summary: "disassemble SPIR-V in spirv-dis's text form",
		help: `Reads a SPIR-V binary (clgo's, clspv's or any other) and prints it as
spirv-dis does, or its kernel interface as clspv's descriptor map.

Examples:
  clgo dis k.spv
  clgo dis --reflect k.spv          # the descriptor map: kernel, arguments, bindings
  clgo dis --raw-id -o k.spvasm k.spv`,
		run: disCmd,
	})
}

func disCmd(args []string) error {
	fs := newFlagSet("dis")
	var opts spirv.DisOptions
	fs.BoolVar(&opts.RawID, "raw-id", false, "print numeric ids (%12) instead of friendly names (%float); example: --raw-id")
	fs.BoolVar(&opts.NoIndent, "no-indent", false, "do not align result ids in a column; example: --no-indent")
	fs.BoolVar(&opts.NoHeader, "no-header", false, "omit the header comment lines (version, generator, bound); example: --no-header")
	reflect := fs.Bool("reflect", false, "print the kernel interface as a descriptor map instead; example: --reflect")
	out := fs.String("o", "", "write to `FILE` instead of standard output; example: -o k.spvasm")
	files, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(files) != 1 {
		return usagef("want one SPIR-V file")
	}
	data, err := os.ReadFile(files[0])
	if err != nil {
		return err
	}
	m, err := spirv.Decode(data)
	if err != nil {
		return fmt.Errorf("%s: %w", files[0], err)
	}
	var text string
	if *reflect {
		r, err := spirv.ReadReflection(m)
		if err != nil {
			return fmt.Errorf("%s: %w", files[0], err)
		}
		text = r.DescriptorMap()
	} else {
		text = spirv.Disassemble(m, opts)
	}
	if *out == "" {
		_, err = io.WriteString(os.Stdout, text)
		return err
	}
	return os.WriteFile(*out, []byte(text), 0o666)
}
