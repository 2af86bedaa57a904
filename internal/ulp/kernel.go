package ulp

import (
	"fmt"
	"strings"
)

// Widths are the vector widths every builtin is run at; all of them
// divide an input count that is a multiple of 48, so the widths share the
// inputs.
var Widths = []int{1, 2, 3, 4, 8, 16}

// geoWidths are the widths of the geometric functions.
var geoWidths = []int{2, 3, 4}

// widthsOf lists the widths f runs at.
func widthsOf(f *Func, ws []int) []int {
	if !f.Geo {
		return ws
	}
	return geoWidths
}

func vec(t string, w int) string {
	if w == 1 {
		return t
	}
	return fmt.Sprint(t, w)
}

// kernelName is the kernel of width w.
func kernelName(w int) string { return fmt.Sprint("k", w) }

// KernelSource is the program that runs f in format p at every width of
// ws, one kernel each: inputs a0.. (floats) and n (ints), results in out
// (and out2 for the output argument).
func KernelSource(f *Func, p Prec, ws []int) string {
	t := p.String()
	var sb strings.Builder
	switch p {
	case F64:
		sb.WriteString("#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n")
	case F16:
		sb.WriteString("#pragma OPENCL EXTENSION cl_khr_fp16 : enable\n")
	}
	for _, w := range widthsOf(f, ws) {
		var params, args []string
		load := func(buf, et string) string {
			if w == 1 {
				return fmt.Sprintf("%s[i]", buf)
			}
			return fmt.Sprintf("vload%d(i, %s)", w, buf)
		}
		fi := 0
		for _, c := range f.Args {
			if c == 'x' {
				name := fmt.Sprint("a", fi)
				params = append(params, fmt.Sprintf("global const %s *%s", t, name))
				args = append(args, load(name, t))
				fi++
			} else {
				params = append(params, "global const int *n")
				args = append(args, load("n", "int"))
			}
		}
		rt := t
		if f.IntResult {
			rt = "int"
		}
		params = append(params, fmt.Sprintf("global %s *out", rt))
		var pre, post string
		if f.Out != 0 {
			ot := t
			if f.Out == 'i' {
				ot = "int"
			}
			params = append(params, fmt.Sprintf("global %s *out2", ot))
			pre = fmt.Sprintf("  %s o2;\n", vec(ot, w))
			args = append(args, "&o2")
			post = store(w, "o2", "out2")
		}
		call := fmt.Sprintf("%s(%s)", f.Name, strings.Join(args, ", "))
		var body string
		switch {
		case f.Geo && f.Name != "normalize":
			body = fmt.Sprintf("  out[i] = %s;\n", call)
		default:
			body = store(w, call, "out")
		}
		fmt.Fprintf(&sb, "kernel void %s(%s) {\n  size_t i = get_global_id(0);\n%s%s%s}\n",
			kernelName(w), strings.Join(params, ", "), pre, body, post)
	}
	return sb.String()
}

func store(w int, v, buf string) string {
	if w == 1 {
		return fmt.Sprintf("  %s[i] = %s;\n", buf, v)
	}
	return fmt.Sprintf("  vstore%d(%s, i, %s);\n", w, v, buf)
}
