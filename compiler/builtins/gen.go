//go:build ignore

// gen expands spec.txt into table_gen.go. Run with go generate.
package main

import (
	"bufio"
	"bytes"
	"fmt"
	"go/format"
	"log"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

type decl struct {
	name, ext, result string
	params            []string
	std               int
	variadic          bool
}

var (
	kinds    = []string{"char", "uchar", "short", "ushort", "int", "uint", "long", "ulong", "half", "float", "double"}
	sizeOf   = map[string]int{"char": 1, "uchar": 1, "short": 2, "ushort": 2, "int": 4, "uint": 4, "long": 8, "ulong": 8, "half": 2, "float": 4, "double": 8}
	signedOf = map[int]string{1: "char", 2: "short", 4: "int", 8: "long"}
	unsOf    = map[int]string{1: "uchar", 2: "ushort", 4: "uint", 8: "ulong"}
	widen    = map[string]string{"char": "short", "uchar": "ushort", "short": "int", "ushort": "uint", "int": "long", "uint": "ulong"}
	word     = regexp.MustCompile(`[A-Za-z_][A-Za-z_0-9]*`)
	halfVal  = regexp.MustCompile(`\bhalf(2|3|4|8|16)?\b\s*([^*\s]|$)`)
)

func vec(t string, n int) string {
	if n == 1 {
		return t
	}
	return t + strconv.Itoa(n)
}

func main() {
	f, err := os.Open("spec.txt")
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	var decls []decl
	var block []string
	var vars [][]string // name, values...
	in := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "for "):
			in, block, vars = true, nil, nil
			for _, part := range strings.Split(line[4:], ";") {
				fs := strings.Fields(part)
				if len(fs) < 3 || fs[1] != "in" {
					log.Fatalf("bad for: %s", line)
				}
				vars = append(vars, append([]string{fs[0]}, fs[2:]...))
			}
		case line == "end":
			in = false
			for _, env := range product(vars) {
				for _, l := range block {
					decls = append(decls, expand(l, env)...)
				}
			}
		case in:
			block = append(block, line)
		default:
			decls = append(decls, expand(line, map[string]string{})...)
		}
	}
	if err := sc.Err(); err != nil {
		log.Fatal(err)
	}
	write(decls)
}

func product(vars [][]string) []map[string]string {
	envs := []map[string]string{{}}
	for _, v := range vars {
		var next []map[string]string
		for _, e := range envs {
			for _, val := range v[1:] {
				m := map[string]string{}
				for k, x := range e {
					m[k] = x
				}
				if val == `""` {
					val = ""
				}
				m[v[0]] = val
				next = append(next, m)
			}
		}
		envs = next
	}
	return envs
}

// expand instantiates one line of spec.txt in env.
func expand(line string, env map[string]string) []decl {
	d := decl{}
	for {
		switch {
		case strings.HasPrefix(line, "["):
			i := strings.Index(line, "]")
			d.ext, line = line[1:i], strings.TrimSpace(line[i+1:])
			continue
		case strings.HasPrefix(line, "@"):
			i := strings.IndexByte(line, ' ')
			d.std, _ = strconv.Atoi(line[1:i])
			line = strings.TrimSpace(line[i:])
			continue
		case strings.HasPrefix(line, "?vec "):
			if env["N"] == "" || env["N"] == "1" {
				return nil
			}
			line = line[5:]
			continue
		case strings.HasPrefix(line, "?scalar "):
			if env["N"] != "1" {
				return nil
			}
			line = line[8:]
			continue
		}
		break
	}
	sub := map[string]string{}
	for k, v := range env {
		sub[k] = v
	}
	if t, ok := env["T"]; ok {
		n, m := 1, 1
		if env["N"] != "" {
			n, _ = strconv.Atoi(env["N"])
		}
		if env["M"] != "" {
			m, _ = strconv.Atoi(env["M"])
		}
		sz := sizeOf[t]
		ut := unsOf[sz]
		if strings.HasPrefix(t, "u") {
			ut = t
		}
		sub["TN"], sub["TM"] = vec(t, n), vec(t, m)
		sub["IN"] = vec("int", n)
		sub["UN"], sub["SN"] = vec(unsOf[sz], n), vec(signedOf[sz], n)
		sub["RN"] = sub["SN"]
		if n == 1 {
			sub["RN"] = "int"
		}
		sub["UT"], sub["UTN"] = ut, vec(ut, n)
		sub["WTN"] = vec(widen[t], n)
		sub["AT"] = "atomic_" + t
	}
	line = word.ReplaceAllStringFunc(line, func(w string) string {
		if v, ok := sub[w]; ok && w != "N" && w != "M" && w != "R" {
			return v
		}
		return w
	})
	for _, k := range []string{"N", "M", "R"} {
		line = strings.ReplaceAll(line, "$"+k, env[k])
	}
	// Address-space expansion.
	for _, as := range []struct {
		w      string
		spaces []string
	}{{"ASC", []string{"__global", "__local", "__private", "__constant", "__generic"}}, {"AS", []string{"__global", "__local", "__private", "__generic"}}} {
		if strings.Contains(line, as.w+" ") {
			var out []decl
			for _, s := range as.spaces {
				n := len(out)
				out = append(out, expand(strings.ReplaceAll(line, as.w+" ", s+" "), nil)...)
				if s == "__generic" {
					// Generic pointers exist from OpenCL C 2.0 on.
					for i := n; i < len(out); i++ {
						out[i].std = max(out[i].std, d.std, 200)
					}
				}
			}
			for i := range out {
				if out[i].ext == "" {
					out[i].ext = d.ext
				}
				if out[i].std == 0 {
					out[i].std = d.std
				}
			}
			return out
		}
	}
	open, close := strings.IndexByte(line, '('), strings.LastIndexByte(line, ')')
	head := strings.Fields(line[:open])
	if len(head) != 2 {
		log.Fatalf("bad declaration: %s", line)
	}
	d.result, d.name = head[0], head[1]
	if ps := strings.TrimSpace(line[open+1 : close]); ps != "" {
		for _, p := range strings.Split(ps, ",") {
			p = strings.Join(strings.Fields(p), " ")
			if p == "..." {
				d.variadic = true
				continue
			}
			d.params = append(d.params, p)
		}
	}
	if d.ext == "" {
		all := d.result + "," + strings.Join(d.params, ",")
		switch {
		case regexp.MustCompile(`\bdouble`).MatchString(all):
			d.ext = "cl_khr_fp64"
		case halfVal.MatchString(all + " "):
			d.ext = "cl_khr_fp16"
		}
	}
	return []decl{d}
}

func write(decls []decl) {
	// Types and extensions are interned; each declaration is one line of
	// a string constant: name, ext, std, variadic, result, params.
	idx := map[string]int{}
	var types []string
	intern := func(s string) int {
		if i, ok := idx[s]; ok {
			return i
		}
		idx[s] = len(types)
		types = append(types, s)
		return len(types) - 1
	}
	sort.SliceStable(decls, func(i, j int) bool { return decls[i].name < decls[j].name })
	var lines bytes.Buffer
	type span struct {
		name       string
		start, end int
	}
	var spans []span
	for _, d := range decls {
		if len(spans) == 0 || spans[len(spans)-1].name != d.name {
			spans = append(spans, span{name: d.name, start: lines.Len()})
		}
		v := 0
		if d.variadic {
			v = 1
		}
		fmt.Fprintf(&lines, "%s %d %d %d %d", d.name, intern(d.ext), d.std, v, intern(d.result))
		for _, p := range d.params {
			fmt.Fprintf(&lines, " %d", intern(p))
		}
		lines.WriteByte('\n')
		spans[len(spans)-1].end = lines.Len()
	}
	var b bytes.Buffer
	b.WriteString("// Code generated by gen.go from spec.txt; DO NOT EDIT.\n\npackage builtins\n\n")
	fmt.Fprintf(&b, "// %d declarations.\n\n", len(decls))
	b.WriteString("// strs holds the interned type and extension spellings.\nvar strs = [...]string{\n")
	for _, t := range types {
		fmt.Fprintf(&b, "\t%q,\n", t)
	}
	b.WriteString("}\n\n// index holds each builtin's lines of decls, sorted by name.\nvar index = [...]builtinLines{\n")
	for _, sp := range spans {
		fmt.Fprintf(&b, "\t{%q, %d, %d},\n", sp.name, sp.start, sp.end)
	}
	b.WriteString("}\n\n// decls holds one declaration a line: name ext std variadic result params...\nconst decls = ")
	var parts []string
	s := lines.String()
	for len(s) > 0 {
		i := strings.IndexByte(s, '\n') + 1
		parts = append(parts, strconv.Quote(s[:i]))
		s = s[i:]
	}
	b.WriteString(strings.Join(parts, " +\n\t"))
	b.WriteString("\n")
	out, err := format.Source(b.Bytes())
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile("table_gen.go", out, 0o644); err != nil {
		log.Fatal(err)
	}
}
