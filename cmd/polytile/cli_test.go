package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/polytile/polytile/compare"
	"github.com/polytile/polytile/puzzle"
)

// TestCobraErrorsReadable: cobra's own errors (unknown command with its
// suggestion, unknown flag, missing argument) print as readable text on
// one line, with no \u escapes of the newlines and tabs cobra used. Before
// the fix the suggestion printed as "\u000a\u000aDid you mean this?...".
func TestCobraErrorsReadable(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"slove", "x"}, `polytile: unknown command "slove" for "polytile"; did you mean solve? (see polytile --help)`},
		{[]string{"zzz"}, `polytile: unknown command "zzz" for "polytile" (see polytile --help)`},
		{[]string{"solve", "--bogus", "x"}, `polytile: unknown flag: --bogus (see polytile solve --help)`},
		{[]string{"solve"}, `polytile: polytile solve needs PUZZLE (got 0 arguments); see polytile solve --help`},
		// A typed name with a control character is still escaped.
		{[]string{"\x1b[31m"}, `polytile: unknown command "\x1b[31m" for "polytile" (see polytile --help)`},
		// cobra's help command printed "Unknown help topic" and the usage,
		// and exited 0.
		{[]string{"help", "slove"}, `polytile: unknown help topic "slove"; did you mean solve? (see polytile --help)`},
		{[]string{"help", "solve", "extra"}, `polytile: unknown help topic "solve extra" (see polytile --help)`},
	} {
		code, _, errs := run(t, "", c.args...)
		if code != exitUsage || strings.TrimSuffix(errs, "\n") != c.want || strings.Contains(errs, `\u00`) {
			t.Errorf("%q: exit %d, stderr %q; want exit 2 and %q", c.args, code, errs, c.want)
		}
	}
}

// TestPictureLimitOneStatement: a --limit too large for one PNG states one
// bound, the board's own. Before the fix the message said both "at most
// 72817 tilings fit on one sheet" and "at most 12100 tilings of this board
// fit on one picture".
func TestPictureLimitOneStatement(t *testing.T) {
	out := filepath.Join(t.TempDir(), "x.png")
	code, _, errs := run(t, "", "solve", example("pentomino-10x6.yaml"), "--limit", "100000", "--render", "png", "-o", out)
	m := regexp.MustCompile(`at most (\d+) tilings of this board fit on one picture .*lower --limit to (\d+),`).FindStringSubmatch(errs)
	if code != exitUsage || m == nil || m[1] != m[2] || strings.Count(errs, "tilings") != 1 || strings.Contains(errs, "one sheet") {
		t.Errorf("exit %d, %q", code, errs)
	}
}

// TestHelpTopics: "polytile help CMD" is CMD's --help, "polytile help" the
// root's.
func TestHelpTopics(t *testing.T) {
	for _, args := range [][]string{{"help", "solve"}, {"help", "merge"}, {"help"}} {
		code, out, errs := run(t, "", args...)
		_, want, _ := run(t, "", append(args[1:], "--help")...)
		if code != 0 || errs != "" || out != want {
			t.Errorf("%q: exit %d, stderr %q, stdout equal to --help: %v", args, code, errs, out == want)
		}
	}
}

// fullWriter fails every write, as /dev/full does.
type fullWriter struct{}

func (fullWriter) Write(p []byte) (int, error) { return 0, errors.New("no space left on device") }

// TestHelpWriteErrorIsAnError: help text that cannot be written to stdout
// is exit 2 naming the error, for the root and every command. Before the
// fix cobra dropped the write error: `polytile solve --help > /dev/full`
// exited 0, and so did every case here.
func TestHelpWriteErrorIsAnError(t *testing.T) {
	for _, args := range [][]string{{"--help"}, {"solve", "--help"}, {"help", "export"}, {}, {"merge", "-h"}} {
		var errb bytes.Buffer
		code := Main(args, strings.NewReader(""), fullWriter{}, &errb)
		if code != exitUsage || !strings.Contains(errb.String(), "no space left on device") {
			t.Errorf("%v to a full stdout: exit %d, %q; want exit 2 with the error", args, code, errb.String())
		}
	}
	var out, errb bytes.Buffer
	if code := Main([]string{"solve", "--help"}, strings.NewReader(""), &out, &errb); code != exitOK || !strings.Contains(out.String(), "Usage:") {
		t.Errorf("solve --help: exit %d, %d bytes, %q", code, out.Len(), errb.String())
	}
}

// TestFromHelpListsEveryFormat: every command's --from help and the
// error for a bad --from show the formats the flag accepts, yml among
// them (it was accepted but listed nowhere).
func TestFromHelpListsEveryFormat(t *testing.T) {
	commands := 0
	a := &app{stdin: strings.NewReader(""), stdout: &bytes.Buffer{}, stderr: &bytes.Buffer{}}
	for _, c := range a.rootCmd().Commands() {
		f := c.Flags().Lookup("from")
		if f == nil {
			continue
		}
		commands++
		if !strings.Contains(f.Usage, puzzle.FormatList()) {
			t.Errorf("%s --from: usage %q does not list %q", c.Name(), f.Usage, puzzle.FormatList())
		}
		if !strings.Contains(f.Usage, "yml") {
			t.Errorf("%s --from: usage %q leaves out yml", c.Name(), f.Usage)
		}
		if err := f.Value.Set("yml"); err != nil {
			t.Errorf("%s --from yml: %v", c.Name(), err)
		}
	}
	if commands == 0 {
		t.Fatal("no command has --from")
	}
	code, _, errs := run(t, "", "solve", "--from", "json", "x.yaml")
	if code != exitUsage || !strings.Contains(errs, "--from") || !strings.Contains(errs, puzzle.FormatList()) {
		t.Errorf("solve --from json: exit %d, %q; want exit 2 naming --from and listing %q", code, errs, puzzle.FormatList())
	}
}

// TestVersion: polytile --version and polytile version print the version.
func TestVersion(t *testing.T) {
	for _, args := range [][]string{{"--version"}, {"version"}} {
		code, out, errs := run(t, "", args...)
		if code != 0 || !strings.HasPrefix(out, "polytile ") || !strings.Contains(out, "go1.") {
			t.Errorf("polytile %s: exit %d, stdout %q, stderr %q", args[0], code, out, errs)
		}
	}
}

// TestGoModDirectDependencies: modules the code imports are not marked
// "// indirect" in go.mod (go mod tidy keeps it so).
func TestGoModDirectDependencies(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	for _, mod := range []string{"github.com/spf13/cobra", "github.com/spf13/pflag", "gopkg.in/yaml.v3", "github.com/olekukonko/tablewriter", "golang.org/x/image"} {
		m := regexp.MustCompile(`(?m)^\s*` + regexp.QuoteMeta(mod) + ` v\S+(.*)$`).FindStringSubmatch(string(data))
		if m == nil {
			t.Errorf("go.mod does not require %s", mod)
		} else if strings.Contains(m[1], "indirect") {
			t.Errorf("go.mod marks the direct dependency %s as indirect", mod)
		}
	}
}

// flagHeadings are the headings of flag lists in a help text.
var flagHeadings = map[string]bool{"Flags:": true, "Common flags:": true, "Tuning flags:": true, "Cluster flags:": true, "Global flags:": true}

// helpSections splits a help text at its headings (a line ending in ':'
// that starts in column 0) and returns, per heading, the names of the
// flags listed under it, and the flag headings in order.
func helpSections(help string) (map[string][]string, []string) {
	flags := map[string][]string{}
	var order []string
	heading := ""
	for _, line := range strings.Split(help, "\n") {
		if line != "" && line[0] != ' ' && strings.HasSuffix(line, ":") {
			heading = line
			if flagHeadings[line] {
				order = append(order, heading)
			}
			continue
		}
		if !flagHeadings[heading] {
			continue
		}
		t := strings.TrimLeft(line, " ")
		if !strings.HasPrefix(t, "-") || len(line)-len(t) < 2 || len(line)-len(t) > 6 {
			continue
		}
		if strings.HasPrefix(t, "-") && len(t) > 4 && t[1] != '-' && t[2] == ',' {
			t = strings.TrimLeft(t[3:], " ")
		}
		if name, ok := strings.CutPrefix(t, "--"); ok {
			if i := strings.IndexAny(name, " ["); i >= 0 {
				name = name[:i]
			}
			flags[heading] = append(flags[heading], name)
		}
	}
	return flags, order
}

// TestHelpGroupedAndWrapped: every command's help (issue 34 item 7) lists
// each of its flags once, under the heading of its group in flagGroups
// (common, then tuning, then cluster; "Flags:" when there is one group),
// keeps its examples, and fits 80 columns when stdout is not a terminal,
// and 60 or 120 columns when the terminal is that wide.
func TestHelpGroupedAndWrapped(t *testing.T) {
	a := &app{stdin: strings.NewReader(""), stdout: &bytes.Buffer{}, stderr: &bytes.Buffer{}}
	root := a.rootCmd()
	commands := []*cobra.Command{root}
	for _, c := range root.Commands() {
		commands = append(commands, c)
	}
	for _, c := range commands {
		path := strings.TrimPrefix(strings.TrimPrefix(c.CommandPath(), "polytile"), " ")
		c.InitDefaultHelpFlag()
		if c == root {
			c.InitDefaultVersionFlag()
		}
		t.Run("cmd="+path, func(t *testing.T) {
			args := []string{"--help"}
			if path != "" {
				args = []string{path, "--help"}
			}
			code, help, errs := run(t, "", args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			for i, line := range strings.Split(help, "\n") {
				if n := utf8.RuneCountInString(line); n > 80 {
					t.Errorf("line %d is %d columns wide: %q", i+1, n, line)
				}
			}
			if c.Example != "" && !strings.Contains(help, "\nExamples:\n") {
				t.Errorf("no examples")
			}
			sections, order := helpSections(help)
			table, listed := flagGroups[path]
			if !listed {
				t.Fatalf("no flag groups for %q", path)
			}
			want := map[string]string{}
			var titles []string
			for g, names := range table {
				for _, n := range names {
					if c.LocalFlags().Lookup(n) != nil {
						want[n] = groupTitles[g]
						if len(titles) == 0 || titles[len(titles)-1] != groupTitles[g] {
							titles = append(titles, groupTitles[g])
						}
					}
				}
			}
			if len(titles) == 1 {
				for n := range want {
					want[n] = "Flags:"
				}
				titles[0] = "Flags:"
			}
			var got []string
			for _, h := range order {
				if h != "Global flags:" {
					got = append(got, h)
				}
			}
			if strings.Join(got, " ") != strings.Join(titles, " ") {
				t.Errorf("flag headings %q, want %q", got, titles)
			}
			seen := map[string]int{}
			for h, names := range sections {
				for _, n := range names {
					if h == "Global flags:" {
						continue
					}
					seen[n]++
					if w, ok := want[n]; ok && w != h {
						t.Errorf("--%s under %q, want %q", n, h, w)
					}
				}
			}
			c.LocalFlags().VisitAll(func(f *pflag.Flag) {
				if _, ok := want[f.Name]; !ok && !f.Hidden {
					t.Errorf("--%s is in no group of flagGroups", f.Name)
				}
				if seen[f.Name] != 1 && !f.Hidden {
					t.Errorf("--%s listed %d times", f.Name, seen[f.Name])
				}
			})
			for _, width := range []int{60, 120} {
				var b bytes.Buffer
				if err := writeHelp(&b, c, width); err != nil {
					t.Fatal(err)
				}
				for _, line := range strings.Split(b.String(), "\n") {
					if n := utf8.RuneCountInString(line); n > width {
						t.Errorf("width %d: a line of %d columns: %q", width, n, line)
					}
				}
			}
		})
	}
}

// TestHelpParagraphs: merge's description, one paragraph of 30 lines
// broken mid-sentence, reads as paragraphs of at most 12 lines (its
// longest sentence); bench's
// says which suite runs without SUITE (issue 34 item 7).
func TestHelpParagraphs(t *testing.T) {
	_, help, _ := run(t, "", "merge", "--help")
	desc := help[:strings.Index(help, "\nUsage:")]
	paras := strings.Split(strings.TrimSpace(desc), "\n\n")
	if len(paras) < 4 {
		t.Errorf("merge --help: %d paragraphs, want at least 4:\n%s", len(paras), desc)
	}
	for _, p := range paras {
		if n := strings.Count(p, "\n") + 1; n > 12 {
			t.Errorf("merge --help: a paragraph of %d lines:\n%s", n, p)
		}
	}
	if _, help, _ := run(t, "", "bench", "--help"); !strings.Contains(help, "without SUITE, bench runs quick") {
		t.Errorf("bench --help does not say which suite runs by default:\n%s", help)
	}
}

// TestHelpFitsOneScreen: solve, export and compare say each flag in a
// line or two and leave the long explanations to docs/, so that their
// help fits about one screen at 80 columns (issue 34 item 7: solve's was
// 151 lines, export's 98, compare's 126), and every help that points to a
// section of docs/ points to one that exists.
func TestHelpFitsOneScreen(t *testing.T) {
	for _, c := range []struct {
		cmd  string
		most int
	}{{"solve", 75}, {"export", 80}, {"compare", 80}} {
		code, help, errs := run(t, "", c.cmd, "--help")
		if code != 0 {
			t.Fatalf("%s --help: exit %d, %s", c.cmd, code, errs)
		}
		if n := strings.Count(help, "\n"); n > c.most {
			t.Errorf("%s --help: %d lines, want at most %d", c.cmd, n, c.most)
		}
		if !strings.Contains(help, "\nExamples:\n") {
			t.Errorf("%s --help: no examples", c.cmd)
		}
		for _, ref := range regexp.MustCompile(`docs/([a-z-]+\.md)#([a-z-]+)`).FindAllStringSubmatch(help, -1) {
			doc, err := os.ReadFile(filepath.Join("..", "..", "docs", ref[1]))
			if err != nil {
				t.Errorf("%s --help names %s: %v", c.cmd, ref[0], err)
				continue
			}
			heading := "\n## " + strings.ReplaceAll(ref[2], "-", " ") + "\n"
			if !strings.Contains(strings.ToLower(string(doc)), heading) {
				t.Errorf("%s --help names %s: no heading %q there", c.cmd, ref[0], strings.TrimSpace(heading))
			}
		}
	}
}

// TestCompareHelpNamesOnRequestBackends: compare --help lists the
// backends each task leaves out of its default list (compare.OnRequestSpecs)
// and an example of adding them that compare accepts.
func TestCompareHelpNamesOnRequestBackends(t *testing.T) {
	_, help, _ := run(t, "", "compare", "--help")
	flat := strings.Join(strings.Fields(help), " ")
	for _, k := range []compare.Kind{compare.Count, compare.MaxCoverage} {
		if want := strings.Join(compare.OnRequestSpecs(k), " "); !strings.Contains(flat, want) {
			t.Errorf("compare --help does not list the %s backends on request %q:\n%s", k, want, help)
		}
	}
	m := regexp.MustCompile(`--backends "([^"]*)"`).FindStringSubmatch(flat)
	if m == nil {
		t.Fatalf("compare --help gives no --backends example of adding them:\n%s", help)
	}
	list, err := compare.NewRegistry().ParseList(m[1])
	if err != nil {
		t.Fatalf("compare --help's example --backends %q: %v", m[1], err)
	}
	if len(list) <= len(compare.DefaultSpecs(compare.Count)) {
		t.Errorf("--backends %q: %d backends, want the count list and more", m[1], len(list))
	}
}

// TestExportHelpMaxCoverageDLXAndHighs: export --help says what a
// max-coverage DLX file lists (every packing, the empty one included, as
// the file's header says) and runs the highs binary where 'make deps'
// puts it, .deps/bin, which is not on the shell's PATH.
func TestExportHelpMaxCoverageDLXAndHighs(t *testing.T) {
	_, help, _ := run(t, "", "export", "--help")
	flat := strings.Join(strings.Fields(help), " ")
	if !strings.Contains(flat, "lists every packing, the empty one included") {
		t.Errorf("export --help does not say what a max-coverage DLX file lists:\n%s", help)
	}
	_, dlx, _ := run(t, "", "export", example("pentomino-10x6.yaml"), "--format", "dlx", "--max-coverage")
	if !strings.Contains(dlx, "every packing, the empty one included") {
		t.Errorf("the max-coverage DLX header does not say what the help says:\n%.400s", dlx)
	}
	for _, line := range strings.Split(help, "\n") {
		if f := strings.Fields(line); len(f) > 0 && strings.HasSuffix(f[0], "highs") && f[0] != ".deps/bin/highs" {
			t.Errorf("export --help runs %q, which 'make deps' does not put on PATH: %q", f[0], line)
		}
	}
	if !strings.Contains(flat, ".deps/bin/highs --model_file") {
		t.Errorf("export --help has no .deps/bin/highs example:\n%s", help)
	}
}
