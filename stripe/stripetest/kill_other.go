//go:build !linux

package stripetest

import "os/exec"

// killWithParent is a no-op off Linux: set STRIPE_MOCK_URL there instead.
func killWithParent(*exec.Cmd) {}
