package shard

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/polytile/polytile/internal/regfile"
)

// A results directory belongs to one count: its count.key is put in
// place once, by the first shard that starts (PlaceKey links it, so of
// shards starting together one writes it and the others compare with it,
// Key.Compare), and a directory that holds a count's files but no key is
// refused (StrayFile): they may be another count's.

// ErrStrayFiles is the kind of a *StrayError, for errors.Is.
var ErrStrayFiles = errors.New("a count's files without a count key")

// StrayError is a directory that holds File, a file a count writes, but
// no count.key.
type StrayError struct {
	Dir, File string
}

// Error names the directory and the file, and what to do.
func (e *StrayError) Error() string {
	return fmt.Sprintf("%s holds %s but no %s (made by an older recipe, or by hand): it may be another count's. Use another directory, or remove it to start again",
		Printable(e.Dir), Printable(e.File), KeyName)
}

// Is reports whether target is ErrStrayFiles.
func (e *StrayError) Is(target error) bool { return target == ErrStrayFiles }

// StrayFile names a file of dir that a count writes (a result *.json or
// *.jsonl, a checkpoint *.ckpt, GNU parallel's joblog; hidden files
// aside), "" when there is none or dir cannot be read.
func StrayFile(dir string) string {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return ""
	}
	for _, e := range ents {
		n := e.Name()
		if strings.HasPrefix(n, ".") {
			continue
		}
		switch filepath.Ext(n) {
		case ".json", ".jsonl", ".ckpt":
			return filepath.Join(dir, n)
		}
		if n == "joblog" {
			return filepath.Join(dir, n)
		}
	}
	return ""
}

// IsCountFile reports whether name (not hidden) is one a count writes
// into its directory: a result, a checkpoint, the key or GNU parallel's
// joblog.
func IsCountFile(name string) bool {
	if strings.HasPrefix(name, ".") {
		return false
	}
	switch filepath.Ext(name) {
	case ".json", ".jsonl", ".ckpt":
		return true
	}
	return name == "joblog" || name == KeyName
}

// PlaceOptions are PlaceKey's options.
type PlaceOptions struct {
	// BeforeLink, when not nil, runs after the key is written to its
	// temporary file and just before it is linked into place: the moment
	// another count starting alongside may link its own.
	BeforeLink func()
}

// PlaceKey puts data at path unless a file is there: a new hidden file
// in the directory, written and synced, then linked into place (the
// first link wins; nothing is ever replaced). made says whether this
// call put it there; false with a nil error means a key was there (the
// caller compares with it). A directory that holds a count's files but
// no key is refused with a *StrayError.
func PlaceKey(path string, data []byte, opt PlaceOptions) (made bool, err error) {
	if _, err := os.Lstat(path); err == nil {
		return false, nil
	}
	dir := filepath.Dir(path)
	if stray := StrayFile(dir); stray != "" {
		if _, err := os.Lstat(path); err == nil { // written meanwhile by a shard that then started
			return false, nil
		}
		return false, &StrayError{Dir: dir, File: stray}
	}
	tmp, err := os.CreateTemp(dir, "."+KeyName+".*")
	if err != nil {
		// Said of the directory: the temporary's random name means
		// nothing to the user.
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		if errors.Is(err, fs.ErrNotExist) {
			return false, &placeError{fmt.Sprintf("cannot write %s: the directory %s does not exist", Printable(path), Printable(dir)), err}
		}
		return false, fmt.Errorf("cannot write %s: the directory %s: %w", Printable(path), Printable(dir), err)
	}
	defer os.Remove(tmp.Name())
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), 0o644)
	}
	if err != nil {
		return false, fmt.Errorf("cannot write %s: %w", Printable(path), err)
	}
	if opt.BeforeLink != nil {
		opt.BeforeLink()
	}
	if err := os.Link(tmp.Name(), path); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return false, nil
		}
		return false, fmt.Errorf("cannot link %s into place (a file system without hard links?): %w", Printable(path), err)
	}
	return true, nil
}

// placeError is a message that keeps its cause for errors.Is.
type placeError struct {
	msg string
	err error
}

func (e *placeError) Error() string { return e.msg }
func (e *placeError) Unwrap() error { return e.err }

// KeyField names a line of a count key that two keys differ in.
type KeyField int

// The fields Key.Compare compares.
const (
	KeyPuzzleFile  KeyField = iota + 1 // the puzzle file's SHA-256
	KeyFingerprint                     // the puzzle's fingerprint (version 2)
	KeyShards                          // N
	KeyFlags                           // the solve flags, canonical words
)

// KeyDiff is one field two keys differ in: Then is the recorded key's
// value, Now the other's. Err, for KeyFlags, says why the recorded
// flags could not be compared.
type KeyDiff struct {
	Field     KeyField
	Then, Now string
	Err       error
}

// String says what differs, as a clause of KeyConflict's message.
func (d KeyDiff) String() string {
	switch d.Field {
	case KeyPuzzleFile:
		return "the puzzle file (its contents changed since, or it is another puzzle)"
	case KeyFingerprint:
		return fmt.Sprintf("the puzzle's fingerprint (%s then, %s now)", ShortFingerprint(d.Then), ShortFingerprint(d.Now))
	case KeyShards:
		return fmt.Sprintf("N (%s then, %s now)", d.Then, d.Now)
	case KeyFlags:
		if d.Err != nil {
			return fmt.Sprintf("the solve flags (%v)", d.Err)
		}
		return fmt.Sprintf("the solve flags (%s then, %s now)", Printable(d.Then), Printable(d.Now))
	}
	return "an unknown field"
}

// ErrAnotherCount is the kind of a *KeyConflict, for errors.Is.
var ErrAnotherCount = errors.New("a count key of another count")

// KeyConflict is a results directory whose key records another count.
type KeyConflict struct {
	Dir   string
	Diffs []KeyDiff
}

// Error names the directory and every field that differs.
func (c *KeyConflict) Error() string {
	what := make([]string, len(c.Diffs))
	for i, d := range c.Diffs {
		what[i] = d.String()
	}
	return fmt.Sprintf("%s holds another count: it differs in %s; its results would be merged as this count's. Use another directory, or remove it to start again",
		Printable(c.Dir), strings.Join(what, "; and "))
}

// Is reports whether target is ErrAnotherCount.
func (c *KeyConflict) Is(target error) bool { return target == ErrAnotherCount }

// Compare compares k, the key recorded in a directory, with now, the key
// of a count about to run there: the puzzle file's SHA-256, the
// fingerprint (when k records one), N and the configuration: the two
// KeyConfigs when both are set, else the flags as words (both in one
// canonical form, which the caller makes).
// k.FlagsErr, when set, is why k's flags cannot be compared; it is a
// difference. It returns nil or a *KeyConflict listing every field that
// differs.
func (k *Key) Compare(now *Key) error {
	var diffs []KeyDiff
	if k.PuzzleSHA256 != now.PuzzleSHA256 {
		diffs = append(diffs, KeyDiff{Field: KeyPuzzleFile, Then: k.PuzzleSHA256, Now: now.PuzzleSHA256})
	}
	if k.Fingerprint != "" && k.Fingerprint != now.Fingerprint {
		diffs = append(diffs, KeyDiff{Field: KeyFingerprint, Then: k.Fingerprint, Now: now.Fingerprint})
	}
	if k.Shards != now.Shards {
		then := "none"
		if k.Shards > 0 {
			then = strconv.Itoa(k.Shards)
		}
		diffs = append(diffs, KeyDiff{Field: KeyShards, Then: then, Now: strconv.Itoa(now.Shards)})
	}
	then, cur := strings.Join(k.Flags, " "), strings.Join(now.Flags, " ")
	differ := then != cur
	if k.Config != nil && now.Config != nil {
		differ = *k.Config != *now.Config
		then, cur = strings.Join(k.Config.Words(), " "), strings.Join(now.Config.Words(), " ")
	}
	switch {
	case k.FlagsErr != nil:
		diffs = append(diffs, KeyDiff{Field: KeyFlags, Err: k.FlagsErr})
	case differ:
		diffs = append(diffs, KeyDiff{Field: KeyFlags, Then: then, Now: cur})
	}
	if len(diffs) == 0 {
		return nil
	}
	return &KeyConflict{Dir: filepath.Dir(k.Path), Diffs: diffs}
}

// ShortFingerprint is a fingerprint cut to its first 12 hexadecimal
// digits, enough to tell two apart in a message.
func ShortFingerprint(fp string) string {
	if len(fp) > len("sha256:")+12 {
		return fp[:len("sha256:")+12]
	}
	return fp
}

// Printable is s as a message shows a string read from a file (a
// puzzle's title or file name, a key's flags): as it is when it is
// printable UTF-8, else Go-quoted, so that a file cannot send escape
// sequences or line breaks to the terminal.
func Printable(s string) string {
	if !utf8.ValidString(s) {
		return strconv.Quote(s)
	}
	for _, c := range s {
		if !unicode.IsPrint(c) {
			return strconv.Quote(s)
		}
	}
	return s
}

// ErrNotRegular is the kind of a *NotRegularError, for errors.Is.
var ErrNotRegular = errors.New("a count's file that is not a regular file")

// NotRegularError is a file of a count (in its directory, or a shard's
// output or checkpoint) that exists and is not a regular file: What says
// what it is ("a FIFO", "a link to nothing", "a symbolic link"), Target
// the link's target for a symbolic link.
type NotRegularError struct {
	Path, What, Target string
}

// Error names the file and what it is.
func (e *NotRegularError) Error() string {
	if e.Target != "" {
		return fmt.Sprintf("%s is %s (to %s), not a regular file", Printable(e.Path), e.What, Printable(e.Target))
	}
	return fmt.Sprintf("%s is %s, not a regular file", Printable(e.Path), e.What)
}

// Is reports whether target is ErrNotRegular.
func (e *NotRegularError) Is(target error) bool { return target == ErrNotRegular }

// CheckCountDir refuses (a *NotRegularError) a file of dir with a
// count's name (IsCountFile) that is not a regular file: a FIFO there
// would make a shard, or GNU parallel reading its joblog, wait for a
// writer; merge reads the results back, and they are regular files or
// nothing. A directory that cannot be read is passed over (writing
// into it fails later, saying why).
func CheckCountDir(dir string) error {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	for _, e := range ents {
		if e.Type().IsRegular() || !IsCountFile(e.Name()) {
			continue // the type from the listing: no stat per result (a count of 100,000 shards)
		}
		if err := CheckCountFile(filepath.Join(dir, e.Name()), false); err != nil {
			return err
		}
	}
	return nil
}

// CheckCountFile refuses (a *NotRegularError) path when it exists and
// is not a regular file after following links, and with noLink also a
// symbolic link to one: written through, the link would replace its
// target (another shard's result, or a file outside the directory).
func CheckCountFile(path string, noLink bool) error {
	st, err := os.Stat(path)
	if err != nil {
		if _, lerr := os.Lstat(path); lerr == nil {
			return &NotRegularError{Path: path, What: "a link to nothing"}
		}
		return nil
	}
	if !st.Mode().IsRegular() {
		return &NotRegularError{Path: path, What: regfile.Describe(st.Mode())}
	}
	if lst, err := os.Lstat(path); noLink && err == nil && lst.Mode()&fs.ModeSymlink != 0 {
		to, _ := os.Readlink(path)
		return &NotRegularError{Path: path, What: "a symbolic link", Target: to}
	}
	return nil
}

// ErrKeyUnreadable is the kind of a *KeyUnreadableError, for errors.Is.
var ErrKeyUnreadable = errors.New("a count key that cannot be read")

// KeyUnreadableError is a file at a count key's path that cannot be read
// as a key.
type KeyUnreadableError struct {
	Path string
	Err  error
}

// Error names the file, why, and what to do.
func (e *KeyUnreadableError) Error() string {
	return fmt.Sprintf("%s cannot be read as a count key (%s): remove it, or use another directory", Printable(e.Path), Printable(e.Err.Error()))
}

// Is reports whether target is ErrKeyUnreadable.
func (e *KeyUnreadableError) Is(target error) bool { return target == ErrKeyUnreadable }

// Unwrap returns why the key cannot be read.
func (e *KeyUnreadableError) Unwrap() error { return e.Err }

// EstablishKey puts the key of a run's count, now (its PuzzleSHA256,
// Fingerprint, Shards and Config), at path, or compares it with the key
// there: the recorded key as the configuration it records for this
// run's puzzle (ResolveKey with r), and Key.Compare. made says whether
// this call wrote it. A key of another count is a *KeyConflict, a file
// there that is not a key a *KeyUnreadableError; PlaceKey's errors are
// returned as they are.
func EstablishKey(ctx context.Context, path, recipe string, now *Key, r KeyResolve) (made bool, err error) {
	data := FormatKeyConfig(recipe, now.PuzzleSHA256, now.Shards, *now.Config, now.Fingerprint)
	if made, err = PlaceKey(path, data, PlaceOptions{}); err != nil || made {
		return made, err
	}
	old, err := ReadKey(filepath.Dir(path))
	if err == nil && old == nil {
		err = errors.New("a link to nothing")
	}
	if err != nil {
		return false, &KeyUnreadableError{Path: path, Err: err}
	}
	then := *old
	kc, err := ResolveKey(ctx, old, r)
	switch {
	case old.FlagsErr != nil:
		then.FlagsErr = fmt.Errorf("line 4 of the key cannot be read: %w", old.FlagsErr)
	case isArgsError(err):
		then.FlagsErr = fmt.Errorf("line 4 of the key, %s, is %w", KeyFlagsText(old), err)
	case errors.Is(err, ErrKeySyntax):
		then.FlagsErr = fmt.Errorf("line 4 of the key, %s, is not solve's flags (%w)", KeyFlagsText(old), err)
	case err != nil:
		then.FlagsErr = fmt.Errorf("line 4 of the key, %s, is %w", KeyFlagsText(old), err)
	default:
		then.Config = &kc
	}
	return false, then.Compare(now)
}

// isArgsError reports whether err is a key's flags line that holds
// words that are not flags.
func isArgsError(err error) bool {
	var se *KeySyntaxError
	return errors.As(err, &se) && se.Args != ""
}
