package shard

import (
	"context"
	"testing"

	"github.com/polytile/polytile/puzzle"
)

// TestFingerprintOf: a puzzle read with an unfit piece left out records
// FingerprintUnplaceable, never the fingerprint of the puzzle written
// without that piece; with no piece left out it is Fingerprint.
func TestFingerprintOf(t *testing.T) {
	with, err := puzzle.ParseWith(context.Background(), "w.yaml",
		[]byte("board: 2x2\npieces:\n  O: {shape: \"##/##\", count: 1}\n  I: {shape: \"###\", count: 1}\n"), "",
		puzzle.BuildOptions{Unplaceable: puzzle.DropAll, KeepEmpty: true})
	if err != nil {
		t.Fatal(err)
	}
	without, err := puzzle.Parse("w.yaml", []byte("board: 2x2\npieces:\n  O: {shape: \"##/##\", count: 1}\n"), "")
	if err != nil {
		t.Fatal(err)
	}
	got := FingerprintOf(with, with.Dropped)
	if got != FingerprintUnplaceable(with, []string{"I"}) || got == Fingerprint(without) {
		t.Errorf("unfit piece: %s (plain %s)", got, Fingerprint(without))
	}
	if FingerprintOf(without, nil) != Fingerprint(without) {
		t.Errorf("no piece left out: %s, want %s", FingerprintOf(without, nil), Fingerprint(without))
	}
}
