//go:build nohighs || !cgo

package highs

import (
	"context"
	"fmt"
)

// UnavailableReason says in a few words why HiGHS cannot be used: this
// build has no HiGHS.
func UnavailableReason() string { return "HiGHS is not compiled in (built with -tags nohighs)" }

// Version returns "" when HiGHS is not compiled in.
func Version() string { return "" }

// Solve returns an error wrapping ErrUnavailable: this build has no HiGHS
// (build tag nohighs, or cgo disabled).
func Solve(ctx context.Context, m *Model, opt Options) (*Result, error) {
	if err := m.Validate(); err != nil {
		return nil, err
	}
	return nil, ErrUnavailable
}

// ReadModel returns an error wrapping ErrUnavailable: this build has no
// HiGHS (build tag nohighs, or cgo disabled).
func ReadModel(path string) (*Model, error) {
	return nil, fmt.Errorf("highs: read model %s: %w", path, ErrUnavailable)
}

// WriteModel returns an error wrapping ErrUnavailable: this build has no
// HiGHS (build tag nohighs, or cgo disabled). The export package writes LP
// and MPS files without HiGHS.
func WriteModel(m *Model, path string) error {
	if err := m.Validate(); err != nil {
		return err
	}
	return fmt.Errorf("highs: write model %s: %w", path, ErrUnavailable)
}

// CheckExtra returns an error wrapping ErrUnavailable when there are
// options to check: this build has no HiGHS.
func CheckExtra(extra []Option) error {
	if len(extra) == 0 {
		return nil
	}
	return fmt.Errorf("highs: options: %w", ErrUnavailable)
}

// UnknownStringOption is false: this build has no HiGHS library to ask an
// option's type (compare's highs-cli backend then applies FileOption only).
func UnknownStringOption(name string) bool { return false }

// CheckOptionValue is nil: this build has no HiGHS library to ask an
// option's type.
func CheckOptionValue(o Option) error { return nil }
