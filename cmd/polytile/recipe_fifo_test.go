package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestRecipesRefuseNonRegularFiles: a FIFO, a link to a device or to
// nothing, or a directory at a name a count writes in OUTDIR (a shard's
// result or checkpoint, the joblog) stops every recipe at once, exit 2,
// naming the file and saying it is not a regular file; nothing is
// waited on, written through or replaced (the FIFO stays a FIFO), no
// count.key is written, and merge of the directory does not wait either.
// A FIFO at OUTDIR/shard-0.json made count.sh's pre-check (and the Slurm
// task and the Job pod of shard 0) wait for a reader forever, a FIFO
// joblog made GNU parallel wait, and a link to /dev/null took shard 0's
// result (exit 0, the shard missing). Fails on the old code (a hang is
// reported after 20 s and released by opening the FIFO).
func TestRecipesRefuseNonRegularFiles(t *testing.T) {
	dir := t.TempDir()
	p, _ := editedCopy(t, dir, "p.yaml")
	keyed := func(out string) {
		if code, _, errs := run(t, "", "--quiet", "solve", p, "--count", "--shard", "0/2", "--json", "-o", filepath.Join(out, "shard-0.json"),
			"--checkpoint", filepath.Join(out, "shard-0.ckpt"), "--count-key", filepath.Join(out, "count.key"), "--count-key-only"); code != 0 {
			t.Fatalf("the key: exit %d %s", code, errs)
		}
	}
	cases := map[string]func(out string) (string, error){
		"fifo-result": func(out string) (string, error) {
			f := filepath.Join(out, "shard-0.json")
			return f, syscall.Mkfifo(f, 0o644)
		},
		"fifo-second-result": func(out string) (string, error) {
			f := filepath.Join(out, "shard-1.json")
			return f, syscall.Mkfifo(f, 0o644)
		},
		"fifo-checkpoint": func(out string) (string, error) {
			f := filepath.Join(out, "shard-0.ckpt")
			return f, syscall.Mkfifo(f, 0o644)
		},
		"fifo-joblog": func(out string) (string, error) {
			f := filepath.Join(out, "joblog")
			return f, syscall.Mkfifo(f, 0o644)
		},
		"fifo-joblog-keyed": func(out string) (string, error) {
			// A count started (its key in place), the joblog then a FIFO.
			keyed(out)
			f := filepath.Join(out, "joblog")
			return f, syscall.Mkfifo(f, 0o644)
		},
		"dev-null-result": func(out string) (string, error) {
			f := filepath.Join(out, "shard-0.json")
			return f, os.Symlink(os.DevNull, f)
		},
		"dangling-result": func(out string) (string, error) {
			f := filepath.Join(out, "shard-1.json")
			return f, os.Symlink(filepath.Join(out, "elsewhere.txt"), f)
		},
		"link-to-another-result-keyed": func(out string) (string, error) {
			// shard-0.json a link to shard-1.json (a result there): the
			// shard wrote its result through it, over shard 1's.
			keyed(out)
			os.WriteFile(filepath.Join(out, "shard-1.json"), []byte("{}"), 0o644)
			f := filepath.Join(out, "shard-0.json")
			return f, os.Symlink("shard-1.json", f)
		},
		"dir-result": func(out string) (string, error) {
			f := filepath.Join(out, "shard-1.json")
			return f, os.Mkdir(f, 0o755)
		},
	}
	for name, recipe := range recipeRuns(t) {
		for cname, mk := range cases {
			out := filepath.Join(dir, name+"-"+cname)
			if err := os.Mkdir(out, 0o755); err != nil {
				t.Fatal(err)
			}
			odd, err := mk(out)
			if err != nil {
				t.Skipf("%s: %v", cname, err)
			}
			before, _ := os.Lstat(odd)
			done := make(chan recipeResult, 1)
			go func() { c, b := recipe(p, out); done <- recipeResult{c, b} }()
			var r recipeResult
			select {
			case r = <-done:
			case <-time.After(20 * time.Second):
				t.Errorf("%s %s: still running after 20 s (waiting on %s)", name, cname, odd)
				r = release(odd, done)
			}
			if r.code != 2 || !strings.Contains(r.out, filepath.Base(odd)) || !strings.Contains(r.out, "not a regular file") {
				t.Errorf("%s %s: exit %d\n%s", name, cname, r.code, r.out)
			}
			if _, err := os.Lstat(filepath.Join(out, "count.key")); err == nil && !strings.HasSuffix(cname, "-keyed") {
				t.Errorf("%s %s: a count.key was written", name, cname)
			}
			if after, err := os.Lstat(odd); err != nil || after.Mode() != before.Mode() {
				t.Errorf("%s %s: %s was replaced (%v, %v)", name, cname, odd, before.Mode(), err)
			}
			// merge of the directory does not wait on it either.
			go func() { c, b, e := run(t, "", "merge", out); done <- recipeResult{c, b + e} }()
			select {
			case r = <-done:
				if r.code == 0 {
					t.Errorf("%s %s: merge exit 0\n%s", name, cname, r.out)
				}
			case <-time.After(20 * time.Second):
				t.Errorf("%s %s: merge still running after 20 s", name, cname)
				release(odd, done)
			}
		}
	}
}

// release opens a FIFO for reading and writing (which ends an open
// waiting for a reader, or for a writer) and drains it, then waits for
// done; the FIFO is closed after 20 s more, for a reader waiting on data.
func release(fifo string, done <-chan recipeResult) recipeResult {
	f, err := os.OpenFile(fifo, os.O_RDWR, 0)
	if err != nil {
		return <-done
	}
	go io.Copy(io.Discard, f)
	select {
	case r := <-done:
		f.Close()
		return r
	case <-time.After(20 * time.Second):
		f.Close()
		return <-done
	}
}

// recipeResult is a recipe run's exit code and output.
type recipeResult struct {
	code int
	out  string
}
