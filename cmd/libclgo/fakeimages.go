//go:build cgo && clgo_fakeimages

package main

// Built with -tags clgo_fakeimages (TestImagesC does), the library has one
// more device: driver/drivertest's fake device with image support, whose
// images are tightly packed host bytes. It lets the image entry points be
// tested from C before the real drivers run images; no shipped library
// has it.

import (
	"github.com/clgo/clgo/driver"
	"github.com/clgo/clgo/driver/drivertest"
)

func init() {
	d := drivertest.New()
	d.DevInfo.Name = "clgo fake images"
	d.DevInfo.Caps.Images = true
	driver.Register(&drivertest.Driver{Dev: d, N: "fake"})
}
