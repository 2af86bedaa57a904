package host_test

import (
	"encoding/binary"
	"testing"

	"github.com/clgo/clgo/driver/host"
	"github.com/clgo/clgo/internal/refcl"
)

// TestAliasFuzzReference checks TestAliasFuzz's Go model against the
// reference OpenCL (PoCL), one cl_mem set as two or three arguments
// (host.AliasReference).
func TestAliasFuzzReference(t *testing.T) {
	ctx := refContext(t)
	defer ctx.Release()
	host.AliasReference(t, func(src string, global, local []uint64, mem [3][]uint32, bind [3]int, pods []uint32) (out [3][]uint32, err error) {
		p, err := ctx.Build(src, "")
		if err != nil {
			return out, err
		}
		defer p.Release()
		k, err := p.Kernel("k")
		if err != nil {
			return out, err
		}
		defer k.Release()
		var bufs [3]*refcl.Buffer
		for i, w := range mem {
			if len(w) == 0 {
				continue
			}
			b, err := ctx.NewBuffer(uint64(4 * len(w)))
			if err != nil {
				return out, err
			}
			defer b.Release()
			bs := make([]byte, 4*len(w))
			for j, x := range w {
				binary.LittleEndian.PutUint32(bs[4*j:], x)
			}
			if err := b.Write(0, bs); err != nil {
				return out, err
			}
			bufs[i] = b
		}
		for x, m := range bind {
			if err := k.SetBuffer(x, bufs[m]); err != nil {
				return out, err
			}
		}
		for i, v := range pods {
			if err := k.SetBytes(len(bind)+i, binary.LittleEndian.AppendUint32(nil, v)); err != nil {
				return out, err
			}
		}
		if _, err := ctx.Run(k, global, local); err != nil {
			return out, err
		}
		for i, b := range bufs {
			if b == nil {
				continue
			}
			bs := make([]byte, 4*len(mem[i]))
			if err := b.Read(0, bs); err != nil {
				return out, err
			}
			out[i] = make([]uint32, len(mem[i]))
			for j := range out[i] {
				out[i][j] = binary.LittleEndian.Uint32(bs[4*j:])
			}
		}
		return out, nil
	})
}
