package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestSignalAtTheCommitPoint: an export (the program with its
// --highs-options-file companion) and a render -o cut by a signal at
// their very end. A signal after the renames leaves the complete files
// in place with exit 0 (it was exit 130 with the complete files there);
// one just before the commit point leaves nothing, no temporary file
// either, with exit 130. The signal is delivered as the operating system
// delivers it, through the app's signal handler (commitHook). Fails on
// the old code (with the hook kept and the ordering removed: exit 130
// after the renames).
func TestSignalAtTheCommitPoint(t *testing.T) {
	pz := example("pentomino-10x6.yaml")
	dir := t.TempDir()
	want := map[string][]byte{}
	runs := map[string]func(out string) []string{
		"export": func(out string) []string {
			return []string{"export", pz, "--format", "lp", "-o", out + ".lp", "--highs-options-file", out + ".opt"}
		},
		"render": func(out string) []string { return []string{"render", pz, "--format", "svg", "-o", out + ".svg"} },
	}
	outputs := func(out string) []string {
		m, _ := filepath.Glob(out + ".*")
		return m
	}
	for name, args := range runs {
		ref := filepath.Join(dir, name+"-ref")
		if code, _, errs := run(t, "", args(ref)...); code != 0 {
			t.Fatalf("%s: exit %d %s", name, code, errs)
		}
		for _, f := range outputs(ref) {
			want[strings.TrimPrefix(f, ref)] = mustRead(t, f)
		}
	}
	defer func() { commitHook = nil }()
	for _, stage := range []string{"after", "before"} {
		for name, args := range runs {
			out := filepath.Join(dir, name+"-"+stage)
			hooked := false
			commitHook = func(a *app, s string) {
				if s != stage || hooked {
					return
				}
				hooked = true
				a.raise(os.Interrupt)
				for end := time.Now().Add(5 * time.Second); a.signal.Load() == 0 || a.ctx.Err() == nil; {
					if time.Now().After(end) {
						t.Fatalf("%s %s: the signal was not handled in 5 s", name, stage)
					}
					time.Sleep(time.Millisecond)
				}
			}
			code, _, errs := run(t, "", args(out)...)
			commitHook = nil
			if !hooked {
				t.Fatalf("%s %s: the commit point was not reached (exit %d %s)", name, stage, code, errs)
			}
			got := outputs(out)
			switch stage {
			case "after":
				if code != 0 || len(got) == 0 {
					t.Errorf("%s, a signal after the rename: exit %d, files %v %s", name, code, got, errs)
				}
				for _, f := range got {
					if !bytes.Equal(mustRead(t, f), want[strings.TrimPrefix(f, out)]) {
						t.Errorf("%s, a signal after the rename: %s is not the complete output", name, f)
					}
				}
			case "before":
				if code != exitInterrupted || len(got) != 0 {
					t.Errorf("%s, a signal before the rename: exit %d, files %v %s", name, code, got, errs)
				}
			}
		}
	}
	// No temporary file is left by any run.
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), ".") {
			t.Errorf("temporary file left: %s", e.Name())
		}
	}
}
