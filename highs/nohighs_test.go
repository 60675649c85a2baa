//go:build nohighs || !cgo

package highs

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
)

func TestUnavailable(t *testing.T) {
	m := &Model{ColCost: []float64{1}}
	if _, err := Solve(context.Background(), m, Options{}); !errors.Is(err, ErrUnavailable) {
		t.Fatalf("Solve: got %v, want ErrUnavailable", err)
	}
	if _, err := ReadModel("x.lp"); !errors.Is(err, ErrUnavailable) {
		t.Fatalf("ReadModel: got %v, want ErrUnavailable", err)
	}
	if err := WriteModel(m, filepath.Join(t.TempDir(), "x.lp")); !errors.Is(err, ErrUnavailable) {
		t.Fatalf("WriteModel: got %v, want ErrUnavailable", err)
	}
	if Version() != "" {
		t.Fatalf("Version() = %q without HiGHS", Version())
	}
	// An invalid model is still reported as such.
	if _, err := Solve(context.Background(), &Model{ColCost: []float64{1}, Integer: []bool{true, true}}, Options{}); err == nil || errors.Is(err, ErrUnavailable) {
		t.Fatalf("invalid model: got %v", err)
	}
}
