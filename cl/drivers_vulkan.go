//go:build !clgo_novulkan

package cl

import (
	_ "github.com/clgo/clgo/driver/vulkan"
)
