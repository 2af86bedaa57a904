// Package validate is clgo's SPIR-V validator: every module a user hands
// in (clCreateProgramWithBinary, clCreateProgramWithIL, their Go API
// equivalents) goes through it before any driver sees it, so that a
// malformed module is a clear error instead of a crash in a Vulkan
// driver's pipeline compiler or in the host driver.
//
// It checks the environment clgo runs: Vulkan compute SPIR-V (the Shader
// capability, Logical or PhysicalStorageBuffer64 addressing, GLCompute
// entry points) as clgo's compiler, clspv and glslang emit it:
//
//   - the header (magic, version 1.0 to 1.6, an id bound of at most
//     MaxIDBound), word counts, opcodes and operands against the grammar,
//     and the logical layout (package spirv's Decode does these);
//   - ids: every result id defined once, every id operand defined, and
//     before its use except where SPIR-V allows forward references
//     (decorations, names, entry points, branch targets, OpPhi, calls,
//     forward-declared pointers); values of one function not used in
//     another; operands of the right class (a type where a type is due, a
//     value where a value is);
//   - types and constants well formed (scalar widths, vector sizes, array
//     lengths that are integer constants, allowed storage classes,
//     composite constants that match their type);
//   - functions: their type, parameters, blocks (OpVariable first, OpPhi
//     first, merge instructions before the branch they belong to),
//     branch targets that are labels of the same function, return values
//     of the function's type, calls that match the callee, no recursion;
//   - entry points (GLCompute, naming a void function without
//     parameters), execution modes on entry points, capabilities and
//     extensions the drivers accept, decorations on existing targets.
//
// It is linear in the module's size and allocates nothing sized by a
// number read from the module.
package validate
