package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
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

// TestCountKeyThatIsNotAFile: a count.key that is a FIFO, a link to
// /dev/zero or to nothing, a directory, empty or over 64 KiB stops the
// shard (exit 2 naming the key) before the search, never waited on or
// read as a key, and no result is written.
func TestCountKeyThatIsNotAFile(t *testing.T) {
	for name, mk := range map[string]func(k string) error{
		"fifo":     func(k string) error { return syscall.Mkfifo(k, 0o644) },
		"dev-zero": func(k string) error { return os.Symlink("/dev/zero", k) },
		"dangling": func(k string) error { return os.Symlink(filepath.Join(filepath.Dir(k), "nothing"), k) },
		"dir":      func(k string) error { return os.Mkdir(k, 0o755) },
		"empty":    func(k string) error { return os.WriteFile(k, nil, 0o644) },
		"huge":     func(k string) error { return os.WriteFile(k, make([]byte, 70<<10), 0o644) },
	} {
		dir := t.TempDir()
		k := filepath.Join(dir, "count.key")
		if err := mk(k); err != nil {
			t.Skipf("%s: %v", name, err)
		}
		out := filepath.Join(dir, "shard-0.json")
		code, _, errs := run(t, "", "solve", example("soma.yaml"), "--count", "--shard", "0/2", "--json", "-o", out, "--count-key", k)
		if code != 2 || !strings.Contains(errs, k) {
			t.Errorf("%s: exit %d %s", name, code, errs)
		}
		if _, err := os.Lstat(out); err == nil {
			t.Errorf("%s: a result was written", name)
		}
	}
}

// TestCountKeyMissingDirectory: a --count-key in a directory that does
// not exist (or a link to one that does not) is exit 2 saying so of the
// key's path, as -o and --checkpoint say it; it named the temporary file
// ("cannot write in d: d/.count.key.3813678854: no such file or
// directory").
func TestCountKeyMissingDirectory(t *testing.T) {
	dir := t.TempDir()
	if err := os.Symlink(filepath.Join(dir, "gone"), filepath.Join(dir, "link")); err != nil {
		t.Skip(err)
	}
	for _, sub := range []string{"missing", "link"} {
		k := filepath.Join(dir, sub, "count.key")
		out := filepath.Join(dir, "shard-0.json")
		code, _, errs := run(t, "", "solve", example("soma.yaml"), "--count", "--shard", "0/2", "--json", "-o", out, "--count-key", k)
		if code != 2 || !strings.Contains(errs, k) || !strings.Contains(errs, "does not exist") || strings.Contains(errs, ".count.key.") {
			t.Errorf("%s: exit %d %s; want exit 2 naming %s and the missing directory, not a temporary", sub, code, errs, k)
		}
	}
}
