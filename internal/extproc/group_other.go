//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package extproc

import (
	"errors"
	"os/exec"
)

// setGroup does nothing where there are no process groups.
func setGroup(*exec.Cmd) {}

// killGroup kills the program itself.
func killGroup(cmd *exec.Cmd) error {
	if cmd.Process == nil {
		return errors.New("not started")
	}
	return cmd.Process.Kill()
}
