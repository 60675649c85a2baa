package main

import (
	"encoding/json"
	"io"
	"strings"
	"testing"

	"github.com/polytile/polytile/model"
)

// One default per concept across commands. The formulation: solve,
// export and compare's MIP backends all default to model.DefaultFormulation
// (export used to default to seed, solve and compare to packing).
func TestDefaultFormulationAgrees(t *testing.T) {
	a := &app{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard}
	root := a.rootCmd()
	want := model.DefaultFormulation.String()
	for _, name := range []string{"solve", "export"} {
		cmd, _, err := root.Find([]string{name})
		if err != nil {
			t.Fatal(err)
		}
		if got := cmd.Flags().Lookup("formulation").DefValue; got != want {
			t.Errorf("%s --formulation defaults to %s, want %s", name, got, want)
		}
		if _, help, _ := run(t, "", name, "--help"); !strings.Contains(help, `(default "`+want+`")`) || !strings.Contains(help, "default "+want) {
			t.Errorf("%s --help does not state the default formulation %s in the flag and the text", name, want)
		}
	}
	// export without --formulation writes the same program as with the default.
	t7 := example("tetris-7x7.yaml")
	_, plain, _ := run(t, "", "export", t7, "--format", "lp", "--max-coverage")
	_, explicit, _ := run(t, "", "export", t7, "--format", "lp", "--max-coverage", "--formulation", want)
	if plain != explicit || plain == "" {
		t.Error("export's default formulation is not model.DefaultFormulation")
	}
	// compare's MIP backends without an option.
	code, out, errs := run(t, "", "compare", t7, "-b", "highs", "--task", "max-coverage", "--format", "json", "--time-limit", "20s")
	if code != 0 {
		t.Fatalf("compare: exit %d: %s", code, errs)
	}
	row := compareJSON(t, out).Tables[0].Rows[0]
	if row.Status != "skipped" && !strings.Contains(row.Config, want+" formulation") {
		t.Errorf("compare's highs row: %q, want the %s formulation", row.Config, want)
	}
}

// compare's "native" row is solve's default configuration: the same
// search, node for node. (It was FILA without NOF, volume filter or the
// default heuristic: 924k nodes and 2.69 s against solve's 0.15 s on
// 10x6.)
func TestCompareNativeIsSolveDefault(t *testing.T) {
	for _, file := range []string{"pentomino-10x6.yaml", "soma.yaml"} {
		code, out, errs := run(t, "", "solve", example(file), "--count", "--unique", "--json")
		if code != 0 {
			t.Fatalf("solve: exit %d: %s", code, errs)
		}
		var s struct {
			Nodes  int64
			Config string
		}
		if err := json.Unmarshal([]byte(out), &s); err != nil {
			t.Fatal(err)
		}
		code, out, errs = run(t, "", "compare", example(file), "-b", "native", "--task", "count", "--format", "json")
		if code != 0 {
			t.Fatalf("compare: exit %d: %s", code, errs)
		}
		row := compareJSON(t, out).Tables[0].Rows[0]
		if row.Work != s.Nodes || s.Nodes == 0 {
			t.Errorf("%s: compare's native row searched %d nodes, solve's default (%s) %d", file, row.Work, s.Config, s.Nodes)
		}
	}
}
