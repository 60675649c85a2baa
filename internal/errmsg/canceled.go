package errmsg

import (
	"context"
	"errors"
	"fmt"
)

// Errorf is fmt.Errorf that keeps a cancellation in the chain: when an
// error argument is context.Canceled (a signal ended it) and the format
// does not wrap it (%v), the result still matches errors.Is(err,
// context.Canceled), with the same message, so that a caller can tell a
// stopped run from a failed one whatever the verb.
func Errorf(format string, args ...any) error {
	err := fmt.Errorf(format, args...)
	for _, arg := range args {
		if e, ok := arg.(error); ok && errors.Is(e, context.Canceled) && !errors.Is(err, context.Canceled) {
			return &canceledErr{msg: err.Error(), cause: e}
		}
	}
	return err
}

// canceledErr is a message that keeps the cancellation it tells of.
type canceledErr struct {
	msg   string
	cause error
}

func (e *canceledErr) Error() string { return e.msg }
func (e *canceledErr) Unwrap() error { return e.cause }
