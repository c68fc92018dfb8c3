package stripetest

import (
	"os/exec"
	"syscall"
)

// killWithParent makes the kernel kill cmd when the test process dies.
func killWithParent(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
