//go:build !linux

package store

import (
	"syscall"
	"time"
)

// tcpUserTimeoutControl is Linux only; elsewhere keepalive alone notices a
// vanished peer.
func tcpUserTimeoutControl(time.Duration) func(network, address string, c syscall.RawConn) error {
	return nil
}
