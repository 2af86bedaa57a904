package cl

import (
	"context"

	"reflect"
	"unsafe"
)

func bytesOf(p unsafe.Pointer, n uintptr) []byte { return unsafe.Slice((*byte)(p), n) }

// plain reports whether T's memory is plain data (numbers, arrays and
// structs of them), so that a []T may be viewed as bytes.
func plain(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Bool, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128:
		return true
	case reflect.Array:
		return plain(t.Elem())
	case reflect.Struct:
		for i := range t.NumField() {
			if !plain(t.Field(i).Type) {
				return false
			}
		}
		return true
	}
	return false
}

// AsBytes views s as its bytes (no copy). T must be plain data: numbers,
// arrays and structs of them; anything else (int, pointers, strings) gives
// ErrInvalidValue.
func AsBytes[T any](s []T) ([]byte, error) {
	t := reflect.TypeFor[T]()
	if !plain(t) {
		return nil, errorf(ErrInvalidValue, "%v is not plain data", t)
	}
	if len(s) == 0 {
		return nil, nil
	}
	return bytesOf(unsafe.Pointer(unsafe.SliceData(s)), uintptr(len(s))*t.Size()), nil
}

// CreateBufferFrom makes a buffer holding a copy of data: len(data)
// elements, len(data)*size of T bytes.
func CreateBufferFrom[T any](c *Context, flags MemFlags, data []T) (*Buffer, error) {
	b, err := AsBytes(data)
	if err != nil {
		return nil, err
	}
	if len(b) == 0 {
		return nil, errorf(ErrInvalidBufferSize, "clCreateBuffer: no data")
	}
	return c.CreateBuffer(flags|MemCopyHostPtr, uint64(len(b)), b)
}

// WriteElems writes data into b starting at element first (counting Ts,
// not bytes: the byte offset is first*size of T), and waits. ctx bounds
// the wait.
func WriteElems[T any](ctx context.Context, q *Queue, b *Buffer, first uint64, data []T) error {
	raw, err := AsBytes(data)
	if err != nil {
		return err
	}
	ev, err := q.EnqueueWriteBuffer(b, first*uint64(reflect.TypeFor[T]().Size()), raw)
	if err != nil {
		return err
	}
	return ev.Wait(ctx)
}

// ReadElems reads len(dst) elements of b, starting at element first
// (counting Ts, not bytes), into dst, and waits. ctx bounds the wait.
func ReadElems[T any](ctx context.Context, q *Queue, b *Buffer, first uint64, dst []T) error {
	raw, err := AsBytes(dst)
	if err != nil {
		return err
	}
	ev, err := q.EnqueueReadBuffer(b, first*uint64(reflect.TypeFor[T]().Size()), raw)
	if err != nil {
		return err
	}
	return ev.Wait(ctx)
}

// Write is WriteElems.
//
// Deprecated: use WriteElems, whose name says that at counts elements.
func Write[T any](ctx context.Context, q *Queue, b *Buffer, at uint64, data []T) error {
	return WriteElems(ctx, q, b, at, data)
}

// Read is ReadElems.
//
// Deprecated: use ReadElems, whose name says that at counts elements.
func Read[T any](ctx context.Context, q *Queue, b *Buffer, at uint64, dst []T) error {
	return ReadElems(ctx, q, b, at, dst)
}

// ReadAll reads the whole of b as Ts, and waits.
func ReadAll[T any](ctx context.Context, q *Queue, b *Buffer) ([]T, error) {
	size := reflect.TypeFor[T]().Size()
	if size == 0 || b.Size()%uint64(size) != 0 {
		return nil, errorf(ErrInvalidValue, "buffer of %d bytes is not a whole number of %v", b.Size(), reflect.TypeFor[T]())
	}
	out := make([]T, b.Size()/uint64(size))
	if err := ReadElems(ctx, q, b, 0, out); err != nil {
		return nil, err
	}
	return out, nil
}
