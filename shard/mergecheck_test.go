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

// keyFixture is a directory with a version 2 key and two results of
// its count, fingerprint fp, configuration cfg.
func keyFixture(t *testing.T, fp string, cfg Config) (*Key, []Loaded) {
	t.Helper()
	dir := t.TempDir()
	words := []string{"--backend=" + cfg.Backend, "--fila-at=" + strconv.Itoa(cfg.FilaAt), "--heuristic=" + cfg.Schedule, "--nof=" + strconv.FormatBool(cfg.NOF), "--volume=" + strconv.Itoa(cfg.Volume), "--redundancy=" + PinnedWord(cfg.Redundancy)}
	if err := os.WriteFile(filepath.Join(dir, KeyName), FormatKey("test", SHA256Hex([]byte("puzzle")), 2, words, fp), 0o644); err != nil {
		t.Fatal(err)
	}
	k, err := ReadKey(dir)
	if err != nil {
		t.Fatal(err)
	}
	var files []Loaded
	for i := range 2 {
		files = append(files, Loaded{Path: filepath.Join(dir, "r"+string(rune('0'+i))+".json"),
			Result: &Result{Fingerprint: fp, Config: cfg, Index: i, Count: 2, File: filepath.Join(dir, "gone.yaml")}})
	}
	return k, files
}

// testPuzzle is two I pentominoes on a 5x2 board, and the
// configuration solve --count resolves for it with solve's defaults.
func testPuzzle(t *testing.T) (*puzzle.Puzzle, Config) {
	t.Helper()
	p, err := puzzle.Parse("p.yaml", []byte("board: 5x2\npieces:\n  I: \"#####\"\ncount: 2\n"), "")
	if err != nil {
		t.Fatal(err)
	}
	return p, ConfigOf(native.Options{Count: true, NOF: native.DefaultNOF}.Resolve(p))
}

func TestCheckKeyWithoutThePuzzle(t *testing.T) {
	fp := "sha256:" + strings.Repeat("ab", 32)
	cfg := Config{Backend: "fila", Schedule: "f", NOF: true, Volume: -1, Redundancy: "X"}
	k, files := keyFixture(t, fp, cfg)
	noRead := PuzzleReader{ReadFile: func(string) ([]byte, error) { return nil, os.ErrNotExist },
		Puzzle: func(string, []byte, string) (string, *puzzle.Puzzle, error) { return "", nil, errors.New("unused") }}
	check := KeyCheck{Files: files, Reader: noRead}

	var acc Account
	if err := CheckKey(context.Background(), k, check, &acc); err != nil {
		t.Fatal(err)
	}
	// N and the configuration checked, the puzzle file not found.
	if len(acc.Verified) != 3 || len(acc.Unchecked) != 1 || !acc.Warn {
		t.Errorf("account %+v", acc)
	}

	other := cfg
	other.Schedule = "s"
	files[1].Result.Config = other
	var cfgConflict *Conflict
	if err := CheckKey(context.Background(), k, check, &Account{}); !errors.As(err, &cfgConflict) || len(cfgConflict.Files) != 1 || !strings.Contains(cfgConflict.Files[0], "r1.json") {
		t.Errorf("another configuration: %v", err)
	}
	files[1].Result.Config = cfg

	files[1].Result.Count = 3
	var nConflict *Conflict
	if err := CheckKey(context.Background(), k, check, &Account{}); !errors.As(err, &nConflict) || !strings.Contains(nConflict.What, "another shard count") {
		t.Errorf("another N: %v", err)
	}
	files[1].Result.Count = 2

	files[0].Result.Fingerprint = "sha256:" + strings.Repeat("cd", 32)
	var fpConflict *Conflict
	if err := CheckKey(context.Background(), k, check, &Account{}); !errors.As(err, &fpConflict) || !strings.Contains(fpConflict.What, "not computed for the puzzle") {
		t.Errorf("another fingerprint: %v", err)
	}
	files[0].Result.Fingerprint = fp

	bad := *k
	bad.Flags = []string{"--bogus"}
	var kf *KeyFlagsError
	if err := CheckKey(context.Background(), &bad, check, &Account{}); !errors.Is(err, ErrKeyFlags) || !errors.As(err, &kf) || kf.Path != k.Path {
		t.Errorf("unreadable flags: %v", err)
	}
}

func TestCheckKeyWithThePuzzle(t *testing.T) {
	p, cfg := testPuzzle(t)
	fp := Fingerprint(p)
	k, files := keyFixture(t, fp, cfg)
	data := []byte("puzzle") // the key's SHA-256
	reader := PuzzleReader{ReadFile: os.ReadFile, Puzzle: func(string, []byte, string) (string, *puzzle.Puzzle, error) { return fp, p, nil }}
	check := KeyCheck{Files: files, Puzzle: "p.yaml", Data: data, Reader: reader}
	var acc Account
	if err := CheckKey(context.Background(), k, check, &acc); err != nil || len(acc.Verified) != 3 || len(acc.Unchecked) != 0 {
		t.Fatalf("%v, %+v", err, acc)
	}

	for _, w := range []string{"--heuristic=zz", "--backend=highs"} {
		refused := *k
		refused.Flags = append(append([]string{}, k.Flags...), w)
		if err := CheckKey(context.Background(), &refused, check, &Account{}); !errors.Is(err, ErrRefusedSettings) {
			t.Errorf("%s: %v", w, err)
		}
	}
	other := *k
	other.Flags = append(append([]string{}, k.Flags...), "--heuristic=s")
	var c *Conflict
	if err := CheckKey(context.Background(), &other, check, &Account{}); !errors.As(err, &c) || len(c.Files) != 2 {
		t.Errorf("another heuristic: %v", err)
	}

	// --puzzle of another SHA-256: said, and still checked by fingerprint.
	edited := check
	edited.Data = []byte("edited")
	acc = Account{}
	if err := CheckKey(context.Background(), k, edited, &acc); err != nil || len(acc.Unchecked) != 1 || len(acc.Verified) != 2 {
		t.Errorf("an edited --puzzle: %v, %+v", err, acc)
	}
}

func TestCheckPuzzle(t *testing.T) {
	p, cfg := testPuzzle(t)
	fp := Fingerprint(p)
	_, files := keyFixture(t, fp, cfg)
	c := PuzzleCheck{Path: "p.yaml", Fingerprint: fp, Puzzle: p, Settings: DefaultSettings()}
	if err := CheckPuzzle(c, files); err != nil {
		t.Errorf("no setting given: %v", err)
	}
	c.Settings.Given = func(n string) bool { return n == "heuristic" }
	if err := CheckPuzzle(c, files); err != nil {
		t.Errorf("the default heuristic given: %v", err)
	}
	c.Settings.Heuristic = "s"
	var conflict *Conflict
	if err := CheckPuzzle(c, files); !errors.As(err, &conflict) || len(conflict.Files) != 2 {
		t.Errorf("another heuristic given: %v", err)
	}
	c.Settings.Heuristic = "zz"
	if err := CheckPuzzle(c, files); !errors.Is(err, ErrSetting) {
		t.Errorf("an unknown heuristic: %v", err)
	}
	c.Fingerprint = "sha256:" + strings.Repeat("cd", 32)
	if err := CheckPuzzle(c, files); !errors.As(err, &conflict) || !strings.Contains(conflict.What, "as it is now") {
		t.Errorf("another puzzle: %v", err)
	}

	var acc Account
	PlainChecks("", Settings{}, &Report{Fingerprint: fp}, nil, &acc)
	if len(acc.Verified) != 0 || len(acc.Unchecked) != 2 {
		t.Errorf("no key, no --puzzle: %+v", acc)
	}
	acc = Account{}
	PlainChecks("p.yaml", c.Settings, &Report{}, nil, &acc)
	if len(acc.Verified) != 2 || len(acc.Unchecked) != 0 {
		t.Errorf("--puzzle with a flag: %+v", acc)
	}
}

func TestSettingsWant(t *testing.T) {
	cfg := Config{Backend: "fila", Schedule: "f"}
	for r, want := range map[string]Want{
		"":     {Config: cfg, AnyRedundancy: true},
		"auto": {Config: cfg, AnyRedundancy: true},
		"none": {Config: cfg},
		"X":    {Config: Config{Backend: "fila", Schedule: "f", Redundancy: "X"}},
	} {
		if got := (Settings{Redundancy: r}).Want(cfg); got != want {
			t.Errorf("redundancy %q: %+v, want %+v", r, got, want)
		}
	}
}

// TestShardsAddUp: the shards of a count, each run through Run.Attach
// and Run.Finish, add up to the count of the whole search (an
// independent run without a split); WatchSplit sees every subproblem a
// shard solved.
func TestShardsAddUp(t *testing.T) {
	p, err := puzzle.Parse("p.yaml", []byte("board: 6x5\npieces:\n  I: \"###\"\n  L: \"##/#.\"\ncount: unlimited\n"), "")
	if err != nil {
		t.Fatal(err)
	}
	whole, err := native.Solve(context.Background(), p, native.Options{Count: true, NOF: native.DefaultNOF}.Resolve(p))
	if err != nil || whole.All == 0 {
		t.Fatalf("%v, %+v", err, whole)
	}
	var all int64
	for i := range 3 {
		cfg := native.Options{Count: true, Stats: true}.Resolve(p)
		cfg.Shard = native.Shard{Index: i, Count: 3}
		run := NewRun(RunSpec{Fingerprint: Fingerprint(p), Config: ConfigOf(cfg), Index: i, Count: 3})
		run.Attach(&cfg, func(err error) error { return err })
		w := WatchSplit(&cfg, false)
		res, err := native.Solve(context.Background(), p, cfg)
		if err != nil {
			t.Fatal(err)
		}
		r, err := run.Finish(res, Outcome{File: "p.yaml"})
		if err != nil || !r.Complete {
			t.Fatalf("shard %d: %v, %+v", i, err, r)
		}
		if st := w.Summary(res, cfg.Shard); st == nil || st.Solved != r.Owned {
			t.Errorf("shard %d: split stats %+v, %d subproblems owned", i, st, r.Owned)
		}
		all += r.All
	}
	if all != whole.All {
		t.Errorf("the shards add up to %d, the whole count is %d", all, whole.All)
	}
	serial := native.Options{Count: true}.Resolve(p)
	if WatchSplit(&serial, false) != nil {
		t.Errorf("WatchSplit on a serial search")
	}
}

// TestCheckedMerge: with no key, the report accounts for the checks
// against no puzzle; a key of another N refuses the merge before it adds
// anything up.
func TestCheckedMerge(t *testing.T) {
	files := []Loaded{{Path: "a", Result: res(0, 2, 8, 1, true)}, {Path: "b", Result: res(1, 2, 4, 2, true)}}
	var acc Account
	rep, err := CheckedMerge(context.Background(), nil, KeyCheck{Files: files}, nil, Settings{}, &acc)
	if err != nil || rep.All != 12 || len(rep.Unchecked) != 2 || len(rep.Verified) != 0 {
		t.Fatalf("no key: %v, %+v", err, rep)
	}
	k := &Key{Path: "out/count.key", Version: 1, Shards: 3}
	var c *Conflict
	if _, err := CheckedMerge(context.Background(), []*Key{k}, KeyCheck{Files: files}, nil, Settings{}, &Account{}); !errors.As(err, &c) {
		t.Errorf("a key of another N: %v", err)
	}
}
