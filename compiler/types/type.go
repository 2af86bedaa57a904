package types

// Type is an OpenCL C type: *Basic, *Vector, *Pointer, *Array, *Struct,
// *Enum, *Signature, *Image, *Sampler or *Event.
type Type interface {
	String() string
	typ()
}

// Kind is the kind of a scalar (or void) type.
type Kind uint8

const (
	Invalid Kind = iota // the type of an erroneous expression
	Void
	Bool
	Char
	UChar
	Short
	UShort
	Int
	UInt
	Long
	ULong
	Half
	Float
	Double
)

var kindNames = [...]string{
	Invalid: "<invalid>", Void: "void", Bool: "bool", Char: "char", UChar: "uchar",
	Short: "short", UShort: "ushort", Int: "int", UInt: "uint", Long: "long",
	ULong: "ulong", Half: "half", Float: "float", Double: "double",
}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "Kind(?)"
}

// Size is the size in bytes of a value of kind k (void and bool: 1, as clang).
func (k Kind) Size() int64 {
	switch k {
	case Void, Bool, Char, UChar:
		return 1
	case Short, UShort, Half:
		return 2
	case Int, UInt, Float:
		return 4
	case Long, ULong, Double:
		return 8
	}
	return 0
}

// IsInteger reports whether k is an integer kind (bool included).
func (k Kind) IsInteger() bool { return k >= Bool && k <= ULong }

// IsSigned reports whether k is a signed integer kind or a float kind.
func (k Kind) IsSigned() bool {
	switch k {
	case Char, Short, Int, Long, Half, Float, Double:
		return true
	}
	return false
}

// IsUnsigned reports whether k is an unsigned integer kind (bool included).
func (k Kind) IsUnsigned() bool { return k.IsInteger() && !k.IsSigned() }

// IsFloat reports whether k is half, float or double.
func (k Kind) IsFloat() bool { return k >= Half && k <= Double }

// IsArithmetic reports whether k is an integer or floating kind.
func (k Kind) IsArithmetic() bool { return k.IsInteger() || k.IsFloat() }

// Basic is a scalar type or void. Name, when set, is the typedef name it is
// known by (size_t, ptrdiff_t, a user typedef) and is used only for printing.
type Basic struct {
	Kind Kind
	Name string
	// Aligned is the alignment an aligned attribute of the typedef Name
	// gives (0: natural); Identical ignores it, Config.Alignof uses it.
	Aligned int64
}

// Size is the size in bytes.
func (b *Basic) Size() int64 { return b.Kind.Size() }

// Align is the alignment in bytes (equal to the size).
func (b *Basic) Align() int64 { return b.Kind.Size() }

// IsSigned reports whether b is a signed integer or floating type.
func (b *Basic) IsSigned() bool { return b.Kind.IsSigned() }

// IsInteger reports whether b is an integer type (bool included).
func (b *Basic) IsInteger() bool { return b.Kind.IsInteger() }

// IsFloat reports whether b is half, float or double.
func (b *Basic) IsFloat() bool { return b.Kind.IsFloat() }

// Vector is an OpenCL vector type: Len is 2, 3, 4, 8 or 16.
type Vector struct {
	Elem    *Basic
	Len     int
	Name    string // a typedef name, for printing only
	Aligned int64  // as Basic.Aligned
}

// Size is the size in bytes; a 3-vector takes the room of a 4-vector.
func (v *Vector) Size() int64 {
	n := int64(v.Len)
	if n == 3 {
		n = 4
	}
	return n * v.Elem.Size()
}

// Align is the alignment in bytes: the size of the vector.
func (v *Vector) Align() int64 { return v.Size() }

// AddrSpace is an OpenCL address space.
type AddrSpace uint8

const (
	Private AddrSpace = iota
	Global
	Constant
	Local
	Generic
)

var spaceNames = [...]string{Private: "__private", Global: "__global", Constant: "__constant", Local: "__local", Generic: "__generic"}

func (s AddrSpace) String() string {
	if int(s) < len(spaceNames) {
		return spaceNames[s]
	}
	return "AddrSpace(?)"
}

// Quals is a set of type qualifiers.
type Quals uint8

const (
	Const Quals = 1 << iota
	Volatile
	Restrict
)

func (q Quals) String() string {
	s := ""
	add := func(w string) {
		if s != "" {
			s += " "
		}
		s += w
	}
	if q&Const != 0 {
		add("const")
	}
	if q&Volatile != 0 {
		add("volatile")
	}
	if q&Restrict != 0 {
		add("restrict")
	}
	return s
}

// Pointer is a pointer to Elem in address space Space; Quals qualifies the
// pointee (`const __global float *` has Quals Const).
type Pointer struct {
	Elem    Type
	Space   AddrSpace
	Quals   Quals
	Name    string // a typedef name, for printing only
	Aligned int64  // as Basic.Aligned
}

// Array is an array of Len elements; Len is -1 for an incomplete array.
type Array struct {
	Elem    Type
	Len     int64
	Name    string // a typedef name, for printing only
	Aligned int64  // as Basic.Aligned
}

// Struct is a struct or union type. Each definition is its own type.
type Struct struct {
	Tag      string // "" for an anonymous struct
	Name     string // the typedef name of an anonymous struct, for printing
	Union    bool
	Fields   []*Field
	Size     int64
	Align    int64
	Packed   bool
	Complete bool // defined (a reference to an undefined tag is incomplete)
}

// Field is one member of a struct or union. An anonymous struct or union
// member has Name "" and its fields are reachable through it (see Member).
type Field struct {
	Name   string
	Type   Type
	Quals  Quals
	Offset int64 // in bytes, from the start of the struct
}

// Enum is an enumeration type. Values of an enum type behave as values of
// its Underlying type (int, or uint when an enumerator does not fit int).
type Enum struct {
	Tag        string
	Name       string // the typedef name of an anonymous enum, for printing
	Underlying *Basic
	Consts     []*EnumConst
	Complete   bool
}

// Signature is a function type.
type Signature struct {
	Params   []Type
	Result   Type
	Variadic bool
}

// ImageDim is the dimensionality of an image type.
type ImageDim uint8

const (
	Image1D ImageDim = iota
	Image2D
	Image3D
	Image1DBuffer
)

// Access is an image access qualifier.
type Access uint8

const (
	ReadOnly Access = iota // the default for an unqualified image
	WriteOnly
	ReadWrite
)

func (a Access) String() string {
	switch a {
	case WriteOnly:
		return "__write_only"
	case ReadWrite:
		return "__read_write"
	}
	return "__read_only"
}

// Image is an opaque image type (image2d_t, image1d_array_t, ...).
type Image struct {
	Dim    ImageDim
	Array  bool
	Depth  bool // image2d_depth_t (OpenCL C 2.0 / cl_khr_depth_images)
	Access Access
}

// Sampler is sampler_t.
type Sampler struct{}

// Event is event_t.
type Event struct{}

func (*Basic) typ()     {}
func (*Vector) typ()    {}
func (*Pointer) typ()   {}
func (*Array) typ()     {}
func (*Struct) typ()    {}
func (*Enum) typ()      {}
func (*Signature) typ() {}
func (*Image) typ()     {}
func (*Sampler) typ()   {}
func (*Event) typ()     {}

// The basic types, without typedef names.
var (
	Typ = [...]*Basic{
		Invalid: {Kind: Invalid}, Void: {Kind: Void}, Bool: {Kind: Bool},
		Char: {Kind: Char}, UChar: {Kind: UChar}, Short: {Kind: Short},
		UShort: {Kind: UShort}, Int: {Kind: Int}, UInt: {Kind: UInt},
		Long: {Kind: Long}, ULong: {Kind: ULong}, Half: {Kind: Half},
		Float: {Kind: Float}, Double: {Kind: Double},
	}
	TheSampler = &Sampler{}
	TheEvent   = &Event{}
)

// NewVector returns the vector type of n elements of kind k.
func NewVector(k Kind, n int) *Vector { return &Vector{Elem: Typ[k], Len: n} }
