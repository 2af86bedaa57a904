package lower

// The pointer model under Vulkan's logical addressing.
//
// A pointer is a ptrVal: one of a few candidate objects and an offset.
// Objects (objects.go) are the memory a pointer can reach: buffer and
// __local arguments, __local and program-scope variables, private
// variables whose address is taken, string and compound literals. The
// analysis (analysis.go) finds, flow-insensitively over the kernel and
// every helper it inlines, which objects each pointer variable, parameter,
// result and stored pointer may refer to; with one candidate a pointer is
// just its offset, with several a selector (an index into the candidates)
// picks the object, and each access runs in an OpSwitch on it (memory.go,
// dispatch). Null is a candidate like the others.
//
// Offsets count the object's unit (its element type, when every access
// agrees on it) or bytes (a word object, an array of 32-bit words that
// every type is composed from, words.go); the objects one pointer may
// refer to count alike. So:
//
//   - a pointer variable that changes (p += n, p++, p = c ? p : q, also a
//     kernel's or a helper's reassigned parameter) keeps its offset and
//     selector in Function variables (expr.go, ptrVarSlots);
//   - a pointer whose address is taken, or stored in an array or struct,
//     lives in memory as a uvec2 (object number, offset) (ptrmem.go); a
//     kernel pointer argument whose address is taken gets a private shadow
//     variable for that (analysis.shadowOf);
//   - type punning makes the object a word object; a 64-bit atomic on a
//     word buffer goes through an aliased ulong view of the same
//     descriptor (wideview.go); program-scope __constant word objects are
//     initialized from their initializer's bytes (constbytes.go);
//   - a pointer converts to an integer as base(object number) + byte
//     offset and back (ptrcast.go).
//
// What logical addressing cannot express (pointers in buffers across
// kernels, integers that never were pointers) is listed in
// docs/conformance.md; physical addressing (PhysicalStorageBuffer64,
// Options.Physical, physical.go) is the second model: the same candidates
// and offsets, with all global memory one candidate whose offset is a
// 64-bit device address.
