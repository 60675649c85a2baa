package shard

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestCountKeyLinkRace: two counts started together into one directory
// both find no count.key; the key written second must not replace the
// first (the link fails, made is false, and the caller compares), and
// no temporary file is left. A directory of results and no key is
// refused with a *StrayError naming the file, and nothing is written.
func TestCountKeyLinkRace(t *testing.T) {
	dir := t.TempDir()
	kp := filepath.Join(dir, KeyName)
	rival := []byte("rival\n")
	made, err := PlaceKey(kp, []byte("mine\n"), PlaceOptions{BeforeLink: func() { os.WriteFile(kp, rival, 0o644) }})
	if err != nil || made {
		t.Fatalf("made %v, err %v; want false, nil", made, err)
	}
	if b, _ := os.ReadFile(kp); string(b) != string(rival) {
		t.Errorf("the other count's key was replaced: %q", b)
	}
	if m, _ := filepath.Glob(filepath.Join(dir, ".*")); len(m) > 0 {
		t.Errorf("left behind: %v", m)
	}

	dir = t.TempDir()
	os.WriteFile(filepath.Join(dir, "shard-3.json"), []byte("{}"), 0o644)
	_, err = PlaceKey(filepath.Join(dir, KeyName), []byte("k\n"), PlaceOptions{})
	var se *StrayError
	if !errors.Is(err, ErrStrayFiles) || !errors.As(err, &se) || se.File != filepath.Join(dir, "shard-3.json") {
		t.Errorf("results without a key: %v", err)
	}
	if _, err := os.Lstat(filepath.Join(dir, KeyName)); err == nil {
		t.Error("a key was written beside results without one")
	}
}

func TestPlaceKey(t *testing.T) {
	dir := t.TempDir()
	kp := filepath.Join(dir, KeyName)
	if made, err := PlaceKey(kp, []byte("one\n"), PlaceOptions{}); err != nil || !made {
		t.Fatalf("first: made %v, %v", made, err)
	}
	if made, err := PlaceKey(kp, []byte("two\n"), PlaceOptions{}); err != nil || made {
		t.Fatalf("second: made %v, %v", made, err)
	}
	if b, _ := os.ReadFile(kp); string(b) != "one\n" {
		t.Errorf("key %q, want the first", b)
	}
	if st, _ := os.Stat(kp); st.Mode().Perm() != 0o644 {
		t.Errorf("mode %v", st.Mode())
	}
	_, err := PlaceKey(filepath.Join(dir, "none", KeyName), nil, PlaceOptions{})
	if !errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), "does not exist") {
		t.Errorf("missing directory: %v", err)
	}
	// Hidden files and other names are not a count's.
	dir = t.TempDir()
	for _, n := range []string{".count.key.123", "notes.txt", "p.yaml"} {
		os.WriteFile(filepath.Join(dir, n), nil, 0o644)
	}
	if s := StrayFile(dir); s != "" {
		t.Errorf("StrayFile = %q", s)
	}
	for _, n := range []string{"a.jsonl", "s.ckpt", "joblog"} {
		d := t.TempDir()
		os.WriteFile(filepath.Join(d, n), nil, 0o644)
		if s := StrayFile(d); s != filepath.Join(d, n) {
			t.Errorf("%s: StrayFile = %q", n, s)
		}
	}
	for n, want := range map[string]bool{"count.key": true, "joblog": true, "x.json": true, ".x.json": false, "p.yaml": false} {
		if IsCountFile(n) != want {
			t.Errorf("IsCountFile(%q) = %v", n, !want)
		}
	}
}

func TestKeyCompare(t *testing.T) {
	const sum, other = "aa", "bb"
	fp1 := "sha256:" + strings.Repeat("1", 64)
	fp2 := "sha256:" + strings.Repeat("2", 64)
	base := Key{Path: filepath.Join("out", KeyName), PuzzleSHA256: sum, Shards: 3, Fingerprint: fp1, Flags: []string{"--backend=fila", "--heuristic=s"}}
	now := Key{PuzzleSHA256: sum, Shards: 3, Fingerprint: fp1, Flags: []string{"--backend=fila", "--heuristic=s"}}
	if err := base.Compare(&now); err != nil {
		t.Fatalf("same count: %v", err)
	}
	v1 := base
	v1.Fingerprint, v1.Shards = "", 0 // a version 1 key: no fingerprint, maybe no N
	n2 := now
	n2.PuzzleSHA256, n2.Fingerprint, n2.Flags = other, fp2, []string{"--backend=dlx"}
	for _, c := range []struct {
		name      string
		then, now Key
		want      []KeyField
	}{
		{"all", base, n2, []KeyField{KeyPuzzleFile, KeyFingerprint, KeyFlags}},
		{"version 1", v1, now, []KeyField{KeyShards}},
		{"unreadable flags", Key{Path: base.Path, PuzzleSHA256: sum, Shards: 3, FlagsErr: errors.New("x")}, now, []KeyField{KeyFlags}},
	} {
		err := c.then.Compare(&c.now)
		var kc *KeyConflict
		if !errors.Is(err, ErrAnotherCount) || !errors.As(err, &kc) {
			t.Fatalf("%s: %v", c.name, err)
		}
		var got []KeyField
		for _, d := range kc.Diffs {
			got = append(got, d.Field)
		}
		if len(got) != len(c.want) {
			t.Errorf("%s: fields %v, want %v", c.name, got, c.want)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("%s: fields %v, want %v", c.name, got, c.want)
			}
		}
		if kc.Dir != "out" || !strings.HasPrefix(err.Error(), "out holds another count: it differs in ") {
			t.Errorf("%s: %v", c.name, err)
		}
	}
	err := v1.Compare(&now)
	if !strings.Contains(err.Error(), "N (none then, 3 now)") {
		t.Errorf("N: %v", err)
	}
}

func TestPrintable(t *testing.T) {
	for in, want := range map[string]string{"p.yaml": "p.yaml", "a\x1b[2Jb": `"a\x1b[2Jb"`, "x\ny": `"x\ny"`, "\xff": `"\xff"`, "é ü": "é ü"} {
		if got := Printable(in); got != want {
			t.Errorf("Printable(%q) = %s, want %s", in, got, want)
		}
	}
}

// ExampleKey_Compare: a key of another N.
func ExampleKey_Compare() {
	then := &Key{Path: "out/count.key", PuzzleSHA256: "ab", Shards: 4, Flags: []string{"--heuristic=s"}}
	now := &Key{PuzzleSHA256: "ab", Shards: 8, Flags: []string{"--heuristic=s"}}
	err := then.Compare(now)
	fmt.Println(errors.Is(err, ErrAnotherCount))
	fmt.Println(err)
	// Output:
	// true
	// out holds another count: it differs in N (4 then, 8 now); its results would be merged as this count's. Use another directory, or remove it to start again
}

// ExamplePlaceKey: the first key placed stays.
func ExamplePlaceKey() {
	dir, _ := os.MkdirTemp("", "count")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, KeyName)
	made, err := PlaceKey(path, []byte("first\n"), PlaceOptions{})
	fmt.Println(made, err)
	made, err = PlaceKey(path, []byte("second\n"), PlaceOptions{})
	fmt.Println(made, err)
	// Output:
	// true <nil>
	// false <nil>
}

func TestCheckCountFiles(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "shard-0.json"), nil, 0o644)
	os.Mkdir(filepath.Join(dir, "notes"), 0o755) // not a count's name
	if err := CheckCountDir(dir); err != nil {
		t.Fatalf("regular files: %v", err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "joblog"), 0o600); err != nil {
		t.Fatal(err)
	}
	var nr *NotRegularError
	if err := CheckCountDir(dir); !errors.Is(err, ErrNotRegular) || !errors.As(err, &nr) || nr.What != "a FIFO" || nr.Path != filepath.Join(dir, "joblog") {
		t.Errorf("a FIFO joblog: %v", err)
	}

	dir = t.TempDir()
	target := filepath.Join(dir, "shard-3.json")
	os.WriteFile(target, nil, 0o644)
	link := filepath.Join(dir, "shard-2.json")
	os.Symlink(target, link)
	if err := CheckCountFile(link, false); err != nil {
		t.Errorf("a link to a regular file, links allowed: %v", err)
	}
	if err := CheckCountFile(link, true); !errors.As(err, &nr) || nr.What != "a symbolic link" || nr.Target != target {
		t.Errorf("a link to a regular file: %v", err)
	}
	dangling := filepath.Join(dir, "shard-4.json")
	os.Symlink(filepath.Join(dir, "none"), dangling)
	if err := CheckCountFile(dangling, false); !errors.As(err, &nr) || nr.What != "a link to nothing" {
		t.Errorf("a dangling link: %v", err)
	}
	if err := CheckCountFile(filepath.Join(dir, "absent.json"), true); err != nil {
		t.Errorf("nothing there: %v", err)
	}
}
