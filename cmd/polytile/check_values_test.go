package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckRefusesBadValues: a solution file edited so that a placement
// x has the value 2 was judged "exact tiling, verified" (exit 0), NaN was
// read as 0, a column listed twice in a CBC file made the reader drop
// every column before it ("piece F used 0 times"), and 1e309 or a
// 100,000-digit number was echoed whole in a strconv error. Every reader
// now refuses (exit 2, with the line) a value a column cannot take, a
// value that is not a finite number and a name listed twice, and quotes a
// bad number shortly; 0.9999999 is still 1.
func TestCheckRefusesBadValues(t *testing.T) {
	dir := t.TempDir()
	file := example("pentomino-10x6.yaml")
	type edit struct {
		name   string
		change func(lines []string, on int) []string // on: index of a line whose value is 1
		code   int
		want   string // in stderr; "LINE" is replaced by the edited line's number
	}
	setValue := func(v string) func([]string, int) []string {
		return func(lines []string, on int) []string {
			f := strings.Fields(lines[on])
			for i := range f {
				if f[i] == "1" {
					f[i] = v
					break
				}
			}
			lines[on] = strings.Join(f, " ")
			return lines
		}
	}
	huge := "1" + strings.Repeat("7", 100_000)
	edits := []edit{
		{"two", setValue("2"), 2, "LINE: binary column"},
		{"half", setValue("0.5"), 2, "LINE: binary column"},
		{"negative", setValue("-1"), 2, "LINE: binary column"},
		{"nan", setValue("NaN"), 2, ":LINE: "},
		{"inf", setValue("inf"), 2, ":LINE: "},
		{"range", setValue("1e309"), 2, "out of range"},
		{"huge", setValue(huge), 2, "out of range"},
		{"junk", setValue(huge + "x"), 2, "bad number"},
		{"almost", setValue("0.9999999"), 0, ""},
		{"exactly", setValue("1"), 0, ""},
	}
	for _, format := range []string{"cbc", "highs", "mst"} {
		sol := filepath.Join(dir, "p."+format)
		args := []string{"export", file, "--format", "lp", "-o", filepath.Join(dir, "p.lp"), "--start", sol, "-q"}
		if format != "mst" {
			args = append(args, "--start-format", format)
		}
		if code, _, errs := run(t, "", args...); code != 0 {
			t.Fatalf("export --start %s: exit %d: %s", format, code, errs)
		}
		data, err := os.ReadFile(sol)
		if err != nil {
			t.Fatal(err)
		}
		orig := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
		on := -1
		for i, l := range orig {
			f := strings.Fields(l)
			if len(f) >= 2 && strings.HasPrefix(f[len(f)-1-map[bool]int{true: 1}[format == "cbc"]], "1") && strings.Contains(l, "x_") {
				on = i
				break
			}
		}
		if on < 0 {
			t.Fatalf("%s: no placement with value 1 in %q", format, orig[:min(5, len(orig))])
		}
		// Duplicates: the placement's line again at the end (CBC: a lower
		// index, which the old reader took for the rows/columns restart),
		// with the same value and with 0.
		last := len(orig) + 1
		dups := []edit{
			{"dup-same", func(l []string, on int) []string { return append(l, l[on]) }, 2, "duplicated"},
			{"dup-zero", func(l []string, on int) []string { return append(l, strings.Replace(l[on], " 1", " 0", 1)) }, 2, "duplicated"},
		}
		if format == "highs" { // HiGHS counts its columns: replace a 0 line instead
			dups = []edit{{"dup-same", func(l []string, on int) []string { l[on+1] = l[on]; return l }, 2, "duplicated"}}
			last = on + 2
		}
		for _, e := range append(edits, dups...) {
			lines := e.change(append([]string(nil), orig...), on)
			path := filepath.Join(dir, e.name+"."+format)
			if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			code, _, errs := run(t, "", "check", file, path)
			ln := on + 1
			if strings.HasPrefix(e.name, "dup") {
				ln = last
			}
			want := strings.ReplaceAll(e.want, "LINE", fmt.Sprint(ln))
			if code != e.code || !strings.Contains(errs, want) {
				t.Errorf("%s %s: exit %d, stderr %.300q; want exit %d with %q", format, e.name, code, errs, e.code, want)
			}
			if len(errs) > 400 {
				t.Errorf("%s %s: a %d-byte error message", format, e.name, len(errs))
			}
		}
	}
}
