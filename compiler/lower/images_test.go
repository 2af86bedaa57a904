package lower_test

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/clgo/clgo/compiler"
	"github.com/clgo/clgo/compiler/builtins"
	"github.com/clgo/clgo/spirv"
	"github.com/clgo/clgo/spirv/spirvtest"
	"github.com/clgo/clgo/spirv/validate"
)

// imageDirs hold the image kernels: testdata/images the compile-only ones,
// testdata/kernels/images those with a full run spec (internal/corpus
// also runs them against the reference).
var imageDirs = []string{
	filepath.Join("..", "..", "testdata", "images"),
	filepath.Join("..", "..", "testdata", "kernels", "images"),
}

// imageKernels are the image kernels of imageDirs, compiled and validated
// here for both Vulkan environments.
func imageKernels(t *testing.T) []string {
	t.Helper()
	var files []string
	for _, dir := range imageDirs {
		fs, err := filepath.Glob(filepath.Join(dir, "*.cl"))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, fs...)
	}
	if len(files) == 0 {
		t.Fatalf("no image kernels in %v", imageDirs)
	}
	return files
}

// specOptions returns the `//! options` of a kernel file.
func specOptions(src string) string {
	for _, line := range strings.Split(src, "\n") {
		if rest, ok := strings.CutPrefix(line, "//! options"); ok {
			return strings.TrimSpace(rest)
		}
	}
	return ""
}

// compileChecked compiles src with options for env and checks the module
// with spirv-val and clgo's own validator, and that its reflection reads
// back as the compiler wrote it.
func compileChecked(t *testing.T, name, src, options string, env compiler.TargetEnv) *compiler.Result {
	t.Helper()
	return compileCheckedWith(t, name, src, options, env, compiler.Features{})
}

// compileCheckedWith is compileChecked with the sampling features of f
// added to the default ones.
func compileCheckedWith(t *testing.T, name, src, options string, env compiler.TargetEnv, f compiler.Features) *compiler.Result {
	t.Helper()
	opts, err := compiler.ParseOptions(options)
	if err != nil {
		t.Fatal(err)
	}
	opts.TargetEnv = env
	opts.Features.SampleNearestInCode = f.SampleNearestInCode
	opts.Features.SampleLinearInCode = f.SampleLinearInCode
	opts.Features.MaxPushConstantsSize = f.MaxPushConstantsSize
	res, err := compiler.CompileFile(name, src, opts)
	if err != nil {
		t.Fatalf("%s: %v", env, err)
	}
	spirvtest.ValidateModule(t, res.Module, string(env))
	m, err := validate.Binary(res.SPIRV)
	if err != nil {
		t.Fatalf("%s: clgo's validator: %v", env, err)
	}
	back, err := spirv.ReadReflection(m)
	if err != nil {
		t.Fatalf("%s: reading the reflection back: %v", env, err)
	}
	if !reflect.DeepEqual(back, res.Reflection) {
		t.Fatalf("%s: reflection does not round-trip:\nwrote %+v\nread  %+v", env, res.Reflection, back)
	}
	return res
}

func TestImageKernelsValidate(t *testing.T) {
	for _, path := range imageKernels(t) {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".cl"), func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			for _, env := range []compiler.TargetEnv{compiler.Vulkan11, compiler.Vulkan13} {
				compileChecked(t, filepath.Base(path), string(src), specOptions(string(src)), env)
			}
		})
	}
}

// TestImageSupportMacro: __IMAGE_SUPPORT__ follows Features.Images.
func TestImageSupportMacro(t *testing.T) {
	src := "kernel void k(global int *a) {\n#ifdef __IMAGE_SUPPORT__\n a[0] = __IMAGE_SUPPORT__;\n#else\n#error no images\n#endif\n}\n"
	opts := compiler.DefaultOptions()
	if _, err := compiler.Compile(src, opts); err != nil {
		t.Fatalf("with images: %v", err)
	}
	opts.Features.Images = false
	_, err := compiler.Compile(src, opts)
	if err == nil || !strings.Contains(err.Error(), "error: no images") {
		t.Fatalf("without images: %v, want the #error", err)
	}
}

// TestImageDescriptorMaps compares the -descriptormap text of image
// kernels with the mapping docs/images.md gives, and the channel queries'
// push constants.
func TestImageDescriptorMaps(t *testing.T) {
	read := func(name string) string {
		for _, dir := range imageDirs {
			if b, err := os.ReadFile(filepath.Join(dir, name+".cl")); err == nil {
				return string(b)
			}
		}
		t.Fatalf("no image kernel %s.cl in %v", name, imageDirs)
		return ""
	}
	for _, c := range []struct{ file, want string }{
		{"blur3x3", `sampler,18,samplerExpr,"CLK_ADDRESS_CLAMP_TO_EDGE|CLK_FILTER_NEAREST|CLK_NORMALIZED_COORDS_FALSE",descriptorSet,0,binding,2
kernel,blur3x3,arg,src,argOrdinal,0,descriptorSet,0,binding,0,offset,0,argKind,ro_image
kernel,blur3x3,arg,dst,argOrdinal,1,descriptorSet,0,binding,1,offset,0,argKind,wo_image
`},
		{"volume_sample", `sampler,37,samplerExpr,"CLK_ADDRESS_CLAMP|CLK_FILTER_LINEAR|CLK_NORMALIZED_COORDS_TRUE",descriptorSet,0,binding,2
kernel,volume_sample,arg,vol,argOrdinal,0,descriptorSet,0,binding,0,offset,0,argKind,ro_image
kernel,volume_sample,arg,out,argOrdinal,1,descriptorSet,0,binding,1,offset,0,argKind,buffer
`},
		{"queries", `kernel,queries,arg,i1,argOrdinal,0,descriptorSet,0,binding,0,offset,0,argKind,ro_image
kernel,queries,arg,i1a,argOrdinal,1,descriptorSet,0,binding,1,offset,0,argKind,ro_image
kernel,queries,arg,i1b,argOrdinal,2,descriptorSet,0,binding,2,offset,0,argKind,uniform_texel_buffer
kernel,queries,arg,i2,argOrdinal,3,descriptorSet,0,binding,3,offset,0,argKind,ro_image
kernel,queries,arg,i2a,argOrdinal,4,descriptorSet,0,binding,4,offset,0,argKind,wo_image
kernel,queries,arg,i3,argOrdinal,5,descriptorSet,0,binding,5,offset,0,argKind,ro_image
kernel,queries,arg,out,argOrdinal,6,descriptorSet,0,binding,6,offset,0,argKind,buffer
`},
		// A sampler argument and a program-scope unnormalized sampler
		// used on an array image: the literal sampler after the 13
		// arguments' bindings, and its normalized twin that the
		// array image is sampled through.
		{"all_forms", ""},
	} {
		res := compileChecked(t, c.file+".cl", read(c.file), "", compiler.Vulkan11)
		got := res.Reflection.DescriptorMap()
		if c.want != "" && got != c.want {
			t.Errorf("%s:\ngot:\n%s\nwant:\n%s", c.file, got, c.want)
		}
		if c.file == "all_forms" {
			ls := res.Reflection.LiteralSamplers
			want := []spirv.LiteralSampler{{Binding: 13, Mask: 0x14}, {Binding: 14, Mask: 0x15}}
			if !reflect.DeepEqual(ls, want) {
				t.Errorf("all_forms literal samplers %+v, want %+v", ls, want)
			}
		}
		if c.file == "queries" {
			want := []spirv.ImageChannelInfo{
				{Ordinal: 2, PushConstant: true, Offset: 0, Size: 4},
				{Ordinal: 3, PushConstant: true, Offset: 4, Size: 4},
				{Ordinal: 3, DataType: true, PushConstant: true, Offset: 8, Size: 4},
				{Ordinal: 4, DataType: true, PushConstant: true, Offset: 12, Size: 4},
			}
			if got := res.Reflection.Kernels[0].ImageChannelInfo; !reflect.DeepEqual(got, want) {
				t.Errorf("queries channel info:\n got %+v\nwant %+v", got, want)
			}
		}
	}
}

// TestEveryImageBuiltin compiles one kernel per overload of every image
// builtin the builtin table lists (the half forms aside: cl_khr_fp16 is
// not advertised), each image a kernel argument of its own, and validates
// the module.
func TestEveryImageBuiltin(t *testing.T) {
	var sb strings.Builder
	n := 0
	names := builtins.Names()
	sort.Strings(names)
	for _, name := range names {
		if !strings.HasPrefix(name, "read_image") && !strings.HasPrefix(name, "write_image") && !strings.HasPrefix(name, "get_image_") {
			continue
		}
		for _, d := range builtins.Lookup(name) {
			if d.Ext != "" {
				continue
			}
			var params, args []string
			for i, p := range d.Params {
				switch {
				case strings.Contains(p, "image"):
					params = append(params, fmt.Sprintf("%s a%d", p, i))
					args = append(args, fmt.Sprintf("a%d", i))
				case p == "sampler_t":
					args = append(args, "CLK_NORMALIZED_COORDS_FALSE|CLK_ADDRESS_CLAMP|CLK_FILTER_NEAREST")
				default:
					args = append(args, fmt.Sprintf("(%s)(1)", p))
				}
			}
			call := fmt.Sprintf("%s(%s)", name, strings.Join(args, ", "))
			if d.Result != "void" {
				call = fmt.Sprintf("{ %s r = %s; *(global %s *)o = r; }", d.Result, call, d.Result)
			} else {
				call += ";"
			}
			fmt.Fprintf(&sb, "kernel void k%d(%s, global uint *o) { %s }\n", n, strings.Join(params, ", "), call)
			n++
		}
	}
	if n < 150 {
		t.Fatalf("only %d image builtin overloads", n)
	}
	for _, env := range []compiler.TargetEnv{compiler.Vulkan11, compiler.Vulkan13} {
		res := compileChecked(t, "every.cl", sb.String(), "-cl-std=CL2.0", env)
		if len(res.Reflection.Kernels) != n {
			t.Fatalf("%d kernels, want %d", len(res.Reflection.Kernels), n)
		}
	}
}

// TestProgramScopeConstSampler: a program-scope `const sampler_t` (no
// `constant`), as the CTS's test_api image kernels declare it, is a
// literal sampler under every -cl-std. Under CL2.0 and CL3.0 such a
// variable is in the global address space, and it was laid out as a
// program-scope variable: "internal compiler error: lower: no SPIR-V
// value type for sampler_t".
func TestProgramScopeConstSampler(t *testing.T) {
	src := `const sampler_t samplerA = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_REPEAT | CLK_FILTER_NEAREST;
kernel void arg_image_test(image2d_t src, global float4 *dst) {
	int2 coord = (int2)(get_global_id(0));
	dst[0] = read_imagef(src, samplerA, coord);
}
`
	for _, std := range []string{"-cl-std=CL1.2", "-cl-std=CL2.0", "-cl-std=CL3.0"} {
		res := compileChecked(t, "sampler.cl", src, std, compiler.Vulkan11)
		// CLK_ADDRESS_REPEAT (6) | CLK_FILTER_NEAREST (0x10), unnormalized.
		if ls := res.Reflection.LiteralSamplers; len(ls) != 1 || ls[0].Mask != 0x16 {
			t.Errorf("%s: literal samplers %+v, want one of mask 0x16", std, ls)
		}
		if res.Reflection.ProgramScopeVariables != nil {
			t.Errorf("%s: the sampler became a program-scope variable: %+v", std, res.Reflection.ProgramScopeVariables)
		}
	}
}
