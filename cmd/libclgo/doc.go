// Command libclgo is the OpenCL ICD of clgo: built with
// -buildmode=c-shared it is libclgo.so, a library that exports the OpenCL
// 3.0 C API over package cl, either to the ICD loader (libOpenCL.so, through
// clIcdGetPlatformIDsKHR and the cl_icd_dispatch table in every handle) or
// to programs linked with it directly.
//
// It is the only cgo in the tree; without cgo this package is an empty
// program. See docs/icd.md for building and installing it.
package main

func main() {}
