package lower

import (
	"fmt"
	"strings"

	"github.com/clgo/clgo/compiler/syntax"
	"github.com/clgo/clgo/compiler/types"
)

// imageUse is what a kernel does with one of its image arguments, found
// before the argument is declared: the SPIR-V image type's sampled type
// follows from the read_image/write_image forms used on it
// (docs/images.md), and the channel queries need push constants that are
// laid out with the kernel's push-constant block.
type imageUse struct {
	kind     types.Kind // Float, Int or UInt; Invalid while neither is seen
	kindCall string     // the first call that decided kind, for errors
	order    bool       // get_image_channel_order is called
	dataType bool       // get_image_channel_data_type is called
	sampled  bool       // read through a sampler
}

// imageSampledKind is the sampled type of a read_image/write_image
// builtin: float for the f (and h) forms, int for i, uint for ui.
func imageSampledKind(name string) (types.Kind, bool) {
	var rest string
	switch {
	case strings.HasPrefix(name, "read_image"):
		rest = name[len("read_image"):]
	case strings.HasPrefix(name, "write_image"):
		rest = name[len("write_image"):]
	default:
		return types.Invalid, false
	}
	switch rest {
	case "f", "h":
		return types.Float, true
	case "i":
		return types.Int, true
	case "ui":
		return types.UInt, true
	}
	return types.Invalid, false
}

// scanImages follows the kernel's image arguments through the helper
// functions they are passed to (each call with its own mapping of
// parameters to kernel arguments, as inlining will see them) and records
// how each is used. Mixed sampled types are reported here, at the call
// that disagrees.
func (fs *fnState) scanImages() map[*types.Var]*imageUse {
	uses := map[*types.Var]*imageUse{}
	env := map[*types.Var]*types.Var{}
	for _, p := range fs.k.Params {
		if _, ok := types.Underlying(p.Type).(*types.Image); ok {
			env[p] = p
			uses[p] = &imageUse{}
		}
	}
	if len(uses) == 0 {
		return uses
	}
	seen := map[string]bool{}
	var walk func(f *types.Func, env map[*types.Var]*types.Var, depth int)
	walk = func(f *types.Func, env map[*types.Var]*types.Var, depth int) {
		if f.Decl == nil || f.Decl.Body == nil || depth > 64 {
			return
		}
		key := fmt.Sprintf("%p", f)
		for _, p := range f.Params {
			key += fmt.Sprintf(",%p", env[p])
		}
		if seen[key] {
			return
		}
		seen[key] = true
		root := func(e syntax.Expr) *types.Var {
			id, ok := unparenExpr(e).(*syntax.Ident)
			if !ok {
				return nil
			}
			v, _ := fs.info.Uses[id].(*types.Var)
			return env[v]
		}
		inspect(f.Decl.Body, func(n syntax.Node) {
			x, ok := n.(*syntax.CallExpr)
			if !ok {
				return
			}
			c := fs.info.Calls[x]
			switch {
			case c.Builtin != nil && len(x.Args) > 0:
				r := root(x.Args[0])
				if r == nil {
					return
				}
				u := uses[r]
				name := c.Builtin.Name
				switch name {
				case "get_image_channel_order":
					u.order = true
				case "get_image_channel_data_type":
					u.dataType = true
				}
				if strings.HasPrefix(name, "read_image") && len(x.Args) == 3 {
					u.sampled = true
				}
				k, ok := imageSampledKind(name)
				if !ok {
					return
				}
				switch {
				case u.kind == types.Invalid:
					u.kind, u.kindCall = k, name
				case u.kind != k:
					fs.errorf(x.At, "image argument '%s' is used with %s here and with %s elsewhere; an image argument is read and written as one of float, int or uint",
						r.Name, name, u.kindCall)
				}
			case c.Func != nil:
				sub := map[*types.Var]*types.Var{}
				for i, p := range c.Func.Params {
					if i < len(x.Args) {
						if r := root(x.Args[i]); r != nil {
							sub[p] = r
						}
					}
				}
				walk(c.Func, sub, depth+1)
			}
		})
	}
	walk(fs.k, env, 0)
	return uses
}
