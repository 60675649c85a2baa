package errmsg

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"testing"
)

// TestErrorfKeepsCanceled: a cancellation given with %v stays in the
// chain with the message unchanged; other errors given with %v do not.
func TestErrorfKeepsCanceled(t *testing.T) {
	stopped := fmt.Errorf("reading sol.fifo: %w", context.Canceled)
	err := Errorf("--names: %v", stopped)
	if !errors.Is(err, context.Canceled) || err.Error() != "--names: reading sol.fifo: context canceled" {
		t.Errorf("%%v of a cancellation: %q, canceled %v", err, errors.Is(err, context.Canceled))
	}
	if err := Errorf("--names: %w", stopped); !errors.Is(err, context.Canceled) {
		t.Errorf("%%w: %v", err)
	}
	if err := Errorf("--names: %v", fs.ErrNotExist); errors.Is(err, fs.ErrNotExist) || err.Error() != "--names: file does not exist" {
		t.Errorf("%%v of another error: %q", err)
	}
}
