//go:build unix

package purchases

import (
	"errors"
	"os"
	"syscall"
)

// lockFile takes f's exclusive lock without waiting: ok == false when
// another open file (a live process) holds it. The lock goes with f's
// close or the process's end.
func lockFile(f *os.File) (ok bool, err error) {
	switch err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); {
	case err == nil:
		return true, nil
	case errors.Is(err, syscall.EWOULDBLOCK):
		return false, nil
	default:
		return false, err
	}
}
