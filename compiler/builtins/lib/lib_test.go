package lib

import (
	"testing"

	"github.com/clgo/clgo/compiler/types"
)

// The library is checked once, with 32-bit addresses, and inlined into
// programs of either width (-arch=spir and spir64). That holds while no
// expression, implicit conversion or type in it has a width that depends
// on the address bits: no pointer, no size_t, ptrdiff_t, intptr_t or
// uintptr_t, no sizeof (whose type is size_t).
func TestLibraryIsAddressWidthFree(t *testing.T) {
	l, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	widthDependent := func(ty types.Type) bool {
		switch u := types.Underlying(ty).(type) {
		case *types.Pointer:
			return true
		case *types.Basic:
			switch u.Name {
			case "size_t", "ptrdiff_t", "intptr_t", "uintptr_t":
				return true
			}
		}
		return false
	}
	for e, tv := range l.Info.Types {
		if tv.Type != nil && widthDependent(tv.Type) {
			t.Errorf("%v: an expression of type %v", e.Pos(), tv.Type)
		}
	}
	for e, ty := range l.Info.Implicit {
		if widthDependent(ty) {
			t.Errorf("%v: a conversion to %v", e.Pos(), ty)
		}
	}
	for _, ty := range l.Info.TypeExprs {
		if widthDependent(ty) {
			t.Errorf("a type %v", ty)
		}
	}
}
