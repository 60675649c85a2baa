package shard

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/puzzle"
)

// TestHookKeyOrder: a new key is placed after the hook already there (a
// checkpoint's match), a key already there compared before it; the
// errors of place and then are kept, the checkpoint's is not.
func TestHookKeyOrder(t *testing.T) {
	path := filepath.Join(t.TempDir(), KeyName)
	var order []string
	var prevErr error
	hook := func(then func() error) (*KeyHook, native.Config) {
		cfg := native.Config{OnSplit: func(native.Split) error { order = append(order, "checkpoint"); return prevErr }}
		h := HookKey(&cfg, path, func(pinned string) error { order = append(order, "place "+pinned); return nil }, then)
		return h, cfg
	}
	h, cfg := hook(nil)
	if err := cfg.OnSplit(native.Split{Pinned: "X"}); err != nil || h.Err() != nil || strings.Join(order, ", ") != "checkpoint, place X" {
		t.Errorf("no key yet: %v, order %v", err, order)
	}
	if err := os.WriteFile(path, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	order = nil
	stop := errors.New("key only")
	h, cfg = hook(func() error { return stop })
	if err := cfg.OnSplit(native.Split{Pinned: "X"}); err != stop || h.Err() != stop || strings.Join(order, ", ") != "place X, checkpoint" {
		t.Errorf("a key there: %v, order %v", err, order)
	}
	prevErr = errors.New("another checkpoint")
	h, cfg = hook(nil)
	if err := cfg.OnSplit(native.Split{}); err != prevErr || h.Err() != nil {
		t.Errorf("the checkpoint refused: %v, kept %v", err, h.Err())
	}
	if (*KeyHook)(nil).Err() != nil {
		t.Errorf("a nil hook has an error")
	}
}

func TestLoadedFingerprint(t *testing.T) {
	p, err := puzzle.Parse("p.yaml", []byte("board: 5x2\npieces:\n  I: \"#####\"\ncount: 2\n"), "")
	if err != nil {
		t.Fatal(err)
	}
	if fp, q, err := LoadedFingerprint(p, nil); err != nil || q != p || fp != Fingerprint(p) {
		t.Errorf("a puzzle read: %s, %v", fp, err)
	}
	answered := *p
	answered.Dropped = []string{"X"}
	fp, q, err := LoadedFingerprint(nil, &native.NoTilingError{Puzzle: &answered, Proof: errors.New("X fits nowhere")})
	if err != nil || q != &answered || fp != FingerprintUnplaceable(&answered, []string{"X"}) || fp == Fingerprint(p) {
		t.Errorf("a puzzle answered no tiling: %s, %v", fp, err)
	}
	other := errors.New("not a puzzle")
	if _, _, err := LoadedFingerprint(nil, other); err != other {
		t.Errorf("another error: %v", err)
	}
}
