package solcheck

import (
	"errors"
	"fmt"
)

// The kinds of error Check and its steps return, for errors.Is.
var (
	// ErrUnknownFormat: the file is in no solution format polytile knows.
	ErrUnknownFormat = errors.New("solcheck: not a solution file polytile knows")
	// ErrNamesNeeded: the solution numbers its columns (glpsol -w) and
	// no names file was given.
	ErrNamesNeeded = errors.New("solcheck: the solution numbers its columns: the LP or MPS file that was solved names them")
	// ErrMalformed: the file does not parse, or contradicts its own
	// structure (a line out of place, a column named twice).
	ErrMalformed = errors.New("solcheck: malformed solution file")
	// ErrOtherProgram: the file is the solution of another program
	// (names that are not the program's columns, another fingerprint,
	// another number of columns).
	ErrOtherProgram = errors.New("solcheck: the solution of another program")
	// ErrBadValue: a column has a value its domain does not allow.
	ErrBadValue = errors.New("solcheck: a value its column cannot take")
	// ErrNotProgram: the names file is neither an LP nor an MPS file.
	ErrNotProgram = errors.New("solcheck: not an LP or MPS file")
)

// FileError is an error about a file: its message names the file (and
// the line, when one is at fault); errors.Is matches its Kind and
// errors.As reaches its cause Err (an *export.LineError, a model error).
type FileError struct {
	File string // the file's name in messages
	Line int    // the line at fault; 0 when none is
	Kind error  // one of the Err values of this package
	Err  error  // the cause; nil when there is none beyond Kind
	msg  string
}

// Error is the message, "FILE:LINE: ..." or "FILE: ...".
func (e *FileError) Error() string { return e.msg }

// Unwrap returns the kind and the cause.
func (e *FileError) Unwrap() []error {
	if e.Err == nil {
		return []error{e.Kind}
	}
	return []error{e.Kind, e.Err}
}

// NamesError is an error reading or parsing the names file of
// Options.NamesFile; its message is its cause's.
type NamesError struct {
	File string // the path as given
	Err  error
}

// Error is the cause's message.
func (e *NamesError) Error() string { return e.Err.Error() }

// Unwrap returns the cause.
func (e *NamesError) Unwrap() error { return e.Err }

// fileErr is a *FileError of kind in file with the message msg (which
// names the file already).
func fileErr(file string, line int, kind, cause error, msg string) *FileError {
	return &FileError{File: file, Line: line, Kind: kind, Err: cause, msg: msg}
}

// kindError is an error of a kind that is not yet tied to a file.
type kindError struct {
	kind error
	err  error
}

func (e *kindError) Error() string   { return e.err.Error() }
func (e *kindError) Unwrap() []error { return []error{e.kind, e.err} }

// otherProgram is an error of kind ErrOtherProgram with the message
// format gives.
func otherProgram(format string, args ...any) error {
	return &kindError{kind: ErrOtherProgram, err: fmt.Errorf(format, args...)}
}
