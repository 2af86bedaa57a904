// Package printf decodes the printf buffer a kernel compiled by clgo (or
// clspv) writes, and prints its records as OpenCL C's printf would
// (OpenCL C 1.2 section 6.12.13). Drivers allocate the buffer of the
// size the reflection gives, zero its first word before the dispatch
// (Reset), and call Print once the kernel has completed.
//
// The buffer, in 32-bit little-endian words: word 0 counts the words that
// calls reserved (it may exceed the buffer: those records were lost),
// records follow from word 1. A record is a PrintfInfo id and its
// arguments (ArgSizes bytes each); the id 0xffffffff marks where the first
// call that did not fit would have gone. The last word is a sink for the
// markers of calls past the end.
package printf

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"

	"github.com/clgo/clgo/spirv"
)

// overflowID is the id of the record of a call that did not fit.
const overflowID = 0xffffffff

// loopLimitID is the id of the one-word record a kernel compiled for a
// device with a loop limiter leaves when the limiter may have cut one of
// its loops short (compiler/lower's PrintfLoopLimit).
const loopLimitID = 0xfffffffe

// ErrLoopLimit says that the device's loop limiter may have ended a loop
// of the kernel early: its results are not to be trusted. Print and
// Decode return it (wrapped) after the records' text.
var ErrLoopLimit = errors.New("a loop reached the device's loop limit and was cut short, so the results are wrong (Mesa's llvmpipe and lavapipe end loops after 65535 passes, counted over all loops of the kernel and the work-items running together)")

// outOfBoundsID is the id of the record a kernel compiled with the
// out-of-bounds check leaves when it accessed a buffer argument past its
// end (compiler/lower's PrintfOutOfBounds): the argument's ordinal, the
// element index (low 32 bits) and the element size follow.
const outOfBoundsID = 0xfffffffd

// ErrOutOfBounds says that a kernel accessed a buffer argument past its
// end; Print and Decode return an *OutOfBoundsError, which matches it.
var ErrOutOfBounds = errors.New("out-of-bounds access to a buffer argument")

// OutOfBoundsError is the first out-of-bounds access a dispatch reported.
type OutOfBoundsError struct {
	Arg      uint32 // the argument's ordinal
	Index    uint32 // the element index (its low 32 bits)
	ElemSize uint32 // bytes per element
}

func (e *OutOfBoundsError) Error() string {
	return fmt.Sprintf("%v: argument %d, element %d (byte offset %d) is past the end of the buffer", ErrOutOfBounds, e.Arg, e.Index, uint64(e.Index)*uint64(e.ElemSize))
}

// Is makes errors.Is(err, ErrOutOfBounds) true.
func (e *OutOfBoundsError) Is(target error) bool { return target == ErrOutOfBounds }

var (
	mu     sync.Mutex
	output io.Writer = os.Stdout
)

// SetOutput makes Print write to w (os.Stdout by default) and returns the
// previous writer.
func SetOutput(w io.Writer) io.Writer {
	mu.Lock()
	defer mu.Unlock()
	old := output
	output = w
	return old
}

// Size is the printf buffer size in bytes a module needs, 0 when none.
func Size(r *spirv.Reflection) int {
	if r == nil || r.PrintfBuffer == nil {
		return 0
	}
	return int(r.PrintfBuffer.BufferSize)
}

// Reset prepares buf for a dispatch: no words reserved.
func Reset(buf []byte) {
	if len(buf) >= 4 {
		clear(buf[:4])
	}
}

// Print decodes buf and writes its records to the output (see SetOutput)
// in one write, so that the output of concurrent kernels does not
// interleave.
func Print(buf []byte, r *spirv.Reflection) error {
	text, lost, err := Decode(buf, r)
	mu.Lock()
	w := output
	_, werr := w.Write(text)
	mu.Unlock()
	if err != nil {
		return err
	}
	if werr != nil {
		return werr
	}
	if lost > 0 {
		return &OverflowError{LostBytes: lost}
	}
	return nil
}

// OverflowError says that calls did not fit in the printf buffer: their
// output is missing (and those calls returned -1).
type OverflowError struct {
	LostBytes uint64 // bytes the calls that did not fit asked for
}

func (e *OverflowError) Error() string {
	return fmt.Sprintf("printf: the printf buffer overflowed: %d bytes of output records lost", e.LostBytes)
}

// Decode returns the text of the records in buf, in the order they were
// reserved, and how many bytes of records did not fit.
func Decode(buf []byte, r *spirv.Reflection) (text []byte, lostBytes uint64, err error) {
	if len(buf) < 8 {
		return nil, 0, fmt.Errorf("printf: a %d-byte buffer holds no records", len(buf))
	}
	infos := map[uint32]*spirv.PrintfInfo{}
	for i := range r.Printfs {
		infos[r.Printfs[i].ID] = &r.Printfs[i]
	}
	str := func(id uint32) (string, bool) {
		if p := infos[id]; p != nil {
			return p.Format, true
		}
		return "", false
	}
	word := func(i uint64) uint32 { return binary.LittleEndian.Uint32(buf[4*i:]) }
	reserved := uint64(word(0))
	capWords := uint64(len(buf)/4 - 2)
	end := 1 + min(reserved, capWords) // words [1, end) hold records
	pos := uint64(1)
	limited := false
	var oob *OutOfBoundsError
	for pos < end {
		id := word(pos)
		if id == overflowID {
			break
		}
		if id == loopLimitID {
			limited = true
			pos++
			continue
		}
		if id == outOfBoundsID {
			if pos+4 > end {
				break // reserved but not written: it did not fit
			}
			if oob == nil {
				oob = &OutOfBoundsError{Arg: word(pos + 1), Index: word(pos + 2), ElemSize: word(pos + 3)}
			}
			pos += 4
			continue
		}
		p := infos[id]
		if p == nil {
			return text, 0, fmt.Errorf("printf: record at word %d has unknown id %d", pos, id)
		}
		args := make([][]byte, len(p.ArgSizes))
		at := 4 * (pos + 1)
		for i, n := range p.ArgSizes {
			args[i] = buf[min(at, uint64(len(buf))):min(at+uint64(n), uint64(len(buf)))]
			at += uint64(n)
		}
		if at > 4*end {
			break // reserved but not written: it did not fit
		}
		text = formatRecord(text, p.Format, args, str)
		pos = (at + 3) / 4
	}
	if reserved > pos-1 {
		lostBytes = 4 * (reserved - (pos - 1))
	}
	if limited {
		return text, lostBytes, ErrLoopLimit
	}
	if oob != nil {
		return text, lostBytes, oob
	}
	return text, lostBytes, nil
}
