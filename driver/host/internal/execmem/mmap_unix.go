//go:build linux || darwin

package execmem

import (
	"fmt"
	"syscall"
	"unsafe"
)

// Map copies code into fresh read+execute memory. Where the OS refuses
// (SELinux execmem, a hardened runtime without MAP_JIT) it returns an
// error, and the caller falls back to a portable tier.
func Map(code []byte) (*Code, error) {
	if len(code) == 0 {
		return nil, fmt.Errorf("no code")
	}
	page := syscall.Getpagesize()
	size := (len(code) + page - 1) &^ (page - 1)
	m, err := syscall.Mmap(-1, 0, size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return nil, fmt.Errorf("mmap of %d bytes: %w", size, err)
	}
	copy(m, code)
	if err := syscall.Mprotect(m, syscall.PROT_READ|syscall.PROT_EXEC); err != nil {
		syscall.Munmap(m)
		return nil, fmt.Errorf("mprotect read+exec: %w", err)
	}
	return &Code{mem: m, n: len(code)}, nil
}

func unmap(m []byte) error {
	if err := syscall.Munmap(m); err != nil {
		return fmt.Errorf("munmap: %w", err)
	}
	return nil
}

func addrOf(m []byte) uintptr { return uintptr(unsafe.Pointer(&m[0])) }
