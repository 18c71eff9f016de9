package redistest

import "syscall"

// sysProcAttr has the kernel kill redis-server when the test binary dies,
// so a crashed or timed-out test leaves no server behind.
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
