//go:build cgo

package main

import (
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// ffmpegCase is one filter graph of TestFFmpegFilters. graph runs on clgo's
// host device; ref is a graph of ffmpeg's CPU filters that computes the
// same frames exactly, or "" to run graph on the reference OpenCL instead.
// sample is the size in bytes of one sample of the output (1, 2, or 4 for
// float32); tol the largest difference allowed per sample.
type ffmpegCase struct {
	name, graph, ref string
	sample           int
	tol              float64
}

// ffmpegCases are chosen so that ffmpeg makes images of every channel
// order and type its OpenCL filters use: CL_R (planar formats), CL_RG
// (nv12, p016: the interleaved chroma plane), CL_RGBA, CL_ARGB, CL_BGRA,
// CL_ABGR; unorm8, unorm16 and float. The frames are 166x94, so that the
// chroma planes (83x47) are odd in both dimensions.
func ffmpegCases(program string) []ffmpegCase {
	up := func(f string) string { return "format=" + f + ",hwupload," }
	down := func(f string) string { return ",hwdownload,format=" + f }
	prog := func(k string) string { return "program_opencl=kernel=" + k + ":source=" + program }
	rotate := "colorchannelmixer=rr=0:rg=1:gg=0:gb=1:bb=0:br=1"
	y := "yuv420p"
	return []ffmpegCase{
		// Exact against ffmpeg's CPU filters.
		{"transpose/yuv420p", up(y) + "transpose_opencl=dir=clock" + down(y), "format=yuv420p,transpose=dir=clock", 1, 0},
		{"transpose/nv12", up("nv12") + "transpose_opencl=dir=cclock" + down("nv12"), "format=nv12,transpose=dir=cclock", 1, 0},
		{"transpose/abgr", up("abgr") + "transpose_opencl=dir=clock_flip" + down("abgr"), "format=abgr,transpose=dir=clock_flip", 1, 0},
		{"transpose/p016", "format=yuv420p16," + up("p016") + "transpose_opencl=dir=clock" + down("p016"), "format=yuv420p16,transpose=dir=clock,format=p016", 2, 0},
		{"transpose/gbrpf32", up("gbrpf32") + "transpose_opencl=dir=cclock_flip" + down("gbrpf32"), "format=gbrpf32,transpose=dir=cclock_flip", 4, 0},
		{"program/rgba", up("rgba") + prog("rotate") + down("rgba"), "format=rgba," + rotate, 1, 0},
		{"program/argb", "format=argb,colorchannelmixer=aa=0.7,hwupload," + prog("rotate") + down("argb"), "format=argb,colorchannelmixer=aa=0.7," + rotate, 1, 0},
		{"program/abgr", up("abgr") + prog("rotate") + down("abgr"), "format=abgr," + rotate, 1, 0},
		{"program/bgra", up("bgra") + prog("rotate") + down("bgra"), "format=bgra," + rotate, 1, 0},
		{"program/nv12", up("nv12") + prog("negate") + down("nv12"), "format=yuv420p,negate,format=nv12", 1, 0}, // negate of nv12 itself gives other chroma
		{"program/yuv420p16", up("yuv420p16") + prog("negate") + down("yuv420p16"), "format=yuv420p16,negate", 2, 0},
		{"overlay/yuv420p",
			"[0]scale=64:36,format=yuv420p,hwupload[o];[0]format=yuv420p,hwupload[m];[m][o]overlay_opencl=x=20:y=10" + down(y),
			"[0]split[a][b];[a]scale=64:36,format=yuv420p[o];[b]format=yuv420p[m];[m][o]overlay=x=20:y=10", 1, 0},
		// Against the reference OpenCL, within 1 per sample: PoCL's
		// read_imagef converts unorm8 as x*(1/255), clgo as the correctly
		// rounded x/255, and sums of such differ in the last bit.
		{"avgblur/yuv420p", up(y) + "avgblur_opencl=sizeX=3:sizeY=2" + down(y), "", 1, 1},
		{"boxblur/gbrp", up("gbrp") + "boxblur_opencl=luma_radius=3:luma_power=2:chroma_radius=1" + down("gbrp"), "", 1, 1},
		{"convolution/rgba", up("rgba") + "convolution_opencl=0m='0 -1 0 -1 5 -1 0 -1 0':1m='1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1':1rdiv=0.04" + down("rgba"), "", 1, 1},
		{"sobel/yuv420p16", up("yuv420p16") + "sobel_opencl=planes=7:scale=1.5" + down("yuv420p16"), "", 2, 1},
		{"unsharp/yuv420p", up(y) + "unsharp_opencl=lx=7:ly=5:la=1.5:cx=3:cy=3:ca=-0.5" + down(y), "", 1, 1},
		{"colorkey/rgba", up("rgba") + "colorkey_opencl=color=0x3355aa:similarity=0.4:blend=0.2" + down("rgba"), "", 1, 1},
		{"nlmeans/yuv420p", up(y) + "nlmeans_opencl=s=4:p=3:r=5" + down(y), "", 1, 1},
		{"xfade/yuv420p", "[0]format=yuv420p,split[a][b];[a]hwupload[x];[b]negate,hwupload[y];[x][y]xfade_opencl=transition=fade:duration=0.2:offset=0.1" + down(y), "", 1, 1},
		{"overlay/yuva420p", "[0]scale=64:36,format=rgba,colorchannelmixer=aa=0.5,format=yuva420p,hwupload[o];[0]format=yuv420p,hwupload[m];[m][o]overlay_opencl" + down(y), "", 1, 1},
		{"pad/rgba", up("rgba") + "pad_opencl=w=iw+20:h=ih+11:x=-1:y=-1:color=0x20c0e080" + down("rgba"), "", 1, 1},
		{"dilation/yuv420p", up(y) + "dilation_opencl=threshold0=20:coordinates=93" + down(y), "", 1, 1},
	}
}

// TestFFmpegFilters runs ffmpeg's OpenCL video filters (ffmpeg 5.1, Debian's
// package, built with OpenCL) on clgo's host device through the ICD loader,
// as a user would: -init_hw_device opencl, hwupload, the filter, hwdownload,
// raw frames out. Each output is compared with the same frames made by
// ffmpeg's CPU filters where those compute the same thing exactly, or else
// by the same graph on the system's OpenCL (PoCL).
func TestFFmpegFilters(t *testing.T) {
	ffmpeg := need(t, "ffmpeg")
	if testing.Short() {
		t.Skip("ffmpeg in -short mode")
	}
	dir := library(t)
	program, err := filepath.Abs("testdata/ffmpeg_program.cl")
	if err != nil {
		t.Fatal(err)
	}
	cache := t.TempDir()
	out := t.TempDir()
	// run runs graph with vendors as the ICD loader's vendors directory
	// (none: no OpenCL device) and returns the raw frames.
	run := func(t *testing.T, name, vendors, graph string) ([]byte, error) {
		file := filepath.Join(out, strings.ReplaceAll(t.Name(), "/", "_")+"."+name+".raw")
		args := []string{"-nostdin", "-hide_banner", "-loglevel", "error"}
		if vendors != "" {
			args = append(args, "-init_hw_device", "opencl=ocl:0.0", "-filter_hw_device", "ocl")
		}
		args = append(args, "-f", "lavfi", "-i", "testsrc2=size=166x94:rate=10",
			"-filter_complex", graph, "-frames:v", "4", "-f", "rawvideo", "-y", file)
		cmd := exec.Command(ffmpeg, args...)
		cmd.Env = append(os.Environ(), "OCL_ICD_VENDORS="+vendors, "XDG_CACHE_HOME="+cache, "CLGO_ICD_DEBUG=1")
		done := make(chan error, 1)
		var msg []byte
		go func() {
			var err error
			msg, err = cmd.CombinedOutput()
			done <- err
		}()
		select {
		case err := <-done:
			if err != nil {
				return nil, fmt.Errorf("ffmpeg on %s: %v\n%s", name, err, msg)
			}
		case <-time.After(3 * time.Minute):
			cmd.Process.Kill()
			<-done
			return nil, fmt.Errorf("ffmpeg on %s: timed out", name)
		}
		return os.ReadFile(file)
	}
	for _, c := range ffmpegCases(program) {
		t.Run(c.name, func(t *testing.T) {
			got, err := run(t, "clgo", filepath.Join(dir, "vendors"), c.graph)
			if err != nil {
				t.Fatal(err)
			}
			var want []byte
			if c.ref != "" {
				want, err = run(t, "cpu", "", c.ref)
				if err != nil {
					t.Fatal(err)
				}
			} else {
				if _, err := os.Stat("/etc/OpenCL/vendors"); err != nil {
					t.Skipf("no reference OpenCL: %v", err)
				}
				want, err = run(t, "reference", "/etc/OpenCL/vendors", c.graph)
				if err != nil {
					t.Skipf("the reference OpenCL cannot run it: %v", err)
				}
			}
			if msg := compareSamples(got, want, c.sample, c.tol); msg != "" {
				t.Errorf("clgo's frames differ from the reference's: %s", msg)
			}
		})
	}
}

// compareSamples compares two raw outputs sample by sample (size bytes each:
// 1, 2 little-endian, or 4 for float32) and says how they differ beyond tol,
// or returns "".
func compareSamples(got, want []byte, size int, tol float64) string {
	if len(got) != len(want) {
		return fmt.Sprintf("%d bytes, want %d", len(got), len(want))
	}
	sample := func(b []byte, i int) float64 {
		switch size {
		case 2:
			return float64(binary.LittleEndian.Uint16(b[i:]))
		case 4:
			return float64(math.Float32frombits(binary.LittleEndian.Uint32(b[i:])))
		}
		return float64(b[i])
	}
	bad, first, worst := 0, -1, 0.0
	for i := 0; i+size <= len(got); i += size {
		g, w := sample(got, i), sample(want, i)
		d := math.Abs(g - w)
		if d > tol || math.IsNaN(g) != math.IsNaN(w) {
			if first < 0 {
				first = i / size
			}
			bad++
			worst = math.Max(worst, d)
		}
	}
	if bad == 0 {
		return ""
	}
	return fmt.Sprintf("%d of %d samples beyond %g, the first at sample %d, the largest difference %g", bad, len(got)/size, tol, first, worst)
}
