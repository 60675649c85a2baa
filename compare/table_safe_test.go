package compare

import (
	"strings"
	"testing"
)

// TestWriteEscapesTerminalControls: backend names and notes carry text from
// outside polytile (the --dlx-solver command line, an external solver's
// stderr), so every table format escapes ESC, C1 controls and bidi
// overrides instead of sending them to the terminal. Before safeCells an
// external solver printing "\x1b[31m" on stderr coloured the table.
func TestWriteEscapesTerminalControls(t *testing.T) {
	evil := "x\x1b[31m\u009b\u202e"
	row := &Row{Backend: evil, Config: evil}
	row.Status = Error
	row.Reason = "exit status 3: " + evil
	row.Note = evil
	rep := &Report{Tables: []*Table{
		{Puzzle: "p", Kind: "count", Answer: evil, Reference: evil, Fastest: evil, Rows: []*Row{row}},
		{Puzzle: "q", Kind: "count", Rows: []*Row{row}},
	}}
	for _, f := range []Format{Text, Markdown, CSV} {
		var b strings.Builder
		if err := Write(&b, rep, f); err != nil {
			t.Fatal(err)
		}
		if strings.ContainsAny(b.String(), "\x1b\u009b\u202e") {
			t.Errorf("format %v: a control character reaches the output:\n%q", f, b.String())
		}
		if !strings.Contains(b.String(), `x\u001b[31m`) {
			t.Errorf("format %v: the escaped text is missing:\n%s", f, b.String())
		}
	}
}
