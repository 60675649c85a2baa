package shard

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"

	"github.com/polytile/polytile/internal/atomicfile"
)

// Sub is a subproblem solved completely, as a checkpoint records it.
type Sub struct {
	Index  int64 `json:"i"`
	All    int64 `json:"all"`
	Unique int64 `json:"unique"`
	Nodes  int64 `json:"nodes"`
}

// Checkpoint is the state of a shard in progress: the subproblems it has
// finished, for the same puzzle, configuration, shard and split.
type Checkpoint struct {
	Format      string  `json:"format"`
	Fingerprint string  `json:"fingerprint"`
	Config      Config  `json:"config"`
	Index       int     `json:"index"`
	Count       int     `json:"count"`
	Split       Split   `json:"split"`
	Seconds     float64 `json:"seconds"` // spent on the finished subproblems so far
	Done        []Sub   `json:"done"`
	// Digest is the SHA-256 of the other fields as JSON (Seal): a
	// checkpoint whose fields no longer match it is refused (digest.go).
	Digest string `json:"digest,omitempty"`
}

// ReadCheckpoint reads a checkpoint file; a missing file is (nil, nil).
// The path must be a regular file.
func ReadCheckpoint(path string) (*Checkpoint, error) {
	data, err := readRegular(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("checkpoint %s: %w", path, err)
	}
	var c Checkpoint
	if err := json.Unmarshal(data, &c); err != nil {
		return nil, fmt.Errorf("checkpoint %s: not a polytile checkpoint: %v", path, err)
	}
	if c.Format != CheckpointFormat {
		return nil, fmt.Errorf("checkpoint %s: format %q, want %q", path, shorten(c.Format), CheckpointFormat)
	}
	if err := c.check(); err != nil {
		return nil, fmt.Errorf("checkpoint %s: %w", path, err)
	}
	if err := c.checkDigest(); err != nil {
		return nil, fmt.Errorf("checkpoint %s: %w", path, err)
	}
	return &c, nil
}

// check bounds the fields of a checkpoint read from a file: the shard and
// split as in a result, seconds in 0..MaxSeconds, each subproblem's counts
// non-negative (Match checks them against the split) and their sums at
// most MaxCount, so that a resumed shard's totals cannot wrap around.
func (c *Checkpoint) check() error {
	switch {
	case c.Count < 1 || c.Count > MaxShards:
		return outside("count", c.Count, "1", fmt.Sprint(MaxShards))
	case c.Index < 0 || c.Index >= c.Count:
		return outside("index", c.Index, "0", fmt.Sprint(c.Count-1))
	}
	if err := checkFingerprint(c.Fingerprint); err != nil {
		return err
	}
	if err := c.Config.Check(); err != nil {
		return err
	}
	if err := checkSplit(c.Split); err != nil {
		return err
	}
	if err := checkSeconds("seconds", c.Seconds); err != nil {
		return err
	}
	var sum Counts
	for n, s := range c.Done {
		v := s.counts()
		if k := AddCounts(&sum, v); k >= 0 {
			name := [3]string{"all", "unique", "nodes"}[k] // the JSON fields
			if v[k] < 0 {
				return outside(fmt.Sprintf("done[%d].%s", n, name), v[k], "0", fmt.Sprint(int64(MaxCount)))
			}
			return fmt.Errorf("the subproblems' %s (field %s, at done[%d]) add up to more than %d", name, name, n, int64(MaxCount))
		}
	}
	return nil
}

// counts are the subproblem's solutions, unique solutions and nodes.
func (s Sub) counts() Counts { return Counts{s.All, s.Unique, s.Nodes} }

// Match checks that a checkpoint belongs to this shard of this puzzle,
// configuration and split, and that its subproblems are this shard's,
// each once, with counts that fit. Its errors are *MismatchError.
func (c *Checkpoint) Match(fingerprint string, cfg Config, index, count int, sp Split) error {
	switch {
	case c.Fingerprint != fingerprint:
		return mismatch("it was made for another puzzle")
	case c.Config != cfg:
		return mismatch("it was made with another configuration (%s, not %s)", c.Config, cfg)
	case c.Index != index || c.Count != count:
		return mismatch("it was made for shard %d/%d, not %d/%d", c.Index, c.Count, index, count)
	case c.Split != sp:
		return mismatch("it was made for another split (%d subproblems, hash %s; now %d, %s: another polytile version?)",
			c.Split.Subproblems, c.Split.Hash, sp.Subproblems, sp.Hash)
	}
	seen := map[int64]bool{}
	for _, s := range c.Done {
		if s.Index < 0 || s.Index >= sp.Subproblems || s.Index%int64(max(count, 1)) != int64(index) {
			return mismatch("it lists subproblem %d, which is not one of this shard's", s.Index)
		}
		if seen[s.Index] {
			return mismatch("it lists subproblem %d twice", s.Index)
		}
		if s.All < 0 || s.Unique < 0 || s.Unique > s.All || s.Nodes < 0 {
			return mismatch("it lists subproblem %d with counts that do not fit", s.Index)
		}
		seen[s.Index] = true
	}
	return nil
}

func mismatch(format string, args ...any) error {
	return &MismatchError{Msg: fmt.Sprintf(format, args...)}
}

// Write writes the checkpoint atomically: a reader (or a restart after
// SIGKILL) sees the previous version or this one, never a mix.
func (c *Checkpoint) Write(path string) error {
	c.Format = CheckpointFormat
	slices.SortFunc(c.Done, func(a, b Sub) int { return int(a.Index - b.Index) })
	if err := c.Seal(); err != nil {
		return err
	}
	// A regular file only: a FIFO put at the path after the start's check
	// is refused, never waited on (the writer would hang the shard).
	return atomicfile.WriteRegular(context.Background(), path, func(w io.Writer) error {
		enc := json.NewEncoder(w)
		return enc.Encode(c)
	})
}

// CheckPath refuses a checkpoint path that exists and is not a regular
// file (a directory, a device, a FIFO).
func CheckPath(path string) error {
	st, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if !st.Mode().IsRegular() {
		return fmt.Errorf("checkpoint %s exists and is not a regular file", path)
	}
	return nil
}
