package shard

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
)

// Checks of a set of results against what a count key or a puzzle file
// says they must be: each returns the results that differ as a typed
// error, nil when every result agrees. Files that could not be read are
// passed over (Merge reports them).

// ErrShardCount is the kind of a *ShardCountConflict, for errors.Is.
var ErrShardCount = errors.New("results of another shard count")

// ShardCountConflict lists the results whose shard count is not N.
type ShardCountConflict struct {
	N     int
	Files []Loaded
}

// Error says how many results have another shard count.
func (c *ShardCountConflict) Error() string {
	return fmt.Sprintf("%d result(s) of another shard count than %d", len(c.Files), c.N)
}

// Is reports whether target is ErrShardCount.
func (c *ShardCountConflict) Is(target error) bool { return target == ErrShardCount }

// CheckShardCount refuses (a *ShardCountConflict) the results whose
// count is not n.
func CheckShardCount(n int, files []Loaded) error {
	var other []Loaded
	for _, f := range files {
		if f.Result != nil && f.Result.Count != n {
			other = append(other, f)
		}
	}
	if len(other) == 0 {
		return nil
	}
	return &ShardCountConflict{N: n, Files: other}
}

// ErrFingerprint is the kind of a *FingerprintConflict, for errors.Is.
var ErrFingerprint = errors.New("results of another puzzle")

// FingerprintConflict lists the results of another puzzle than the one
// of Fingerprint.
type FingerprintConflict struct {
	Fingerprint string
	Files       []Loaded
}

// Error says how many results are of another puzzle.
func (c *FingerprintConflict) Error() string {
	return fmt.Sprintf("%d result(s) of another puzzle than %s", len(c.Files), ShortFingerprint(c.Fingerprint))
}

// Is reports whether target is ErrFingerprint.
func (c *FingerprintConflict) Is(target error) bool { return target == ErrFingerprint }

// CheckFingerprint refuses (a *FingerprintConflict) the results whose
// puzzle fingerprint is not fp.
func CheckFingerprint(fp string, files []Loaded) error {
	var other []Loaded
	for _, f := range files {
		if f.Result != nil && f.Result.Fingerprint != fp {
			other = append(other, f)
		}
	}
	if len(other) == 0 {
		return nil
	}
	return &FingerprintConflict{Fingerprint: fp, Files: other}
}

// Checkpoints counts the checkpoints (*.ckpt) in the directories among
// args: in a directory without results, those of shards that started
// and wrote none.
func Checkpoints(args []string) int {
	n := 0
	for _, a := range args {
		if st, err := os.Stat(a); err != nil || !st.IsDir() {
			continue
		}
		m, _ := filepath.Glob(filepath.Join(a, "*.ckpt"))
		n += len(m)
	}
	return n
}

// KeyDirs lists the directories holding a count.key of the files (not
// the directories) among args, once each, in order.
func KeyDirs(args []string) []string {
	var dirs []string
	for _, a := range args {
		if st, err := os.Stat(a); err != nil || st.IsDir() {
			continue
		}
		d := filepath.Dir(a)
		if _, err := os.Lstat(filepath.Join(d, KeyName)); err == nil && !slices.Contains(dirs, d) {
			dirs = append(dirs, d)
		}
	}
	return dirs
}

// MaxKeyCandidates bounds the files named by the results that
// FindKeyPuzzle reads to find the one of a key's SHA-256 (every result
// of a count names the same file; more names are hand-made).
const MaxKeyCandidates = 8

// KeyPuzzle is the puzzle file of a count key among the files the
// results name: Path and Data (read once: the bytes whose SHA-256 is the
// key's, never a file swapped in after), "" and nil when none is;
// Changed the files whose SHA-256 is another, Missing those that cannot
// be read.
type KeyPuzzle struct {
	Path             string
	Data             []byte
	Changed, Missing []string
}

// FindKeyPuzzle reads (with read) the puzzle files the results name, at
// most MaxKeyCandidates of them, and returns the first whose SHA-256 is
// sha256hex. Results named "-" (stdin) or nothing are passed over.
func FindKeyPuzzle(sha256hex string, results []Loaded, read func(path string) ([]byte, error)) KeyPuzzle {
	var names []string
	for _, f := range results {
		if f.Result == nil {
			continue
		}
		if n := f.Result.File; n != "" && n != "-" && !slices.Contains(names, n) && len(names) < MaxKeyCandidates {
			names = append(names, n)
		}
	}
	var kp KeyPuzzle
	for _, n := range names {
		data, err := read(n)
		switch {
		case err != nil:
			kp.Missing = append(kp.Missing, n)
		case SHA256Hex(data) != sha256hex:
			kp.Changed = append(kp.Changed, n)
		case kp.Path == "":
			kp.Path, kp.Data = n, data
		}
	}
	return kp
}

// SHA256Hex is the SHA-256 of data in lowercase hexadecimal, as a count
// key records a puzzle file's.
func SHA256Hex(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}
