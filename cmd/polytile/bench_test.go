package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/polytile/polytile/compare"
)

func TestBenchUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"bench", "nosuch"},
		{"bench", "quick", "article"},
		{"bench", "--examples", "/no/such/dir"},
		{"bench", "--format", "xml"},
		{"bench", "--chart", "x.gif"},
	} {
		if code, _, errs := run(t, "", args...); code != exitUsage || errs == "" {
			t.Errorf("%v: exit %d, stderr %q", args, code, errs)
		}
	}
}

// TestBenchQuickWithTimeLimit runs the quick suite with a time limit so
// short that every case stops at once: the plumbing (rows, timeouts,
// markers in the document) without the minutes.
func TestBenchQuickWithTimeLimit(t *testing.T) {
	doc := filepath.Join(t.TempDir(), "benchmarks.md")
	// A document polytile started (another suite's section): the quick
	// section is appended. (A file without markers is refused: see
	// TestUpdateRefusesForeignFiles.)
	os.WriteFile(doc, []byte("# Benchmarks\n\nprose\n\n<!-- bench:article:begin -->\nold\n<!-- bench:article:end -->\n"), 0o644)
	code, out, errs := run(t, "", "bench", "quick", "--examples", filepath.Join("..", "..", "examples"), "--time-limit", "1ns",
		"--format", "json", "--update", doc)
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errs, out)
	}
	var rep compare.BenchReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Rows) != 10 || rep.Rows[0].ID != "P-1" || rep.Rows[9].ID != "Q-5" {
		t.Fatalf("rows: %d", len(rep.Rows))
	}
	for _, r := range rep.Rows {
		if r.Status != compare.Timeout && r.Status != compare.OK {
			t.Errorf("%s: %s %s", r.ID, r.Status, r.Reason)
		}
	}
	data, _ := os.ReadFile(doc)
	s := string(data)
	if !strings.HasPrefix(s, "# Benchmarks\n\nprose\n") || !strings.Contains(s, "<!-- bench:quick:begin -->") ||
		!strings.Contains(s, "| P-5 ") || !strings.Contains(s, "--fila-at 11") {
		t.Errorf("document:\n%s", s)
	}
}

// TestUpdateRefusesForeignFiles: --update of compare and bench writes only
// into a document polytile can have started (missing, empty, or UTF-8 text
// with a section marker line) and refuses anything else with exit 2,
// leaving it as it was: a binary file, a text file without markers (also
// through a symbolic link, as /etc/passwd was), text with markers but
// invalid UTF-8, and a file over 16 MiB (refused from its size, before it
// is read). Each used to get a Markdown section appended, exit 0; "-"
// panicked after the run.
func TestUpdateRefusesForeignFiles(t *testing.T) {
	dir := t.TempDir()
	exdir := t.TempDir()
	copyExample(t, exdir, "tetrominoes-5x4.yaml")
	outside := filepath.Join(t.TempDir(), "passwd")
	files := map[string][]byte{
		"bin.png":     {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13},
		"notes.txt":   []byte("root:x:0:0:root:/root:/bin/bash\n"),
		"latin1.md":   []byte("<!-- compare:begin -->\ncaf\xe9\n<!-- compare:end -->\n"),
		"inline.md":   []byte("text <!-- compare:begin --> not a line of its own\n"),
		outside:       []byte("root:x:0:0:root:/root:/bin/bash\n"),
		"huge.md":     nil, // 17 MiB, sparse
		"link.md":     nil, // -> outside
		"ok-empty.md": {},
	}
	for name, data := range files {
		path := name
		if !filepath.IsAbs(name) {
			path = filepath.Join(dir, name)
		}
		switch name {
		case "link.md":
			if err := os.Symlink(outside, path); err != nil {
				t.Fatal(err)
			}
		case "huge.md":
			f, err := os.Create(path)
			if err != nil {
				t.Fatal(err)
			}
			f.WriteString("<!-- compare:begin -->\n<!-- compare:end -->\n")
			f.Truncate(17 << 20)
			f.Close()
		default:
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, c := range []struct{ name, want string }{
		{"bin.png", "not a UTF-8 text file"},
		{"notes.txt", "no polytile section markers"},
		{"latin1.md", "not a UTF-8 text file"},
		{"inline.md", "no polytile section markers"},
		{"link.md", "no polytile section markers"},
		{"huge.md", "16 MiB"},
	} {
		path := filepath.Join(dir, c.name)
		before, _ := os.ReadFile(path)
		for _, args := range [][]string{
			{"compare", filepath.Join(exdir, "tetrominoes-5x4.yaml"), "--backends", "dlx", "--update", path},
			{"bench", "--examples", exdir, "--update", path},
		} {
			code, _, errs := run(t, "", args...)
			if code != 2 || !strings.Contains(errs, c.want) {
				t.Errorf("%s %s: exit %d, stderr %q; want 2 naming %q", args[0], c.name, code, errs, c.want)
			}
			if after, _ := os.ReadFile(path); !bytes.Equal(after, before) {
				t.Fatalf("%s --update %s changed the file", args[0], c.name)
			}
		}
	}
	if b, _ := os.ReadFile(outside); string(b) != "root:x:0:0:root:/root:/bin/bash\n" {
		t.Errorf("the file behind the link changed: %q", b)
	}
	// "-" is not a document, and /dev/stdout is refused too (it cannot be
	// replaced): both are usage errors, with no panic.
	for _, path := range []string{"-", "/dev/stdout"} {
		for _, args := range [][]string{
			{"compare", filepath.Join(exdir, "tetrominoes-5x4.yaml"), "--backends", "dlx", "--update", path},
			{"bench", "--examples", exdir, "--update", path},
		} {
			code, _, errs := run(t, "", args...)
			if code != 2 || !strings.Contains(errs, "--update") {
				t.Errorf("%s --update %s: exit %d, stderr %q; want 2", args[0], path, code, errs)
			}
		}
	}
	// The message says how to start a document.
	_, _, errs := run(t, "", "compare", filepath.Join(exdir, "tetrominoes-5x4.yaml"), "--backends", "dlx", "--update", filepath.Join(dir, "notes.txt"))
	if !strings.Contains(errs, "name a new (or empty) file") {
		t.Errorf("no hint how to start a document: %q", errs)
	}
	// An empty file and a new path are documents polytile starts.
	for _, name := range []string{"ok-empty.md", "new.md"} {
		path := filepath.Join(dir, name)
		code, _, errs := run(t, "", "compare", filepath.Join(exdir, "tetrominoes-5x4.yaml"), "--backends", "dlx", "--update", path)
		b, _ := os.ReadFile(path)
		if code != 0 || !strings.Contains(string(b), "<!-- compare:begin -->") {
			t.Errorf("--update %s: exit %d %s; file %q", name, code, errs, b)
		}
	}
}

// TestBenchSkipsFIFOExample: a bench case whose puzzle is a FIFO is an
// Error row and the run goes on (bench waited for a writer past
// --time-limit, and Ctrl-C needed the watchdog).
func TestBenchSkipsFIFOExample(t *testing.T) {
	dir, fifo := fifoIn(t, "pentomino-10x6.yaml")
	code, out, errs := runUnblocking(t, 20*time.Second, fifo, "bench", "quick", "--examples", dir, "--time-limit", "1ns", "--format", "json")
	if code != exitNoSolution {
		t.Fatalf("exit %d: %s\n%s", code, errs, out)
	}
	var rep compare.BenchReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if len(rep.Rows) != 10 {
		t.Fatalf("%d rows", len(rep.Rows))
	}
	for _, r := range rep.Rows {
		fromFIFO := strings.HasPrefix(r.ID, "P-")
		if fromFIFO && (r.Status != compare.Error || !strings.Contains(r.Reason, "not a regular file")) ||
			!fromFIFO && r.Status != compare.Timeout && r.Status != compare.OK {
			t.Errorf("%s: %s %s", r.ID, r.Status, r.Reason)
		}
	}
}
