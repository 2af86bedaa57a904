package cl

// The drivers clgo ships. The host driver needs nothing installed, so the
// clgo platform always has at least one device; the Vulkan driver adds every
// Vulkan device when libvulkan.so.1 and a device are present, and nothing
// otherwise.
import (
	_ "github.com/clgo/clgo/driver/host"
	_ "github.com/clgo/clgo/driver/vulkan"
)
