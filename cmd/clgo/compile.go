package main

import (
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/spirv"
)

func init() {
	register(&command{
		name:    "compile",
		usage:   "[options] FILE.cl",
		summary: "compile OpenCL C to Vulkan SPIR-V",
		help: `Compiles one OpenCL C file to a Vulkan SPIR-V module. The command line is
clspv's: the options below are clspv's and OpenCL's build options, looked up
by exact name (docs/clspv.md); -name and --name are the same, and a value
follows = or a blank. Diagnostics go to standard error as clang writes them.
FILE.cl may be - for standard input.

Examples:
  clgo compile k.cl                                 # writes k.spv
  clgo compile -cl-std=CL2.0 -DTILE=16 -I inc -o k.spv k.cl
  clgo compile -S -o - k.cl                         # assembly on standard output
  clgo compile -output-format=c k.cl                # k.spvinc: a C initializer list
  clgo compile -descriptormap=k.csv k.cl            # also the descriptor map
  clgo compile -Wall -Werror k.cl`,
		run: compileCmd,
	})
}

// compileCmd takes clspv's command line: every option is looked up by its
// exact name in the compiler's option table (compiler.OptionTable), which
// also gives `clgo help compile` its text.
func compileCmd(args []string) error {
	for _, a := range args {
		if a == "-h" || a == "-help" || a == "--help" {
			compileHelp(helpOut)
			return nil
		}
	}
	opts := compiler.DefaultOptions()
	files, err := opts.ParseCommandLine(args)
	if err != nil {
		return usagef("%v", err)
	}
	switch {
	case len(files) == 0:
		return usagef("no input file")
	case len(files) > 1:
		return usagef("one input file, got %s and %s", files[0], files[1])
	}
	file, out := files[0], opts.Output.File
	preprocess, asm := opts.Output.Preprocess, opts.Output.Assembly
	var data []byte
	if file == "-" {
		file = "stdin.cl" // as clspv names standard input
		data, err = io.ReadAll(os.Stdin)
	} else {
		data, err = os.ReadFile(file)
	}
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
		fmt.Fprint(errOut, diags.Render(sources)+diags.Summary())
		if diags.HasErrors() {
			return errSilent
		}
		return writeOut(out, []byte(text))
	}
	res, err := compiler.CompileFile(file, src, opts)
	if res != nil && res.Diagnostics != nil {
		fmt.Fprint(errOut, res.Diagnostics.Render(sources)+res.Diagnostics.Summary())
	}
	if err != nil {
		return errSilent
	}
	if out == "" {
		base := strings.TrimSuffix(file, ".cl")
		switch {
		case asm:
			out = base + ".spvasm"
		case opts.Output.Format == "c":
			out = base + ".spvinc"
		default:
			out = base + ".spv"
		}
	}
	output := res.SPIRV
	switch {
	case asm:
		output = []byte(spirv.Disassemble(res.Module, spirv.DisOptions{}))
	case opts.Output.Format == "c":
		output = cInitializer(res.SPIRV)
	}
	if err := writeOut(out, output); err != nil {
		return err
	}
	if opts.DescriptorMap != "" {
		if err := writeFile(opts.DescriptorMap, []byte(res.Reflection.DescriptorMap())); err != nil {
			return err
		}
	}
	return nil
}

// cInitializer writes a SPIR-V binary as clspv's -output-format=c does: a
// C initializer list of the module's 32-bit words in decimal, one a line,
// for `static const uint32_t spv[] =` followed by #include.
func cInitializer(spv []byte) []byte {
	var b strings.Builder
	b.WriteByte('{')
	for i := 0; i+4 <= len(spv); i += 4 {
		if i > 0 {
			b.WriteString(",\n")
		}
		b.WriteString(strconv.FormatUint(uint64(binary.LittleEndian.Uint32(spv[i:])), 10))
	}
	b.WriteString("}\n")
	return []byte(b.String())
}

// writeOut writes data to the file name, or to standard output for "" or
// "-".
func writeOut(name string, data []byte) error {
	if name == "" || name == "-" {
		_, err := os.Stdout.Write(data)
		return err
	}
	return writeFile(name, data)
}

// writeFile is os.WriteFile, except that an existing file is overwritten
// in place and then cut to the data's length, rather than emptied first
// with O_TRUNC: emptying frees the file's blocks, and on a file system
// that discards freed blocks online (ext4 mounted with discard, as on the
// development VM) the truncation waits for the device, 1-4 ms against a
// compile's 1-2 ms, each time a build recompiles into the same output.
func writeFile(name string, data []byte) error {
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err == nil {
		// Only a regular file has a length to cut (not /dev/null or a pipe).
		if fi, serr := f.Stat(); serr == nil && fi.Mode().IsRegular() && fi.Size() > int64(len(data)) {
			err = f.Truncate(int64(len(data)))
		}
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
