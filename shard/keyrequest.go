package shard

import (
	"errors"
	"fmt"
	"path/filepath"
)

// ErrKeyRequest is the kind of a *KeyRequestError, for errors.Is.
var ErrKeyRequest = errors.New("a count key that cannot be placed there")

// KeyRequestError is a request to place a count key that is refused
// before anything is written: Msg says why, naming solve's flags; Err is
// the cause, when there is one (a *NotRegularError).
type KeyRequestError struct {
	Msg string
	Err error
}

// Error says why the key cannot be placed.
func (e *KeyRequestError) Error() string { return e.Msg }

// Unwrap returns the cause.
func (e *KeyRequestError) Unwrap() error { return e.Err }

// Is reports whether target is ErrKeyRequest.
func (e *KeyRequestError) Is(target error) bool { return target == ErrKeyRequest }

// KeyRequest is where a shard is asked to place its count's key: the
// key's path (--count-key), the recipe named in it, the shard's
// checkpoint file ("" for none) and its puzzle file ("-" for stdin).
type KeyRequest struct {
	Path, Recipe, Checkpoint, Puzzle string
}

// Check refuses (a *KeyRequestError) a key not named KeyName (merge DIR
// reads DIR/count.key), one that is the checkpoint file, a puzzle read
// from stdin (a key records a file's SHA-256) and a recipe name that
// CheckRecipe refuses.
func (r KeyRequest) Check() error {
	bad := func(format string, args ...any) error { return &KeyRequestError{Msg: fmt.Sprintf(format, args...)} }
	switch {
	case filepath.Base(r.Path) != KeyName:
		return bad("--count-key %s: the key's name is %s (merge DIR reads DIR/%s)", Printable(r.Path), KeyName, KeyName)
	case r.Checkpoint != "" && samePath(r.Checkpoint, r.Path):
		return bad("--count-key %s is the --checkpoint file", Printable(r.Path))
	case r.Puzzle == "-" || r.Puzzle == "":
		return bad("--count-key: the puzzle is stdin; a key records a puzzle file's SHA-256")
	case CheckRecipe(r.Recipe) != nil:
		return bad("--count-key-recipe %q: one word of at most %d printable ASCII characters", r.Recipe, MaxRecipeLen)
	}
	return nil
}

// samePath reports whether a and b name one path once made absolute and
// cleaned.
func samePath(a, b string) bool {
	x, err1 := filepath.Abs(a)
	y, err2 := filepath.Abs(b)
	return err1 == nil && err2 == nil && x == y
}

// CountOutput is a file a shard writes, by the flag that names it.
type CountOutput struct {
	Flag, Path string
}

// CheckCountFiles refuses (a *KeyRequestError), before anything is read
// or written, a file of the key's directory with a count's name that is
// not a regular file (CheckCountDir) and an output that is not one, or
// is a symbolic link (CheckCountFile): a FIFO would make the shard, or
// GNU parallel reading its joblog, wait for a reader, and merge reads
// the files back from the directory.
func CheckCountFiles(keyPath string, outputs ...CountOutput) error {
	if err := CheckCountDir(filepath.Dir(keyPath)); err != nil {
		return &KeyRequestError{Msg: fmt.Sprintf("--count-key: %v: a count's directory holds only the files it writes (results, checkpoints, the key, the joblog); remove it, or use another directory", err), Err: err}
	}
	for _, o := range outputs {
		if o.Path == "" || o.Path == "-" {
			continue
		}
		err := CheckCountFile(o.Path, true)
		var nr *NotRegularError
		switch {
		case !errors.As(err, &nr):
		case nr.Target != "":
			return &KeyRequestError{Msg: fmt.Sprintf("%s %v: with --count-key the shard writes its own files, and writing through the link would replace its target; remove it, or name another file", o.Flag, err), Err: err}
		default:
			return &KeyRequestError{Msg: fmt.Sprintf("%s %v: with --count-key the shard's files are read back from its directory; remove it, or name another file", o.Flag, err), Err: err}
		}
	}
	return nil
}
