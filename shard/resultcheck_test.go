package shard

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

func TestCheckShardCountAndFingerprint(t *testing.T) {
	fpA, fpB := "sha256:aaaa", "sha256:bbbb"
	files := []Loaded{
		{Path: "0.json", Result: &Result{Count: 3, Fingerprint: fpA}},
		{Path: "1.json", Result: &Result{Count: 4, Fingerprint: fpB}},
		{Path: "bad.json", Err: errors.New("unreadable")},
	}
	if err := CheckShardCount(3, files[:1]); err != nil {
		t.Errorf("one N: %v", err)
	}
	var sc *ShardCountConflict
	if err := CheckShardCount(3, files); !errors.Is(err, ErrShardCount) || !errors.As(err, &sc) || len(sc.Files) != 1 || sc.Files[0].Path != "1.json" {
		t.Errorf("another N: %v", err)
	}
	if err := CheckFingerprint(fpA, files[:1]); err != nil {
		t.Errorf("one puzzle: %v", err)
	}
	var fc *FingerprintConflict
	if err := CheckFingerprint(fpA, files); !errors.Is(err, ErrFingerprint) || !errors.As(err, &fc) || len(fc.Files) != 1 || fc.Files[0].Path != "1.json" {
		t.Errorf("another puzzle: %v", err)
	}
}

func TestCheckpointsAndKeyDirs(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	for _, n := range []string{"shard-0.ckpt", "shard-1.ckpt", "shard-0.json"} {
		os.WriteFile(filepath.Join(a, n), nil, 0o644)
	}
	os.WriteFile(filepath.Join(a, KeyName), nil, 0o644)
	os.WriteFile(filepath.Join(b, "shard-2.json"), nil, 0o644)
	if n := Checkpoints([]string{a, b, filepath.Join(a, "shard-0.json")}); n != 2 {
		t.Errorf("Checkpoints = %d, want 2 (files named are not directories)", n)
	}
	got := KeyDirs([]string{filepath.Join(a, "shard-0.json"), filepath.Join(a, "shard-0.ckpt"), filepath.Join(b, "shard-2.json"), a})
	if !reflect.DeepEqual(got, []string{a}) {
		t.Errorf("KeyDirs = %v, want [%s]", got, a)
	}
}

func TestFindKeyPuzzle(t *testing.T) {
	files := map[string][]byte{"p.yaml": []byte("new"), "q.yaml": []byte("old")}
	read := func(p string) ([]byte, error) {
		if b, ok := files[p]; ok {
			return b, nil
		}
		return nil, os.ErrNotExist
	}
	res := func(file string) Loaded { return Loaded{Path: file + ".json", Result: &Result{File: file}} }
	results := []Loaded{res("-"), res(""), res("gone.yaml"), res("p.yaml"), res("q.yaml"), res("q.yaml"), {Path: "bad.json"}}
	kp := FindKeyPuzzle(SHA256Hex([]byte("old")), results, read)
	if kp.Path != "q.yaml" || string(kp.Data) != "old" || !reflect.DeepEqual(kp.Changed, []string{"p.yaml"}) || !reflect.DeepEqual(kp.Missing, []string{"gone.yaml"}) {
		t.Errorf("%+v", kp)
	}
	var many []Loaded
	reads := 0
	for i := range 20 {
		many = append(many, res(string(rune('a'+i))+".yaml"))
	}
	FindKeyPuzzle("00", many, func(string) ([]byte, error) { reads++; return nil, os.ErrNotExist })
	if reads != MaxKeyCandidates {
		t.Errorf("%d files read, want at most %d", reads, MaxKeyCandidates)
	}
}
