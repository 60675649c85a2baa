package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestMergeHostileDirectoryIsSerialOrLoud: a results directory of the
// 12x5 pentominoes (4 shards) altered as a hostile user would — a result
// duplicated, truncated, emptied, replaced by a link to /dev/zero, a
// FIFO, a directory, a dangling link or a sparse 70 MB file beside them,
// a result of another puzzle or N, checkpoints only — merges either to
// the single-process count (exit 0, complete) or is refused (exit 2) or
// marked partial (exit 1, lower_bound), within seconds: never another
// total with exit 0. A guard over the whole sweep (it passes on the old
// code too: each class was fixed before; the sweep keeps it so).
func TestMergeHostileDirectoryIsSerialOrLoud(t *testing.T) {
	p := example("pentomino-12x5.yaml")
	code, out, errs := run(t, "", "solve", p, "--count", "--json")
	var serial struct{ Solutions int64 }
	if err := json.Unmarshal([]byte(out), &serial); err != nil || code != 0 {
		t.Fatalf("serial count: exit %d %v %s", code, err, errs)
	}
	base := t.TempDir()
	countShards(t, base, p, 4)
	other := t.TempDir()
	countShards(t, other, example("pentomino-10x6.yaml"), 4)
	n5 := t.TempDir()
	countShards(t, n5, p, 5)
	copyDir := func(t *testing.T) string {
		d := t.TempDir()
		for i := range 4 {
			f := "shard-" + strconv.Itoa(i) + ".json"
			os.WriteFile(filepath.Join(d, f), mustRead(t, filepath.Join(base, f)), 0o644)
		}
		return d
	}
	s := func(d string, i int) string { return filepath.Join(d, "shard-"+strconv.Itoa(i)+".json") }
	for name, alter := range map[string]func(d string) error{
		"duplicate": func(d string) error { return os.WriteFile(filepath.Join(d, "copy.json"), mustRead(t, s(d, 1)), 0o644) },
		"truncated": func(d string) error { return os.WriteFile(s(d, 2), mustRead(t, s(d, 2))[:300], 0o644) },
		"empty":     func(d string) error { return os.WriteFile(s(d, 2), nil, 0o644) },
		"dev-zero":  func(d string) error { os.Remove(s(d, 2)); return os.Symlink("/dev/zero", s(d, 2)) },
		"fifo":      func(d string) error { return syscall.Mkfifo(filepath.Join(d, "x.json"), 0o644) },
		"directory": func(d string) error { return os.Mkdir(filepath.Join(d, "x.json"), 0o755) },
		"dangling":  func(d string) error { return os.Symlink(filepath.Join(d, "none"), filepath.Join(d, "x.jsonl")) },
		"sparse": func(d string) error {
			f, err := os.Create(filepath.Join(d, "big.json"))
			if err == nil {
				err = f.Truncate(70 << 20)
				f.Close()
			}
			return err
		},
		"other-puzzle": func(d string) error { return os.WriteFile(filepath.Join(d, "o.json"), mustRead(t, s(other, 3)), 0o644) },
		"other-n":      func(d string) error { return os.WriteFile(s(d, 3), mustRead(t, s(n5, 3)), 0o644) },
		"ckpt-only": func(d string) error {
			for i := range 4 {
				os.Remove(s(d, i))
			}
			return os.WriteFile(filepath.Join(d, "shard-0.ckpt"), []byte("{}"), 0o644)
		},
	} {
		d := copyDir(t)
		if err := alter(d); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		done := make(chan struct{})
		var code int
		var out, errs string
		go func() {
			defer close(done)
			code, out, errs = run(t, "", "merge", "--json", d)
		}()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			t.Fatalf("%s: merge did not return", name)
		}
		var rep struct {
			Solutions  int64
			Complete   bool
			LowerBound bool `json:"lower_bound"`
		}
		if code != 2 {
			if err := json.Unmarshal([]byte(out), &rep); err != nil {
				t.Fatalf("%s: exit %d, %v\n%s%s", name, code, err, out, errs)
			}
		}
		switch {
		case code == 2:
		case code == 0 && rep.Complete && !rep.LowerBound && rep.Solutions == serial.Solutions:
		case code == 1 && !rep.Complete && rep.LowerBound && rep.Solutions <= serial.Solutions:
		default:
			t.Errorf("%s: exit %d, %+v (serial %d)\n%s", name, code, rep, serial.Solutions, strings.TrimSpace(errs))
		}
	}
}

// TestMergeCheckpointsOnlySaysSo: merge of a directory holding only
// checkpoints (shards that started and wrote no result) is refused, exit
// 2, saying so and how to go on; it said only "no *.json or *.jsonl
// files". Fails on the old code.
func TestMergeCheckpointsOnlySaysSo(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "shard-0.ckpt"), []byte("{}"), 0o644)
	os.WriteFile(filepath.Join(dir, "shard-1.ckpt"), []byte("{}"), 0o644)
	if code, _, errs := run(t, "", "merge", dir); code != 2 || !strings.Contains(errs, "2 checkpoint(s)") || !strings.Contains(errs, "run the shards again") {
		t.Errorf("checkpoints only: exit %d %s", code, errs)
	}
}
