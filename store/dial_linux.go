package store

import (
	"strings"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// tcpUserTimeoutControl sets TCP_USER_TIMEOUT on TCP sockets: the kernel
// drops a connection whose sent data stays unacknowledged for d.
func tcpUserTimeoutControl(d time.Duration) func(network, address string, c syscall.RawConn) error {
	return func(network, _ string, c syscall.RawConn) error {
		if !strings.HasPrefix(network, "tcp") {
			return nil // a Unix socket has no such setting
		}
		var sockErr error
		err := c.Control(func(fd uintptr) {
			sockErr = unix.SetsockoptInt(int(fd), unix.IPPROTO_TCP, unix.TCP_USER_TIMEOUT, int(d.Milliseconds()))
		})
		if err != nil {
			return err
		}
		return sockErr
	}
}
