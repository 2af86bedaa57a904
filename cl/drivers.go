package cl

// The drivers clgo ships. The host driver needs nothing installed, so the
// clgo platform always has at least one device; the Vulkan driver
// (drivers_vulkan.go, left out by the clgo_novulkan build tag) adds every
// Vulkan device when the Vulkan loader and a device are present, and
// nothing otherwise.
import (
	_ "github.com/clgo/clgo/driver/host"
)
