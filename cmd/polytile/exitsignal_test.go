package main

import (
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestSignalAfterRunMainIsIgnored: once runMain of the real process (a
// hard exit given) has returned, the exit is decided; a SIGINT or SIGTERM
// before os.Exit must not end the process by its default action (a
// shell's 130 with a complete -o result in place, seen 1 run in 100 of
// two SIGINTs near the end of a short count). The old code ended this
// test binary.
func TestSignalAfterRunMainIsIgnored(t *testing.T) {
	defer signal.Reset(os.Interrupt, syscall.SIGTERM)
	hard := func(int) { t.Error("hard exit without a signal") }
	if code := runMain([]string{"version"}, strings.NewReader(""), io.Discard, io.Discard, hard); code != 0 {
		t.Fatalf("version: exit %d", code)
	}
	for _, s := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		if err := syscall.Kill(os.Getpid(), s); err != nil {
			t.Fatal(err)
		}
	}
	time.Sleep(100 * time.Millisecond) // a signal's default action would have ended the process by now
}
