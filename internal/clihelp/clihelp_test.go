package clihelp

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// TestReflowKeepsLists: Reflow fills prose lines again but keeps an
// indented list where it is, wrapping its long items under their text.
func TestReflowKeepsLists(t *testing.T) {
	in := "One short\nline of prose.\n\n  lp    a format whose description is long enough to wrap at thirty\n  mps   short\n  key: a value list that is long enough to wrap"
	got := Reflow(in, 40)
	want := "One short line of prose.\n\n  lp    a format whose description is\n        long enough to wrap at thirty\n  mps   short\n  key: a value list that is long enough\n       to wrap"
	if got != want {
		t.Errorf("Reflow:\n%s\nwant:\n%s", got, want)
	}
}

// failWriter fails every write.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

// TestErrWriterKeepsFirstError: the first write error is kept, later
// ones do not replace it.
func TestErrWriterKeepsFirstError(t *testing.T) {
	var b bytes.Buffer
	w := &ErrWriter{W: &b}
	if _, err := w.Write([]byte("ok")); err != nil || w.Err != nil || b.String() != "ok" {
		t.Fatalf("a good write: %v %v %q", err, w.Err, b.String())
	}
	w.W = failWriter{}
	w.Write([]byte("x"))
	first := w.Err
	w.Write([]byte("y"))
	if first == nil || w.Err != first {
		t.Errorf("kept %v, then %v", first, w.Err)
	}
}

// tree is a root with one subcommand of two groups of flags.
func tree() (root, sub *cobra.Command) {
	root = &cobra.Command{Use: "tool", Short: "A tool."}
	sub = &cobra.Command{Use: "run FILE", Short: "Run a file.", Run: func(*cobra.Command, []string) {}}
	sub.Flags().Int("jobs", 1, "workers")
	sub.Flags().Bool("fast", false, "go fast")
	sub.Flags().String("out", "-", "the output")
	root.AddCommand(sub)
	return root, sub
}

// TestWriteGroupsFlags: the flags are listed under their group titles in
// the table's order, a flag missing from the table last among the common
// ones, and a command with one group heads it "Flags:".
func TestWriteGroupsFlags(t *testing.T) {
	_, sub := tree()
	g := Groups{Titles: []string{"Common flags:", "Tuning flags:"}, ByCommand: map[string][][]string{"run": {{"out"}, {"jobs"}}}}
	var b bytes.Buffer
	if err := Write(&b, sub, 80, g); err != nil {
		t.Fatal(err)
	}
	got := b.String()
	common, tuning := strings.Index(got, "Common flags:\n"), strings.Index(got, "Tuning flags:\n")
	out, fast, jobs := strings.Index(got, "--out"), strings.Index(got, "--fast"), strings.Index(got, "--jobs")
	if !strings.HasPrefix(got, "Run a file.\n\nUsage:\n  tool run FILE [flags]\n") || common < 0 || !(common < out && out < fast && fast < tuning && tuning < jobs) {
		t.Errorf("help:\n%s", got)
	}
	b.Reset()
	g.ByCommand["run"] = [][]string{{"out", "jobs", "fast"}}
	if err := Write(&b, sub, 80, g); err != nil {
		t.Fatal(err)
	}
	if got := b.String(); !strings.Contains(got, "\nFlags:\n") || strings.Contains(got, "Common flags:") {
		t.Errorf("one group:\n%s", got)
	}
	if err := Write(failWriter{}, sub, 80, g); err == nil {
		t.Error("a failed write is not reported")
	}
}

// TestWrapExampleRuns: a long example line is broken before its options
// with the shell's continuation, never inside quotes.
func TestWrapExampleRuns(t *testing.T) {
	got := wrapExample(`  tool run "a file with --spaces" --jobs 4 --out result.txt --fast`, 40)
	want := "  tool run \"a file with --spaces\" \\\n      --jobs 4 --out result.txt --fast"
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// TestCommandUnknownTopic: a known topic prints the command's help; an
// unknown one goes to unknown with the near names.
func TestCommandUnknownTopic(t *testing.T) {
	root, _ := tree()
	var msgs []string
	root.AddCommand(Command(root, "Help.", func(msg string) error { msgs = append(msgs, msg); return errors.New(msg) }))
	var b bytes.Buffer
	root.SilenceErrors, root.SilenceUsage = true, true
	root.SetOut(&b)
	root.SetArgs([]string{"help", "run"})
	if err := root.Execute(); err != nil || !strings.Contains(b.String(), "Run a file.") {
		t.Errorf("help run: %v\n%s", err, b.String())
	}
	root.SetArgs([]string{"help", "rn"})
	if err := root.Execute(); err == nil || len(msgs) != 1 || msgs[0] != `unknown help topic "rn"; did you mean run?` {
		t.Errorf("help rn: %v %q", err, msgs)
	}
}

// TestUnknownCommand: cobra's error for an unknown command becomes one
// line with the near names; any other error is left alone.
func TestUnknownCommand(t *testing.T) {
	root := &cobra.Command{Use: "tool", DisableSuggestions: true, SuggestionsMinimumDistance: 2}
	root.AddCommand(&cobra.Command{Use: "solve", Run: func(*cobra.Command, []string) {}})
	for _, c := range []struct{ arg, want string }{
		{"slove", `unknown command "slove" for "tool"; did you mean solve? (see tool --help)`},
		{"zzz", `unknown command "zzz" for "tool" (see tool --help)`},
	} {
		root.SetArgs([]string{c.arg})
		root.SetOut(&bytes.Buffer{})
		root.SetErr(&bytes.Buffer{})
		_, err := root.ExecuteC()
		if msg, ok := UnknownCommand(root, err); !ok || msg != c.want {
			t.Errorf("%s: %q %v (cobra: %v)", c.arg, msg, ok, err)
		}
	}
	if _, ok := UnknownCommand(root, errors.New("other")); ok {
		t.Error("another error is rewritten")
	}
	if _, ok := UnknownCommand(root, nil); ok {
		t.Error("nil is rewritten")
	}
}
