package shard

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestCheckpointWriteRefusesAFIFO: a FIFO put at a checkpoint's path
// after the shard started is refused at once, left as it is; Write
// waited for a reader forever (the shard's checkpoint writer, then its
// end, hung). Fails on the old code (reported after 10 s).
func TestCheckpointWriteRefusesAFIFO(t *testing.T) {
	p := filepath.Join(t.TempDir(), "shard-0.ckpt")
	if err := syscall.Mkfifo(p, 0o644); err != nil {
		t.Skip("no FIFO:", err)
	}
	c := &Checkpoint{Fingerprint: "sha256:" + strings.Repeat("a", 64), Config: Config{Backend: "fila"}, Count: 1,
		Split: Split{Subproblems: 1, Hash: strings.Repeat("0", 16)}}
	done := make(chan error, 1)
	go func() { done <- c.Write(p) }()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("Write to a FIFO: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Errorf("Write to a FIFO still waiting after 10 s")
		f, err := os.OpenFile(p, os.O_RDONLY, 0) // releases it
		if err == nil {
			io.Copy(io.Discard, f)
			f.Close()
		}
		<-done
	}
	if st, err := os.Lstat(p); err != nil || st.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the FIFO was replaced: %v", err)
	}
}
