//go:build unix

package table

import (
	"os/exec"
	"syscall"
)

// ownGroup starts the program in a process group of its own, so that
// killing it kills whatever it started too (a shell script's children).
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
