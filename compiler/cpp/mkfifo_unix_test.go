//go:build unix

package cpp

import "syscall"

func syscallMkfifo(path string) error { return syscall.Mkfifo(path, 0o600) }
