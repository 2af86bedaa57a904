package printf

import (
	"bufio"
	"encoding/binary"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestGlibc formats the cases of testdata/glibc.txt and compares with the
// output of glibc's printf for the same format and value.
func TestGlibc(t *testing.T) {
	f, err := os.Open("testdata/glibc.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.SplitN(line, "\t", 4)
		format, kind, val, want := parts[0], parts[1], parts[2], parts[3]
		var arg []byte
		switch kind {
		case "i32", "c":
			v, _ := strconv.ParseInt(val, 10, 64)
			arg = binary.LittleEndian.AppendUint32(nil, uint32(v))
		case "i64":
			v, _ := strconv.ParseInt(val, 10, 64)
			arg = binary.LittleEndian.AppendUint64(nil, uint64(v))
		case "f64":
			v, _ := strconv.ParseFloat(val, 64)
			arg = binary.LittleEndian.AppendUint64(nil, math.Float64bits(v))
		case "s":
			arg = binary.LittleEndian.AppendUint32(nil, 7)
		}
		strs := func(id uint32) (string, bool) { return val, id == 7 }
		got := string(formatRecord(nil, format, [][]byte{arg}, strs))
		if got != want {
			t.Errorf("%q of %s %s: got %q, want %q", format, kind, val, got, want)
		}
		n++
	}
	if n < 1000 {
		t.Fatalf("only %d cases", n)
	}
}
