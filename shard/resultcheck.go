package shard

import (
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
