// Package shard records the result of one shard of a sharded count, the
// checkpoint of a shard in progress, and merges shard results into a
// total with proof of completeness.
//
// A sharded count (polytile solve --count --shard I/N) solves the
// subproblems of a deterministic split of the search tree whose index is
// I modulo N (native.Split). Its Result names what the split depends on,
// so that Merge can refuse to add up shards that did not cut the same
// tree: the puzzle's Fingerprint (a hash of the normalised puzzle, the
// same for a reformatted file), the solver Config, N and the split's own
// hash. Merge checks that every index 0..N-1 is present and complete
// exactly once (or twice with equal counts) and reports the totals and the
// balance of the shards' times, or lists what is missing as a command to
// run.
//
// Around a count: ResolveSpec names a shard from --shard I/N or from the
// job engine's environment (Slurm array, Kubernetes Indexed Job); Run
// keeps a shard's checkpoint (resume, periodic writes) and builds its
// Result; a results directory's count key (Key, ReadKey, PlaceKey,
// Key.Compare) says which count the directory belongs to; CheckConfig,
// CheckShardCount and CheckFingerprint hold the results to it; and
// SplitWatch measures how evenly the split spread the work. Refusals are
// typed errors (errors.Is / errors.As), their messages the user's
// explanation.
package shard

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/polytile/polytile/puzzle"
)

// Format is the value of Result.Format; CheckpointFormat that of
// Checkpoint.Format.
const (
	Format           = "polytile-shard/1"
	CheckpointFormat = "polytile-checkpoint/1"
)

// Config is the part of the solver configuration that shapes the search
// tree and so the split: shards with different Configs cannot be added.
type Config struct {
	Backend  string `json:"backend"`   // fila or dlx
	Schedule string `json:"heuristic"` // heuristic or schedule
	FilaAt   int    `json:"fila_at"`
	NOF      bool   `json:"nof"`
	Volume   int    `json:"volume"`
	// Redundancy is the piece pinned by the redundancy filter as resolved
	// by the solver ("" when none), whatever the flag said.
	Redundancy string `json:"redundancy"`
}

// String is a canonical one-line form, used to compare configurations.
func (c Config) String() string {
	return fmt.Sprintf("backend=%s heuristic=%s fila-at=%d nof=%t volume=%d redundancy=%s",
		c.Backend, c.Schedule, c.FilaAt, c.NOF, c.Volume, PinnedWord(c.Redundancy))
}

// Flags are the solve flags that reproduce the configuration.
func (c Config) Flags() []string {
	out := []string{"--backend", c.Backend}
	if c.Schedule != "" {
		out = append(out, "--heuristic", c.Schedule)
	}
	out = append(out, fmt.Sprintf("--fila-at=%d", c.FilaAt), fmt.Sprintf("--nof=%t", c.NOF), fmt.Sprintf("--volume=%d", c.Volume),
		"--redundancy", PinnedWord(c.Redundancy))
	return out
}

// Split identifies the split a shard solved part of.
type Split struct {
	Subproblems int64  `json:"subproblems"` // in the whole split
	Hash        string `json:"hash"`
}

// Result is the record of one shard, written by solve --shard --json.
type Result struct {
	Format      string  `json:"format"`
	Version     string  `json:"polytile_version"`
	Puzzle      string  `json:"puzzle"`
	File        string  `json:"file"`
	Fingerprint string  `json:"fingerprint"`
	Config      Config  `json:"config"`
	Index       int     `json:"index"`
	Count       int     `json:"count"`
	Split       Split   `json:"split"`
	Owned       int64   `json:"owned"`    // subproblems of this shard
	Finished    int64   `json:"finished"` // of those, solved (now or before a resume)
	Resumed     int64   `json:"resumed"`  // of those, taken from a checkpoint
	All         int64   `json:"solutions"`
	Unique      int64   `json:"unique"`
	Nodes       int64   `json:"nodes"`
	Seconds     float64 `json:"seconds"`
	Complete    bool    `json:"complete"`
	// LowerBound marks an incomplete record (records of versions without
	// the field have none): its solutions and
	// unique are those of the part searched, lower bounds, never the
	// shard's counts. A record with it and complete is refused.
	LowerBound bool `json:"lower_bound,omitempty"`
	// Rerun is the command line that runs this shard again, with the
	// index and output file as {} templates (see Report.Command).
	Rerun []string `json:"rerun,omitempty"`
	// Digest is the SHA-256 of the other fields as JSON (Seal): merge
	// refuses a result whose fields no longer match it (digest.go).
	Digest string `json:"digest,omitempty"`
}

// Check reports what is wrong with a result read from a file: a format
// other than Format, or (an *InvalidError) a field out of its range (see
// MaxCount, MaxSeconds, MaxSplit) or fields that do not fit together.
func (r *Result) Check() error {
	if r.Format != Format {
		return fmt.Errorf("format %q, want %q", shorten(r.Format), Format)
	}
	if err := r.check(); err != nil {
		return &InvalidError{err}
	}
	if err := r.checkDigest(); err != nil {
		return &InvalidError{err}
	}
	return nil
}

func (r *Result) check() error {
	switch {
	case r.Count < 1 || r.Count > MaxShards:
		return fmt.Errorf("shard count %d out of range 1..%d", r.Count, MaxShards)
	case r.Index < 0 || r.Index >= r.Count:
		return fmt.Errorf("shard index %d out of range 0..%d", r.Index, r.Count-1)
	}
	if err := checkFingerprint(r.Fingerprint); err != nil {
		return err
	}
	if err := r.Config.Check(); err != nil {
		return err
	}
	if err := checkSplit(r.Split); err != nil {
		return err
	}
	if want := ownedBy(r.Split.Subproblems, r.Index, r.Count); r.Owned != want {
		return fmt.Errorf("owned = %d, but shard %d/%d of a split of %d subproblems owns %d", r.Owned, r.Index, r.Count, r.Split.Subproblems, want)
	}
	switch {
	case r.Finished < 0 || r.Finished > r.Owned:
		return outside("finished", r.Finished, "0", fmt.Sprintf("owned (%d)", r.Owned))
	case r.Resumed < 0 || r.Resumed > r.Finished:
		return outside("resumed", r.Resumed, "0", fmt.Sprintf("finished (%d)", r.Finished))
	case r.All < 0:
		return outside("solutions", r.All, "0", fmt.Sprint(int64(MaxCount)))
	case r.Unique < 0 || r.Unique > r.All:
		return outside("unique", r.Unique, "0", fmt.Sprintf("solutions (%d)", r.All))
	case r.Nodes < 0:
		return outside("nodes", r.Nodes, "0", fmt.Sprint(int64(MaxCount)))
	case r.Complete && r.LowerBound:
		return errors.New("lower_bound and complete together: a record is one or the other")
	case r.Complete && r.Finished != r.Owned:
		return fmt.Errorf("marked complete with %d of %d subproblems finished", r.Finished, r.Owned)
	}
	return checkSeconds("seconds", r.Seconds)
}

// MaxShards is the largest shard count (native.MaxShards).
const MaxShards = 100_000

// Fingerprint is a hash of the normalised puzzle: its grid (hex and
// triangle only), the board's cells (translated to the origin), and each piece in order with its name,
// supply and orientations (the shapes, in the order the solver uses them).
// A reformatted file (comments, key order, a board drawn instead of
// given as WxH, a piece drawn in another orientation with the same
// orientation set) gives the same fingerprint; the puzzle's title is left
// out. The images of a piece with a placement constraint are in it too.
func Fingerprint(p *puzzle.Puzzle) string { return fingerprint(p, nil) }

// FingerprintUnplaceable is the fingerprint of a puzzle that has no exact
// tiling because a piece of finite supply fits nowhere: p is the puzzle
// built with the pieces that fit nowhere left out, dropped their names.
// It is never the fingerprint of a puzzle without those pieces (which
// may have tilings): the names are hashed after the rest.
func FingerprintUnplaceable(p *puzzle.Puzzle, dropped []string) string {
	return fingerprint(p, append([]string{"unplaceable"}, dropped...))
}

// FingerprintOf is the fingerprint a shard records for p read with the
// pieces named by unplaceable left out (they fit nowhere):
// FingerprintUnplaceable when there is one, else Fingerprint.
func FingerprintOf(p *puzzle.Puzzle, unplaceable []string) string {
	if len(unplaceable) > 0 {
		return FingerprintUnplaceable(p, unplaceable)
	}
	return Fingerprint(p)
}

func fingerprint(p *puzzle.Puzzle, tail []string) string {
	h := sha256.New()
	var buf [8]byte
	num := func(v int) {
		binary.LittleEndian.PutUint64(buf[:], uint64(int64(v)))
		h.Write(buf[:])
	}
	str := func(s string) {
		num(len(s))
		h.Write([]byte(s))
	}
	str("polytile-puzzle/1")
	num(p.Dim)
	lo := p.Region.Lo
	if p.Grid != puzzle.Square { // a square grid adds nothing: its fingerprints are stable across versions
		str("grid:" + p.Grid.String())
		num((lo.I + lo.J) & 1) // triangles: up or down at the corner
	}
	num(len(p.Region.Cells))
	for _, c := range p.Region.Cells {
		num(c.I - lo.I)
		num(c.J - lo.J)
		num(c.L - lo.L)
	}
	num(len(p.Pieces))
	for _, pc := range p.Pieces {
		str(pc.Name)
		num(pc.Count)
		if pc.Unlimited {
			num(1)
		} else {
			num(0)
		}
		num(len(pc.Orients))
		for _, o := range pc.Orients {
			num(len(o))
			for _, c := range o {
				num(c.I)
				num(c.J)
				num(c.L)
			}
		}
	}
	// A placement constraint (at, region) is in the images it allows:
	// those of each constrained piece, as region cell indices. Puzzles
	// without one hash nothing here.
	for k := range p.Pieces {
		if !p.Constrained(k) {
			continue
		}
		str("images:" + p.Pieces[k].Name)
		s := p.Images
		num(s.PieceStart[k+1] - s.PieceStart[k])
		for n := s.PieceStart[k]; n < s.PieceStart[k+1]; n++ {
			cells := s.Cells(n)
			num(len(cells))
			for _, c := range cells {
				num(int(c))
			}
		}
	}
	if len(tail) > 0 {
		num(len(tail))
		for _, t := range tail {
			str(t)
		}
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
}

// Version is the polytile version recorded in results: the module
// version and VCS revision of the running binary when known.
func Version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	v := bi.Main.Version
	var rev, dirty string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "+modified"
			}
		}
	}
	if rev != "" {
		v += " " + rev[:min(12, len(rev))] + dirty
	}
	return strings.TrimSpace(v)
}
