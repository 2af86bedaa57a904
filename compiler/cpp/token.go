// Package cpp is the C99 preprocessor of clgo's OpenCL C compiler: it turns
// source text into preprocessing tokens with macros expanded, #include files
// read, conditionals resolved and #pragma lines kept as Pragma tokens for the
// parser. It follows C99 6.10 and adds the predefined macros of OpenCL C.
package cpp

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/clgo/clgo/compiler/diag"
)

// Kind classifies a token.
type Kind uint8

const (
	EOF    Kind = iota
	Ident       // identifier or keyword
	Number      // pp-number: 1, 0x1p-3, 1.0e+5f, 1..2 (validated by the parser)
	Char        // character constant, with its prefix and quotes
	String      // string literal, with its prefix and quotes
	Punct       // punctuator, or a stray character the lexer could not classify
	Pragma      // a #pragma line or _Pragma; Text is the pragma's body
)

var kindNames = [...]string{"EOF", "Ident", "Number", "Char", "String", "Punct", "Pragma"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "Kind(?)"
}

// Token is one preprocessing token of the output.
type Token struct {
	Kind Kind
	// Text is the exact spelling. For a Pragma it is the text after
	// "#pragma" with surrounding space trimmed and inner space runs
	// collapsed to one blank, e.g. "OPENCL EXTENSION cl_khr_fp64 : enable".
	Text string
	// Pos is where the token was written; a token produced by expanding a
	// macro carries the position of the outermost macro use, so that errors
	// point at the user's line.
	Pos   diag.Pos
	Space bool // preceded by whitespace
	BOL   bool // first token on its line
}

// FileSystem is how #include reads files. Paths are slash- or OS-separated
// as given by the include directories; Open reports a missing file with an
// error.
type FileSystem interface {
	ReadFile(name string) ([]byte, error)
}

// MaxIncludeSize is the largest file #include reads (16 MiB).
const MaxIncludeSize = 16 << 20

// OSFileSystem reads files from the operating system: regular files of at
// most MaxIncludeSize bytes. Anything else (/dev/zero, /dev/stdin, a FIFO,
// a directory) is refused without being read, so that an #include in a
// program built inside an application can neither block it nor exhaust its
// memory.
type OSFileSystem struct{}

// ReadFile implements FileSystem.
func (OSFileSystem) ReadFile(name string) ([]byte, error) {
	fi, err := os.Stat(name)
	if err != nil {
		return nil, err
	}
	if err := includable(name, fi); err != nil {
		return nil, err
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// Check again what was opened (it may have changed since the Stat), and
	// read no more than the limit whatever the file does.
	if fi, err = f.Stat(); err != nil {
		return nil, err
	}
	if err := includable(name, fi); err != nil {
		return nil, err
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxIncludeSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxIncludeSize {
		return nil, &fs.PathError{Op: "read", Path: name, Err: ErrIncludeTooLarge}
	}
	return data, nil
}

// Errors of OSFileSystem.ReadFile for files #include refuses.
var (
	ErrNotRegular      = errors.New("not a regular file")
	ErrIncludeTooLarge = fmt.Errorf("larger than %d MiB", MaxIncludeSize>>20)
)

func includable(name string, fi fs.FileInfo) error {
	if !fi.Mode().IsRegular() {
		return &fs.PathError{Op: "open", Path: name, Err: ErrNotRegular}
	}
	if fi.Size() > MaxIncludeSize {
		return &fs.PathError{Op: "open", Path: name, Err: ErrIncludeTooLarge}
	}
	return nil
}

// MapFS is an in-memory FileSystem keyed by path, for tests and for the
// headers embedded in the compiler.
type MapFS map[string]string

// ReadFile implements FileSystem.
func (m MapFS) ReadFile(name string) ([]byte, error) {
	if s, ok := m[name]; ok {
		return []byte(s), nil
	}
	return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
}

// Options configure one preprocessing run.
type Options struct {
	Defines     []string // "NAME" or "NAME=VALUE", as -D gives them
	Undefs      []string // names, as -U gives them (applied after Defines)
	IncludeDirs []string // -I directories, searched in order
	// Std is the OpenCL C version ×100 chosen by -cl-std (100, 110, 120,
	// 200, 300); 0 means 120.
	Std             int
	FastRelaxedMath bool     // -cl-fast-relaxed-math: defines __FAST_RELAXED_MATH__
	Extensions      []string // extensions the target supports; each is predefined as 1
	// Images says the target supports images: __IMAGE_SUPPORT__ is
	// predefined as 1 (OpenCL C §6.10), otherwise it is not defined.
	Images bool
	// Features are the optional OpenCL C 3.0 features the target has
	// (__opencl_c_generic_address_space, ...); under Std >= 300 each is
	// predefined as 1.
	Features []string
	// OpenCLVersion is the target device's OpenCL version ×100, the value
	// of __OPENCL_VERSION__; 0 means 300, what every clgo device is.
	OpenCLVersion int
	FS            FileSystem
	// NoPrelude leaves out the OpenCL constants (CHAR_BIT, FLT_MAX, CLK_*,
	// ...); version and extension macros are still defined.
	NoPrelude bool
}
