package shard

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/polytile/polytile/internal/limits"
	"github.com/polytile/polytile/native"
)

// Bounds of the fields of a result or checkpoint read from a file. A
// file is input like any other: counts that would wrap around when added,
// a negative or absurd time, or a shard that claims to own no subproblem
// are refused, never added up.
const (
	// MaxCount bounds solutions, unique and nodes, of one shard and of
	// their sum over the shards (or over a checkpoint's subproblems).
	MaxCount = math.MaxInt64
	// MaxSeconds bounds a shard's time (about 31.7 years).
	MaxSeconds = 1e9
	// MaxSplit bounds the subproblems of a split (the largest split
	// polytile makes has under a million).
	MaxSplit = 1 << 32
	// maxText bounds the length of the names a file carries (backend,
	// heuristic, pinned piece).
	maxText = 256
)

// InvalidError is what is wrong with a file that says it is a shard
// result (its format) but holds a field out of range or fields that do
// not fit together. merge refuses it (exit 2) instead of skipping it as it
// skips files that hold no shard result.
type InvalidError struct{ Err error }

func (e *InvalidError) Error() string { return e.Err.Error() }

// Unwrap returns the reason.
func (e *InvalidError) Unwrap() error { return e.Err }

// outside is the error of a field out of its range.
func outside(field string, v any, lo, hi string) error {
	return fmt.Errorf("%s = %v is outside %s..%s", field, v, lo, hi)
}

// checkSeconds bounds a time read from a file: finite, 0..MaxSeconds.
func checkSeconds(field string, s float64) error {
	if math.IsNaN(s) || s < 0 || s > MaxSeconds {
		return outside(field, s, "0", fmt.Sprint(MaxSeconds))
	}
	return nil
}

// checkSplit bounds a split read from a file: 0..MaxSplit subproblems
// and the hash polytile writes (16 hexadecimal digits).
func checkSplit(sp Split) error {
	if sp.Subproblems < 0 || sp.Subproblems > MaxSplit {
		return outside("split.subproblems", sp.Subproblems, "0", fmt.Sprint(int64(MaxSplit)))
	}
	if !isHex(sp.Hash, 16) {
		return fmt.Errorf("split.hash %q is not 16 hexadecimal digits", shorten(sp.Hash))
	}
	return nil
}

// checkFingerprint accepts what Fingerprint makes: "sha256:" and 64
// hexadecimal digits.
func checkFingerprint(fp string) error {
	if h, ok := strings.CutPrefix(fp, "sha256:"); !ok || !isHex(h, 64) {
		return fmt.Errorf("fingerprint %q is not sha256: and 64 hexadecimal digits", shorten(fp))
	}
	return nil
}

func isHex(s string, n int) bool {
	if len(s) != n {
		return false
	}
	for _, c := range s {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}

// Check bounds a configuration read from a file: the backends that
// shard (fila, dlx), --fila-at and --volume in the ranges solve accepts,
// and names that are printable text of at most 256 bytes (the
// configuration is printed, and its flags go into the command merge
// prints).
func (c Config) Check() error {
	switch {
	case c.Backend != "fila" && c.Backend != "dlx":
		return fmt.Errorf("config.backend %q is not fila or dlx", shorten(c.Backend))
	case c.FilaAt < 0 || c.FilaAt > limits.MaxPieceLevel:
		return outside("config.fila_at", c.FilaAt, "0", fmt.Sprint(limits.MaxPieceLevel))
	case c.Volume < -1 || c.Volume > limits.MaxPieceLevel:
		return outside("config.volume", c.Volume, "-1", fmt.Sprint(limits.MaxPieceLevel))
	}
	if err := checkText("config.heuristic", c.Schedule); err != nil {
		return err
	}
	if err := native.CheckSchedule(c.Schedule); err != nil {
		return fmt.Errorf("config.heuristic: %w", err)
	}
	return checkText("config.redundancy", c.Redundancy)
}

// checkText accepts printable UTF-8 of at most maxText bytes.
func checkText(field, s string) error {
	if len(s) > maxText {
		return fmt.Errorf("%s is longer than %d bytes", field, maxText)
	}
	return checkPrintable(field, s)
}

// checkPrintable accepts printable UTF-8.
func checkPrintable(field, s string) error {
	if !utf8.ValidString(s) {
		return fmt.Errorf("%s %q is not UTF-8", field, s)
	}
	for _, c := range s {
		if !unicode.IsPrint(c) {
			return fmt.Errorf("%s %q holds a control or non-printing character", field, s)
		}
	}
	return nil
}

// ownedBy is the number of subproblems of a split of total subproblems
// that shard index of count owns: those whose index is index modulo count.
func ownedBy(total int64, index, count int) int64 {
	i, n := int64(index), int64(max(count, 1))
	if total <= i {
		return 0
	}
	return (total - i + n - 1) / n
}

// Counts are the three counts that a shard's subproblems, a checkpoint's
// and a merge's shards add up: solutions, unique solutions and nodes (a
// Result's All, Unique and Nodes), in that order.
type Counts [3]int64

// CountNames names the fields of Counts as a Result's messages do.
var CountNames = [3]string{"solutions", "unique", "nodes"}

// AddCounts adds v to *sum field by field, in order, each sum at most
// MaxCount: the one overflow-checked sum of solutions, unique and nodes.
// It returns the index of the first field whose value is negative or
// whose sum would pass MaxCount (the fields before it are added, the
// others not; the caller's error names it), or -1 when all were added.
func AddCounts(sum *Counts, v Counts) int {
	for k := range v {
		if v[k] < 0 || v[k] > MaxCount-sum[k] {
			return k
		}
		sum[k] += v[k]
	}
	return -1
}

// invalid reports whether err says a file is a shard result with bad
// fields (InvalidError).
func invalid(err error) bool {
	var ie *InvalidError
	return errors.As(err, &ie)
}

// countSums adds the counts of shard results into a Report, refusing a
// sum above MaxCount with a *Conflict that names the field, the file
// added last and the file with the largest value of that field.
type countSums struct {
	sum     Counts
	largest [3]Loaded
}

func (c *countSums) add(rep *Report, f Loaded) error {
	v := f.Result.counts()
	for k := range v {
		if c.largest[k].Result == nil || v[k] > c.largest[k].Result.counts()[k] {
			c.largest[k] = f
		}
	}
	k := AddCounts(&c.sum, v)
	rep.All, rep.Unique, rep.Nodes = c.sum[0], c.sum[1], c.sum[2]
	if k < 0 {
		return nil
	}
	name := CountNames[k]
	files := []string{f.Path}
	if l := c.largest[k]; l.Path != f.Path {
		files = append(files, fmt.Sprintf("%s (%s = %d)", l.Path, name, l.Result.counts()[k]))
	}
	return &Conflict{What: fmt.Sprintf("the shards' %s add up to more than %d (field %q)", name, int64(MaxCount), name), Files: files}
}

// counts are r's solutions, unique solutions and nodes.
func (r *Result) counts() Counts { return Counts{r.All, r.Unique, r.Nodes} }
