package cl

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"

	"github.com/clgo/clgo/internal/config"
)

// dumpBuild writes a build's inputs and outputs under CLGO_DUMP_DIR, when
// it is set, so that a user can see what an application compiles (the
// source it generated, the options, the log) and compile it again with
// `clgo compile`. Files are named by a hash of the source, the options and
// the device, so that a program built twice is written once. Failing to
// write is logged, never an error of the build.
func dumpBuild(src, options string, dev *Device, spirv []byte, log string) {
	dir := config.Get(config.DumpDir)
	if dir == "" {
		return
	}
	devName := ""
	if dev != nil {
		devName = dev.info.Name
	}
	h := sha256.Sum256([]byte(src + "\x00" + options + "\x00" + devName))
	base := filepath.Join(dir, "clgo-"+hex.EncodeToString(h[:8]))
	files := []struct {
		ext  string
		data []byte
	}{
		{".cl", []byte(src)},
		{".options", []byte("options: " + options + "\ndevice: " + devName + "\n")},
		{".log", []byte(log)},
		{".spv", spirv},
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		config.Logger(config.DumpDir).Warn("cannot create the dump directory", "dir", dir, "err", err)
		return
	}
	for _, f := range files {
		if f.data == nil {
			continue
		}
		if err := os.WriteFile(base+f.ext, f.data, 0o644); err != nil {
			config.Logger(config.DumpDir).Warn("cannot write a dump file", "file", base+f.ext, "err", err)
			return
		}
	}
}
