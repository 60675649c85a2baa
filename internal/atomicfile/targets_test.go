package atomicfile

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// writeString writes s to path with Write.
func writeString(path, s string) error {
	return Write(context.Background(), path, nil, func(w io.Writer) error {
		_, err := io.WriteString(w, s)
		return err
	})
}

// TestCharDeviceStaysADevice: as root, `-o /dev/null` used to rename a
// regular file over the device. A device node made for the test (the same
// device as /dev/null, 1:3) must stay a character device and be written
// in place.
func TestCharDeviceStaysADevice(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to make a device node")
	}
	dir := t.TempDir()
	null := filepath.Join(dir, "null")
	if err := syscall.Mknod(null, syscall.S_IFCHR|0o666, 1<<8|3); err != nil {
		t.Skipf("mknod: %v", err)
	}
	if err := writeString(null, "discarded"); err != nil {
		t.Fatal(err)
	}
	st, err := os.Lstat(null)
	if err != nil || st.Mode()&fs.ModeCharDevice == 0 {
		t.Fatalf("after the write %s is %v (%v), want a character device", null, st.Mode(), err)
	}
	assertOnly(t, dir, "null")
	// /dev/null itself, the case of the report (harmless with the fix).
	if err := writeString("/dev/null", "discarded"); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Lstat("/dev/null"); err != nil || st.Mode()&fs.ModeCharDevice == 0 {
		t.Fatalf("/dev/null is now %v (%v)", st.Mode(), err)
	}
}

// TestFIFOWrittenDirectly: a FIFO is opened and written, not replaced.
func TestFIFOWrittenDirectly(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	got := make(chan string, 1)
	go func() {
		f, err := os.Open(fifo) // blocks until the writer opens it
		if err != nil {
			got <- "open: " + err.Error()
			return
		}
		b, _ := io.ReadAll(f)
		f.Close()
		got <- string(b)
	}()
	want := strings.Repeat("line of a picture\n", 10000) // more than a pipe buffer
	if err := writeString(fifo, want); err != nil {
		t.Fatal(err)
	}
	select {
	case s := <-got:
		if s != want {
			t.Fatalf("the reader got %d bytes, want %d", len(s), len(want))
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the reader got nothing")
	}
	if st, err := os.Lstat(fifo); err != nil || st.Mode()&fs.ModeNamedPipe == 0 {
		t.Fatalf("after the write %s is %v (%v), want a FIFO", fifo, st.Mode(), err)
	}
	assertOnly(t, dir, "pipe")
}

// TestFIFOWithoutReaderHonoursContext: waiting for a reader stops with the
// context.
func TestFIFOWithoutReaderHonoursContext(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "pipe")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	err := Write(ctx, fifo, nil, func(w io.Writer) error { return nil })
	if !errors.Is(err, context.DeadlineExceeded) || time.Since(start) > 2*time.Second {
		t.Fatalf("got %v after %v", err, time.Since(start))
	}
}

// TestSymlinkFollowed: the link stays a link and its target gets the data,
// through a chain of relative and absolute links; a dangling link creates
// its target.
func TestSymlinkFollowed(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "sub")
	os.Mkdir(sub, 0o755)
	real := filepath.Join(sub, "real.txt")
	os.WriteFile(real, []byte("old"), 0o644)
	os.Symlink("sub/real.txt", filepath.Join(dir, "link1")) // relative
	os.Symlink(filepath.Join(dir, "link1"), filepath.Join(dir, "link2"))
	if err := writeString(filepath.Join(dir, "link2"), "new"); err != nil {
		t.Fatal(err)
	}
	for _, l := range []string{"link1", "link2"} {
		if st, err := os.Lstat(filepath.Join(dir, l)); err != nil || st.Mode()&fs.ModeSymlink == 0 {
			t.Fatalf("%s is no longer a symbolic link: %v %v", l, st.Mode(), err)
		}
	}
	if b, _ := os.ReadFile(real); string(b) != "new" {
		t.Fatalf("the link's target holds %q", b)
	}
	assertOnly(t, sub, "real.txt")

	os.Symlink("sub/created.txt", filepath.Join(dir, "dangling"))
	if err := writeString(filepath.Join(dir, "dangling"), "made"); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(sub, "created.txt")); string(b) != "made" {
		t.Fatalf("the dangling link's target holds %q", b)
	}
	if st, _ := os.Lstat(filepath.Join(dir, "dangling")); st.Mode()&fs.ModeSymlink == 0 {
		t.Fatal("the dangling link was replaced")
	}

	os.Symlink("loop", filepath.Join(dir, "loop"))
	if err := writeString(filepath.Join(dir, "loop"), "x"); err == nil || !strings.Contains(err.Error(), "symbolic links") {
		t.Fatalf("a link loop: %v", err)
	}
}

// TestLinkToFIFOWrittenDirectly: a symbolic link to a FIFO writes into the
// FIFO (the rule is that of the link's target).
func TestLinkToFIFOWrittenDirectly(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	os.Symlink("pipe", filepath.Join(dir, "link"))
	got := make(chan string, 1)
	go func() {
		f, err := os.Open(fifo)
		if err != nil {
			got <- err.Error()
			return
		}
		b, _ := io.ReadAll(f)
		f.Close()
		got <- string(b)
	}()
	if err := writeString(filepath.Join(dir, "link"), "through the link"); err != nil {
		t.Fatal(err)
	}
	select {
	case s := <-got:
		if s != "through the link" {
			t.Fatalf("reader got %q", s)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the reader got nothing")
	}
	if st, _ := os.Lstat(filepath.Join(dir, "link")); st.Mode()&fs.ModeSymlink == 0 {
		t.Fatal("the link was replaced")
	}
}

// TestRefusedTargets: a directory, a socket and a block device are refused
// and left as they are.
func TestRefusedTargets(t *testing.T) {
	dir := t.TempDir()
	sock := filepath.Join(dir, "s.sock")
	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Skipf("unix socket: %v", err)
	}
	defer l.Close()
	cases := map[string]string{dir: "directory", sock: "socket"}
	if os.Geteuid() == 0 {
		blk := filepath.Join(dir, "blk")
		// A block device node of a loop device number nothing uses; it is
		// never opened.
		if err := syscall.Mknod(blk, syscall.S_IFBLK|0o600, 7<<8|250); err == nil {
			cases[blk] = "block device"
		}
	}
	for path, want := range cases {
		before, _ := os.Lstat(path)
		err := writeString(path, "x")
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want an error naming a %s", path, err, want)
		}
		after, _ := os.Lstat(path)
		if before.Mode() != after.Mode() {
			t.Errorf("%s: mode %v became %v", path, before.Mode(), after.Mode())
		}
	}
}

// TestProcFdLink: /proc/self/fd/N (what /dev/stdout points to) is written
// to the open file itself: a pipe gets the data, and a regular file is
// appended to rather than replaced (the shell's `>>` stays an append).
func TestProcFdLink(t *testing.T) {
	if _, err := os.Stat("/proc/self/fd"); err != nil {
		t.Skip("no /proc")
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	done := make(chan string, 1)
	go func() { b, _ := io.ReadAll(r); done <- string(b) }()
	if err := writeString(fmt.Sprintf("/proc/self/fd/%d", w.Fd()), "to the pipe"); err != nil {
		t.Fatal(err)
	}
	w.Close()
	if s := <-done; s != "to the pipe" {
		t.Fatalf("pipe got %q", s)
	}

	path := filepath.Join(t.TempDir(), "out.txt")
	os.WriteFile(path, []byte("kept\n"), 0o644)
	f, _ := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	defer f.Close()
	if err := writeString(fmt.Sprintf("/proc/self/fd/%d", f.Fd()), "added\n"); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "kept\nadded\n" {
		t.Fatalf("file holds %q", b)
	}
}

// TestLongName: a 250-byte file name (NAME_MAX is 255) used to fail because
// the temporary name was built from it.
func TestLongName(t *testing.T) {
	dir := t.TempDir()
	name := strings.Repeat("n", 246) + ".svg"
	if err := writeString(filepath.Join(dir, name), "<svg/>"); err != nil {
		t.Fatal(err)
	}
	assertOnly(t, dir, name)
}

// TestModeKept: an existing file keeps its permission bits; a new one is
// 0644 minus the umask.
func TestModeKept(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "secret.lp")
	os.WriteFile(path, []byte("old"), 0o600)
	os.Chmod(path, 0o640)
	if err := writeString(path, "new"); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o640 {
		t.Errorf("existing file: mode %v, want 0640", st.Mode().Perm())
	}
	old := syscall.Umask(0o027)
	defer syscall.Umask(old)
	fresh := filepath.Join(dir, "fresh.lp")
	if err := writeString(fresh, "x"); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(fresh); st.Mode().Perm() != 0o640 {
		t.Errorf("new file under umask 027: mode %v, want 0640", st.Mode().Perm())
	}
}

// TestStaleTemporariesRemoved: a temporary file of the same target left by
// a killed process (unlocked, older than StaleAge) is removed by the next
// write; a recent one, a locked one (a live writer) and those of other
// targets stay.
func TestStaleTemporariesRemoved(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "out.svg")
	p := tmpPattern(target)
	old := time.Now().Add(-2 * StaleAge)
	mk := func(name string, mtime time.Time) string {
		path := filepath.Join(dir, name)
		os.WriteFile(path, []byte("partial"), 0o600)
		os.Chtimes(path, mtime, mtime)
		return path
	}
	mk(p+"00000001"+tmpSuffix, old)                      // killed writer: removed
	mk(p+"00000002"+tmpSuffix, time.Now())               // recent: kept
	other := tmpPattern(filepath.Join(dir, "other.svg")) // another target: kept
	mk(other+"00000003"+tmpSuffix, old)
	live := mk(p+"00000004"+tmpSuffix, old)
	lf, err := os.Open(live)
	if err != nil {
		t.Fatal(err)
	}
	defer lf.Close()
	if err := lock(lf); err != nil { // a writer still at work
		t.Fatal(err)
	}
	if err := writeString(target, "done"); err != nil {
		t.Fatal(err)
	}
	assertOnly(t, dir, p+"00000002"+tmpSuffix, p+"00000004"+tmpSuffix, other+"00000003"+tmpSuffix, "out.svg")
}

// TestKilledWriterLeavesOneRecognisableFile: a temporary file being
// written is named by the fixed pattern and is locked; the name never
// depends on the target's length.
func TestKilledWriterLeavesOneRecognisableFile(t *testing.T) {
	dir := t.TempDir()
	f, err := Create(filepath.Join(dir, strings.Repeat("x", 250)), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Abort()
	base := filepath.Base(f.f.Name())
	if !strings.HasPrefix(base, tmpPrefix) || !strings.HasSuffix(base, tmpSuffix) || len(base) != 31 {
		t.Fatalf("temporary name %q", base)
	}
	if abandoned(f.f.Name()) {
		t.Fatal("the temporary file of a live writer is not locked")
	}
}

// TestTargetReplacedDuringWrite: a FIFO made at the target's path while the
// output was written is not renamed over.
func TestTargetReplacedDuringWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.txt")
	f, err := Create(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(f, "x")
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	if err := f.Commit(); err == nil {
		t.Fatal("renamed over a FIFO made during the write")
	}
	if st, _ := os.Lstat(path); st.Mode()&fs.ModeNamedPipe == 0 {
		t.Fatal("the FIFO was replaced")
	}
	assertOnly(t, dir, "out.txt")
}

func TestSameFile(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.yaml")
	os.WriteFile(a, []byte("x"), 0o644)
	os.Symlink("a.yaml", filepath.Join(dir, "sym"))
	os.Link(a, filepath.Join(dir, "hard"))
	for _, b := range []string{a, filepath.Join(dir, "sym"), filepath.Join(dir, "hard")} {
		if !SameFile(a, b) {
			t.Errorf("SameFile(%s, %s) = false", a, b)
		}
	}
	os.WriteFile(filepath.Join(dir, "b.yaml"), []byte("x"), 0o644)
	if SameFile(a, filepath.Join(dir, "b.yaml")) || SameFile("-", "-") {
		t.Error("different files are the same")
	}
	n := filepath.Join(dir, "new.svg")
	if !SameFile(n, filepath.Join(dir, ".", "new.svg")) || SameFile(n, filepath.Join(dir, "new2.svg")) {
		t.Error("new paths compared wrongly")
	}
}

// TestCheck: the errors Create would give, without creating anything.
func TestCheck(t *testing.T) {
	dir := t.TempDir()
	if err := Check(filepath.Join(dir, "missing", "x.svg")); err == nil || !strings.Contains(err.Error(), "does not exist") || !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing directory: %v", err)
	}
	if err := Check(dir); err == nil || !strings.Contains(err.Error(), "directory") {
		t.Errorf("directory: %v", err)
	}
	if err := Check(filepath.Join(dir, "new.svg")); err != nil {
		t.Errorf("new file: %v", err)
	}
	if os.Geteuid() != 0 { // root may write anywhere
		ro := filepath.Join(dir, "ro")
		os.Mkdir(ro, 0o555)
		if err := Check(filepath.Join(ro, "x.svg")); err == nil {
			t.Errorf("read-only directory: no error")
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) > 1 {
		t.Errorf("Check created files: %v", ents)
	}
}
