package shard

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/puzzle"
)

// TestKeyConfigRoundTrip: a version 3 key reads back as the
// configuration written (FormatKeyConfig, ParseKey, ParseKeySettings,
// ResolveKey), with no resolver: its settings are data.
func TestKeyConfigRoundTrip(t *testing.T) {
	sum := strings.Repeat("ab", 32)
	fp := "sha256:" + strings.Repeat("0f", 32)
	for _, kc := range []KeyConfig{
		{Config: Config{Backend: "fila", Schedule: "f", NOF: true, Volume: -1, Redundancy: "X"}, From: "yaml"},
		{Config: Config{Backend: "dlx", Schedule: "e=11:f=3", FilaAt: 4, Volume: 2}, From: "burrtools:2", Unique: true},
	} {
		k, err := ParseKey(FormatKeyConfig("count.sh", sum, 7, kc, fp))
		if err != nil || k.Version != 3 || k.Shards != 7 || k.Fingerprint != fp {
			t.Fatalf("%+v: %+v, %v", kc, k, err)
		}
		got, err := ResolveKey(context.Background(), k, KeyResolve{Path: "p.yaml"})
		if err != nil || got != kc {
			t.Errorf("ResolveKey = %+v, %v; want %+v", got, err, kc)
		}
	}
}

func TestParseKeySettings(t *testing.T) {
	key := func(version int, words ...string) *Key { return &Key{Version: version, Flags: words} }
	s, err := ParseKeySettings(key(1, "--heuristic", "s", "-j", "2", "--nof=false", "--volume", "--quiet", "--redundancy=X", "--unique", "--from", "yml", "--time-limit=1h"))
	if err != nil {
		t.Fatal(err)
	}
	if s.Heuristic != "s" || s.NOF || s.Volume != -1 || s.Redundancy != "X" || !s.Unique || s.From != "yml" || s.Backend != "fila" {
		t.Errorf("settings %+v", s)
	}
	if !s.Given("heuristic") || !s.Given("jobs") || s.Given("fila-at") || !s.ConfigGiven() {
		t.Errorf("given: heuristic %t jobs %t fila-at %t", s.Given("heuristic"), s.Given("jobs"), s.Given("fila-at"))
	}
	if s, err := ParseKeySettings(key(2)); err != nil || s.ConfigGiven() || s.Literal() != (Config{Backend: "fila", NOF: true}) {
		t.Errorf("no flags: %+v, %v", s, err)
	}
	for _, c := range []struct {
		k    *Key
		want string
	}{
		{key(1, "--bogus"), "unknown flag"},
		{key(2, "stray-word"), "arguments that are not flags"},
		{key(1, "--heuristic"), "needs an argument"},
		{key(1, "--jobs=0"), "from 1 to 256"},
		{key(2, "--fila-at=x"), "invalid argument"},
		{key(1, "--from=nope"), "nope"},
		{key(3, "--jobs=2"), "version 3"},
		{key(1, "-x"), "unknown shorthand"},
	} {
		_, err := ParseKeySettings(c.k)
		var se *KeySyntaxError
		if !errors.Is(err, ErrKeySyntax) || !errors.As(err, &se) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want %q", c.k.Flags, err, c.want)
		}
	}
	if _, err := ParseKeySettings(&Key{FlagsErr: errors.New("an unterminated '")}); err == nil || !strings.Contains(err.Error(), "printf %q") {
		t.Errorf("unquotable flags: %v", err)
	}
}

// TestResolveKeyOfOlderVersions: the flags of a version 1 or 2 key are
// resolved for the run's puzzle; the same --redundancy as the run's pins
// the run's piece, and the format goes by the file's name.
func TestResolveKeyOfOlderVersions(t *testing.T) {
	p, err := puzzle.Parse("p.yaml", []byte("board: 5x2\npieces:\n  I: \"#####\"\ncount: 2\n"), "")
	if err != nil {
		t.Fatal(err)
	}
	r := KeyResolve{Puzzle: p, Path: "p.yaml", Redundancy: "", Pinned: "I"}
	kc, err := ResolveKey(context.Background(), &Key{Version: 1, Flags: []string{"--redundancy", "auto", "--unique"}}, r)
	cfg := ConfigOf(native.Options{Count: true, NOF: native.DefaultNOF, Unique: true, Redundancy: "auto"}.Resolve(p))
	cfg.Redundancy = "I"
	want := KeyConfig{Config: cfg, From: "yaml", Unique: true}
	if err != nil || kc != want {
		t.Errorf("version 1: %+v, %v; want %+v", kc, err, want)
	}
	// A version 3 key without --redundancy (auto) pins what the run pins.
	v3 := &Key{Version: 3, Flags: []string{"--backend=" + cfg.Backend, "--fila-at=0", "--heuristic=" + cfg.Schedule, "--nof=" + strconv.FormatBool(cfg.NOF), "--volume=" + strconv.Itoa(cfg.Volume), "--unique=true"}}
	if kc3, err := ResolveKey(context.Background(), v3, r); err != nil || kc3 != want {
		t.Errorf("version 3, auto: %+v, %v; want %+v", kc3, err, want)
	}
	if _, err := ResolveKey(context.Background(), &Key{Version: 2, Flags: []string{"--backend=highs"}}, r); err == nil || !strings.Contains(err.Error(), "fila or dlx") {
		t.Errorf("a backend that does not shard: %v", err)
	}
	// Two keys of one count compare equal, of another heuristic not.
	now := &Key{PuzzleSHA256: "a", Shards: 2, Config: &want}
	then := &Key{PuzzleSHA256: "a", Shards: 2, Config: &kc}
	if err := then.Compare(now); err != nil {
		t.Errorf("the same configuration: %v", err)
	}
	other := want
	other.Schedule = "s"
	then.Config = &other
	var c *KeyConflict
	if err := then.Compare(now); !errors.As(err, &c) || len(c.Diffs) != 1 || c.Diffs[0].Field != KeyFlags || !strings.Contains(c.Diffs[0].Then, "--heuristic=s") {
		t.Errorf("another heuristic: %v", err)
	}
}

func TestEstablishKey(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, KeyName)
	kc := KeyConfig{Config: Config{Backend: "fila", Schedule: "f", NOF: true, Volume: -1, Redundancy: "X"}, From: "yaml"}
	now := &Key{PuzzleSHA256: strings.Repeat("ab", 32), Shards: 3, Fingerprint: "sha256:" + strings.Repeat("0f", 32), Config: &kc}
	r := KeyResolve{Path: "p.yaml"}
	if made, err := EstablishKey(context.Background(), path, "test", now, r); !made || err != nil {
		t.Fatalf("a new key: %t, %v", made, err)
	}
	if made, err := EstablishKey(context.Background(), path, "test", now, r); made || err != nil {
		t.Errorf("the same count again: %t, %v", made, err)
	}
	other := kc
	other.Unique = true
	if _, err := EstablishKey(context.Background(), path, "test", &Key{PuzzleSHA256: now.PuzzleSHA256, Shards: 3, Fingerprint: now.Fingerprint, Config: &other}, r); !errors.Is(err, ErrAnotherCount) {
		t.Errorf("another count: %v", err)
	}
	if err := os.WriteFile(path, []byte("not a key\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var ku *KeyUnreadableError
	if _, err := EstablishKey(context.Background(), path, "test", now, r); !errors.As(err, &ku) || !errors.Is(err, ErrKeyUnreadable) {
		t.Errorf("not a key: %v", err)
	}
}

func TestKeyRequestAndCountFiles(t *testing.T) {
	dir := t.TempDir()
	key := filepath.Join(dir, KeyName)
	ok := KeyRequest{Path: key, Recipe: "count.sh", Puzzle: "p.yaml", Checkpoint: filepath.Join(dir, "s.ckpt")}
	if err := ok.Check(); err != nil {
		t.Errorf("a good request: %v", err)
	}
	for name, r := range map[string]KeyRequest{
		"another name":       {Path: filepath.Join(dir, "k"), Recipe: "r", Puzzle: "p.yaml"},
		"the checkpoint":     {Path: key, Recipe: "r", Puzzle: "p.yaml", Checkpoint: filepath.Join(dir, ".", KeyName)},
		"stdin":              {Path: key, Recipe: "r", Puzzle: "-"},
		"a recipe of spaces": {Path: key, Recipe: "a b", Puzzle: "p.yaml"},
	} {
		if err := r.Check(); !errors.Is(err, ErrKeyRequest) {
			t.Errorf("%s: %v", name, err)
		}
	}
	if err := CheckCountFiles(key, CountOutput{"-o", filepath.Join(dir, "shard-0.json")}); err != nil {
		t.Errorf("an empty directory: %v", err)
	}
	if err := os.Symlink("elsewhere.json", filepath.Join(dir, "link.json")); err != nil {
		t.Fatal(err)
	}
	var nr *NotRegularError
	if err := CheckCountFiles(key); !errors.Is(err, ErrKeyRequest) || !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), "link.json") {
		t.Errorf("a dangling link among the results: %v", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "elsewhere.json"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	err := CheckCountFiles(key, CountOutput{"-o", filepath.Join(dir, "link.json")})
	if !errors.Is(err, ErrKeyRequest) || !strings.Contains(err.Error(), "replace its target") || !errors.As(err, &nr) || nr.Target != "elsewhere.json" {
		t.Errorf("-o through a link: %v", err)
	}
}
