package spirv

// Capabilities returns the capabilities op needs, any one of which the
// module must declare (nil: none), as the grammar lists them.
func (op Op) Capabilities() []Capability { return opCapabilities.get()[op] }

// EnumCapabilities returns the capabilities enumerant value of kind k
// needs, any one of them (nil: none). For KindCapability it returns the
// capabilities that declaring value implicitly declares.
func EnumCapabilities(k OperandKind, value uint32) []Capability {
	return enumCapabilities.get()[k][value]
}
