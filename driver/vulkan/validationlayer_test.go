package vulkan

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// validationChildEnv marks the child process of TestValidationLayer: its
// value is the mode ("default" or "discrete", see testDevice).
const validationChildEnv = "CLGO_TEST_VALIDATION_CHILD"

// validationTests are the tests the child runs under the layer: every
// command kind (transfers, fills, image copies of every type, buffer <->
// image copies at aligned and unaligned offsets, dispatches with buffers,
// images, samplers, physical addresses and program-scope variables,
// kept recordings, host staging, profiling, waits and cancels).
const validationTests = "^(TestRoundTrip|TestZeroFilledAndOffsets|TestFillCopy|TestHostStaging|TestImageRoundTrip|TestFillImageFormats|" +
	"TestBufferImage|TestBufferImageReadOnlyTexelFormat|TestImageLarge|TestWriteImageKernel|TestFetchImageKernel|TestSampleBorderAndSwizzle|TestBufferImageKernel|" +
	"TestSampleIntegerImage|TestImageRelease|TestSampleImageDescriptorPools|TestCopyImageAcrossTypes|TestSampleImage3DAndArray|" +
	"TestSampleImage2D|TestTriad|TestReduceSum|TestPhysicalPointerUBO|TestPhysicalProgramScopeVariables|TestProfileOrder|" +
	"TestDescriptorPools|TestOrderingAndWaitLists|TestCancelAndFailedWaitList|TestSubBufferArgs|TestReuseRecording|" +
	"TestGPUWaitPaths|TestAliasedArgumentsShapes|TestKeptBlocks)$"

// TestValidationLayer runs the driver's tests on lavapipe under the
// Khronos validation layer (core and synchronization validation) and
// fails on any error or warning it reports: lavapipe tolerates invalid
// usage (a wrong barrier, a copy past an image's end) that makes a GPU's
// device lost. The tests run twice, in child processes: as the device
// is, and managed as a discrete GPU with descriptor pools (the paths
// NVIDIA and AMD take: buffers not host-mapped, transfers through
// staging). Skipped where the layer (vulkan-validationlayers) is not
// installed (a failure under CI=true: scripts/install-oracles.sh installs
// it).
func TestValidationLayer(t *testing.T) {
	if os.Getenv(validationChildEnv) != "" {
		t.Skip("in the child")
	}
	testDevice(t)
	if !validationLayerInstalled() {
		if os.Getenv("CI") == "true" {
			t.Fatal("the Khronos validation layer (vulkan-validationlayers) is not installed under CI")
		}
		t.Skip("the Khronos validation layer (vulkan-validationlayers) is not installed")
	}
	if testing.Short() {
		t.Skip("-short")
	}
	for _, mode := range []string{"default", "discrete"} {
		t.Run(mode, func(t *testing.T) {
			dir := t.TempDir()
			log := filepath.Join(dir, "validation.log")
			settings := "khronos_validation.debug_action = VK_DBG_LAYER_ACTION_LOG_MSG\n" +
				"khronos_validation.log_filename = " + log + "\n" +
				"khronos_validation.report_flags = error,warn\n" +
				"khronos_validation.enable_message_limit = false\n" +
				"khronos_validation.enables = VK_VALIDATION_FEATURE_ENABLE_SYNCHRONIZATION_VALIDATION_EXT\n"
			if err := os.WriteFile(filepath.Join(dir, "vk_layer_settings.txt"), []byte(settings), 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(os.Args[0], "-test.run="+validationTests, "-test.count=1")
			cmd.Env = append(os.Environ(), validationChildEnv+"="+mode,
				"VK_INSTANCE_LAYERS=VK_LAYER_KHRONOS_validation", "VK_LAYER_SETTINGS_PATH="+dir, "VK_LOADER_DEBUG=layer")
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Errorf("the tests under the validation layer: %v\n%s", err, out)
			}
			if !layerInserted.Match(out) {
				t.Fatalf("the loader did not insert the validation layer:\n%s", out)
			}
			text, err := os.ReadFile(log)
			if err != nil && !os.IsNotExist(err) { // no file: no message
				t.Fatal(err)
			}
			if msgs := validationMessages(string(text)); len(msgs) > 0 {
				t.Errorf("the validation layer reported %d kinds of message:\n%s", len(msgs), strings.Join(msgs, "\n"))
			}
		})
	}
}

// layerInserted is the loader's debug line (VK_LOADER_DEBUG=layer) that
// says the layer is in the instance's chain.
var layerInserted = regexp.MustCompile(`Insert instance layer "?VK_LAYER_KHRONOS_validation`)

var validationID = regexp.MustCompile(`Validation (Error|Warning): \[ ([^\]]+) \]`)

// validationMessages returns the first line of each distinct error or
// warning in the layer's log.
func validationMessages(log string) []string {
	seen := map[string]bool{}
	var out []string
	for _, line := range strings.Split(log, "\n") {
		m := validationID.FindStringSubmatch(line)
		if m == nil || seen[m[2]] {
			continue
		}
		seen[m[2]] = true
		if len(line) > 600 {
			line = line[:600] + "..."
		}
		out = append(out, line)
	}
	return out
}

// validationLayerInstalled reports whether the Vulkan loader can find
// VK_LAYER_KHRONOS_validation's manifest in its usual places.
func validationLayerInstalled() bool {
	var dirs []string
	for _, v := range []string{"VK_LAYER_PATH", "VK_ADD_LAYER_PATH"} {
		dirs = append(dirs, filepath.SplitList(os.Getenv(v))...)
	}
	data := os.Getenv("XDG_DATA_DIRS")
	if data == "" {
		data = "/usr/local/share:/usr/share"
	}
	for _, d := range append(filepath.SplitList(data), "/etc") {
		dirs = append(dirs, filepath.Join(d, "vulkan", "explicit_layer.d"))
	}
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "VkLayer_khronos_validation.json")); err == nil {
			return true
		}
	}
	return false
}
