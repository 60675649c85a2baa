package shard

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"
)

// A shard result and a checkpoint carry a digest of their own fields,
// written by solve: the SHA-256 of their JSON encoding with the digest
// left out. merge and a resumed solve recompute it and refuse a file
// whose fields no longer match it (a count edited by hand, a line lost
// in a copy), and a file without one, instead of adding up counts that
// no search produced. The digest has no key: like the fingerprint it
// identifies what solve wrote, it does not authenticate it (whoever edits
// a count can recompute the digest).

// digestPrefix starts every digest; the hashed text starts with the
// record's kind, so a result's digest is never a checkpoint's.
const digestPrefix = "sha256:"

// digestOf is the digest of v (a Result or a Checkpoint with its Digest
// field empty), its JSON encoding hashed after kind.
func digestOf(kind string, v any) (string, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return "", err
	}
	h := sha256.New()
	h.Write([]byte(kind + "\n"))
	h.Write(b)
	return digestPrefix + hex.EncodeToString(h.Sum(nil)), nil
}

// Seal sets r.Digest to the digest of r's other fields. Call it last,
// once every field has its final value.
func (r *Result) Seal() error { return seal("shard result", Format, r, resultDigest) }

// checkDigest reports whether r's digest matches its fields.
func (r *Result) checkDigest() error { return verify("shard result", Format, r, resultDigest) }

// Seal sets c.Digest to the digest of c's other fields (Write calls it).
func (c *Checkpoint) Seal() error { return seal("checkpoint", CheckpointFormat, c, checkpointDigest) }

// checkDigest reports whether c's digest matches its fields.
func (c *Checkpoint) checkDigest() error {
	return verify("checkpoint", CheckpointFormat, c, checkpointDigest)
}

func resultDigest(r *Result) *string         { return &r.Digest }
func checkpointDigest(c *Checkpoint) *string { return &c.Digest }

// recordDigest is the digest of rec's fields but its digest (reached
// through field): that of a copy with the digest cleared, rec unchanged.
func recordDigest[T any](kind string, rec *T, field func(*T) *string) (string, error) {
	c := *rec
	*field(&c) = ""
	return digestOf(kind, &c)
}

// seal sets rec's digest (what names the record in an error).
func seal[T any](what, kind string, rec *T, field func(*T) *string) error {
	d, err := recordDigest(kind, rec, field)
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	*field(rec) = d
	return nil
}

// verify reports whether rec's digest matches its other fields.
func verify[T any](what, kind string, rec *T, field func(*T) *string) error {
	want, err := recordDigest(kind, rec, field)
	if err != nil {
		return err
	}
	return digestMismatch(what, *field(rec), want)
}

// digestMismatch is the error of a record whose digest is missing or is
// not want.
func digestMismatch(what, got, want string) error {
	switch {
	case got == "":
		return fmt.Errorf("no digest: this %s was not written by this polytile's solve (an older version, or its digest line was removed), so its counts cannot be trusted; run it again", what)
	case !strings.HasPrefix(got, digestPrefix) || !isHex(strings.TrimPrefix(got, digestPrefix), 64):
		return fmt.Errorf("digest %q is not sha256: and 64 hexadecimal digits", shorten(got))
	case got != want:
		return fmt.Errorf("its fields do not match its digest: the %s was edited after solve wrote it (a count changed by hand?); its counts cannot be trusted: run it again", what)
	}
	return nil
}
