package diag

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

// WarningInfo describes one warning option, -W<Name>.
type WarningInfo struct {
	Name string
	// Group is "" for a warning on by default, "all" for one that -Wall
	// turns on, "extra" for one that only -Wextra turns on.
	Group string
	Help  string
	// match finds the warning's messages among those recorded without a
	// flag: a prefix when it starts with '^', else a substring.
	match []string
}

// warningTable lists clgo's warnings with clang's names for them (where
// clgo's warning is clang's; a few are clgo's own, marked so).
var warningTable = []*WarningInfo{
	{Name: "unused-variable", Group: "all", Help: "a local variable that is never used", match: []string{"^unused variable "}},
	{Name: "unused-parameter", Group: "extra", Help: "a function parameter that is never used (kernel parameters excepted)", match: []string{"^unused parameter "}},
	{Name: "unused-command-line-argument", Help: "an option clgo accepts and ignores", match: []string{"^argument unused during compilation"}},
	{Name: "unknown-warning-option", Help: "a -W option that names no warning", match: []string{"^unknown warning option"}},
	{Name: "macro-redefined", Help: "a #define of a macro already defined differently", match: []string{"' macro redefined"}},
	{Name: "builtin-macro-redefined", Help: "#define or #undef of a predefined macro", match: []string{"^redefining builtin macro", "^undefining builtin macro"}},
	{Name: "extra-tokens", Help: "tokens after a directive that takes none", match: []string{"^extra tokens at end of #"}},
	{Name: "ignored-pragmas", Help: "a malformed or unknown #pragma OPENCL EXTENSION", match: []string{"extra tokens at end of '#pragma", "^expected extension name", "^expected ':'", "^expected 'enable' or 'disable'", "^expected 'disable' after 'all'", "^unsupported OpenCL extension"}},
	{Name: "backslash-newline-escape", Help: "a backslash and the newline it splices separated by blanks", match: []string{"^backslash and newline separated by space"}},
	{Name: "c99-extensions", Help: "no whitespace after a macro's name", match: []string{"^ISO C99 requires whitespace"}},
	{Name: "pedantic", Help: "__VA_ARGS__ outside a variadic macro", match: []string{"^__VA_ARGS__ can only appear"}},
	{Name: "integer-overflow", Help: "overflow in a #if expression", match: []string{"^integer overflow in preprocessor expression"}},
	{Name: "implicitly-unsigned-literal", Help: "a decimal literal too large for long", match: []string{"^integer literal is too large"}},
	{Name: "unknown-escape-sequence", Help: "an unknown \\x escape in a literal", match: []string{"^unknown escape sequence"}},
	{Name: "multichar", Help: "a character constant of several characters", match: []string{"^multi-character character constant"}},
	{Name: "ignored-attributes", Help: "an attribute that does not apply where written", match: []string{"attribute ignored"}},
	{Name: "duplicate-decl-specifier", Help: "a specifier written twice (const const)", match: []string{"^duplicate '"}},
	{Name: "missing-declarations", Help: "a declaration that declares nothing", match: []string{"^declaration does not declare anything"}},
	{Name: "format", Help: "a printf format that does not parse", match: []string{"^invalid printf format"}},
	{Name: "division-by-zero", Help: "a division or remainder by a constant zero", match: []string{"by zero is undefined"}},
	{Name: "array-bounds", Help: "a constant index outside an array or vector", match: []string{"^array index ", "^vector index "}},
	{Name: "compare-distinct-pointer-types", Help: "comparing pointers to different types", match: []string{"^comparison of distinct pointer types"}},
	{Name: "pointer-type-mismatch", Help: "?: between pointers to different types", match: []string{"^pointer type mismatch"}},
	{Name: "double-precision-constant", Help: "clgo's: a double literal on a device without doubles, made float", match: []string{"^double precision constant requires"}},
	{Name: "enum-too-large", Help: "enumerators beyond long's range", match: []string{"^enumeration values exceed"}},
	{Name: "unused-comparison", Help: "a comparison whose result is discarded", match: []string{"comparison result unused"}},
	{Name: "unused-value", Help: "an expression statement without effect", match: []string{"^expression result unused", "^left operand of comma operator"}},
	{Name: "excess-initializers", Help: "more initializers than elements", match: []string{"^excess elements in", "^initializer-string for char array is too long"}},
	{Name: "many-braces-around-scalar-init", Help: "{{1}} for a scalar", match: []string{"^too many braces around scalar"}},
	{Name: "literal-conversion", Help: "a floating constant that changes value when converted", match: []string{"^implicit conversion from 'float'", "^implicit conversion from 'double'", "^implicit conversion from 'half'", "^implicit conversion of out of range value"}},
	{Name: "constant-conversion", Help: "an integer constant that changes value when converted", match: []string{"^implicit conversion from "}},
	{Name: "literal-range", Help: "a float literal beyond float's range", match: []string{"^magnitude of floating-point constant too large"}},
	{Name: "incompatible-pointer-types-discards-qualifiers", Help: "a pointer conversion that drops const or volatile", match: []string{"discards qualifiers"}},
	{Name: "incompatible-pointer-types", Help: "a conversion between unrelated pointer types", match: []string{"^incompatible pointer types"}},
	{Name: "parentheses", Help: "an assignment used as a condition", match: []string{"^using the result of an assignment as a condition"}},
	{Name: "return-type", Help: "a non-void function that can end without a value", match: []string{"does not return a value"}},
}

// warningIndex finds a warning option by name; it is built on first use
// (a -W option or a warning), not in every process at start-up.
var warningIndex = sync.OnceValue(func() map[string]*WarningInfo {
	m := map[string]*WarningInfo{}
	for _, w := range warningTable {
		m[w.Name] = w
	}
	return m
})

// Warnings returns the warning options, sorted by name.
func Warnings() []*WarningInfo {
	out := append([]*WarningInfo(nil), warningTable...)
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// flagOf finds the warning option of a message recorded without one.
func flagOf(msg string) string {
	for _, w := range warningTable {
		for _, m := range w.match {
			if p, ok := strings.CutPrefix(m, "^"); ok && strings.HasPrefix(msg, p) || !ok && strings.Contains(msg, m) {
				return w.Name
			}
		}
	}
	return ""
}

// fixOf is the fix-it hint of a message clang gives one for and that
// inserts text at the position: the missing semicolon, and the '==' or
// '!=' for an assignment used as a condition.
func fixOf(msg string) string {
	switch {
	case strings.HasPrefix(msg, "expected ';'"):
		return ";"
	case strings.HasPrefix(msg, "use '=='"):
		return "=="
	case strings.HasPrefix(msg, "use '!='"):
		return "!="
	}
	return ""
}

// WarningControl is the state the -W options leave: which warnings are on
// and which are errors.
type WarningControl struct {
	on, asError map[string]bool // explicit choices, by warning name
	groups      map[string]bool // "all", "extra", "everything" turned on
}

// SetWarningFlags applies -W options (without the -W: "all", "extra",
// "no-unused-variable", "error=format", "no-error=format"), in order.
// Names that are no warning give a warning each, as clang's
// [-Wunknown-warning-option].
func (l *List) SetWarningFlags(flags []string) {
	if len(flags) == 0 {
		return
	}
	c := &WarningControl{on: map[string]bool{}, asError: map[string]bool{}, groups: map[string]bool{}}
	var unknown []string
	for _, f := range flags {
		name, on := f, true
		if n, ok := strings.CutPrefix(f, "no-"); ok {
			name, on = n, false
		}
		if n, ok := strings.CutPrefix(name, "error="); ok {
			if warningIndex()[n] == nil {
				unknown = append(unknown, "-W"+f)
				continue
			}
			c.asError[n] = on
			if on {
				c.on[n] = true
			}
			continue
		}
		switch name {
		case "all", "extra", "everything", "most":
			if name == "most" {
				name = "all"
			}
			c.groups[name] = on
			continue
		}
		if warningIndex()[name] == nil {
			unknown = append(unknown, "-W"+f)
			continue
		}
		c.on[name] = on
	}
	l.Warnings = c
	for _, u := range unknown {
		l.Warn(Pos{}, "unknown-warning-option", "unknown warning option '%s'", u)
	}
}

// state says whether the warning flag is on and whether it is an error.
func (c *WarningControl) state(flag string) (on, asError bool) {
	w := warningIndex()[flag]
	group := ""
	if w != nil {
		group = w.Group
	}
	on = group == ""
	if c == nil {
		return on, false
	}
	if c.groups["everything"] || group != "" && c.groups[group] {
		on = true
	}
	if v, ok := c.on[flag]; ok {
		on = v
	}
	return on, c.asError[flag]
}

// WarningHelp is the text of `clgo help warnings`.
func WarningHelp() string {
	var b strings.Builder
	b.WriteString(`Warnings are named as clang names them; each shows its name, as in
"warning: unused variable 'x' [-Wunused-variable]".

  -WNAME           turn warning NAME on
  -Wno-NAME        turn it off
  -Wall            turn on the warnings of group "all" (unused-variable)
  -Wextra          turn on the warnings of group "extra" (unused-parameter)
  -Werror          make every warning an error
  -Werror=NAME     make warning NAME an error (and turn it on)
  -w               no warnings at all

Warnings (default: on, unless a group is named):
`)
	for _, w := range Warnings() {
		g := ""
		if w.Group != "" {
			g = " (-W" + w.Group + ")"
		}
		fmt.Fprintf(&b, "  -W%s%s\n      %s\n", w.Name, g, w.Help)
	}
	return b.String()
}
