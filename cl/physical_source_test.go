package cl

import (
	"encoding/binary"
	"testing"
	"unsafe"
)

// The same SVM list through kernels compiled from OpenCL C with the
// runtime's physical build options (-arch=spir64, Auto addressing).
const physicalListSource = `
typedef struct node { global struct node *next; int value; } node;
typedef struct { global node *head; } list;
kernel void walk(global list *l, global int *out) {
	int s = 0, n = 0;
	for (global node *p = l->head; p; p = p->next) { s += p->value; n++; }
	out[0] = s; out[1] = n;
}
kernel void link(global node *nodes, int n) {
	size_t i = get_global_id(0);
	nodes[i].next = i + 1 < n ? &nodes[i + 1] : 0;
	nodes[i].value = (int)i;
}
kernel void sizes(global int *out) { out[0] = sizeof(void *); out[1] = sizeof(size_t); out[2] = sizeof(node); }
`

func TestPhysicalSourceSVMList(t *testing.T) {
	d := physicalDevice(t)
	c, err := CreateContext(d)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Release()
	q, err := c.CreateQueue(d, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer q.Release()
	p, err := c.CreateProgramWithSource(physicalListSource)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Release()
	if err := p.Build("-cl-std=CL2.0"); err != nil {
		t.Fatalf("%v\n%s", err, p.BuildLog(d))
	}
	// sizes: 64-bit pointers and size_t; a node is {8-byte pointer, int} padded to 16.
	ks := physicalKernel(t, p, "sizes")
	ob, err := c.CreateBuffer(MemReadWrite, 12, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ob.Release()
	if err := ks.SetArg(0, ob); err != nil {
		t.Fatal(err)
	}
	if _, err := q.EnqueueTask(ks); err != nil {
		t.Fatal(err)
	}
	res := make([]byte, 12)
	if _, err := q.EnqueueReadBuffer(ob, 0, res); err != nil {
		t.Fatal(err)
	}
	if err := q.Finish(t.Context()); err != nil {
		t.Fatal(err)
	}
	if getInt(res, 0) != 8 || getInt(res, 1) != 8 || getInt(res, 2) != 16 {
		t.Errorf("sizeof(void *), sizeof(size_t), sizeof(node) = %d, %d, %d; want 8, 8, 16", getInt(res, 0), getInt(res, 1), getInt(res, 2))
	}

	// The host builds a list with host pointers; the kernel walks it.
	walk := physicalKernel(t, p, "walk")
	if !walk.info.PhysicalAddressing {
		t.Fatal("walk is not compiled for physical addressing")
	}
	s, err := c.SVMAlloc(MemReadWrite, 16*uint64(len(listValues))+8, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Free()
	at := 16 * len(listValues)
	svmMapped(t, q, s, func(mem []byte) {
		binary.LittleEndian.PutUint64(mem[at:], buildList(mem[:at], listValues, listOrder))
	})
	scribbleValues(s.Bytes(), len(listValues))
	if sum, n := runWalk(t, c, q, walk, unsafe.Pointer(&s.Bytes()[at])); sum != listSum || n != listLen {
		t.Errorf("walk: sum %d over %d nodes, want %d over %d", sum, n, listSum, listLen)
	}

	// The kernel links nodes; the host follows host pointers.
	link := physicalKernel(t, p, "link")
	const n = 16
	s2, err := c.SVMAlloc(MemReadWrite, 16*n, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Free()
	if err := link.SetArgSVMPointer(0, s2.Pointer()); err != nil {
		t.Fatal(err)
	}
	if err := link.SetArg(1, int32(n)); err != nil {
		t.Fatal(err)
	}
	if _, err := q.EnqueueNDRangeKernel(link, nil, []uint64{n}, nil); err != nil {
		t.Fatal(err)
	}
	svmMapped(t, q, s2, func(mem []byte) {
		p := uintptr(binary.LittleEndian.Uint64(mem[0:]))
		count := 1
		for p != 0 && count <= n {
			off := p - uintptr(s2.Pointer())
			if off >= 16*n {
				t.Fatalf("node %d: next %#x is outside the allocation at %p", count, p, s2.Pointer())
			}
			if v := getInt(mem[off+8:], 0); v != int32(count) {
				t.Errorf("node %d: value %d", count, v)
			}
			p = uintptr(binary.LittleEndian.Uint64(mem[off:]))
			count++
		}
		if count != n {
			t.Errorf("the host followed %d nodes, want %d", count, n)
		}
	})
}
