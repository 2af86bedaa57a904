//go:build !unix

package cpp

import "errors"

func syscallMkfifo(string) error { return errors.New("no FIFOs here") }
