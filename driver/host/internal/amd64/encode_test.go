package amd64

import (
	"bufio"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// encodingsFile holds, for each case text, the bytes the GNU assembler
// (as --64, binutils 2.40) made of it: "hex<TAB>text" with the text's
// newlines written as " ; ". testdata/gen.sh regenerates it.
const encodingsFile = "testdata/encodings.txt"

func oneLine(text string) string { return strings.ReplaceAll(text, "\n", " ; ") }

// TestEncodings checks every case's bytes against the GNU assembler's.
// With CLGO_AMD64_GEN=1 it regenerates the table first (needs as and
// objdump).
func TestEncodings(t *testing.T) {
	cases := encCases()
	if os.Getenv("CLGO_AMD64_GEN") == "1" {
		if err := generate(cases); err != nil {
			t.Fatal(err)
		}
	}
	want, err := readEncodings()
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, c := range cases {
		key := oneLine(c.text)
		if seen[key] {
			continue
		}
		seen[key] = true
		w, ok := want[key]
		if !ok {
			t.Errorf("%q: not in %s (run testdata/gen.sh)", key, encodingsFile)
			continue
		}
		var a Assembler
		c.emit(&a)
		got, err := a.Finish()
		if err != nil {
			t.Errorf("%q: %v", key, err)
			continue
		}
		if hex.EncodeToString(got) != w {
			t.Errorf("%q:\n got % x\nwant %s", key, got, spaced(w))
		}
	}
	t.Logf("%d encodings checked", len(seen))
}

func spaced(h string) string {
	var b strings.Builder
	for i := 0; i < len(h); i += 2 {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(h[i : i+2])
	}
	return b.String()
}

func readEncodings() (map[string]string, error) {
	f, err := os.Open(encodingsFile)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	m := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		h, text, ok := strings.Cut(sc.Text(), "\t")
		if !ok {
			return nil, fmt.Errorf("%s: bad line %q", encodingsFile, sc.Text())
		}
		m[text] = h
	}
	return m, sc.Err()
}

var (
	sectionRE = regexp.MustCompile(`^Disassembly of section \.text\.c(\d+):`)
	bytesRE   = regexp.MustCompile(`^\s*[0-9a-f]+:\t((?:[0-9a-f]{2} )+)`)
)

// generate assembles every case, each in its own section so that its
// labels and alignment start at 0, and writes the table.
func generate(cases []encCase) error {
	dir, err := os.MkdirTemp("", "amd64enc")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	var src strings.Builder
	src.WriteString(".intel_syntax noprefix\n")
	var texts []string
	seen := map[string]bool{}
	for _, c := range cases {
		key := oneLine(c.text)
		if seen[key] {
			continue
		}
		seen[key] = true
		n := len(texts)
		texts = append(texts, key)
		fmt.Fprintf(&src, ".section .text.c%d,\"ax\",@progbits\n%s\n", n, strings.ReplaceAll(c.text, "%L", fmt.Sprintf(".Lc%d_", n)))
	}
	s, o := filepath.Join(dir, "cases.s"), filepath.Join(dir, "cases.o")
	if err := os.WriteFile(s, []byte(src.String()), 0o644); err != nil {
		return err
	}
	if out, err := exec.Command("as", "--64", "-o", o, s).CombinedOutput(); err != nil {
		return fmt.Errorf("as: %v\n%s", err, out)
	}
	out, err := exec.Command("objdump", "-d", "-z", "--insn-width=16", o).Output()
	if err != nil {
		return fmt.Errorf("objdump: %v", err)
	}
	code := make([]string, len(texts))
	cur := -1
	for _, line := range strings.Split(string(out), "\n") {
		if m := sectionRE.FindStringSubmatch(line); m != nil {
			fmt.Sscan(m[1], &cur)
			continue
		}
		if m := bytesRE.FindStringSubmatch(line); m != nil && cur >= 0 {
			code[cur] += strings.ReplaceAll(m[1], " ", "")
		}
	}
	var tab strings.Builder
	for i, text := range texts {
		if code[i] == "" {
			return fmt.Errorf("no bytes for case %q", text)
		}
		fmt.Fprintf(&tab, "%s\t%s\n", code[i], text)
	}
	return os.WriteFile(encodingsFile, []byte(tab.String()), 0o644)
}
