//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package extproc

import (
	"errors"
	"os"
	"os/exec"
	"syscall"
)

// setGroup puts the command in a new process group led by itself.
func setGroup(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Setpgid = true
}

// killGroup sends SIGKILL to the command's process group; a group
// that is gone is os.ErrProcessDone.
func killGroup(cmd *exec.Cmd) error {
	if cmd.Process == nil {
		return errors.New("not started")
	}
	if err := syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL); err != nil {
		if errors.Is(err, syscall.ESRCH) {
			return os.ErrProcessDone
		}
		return err
	}
	return nil
}
