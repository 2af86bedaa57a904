package cl

// The drivers clgo ships. The host driver needs nothing installed, so the
// clgo platform always has at least one device.
import _ "github.com/clgo/clgo/driver/host"
