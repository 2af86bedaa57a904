package main

import (
	"flag"
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
		run:     disCmd,
	})
}

func disCmd(args []string) error {
	fs := flag.NewFlagSet("dis", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var opts spirv.DisOptions
	fs.BoolVar(&opts.RawID, "raw-id", false, "print numeric ids instead of friendly names")
	fs.BoolVar(&opts.NoIndent, "no-indent", false, "do not align result ids")
	fs.BoolVar(&opts.NoHeader, "no-header", false, "omit the header comment lines")
	reflect := fs.Bool("reflect", false, "print the kernel interface as a descriptor map instead")
	out := fs.String("o", "", "write to `FILE` instead of standard output")
	files, err := parseFlags(fs, args)
	if err != nil {
		return usagef("%v", err)
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
