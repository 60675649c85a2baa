package clihelp

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// TestInstall: --help and the help command print Write's grouped text at
// the width asked when written, --version prints the version line, and
// an unknown help topic is Unknown's error.
func TestInstall(t *testing.T) {
	root, _ := tree()
	width := 80
	errUnknown := errors.New("unknown")
	Install(root, Setup{
		Groups:   Groups{Titles: []string{"Common flags:", "Tuning flags:"}, ByCommand: map[string][][]string{"run": {{"out"}, {"jobs"}}}},
		Width:    func() int { return width },
		HelpLong: "Help.",
		Unknown:  func(string) error { return errUnknown },
		Version:  "tool v1 (abc), go1.x",
	})
	root.SilenceErrors, root.SilenceUsage = true, true
	run := func(args ...string) (string, error) {
		var b bytes.Buffer
		root.SetOut(&b)
		root.SetArgs(args)
		err := root.Execute()
		return b.String(), err
	}
	if out, err := run("run", "--help"); err != nil || !strings.Contains(out, "Tuning flags:\n") {
		t.Errorf("run --help: %v\n%s", err, out)
	}
	width = 40
	if out, err := run("help", "run"); err != nil || !strings.Contains(out, "Tuning flags:\n") || maxLine(out) > 40 {
		t.Errorf("help run at 40 columns: %v\n%s", err, out)
	}
	if out, err := run("--version"); err != nil || out != "tool v1 (abc), go1.x\n" {
		t.Errorf("--version: %v %q", err, out)
	}
	if _, err := run("help", "nothing"); !errors.Is(err, errUnknown) {
		t.Errorf("help nothing: %v", err)
	}
}

func maxLine(s string) int {
	n := 0
	for _, l := range strings.Split(s, "\n") {
		n = max(n, len(l))
	}
	return n
}
