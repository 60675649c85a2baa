package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCountKeyLinkRace: two counts started together into one directory
// both find no count.key; the key written second must not replace the
// first (the link fails, made is false, and the caller compares), and
// no temporary file is left.
func TestCountKeyLinkRace(t *testing.T) {
	dir := t.TempDir()
	kp := filepath.Join(dir, "count.key")
	rival := []byte("rival\n")
	made, err := linkNewKey(kp, []byte("mine\n"), func() { os.WriteFile(kp, rival, 0o644) })
	if err != nil || made {
		t.Fatalf("made %v, err %v; want false, nil", made, err)
	}
	if b, _ := os.ReadFile(kp); string(b) != string(rival) {
		t.Errorf("the other count's key was replaced: %q", b)
	}
	if m, _ := filepath.Glob(filepath.Join(dir, ".*")); len(m) > 0 {
		t.Errorf("left behind: %v", m)
	}
	// A directory of results and no key: refused, nothing written.
	dir = t.TempDir()
	os.WriteFile(filepath.Join(dir, "shard-3.json"), []byte("{}"), 0o644)
	if _, err := linkNewKey(filepath.Join(dir, "count.key"), []byte("k\n"), nil); err == nil || !strings.Contains(err.Error(), "shard-3.json") {
		t.Errorf("results without a key: %v", err)
	}
	if _, err := os.Lstat(filepath.Join(dir, "count.key")); err == nil {
		t.Error("a key was written beside results without one")
	}
}
