//go:build !unix

package purchases

import (
	"errors"
	"os"
)

// lockFile: journals need the file locks of unix systems.
func lockFile(f *os.File) (ok bool, err error) {
	return false, errors.New("stand-in journal: file locks need a unix system")
}
