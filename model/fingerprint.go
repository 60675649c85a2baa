package model

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"math"
	"strings"
	"sync"
)

// FingerprintPrefix starts the name of the fingerprint column that the LP
// and MPS exports add to every program: FingerprintPrefix and 32
// hexadecimal digits of a hash of the whole program (see Fingerprint),
// fixed at FingerprintValue.
// No column of a program has a name that starts with it (columns are x_,
// y and z).
const FingerprintPrefix = "polytile_fp_"

// fingerprintVersion heads the hashed data: a change of the hashed
// encoding changes every fingerprint.
const fingerprintVersion = "polytile program fingerprint v1\x00"

// fpCache holds a program's fingerprint once computed (Program is
// otherwise immutable; a pointer, so that the Program stays copyable).
type fpCache struct {
	mu   sync.Mutex
	name string
}

// IsFingerprint reports whether name has the form of a fingerprint
// column's name (FingerprintPrefix and 32 lower-case hexadecimal digits),
// whatever program it identifies.
func IsFingerprint(name string) bool {
	h, ok := strings.CutPrefix(name, FingerprintPrefix)
	if !ok || len(h) != 32 {
		return false
	}
	for _, c := range []byte(h) {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}

// FingerprintValue is the value at which the exports fix the fingerprint
// column called name: from 1 to 999,999 (the first 32 bits of its hash
// modulo 999,999, plus 1; GLPK prints six significant digits), 0 for a
// name that is not a fingerprint. A solver's solution file carries the
// value as its own evidence where the name comes from elsewhere: a fixed
// MPS file's short names and glpsol's numbered columns are named from the
// --names file, which may be another export's.
func FingerprintValue(name string) float64 {
	if !IsFingerprint(name) {
		return 0
	}
	b, _ := hex.DecodeString(name[len(FingerprintPrefix) : len(FingerprintPrefix)+8])
	return float64(1 + binary.BigEndian.Uint32(b)%999_999)
}

// LooksLikeFingerprint reports whether name starts with FingerprintPrefix:
// a fingerprint column, possibly damaged (IsFingerprint is false).
func LooksLikeFingerprint(name string) bool {
	return strings.HasPrefix(name, FingerprintPrefix)
}

// Fingerprint returns the name of the program's fingerprint column:
// FingerprintPrefix and the first 16 bytes (hexadecimal) of the SHA-256
// of the whole program as a solver reads it: the mode and options, the
// objective sense, every column (name, kind, bounds, objective
// coefficient, matrix entries with their row and coefficient) and every
// row (name, sense, right-hand side). Two programs with the same column
// names but another matrix, right-hand side or task (a piece count of 2
// instead of 1, a 7x6 board instead of 7x7) have different fingerprints.
// The puzzle's name is not hashed (it does not change the program).
//
// The exports write it as a column fixed at FingerprintValue(name), with
// objective coefficient 0 and in no row, so that a solver's solution file
// names it and 'polytile check' can tell which program was solved.
//
// It takes one pass over the columns and rows (about as long as sizing
// the LP file), reads ctx every 65,536 columns and rows, and is cached:
// later calls return at once.
func (pr *Program) Fingerprint(ctx context.Context) (string, error) {
	stop := func() bool { return ctx.Err() != nil }
	name, err := pr.FingerprintStop(stop)
	if err != nil && ctx.Err() != nil {
		return "", ctx.Err()
	}
	return name, err
}

// errFingerprintStopped is FingerprintStop's error when stop said stop.
var errFingerprintStopped = errors.New("model: fingerprint: stopped")

// FingerprintStop is Fingerprint with a stop function (read every 65,536
// columns and rows; nil never stops), for callers that have no context
// (a writer whose write of nothing fails once the export is cancelled).
func (pr *Program) FingerprintStop(stop func() bool) (string, error) {
	if pr.fp == nil {
		return pr.computeFingerprint(stop) // a Program not built by NewProgram
	}
	pr.fp.mu.Lock()
	defer pr.fp.mu.Unlock()
	if pr.fp.name != "" {
		return pr.fp.name, nil
	}
	name, err := pr.computeFingerprint(stop)
	if err != nil {
		return "", err
	}
	pr.fp.name = name
	return name, nil
}

func (pr *Program) computeFingerprint(stop func() bool) (string, error) {
	h := sha256.New()
	e := fpEncoder{h: h}
	e.str(fingerprintVersion)
	o := pr.Options
	e.int(int64(o.Mode))
	e.int(int64(o.Formulation))
	e.bool(o.Strengthen)
	e.bool(o.Checkerboard)
	e.int(int64(o.Symmetry))
	e.bool(pr.Maximize())
	e.int(int64(pr.NumCols()))
	e.int(int64(pr.NumRows()))
	var name []byte
	var c Column
	for j := range pr.NumCols() {
		if j&(1<<16-1) == 0 && stop != nil && stop() {
			return "", errFingerprintStopped
		}
		pr.Column(j, &c)
		name = pr.AppendColName(name[:0], j)
		e.bytes(name)
		e.int(int64(c.Kind))
		e.float(c.Lower)
		e.float(c.Upper)
		e.float(c.Cost)
		e.int(int64(len(c.Terms)))
		for _, t := range c.Terms {
			e.int(int64(t.Index))
			e.float(t.Coef)
		}
	}
	var r Row
	for i := range pr.NumRows() {
		if i&(1<<16-1) == 0 && stop != nil && stop() {
			return "", errFingerprintStopped
		}
		pr.Row(i, &r)
		name = pr.AppendRowName(name[:0], i)
		e.bytes(name)
		e.int(int64(r.Sense))
		e.float(r.RHS)
		e.int(int64(len(r.Terms)))
	}
	e.flush()
	sum := h.Sum(nil)
	return FingerprintPrefix + hex.EncodeToString(sum[:16]), nil
}

// fpEncoder feeds a hash through a buffer: lengths before byte strings,
// fixed-width integers and floats, so that no two programs encode alike.
type fpEncoder struct {
	h   hash.Hash
	buf []byte
}

func (e *fpEncoder) grow() {
	if len(e.buf) >= 1<<16 {
		e.flush()
	}
}

func (e *fpEncoder) flush() {
	e.h.Write(e.buf)
	e.buf = e.buf[:0]
}

func (e *fpEncoder) int(v int64) {
	e.buf = binary.LittleEndian.AppendUint64(e.buf, uint64(v))
	e.grow()
}

func (e *fpEncoder) float(v float64) {
	if v == 0 {
		v = 0 // -0 and 0 are one coefficient
	}
	e.buf = binary.LittleEndian.AppendUint64(e.buf, math.Float64bits(v))
	e.grow()
}

func (e *fpEncoder) bool(b bool) {
	if b {
		e.int(1)
	} else {
		e.int(0)
	}
}

func (e *fpEncoder) bytes(b []byte) {
	e.int(int64(len(b)))
	e.buf = append(e.buf, b...)
	e.grow()
}

func (e *fpEncoder) str(s string) { e.bytes([]byte(s)) }

// MatchFingerprint checks a fingerprint column that a solution names:
// nil when name is this program's fingerprint (own, from Fingerprint) at
// its value (FingerprintValue), else an error saying the solution is of
// another program. The value is the solution's own evidence where the
// name came from a names file (a fixed MPS file's short name, glpsol's
// numbered column), which may be another export's.
func MatchFingerprint(own, name string, v float64) error {
	if name != own {
		return fmt.Errorf("the file names the fingerprint %s, this program's is %s: it is the solution of another program", name, own)
	}
	if want := FingerprintValue(own); math.Abs(v-want) > 0.5 {
		return fmt.Errorf("the fingerprint column %s has the value %g, this program fixes it at %g: it is the solution of another program", name, v, want)
	}
	return nil
}
