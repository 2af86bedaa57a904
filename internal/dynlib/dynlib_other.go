//go:build !(darwin || linux || freebsd || netbsd || android || windows)

package dynlib

func openFile(string) (uintptr, error) { return 0, ErrUnsupported }

func symbol(uintptr, string) (uintptr, error) { return 0, ErrUnsupported }
