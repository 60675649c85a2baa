// Package extproc runs the external programs polytile starts (a DLX
// solver, highs, cbc, glpsol) so that none outlives its run and none can
// fill memory: each program gets a process group of its own, the whole
// group is killed when the context ends and again when the program
// exits (a wrapper script's children included), and its output is kept
// up to a bound (the first HeadBytes and the last TailBytes).
package extproc

import (
	"context"
	"fmt"
	"os/exec"
	"time"
)

// HeadBytes and TailBytes bound what Output keeps of a program's output:
// its first HeadBytes and its last TailBytes bytes.
const (
	HeadBytes = 1 << 20
	TailBytes = 3 << 20
)

// gap separates the head from the tail in Output.Bytes when bytes were
// dropped between them.
const gap = "\n[... output dropped ...]\n"

// Output is an io.Writer that keeps the first HeadBytes and the last
// TailBytes bytes written to it and counts the rest. Its zero value is
// ready to use. It is not safe for concurrent writes (os/exec writes a
// command's Stdout and Stderr from one goroutine when both are the same
// *Output).
type Output struct {
	head  []byte
	tail  []byte // the last bytes, at most 2*TailBytes before compaction
	total int64
}

// Write keeps what fits the bounds; it never fails.
func (o *Output) Write(p []byte) (int, error) {
	n := len(p)
	o.total += int64(n)
	if room := HeadBytes - len(o.head); room > 0 {
		k := min(room, len(p))
		o.head = append(o.head, p[:k]...)
		p = p[k:]
	}
	if len(p) == 0 {
		return n, nil
	}
	if len(p) >= TailBytes {
		o.tail = append(o.tail[:0], p[len(p)-TailBytes:]...)
		return n, nil
	}
	if len(o.tail)+len(p) > 2*TailBytes {
		keep := TailBytes - len(p)
		o.tail = append(o.tail[:0], o.tail[len(o.tail)-keep:]...)
	}
	o.tail = append(o.tail, p...)
	return n, nil
}

// Truncated reports whether bytes were dropped.
func (o *Output) Truncated() bool {
	return o.total > int64(len(o.head)+min(len(o.tail), TailBytes))
}

// Total is the number of bytes written.
func (o *Output) Total() int64 { return o.total }

// Bytes returns what was kept: the whole output when nothing was
// dropped, else the head, a line saying bytes were dropped, and the tail.
func (o *Output) Bytes() []byte {
	t := o.tail
	if len(t) > TailBytes {
		t = t[len(t)-TailBytes:]
	}
	b := make([]byte, 0, len(o.head)+len(gap)+len(t))
	b = append(b, o.head...)
	if o.Truncated() {
		b = append(b, gap...)
	}
	return append(b, t...)
}

// String is Bytes as a string.
func (o *Output) String() string { return string(o.Bytes()) }

// Note says what was kept when bytes were dropped ("" otherwise), for
// error messages.
func (o *Output) Note() string {
	if !o.Truncated() {
		return ""
	}
	return fmt.Sprintf(" (the output was %d bytes: only its first %d MiB and last %d MiB were kept)", o.total, HeadBytes>>20, TailBytes>>20)
}

// Command is exec.CommandContext with the program in a process group
// of its own: when ctx ends the whole group is killed (not only the
// program: the children of a wrapper script too), and Wait gives up
// on pipes held open by survivors after a second. Start it with Run.
func Command(ctx context.Context, name string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, name, args...)
	setGroup(cmd)
	cmd.Cancel = func() error { return killGroup(cmd) }
	cmd.WaitDelay = time.Second
	return cmd
}

// Run runs a command made by Command, then kills whatever is left of
// its process group: children that the program left running when it
// exited do not outlive the run.
func Run(cmd *exec.Cmd) error {
	err := cmd.Start()
	if err != nil {
		return err
	}
	err = cmd.Wait()
	_ = killGroup(cmd) // an error means the group is gone: nothing is left to kill
	return err
}
