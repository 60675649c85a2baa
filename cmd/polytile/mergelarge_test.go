package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// TestMergeLargeFilesAndCtrlC: a results directory holding many large
// files is read cheaply when they are not results (a file that does not
// start with '{' is skipped after its first bytes: merge of two shards
// beside 40 sparse 60 MB files of zeros counts them and names each on
// stderr), and Ctrl-C among large files that look like JSON stops merge
// between two files, exit 130, without the hard exit's "still running 1s
// after the signal". Merge read every file whole (up to 64 MiB each:
// 0.2 s each on this machine) and never read the context: SIGINT
// ended it only by the hard exit after a second. Fails on the old code.
func TestMergeLargeFilesAndCtrlC(t *testing.T) {
	dir := t.TempDir()
	p := example("pentomino-12x5.yaml")
	countShards(t, dir, p, 2)
	sparse := func(name, head string) {
		f, err := os.Create(filepath.Join(dir, name))
		if err == nil {
			_, err = f.WriteString(head)
		}
		if err == nil {
			err = f.Truncate(60 << 20)
		}
		if err != nil {
			t.Skip("no sparse file:", err)
		}
		f.Close()
	}
	for i := range 40 {
		sparse("zeros-"+strconv.Itoa(i)+".json", "")
	}
	code, out, errs := run(t, "", "merge", dir)
	if code != 0 || !strings.Contains(out, "4040") || strings.Count(errs, `does not start with "{"`) != 40 {
		t.Errorf("merge beside 40 files of zeros: exit %d\n%s%s", code, out, errs)
	}
	for i := range 200 {
		sparse("json-"+strconv.Itoa(i)+".json", "{")
	}
	code, _, errs, took := interrupt(t, syscall.SIGINT, 500e6, ".", "merge", dir)
	if code != 130 || strings.Contains(errs, "still running") || took > 900e6 {
		t.Errorf("Ctrl-C: exit %d after %v: %s", code, took, errs)
	}
}

// TestMergeReadsALargeJSONLResult: a --jsonl shard of a large count
// streams every solution before its summary line and passes merge's 64
// MiB bound: its last line (the result, written after every solution)
// is read, and the count merges. A file cut short (no summary line) or
// whose last line is not a result is still skipped, named on stderr.
// Merge skipped every such file ("larger than 67108864 bytes"): the
// shard stayed missing however often it ran. Fails on the old code.
func TestMergeReadsALargeJSONLResult(t *testing.T) {
	dir := t.TempDir()
	p := example("pentomino-12x5.yaml")
	countShards(t, dir, p, 2)
	code, out, errs := run(t, "", "solve", p, "--count", "--shard", "0/2", "--jsonl")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != 0 || len(lines) < 100 || !strings.Contains(lines[len(lines)-1], `"shard"`) {
		t.Fatalf("--jsonl shard: exit %d, %d lines %s", code, len(lines), errs)
	}
	body := strings.Join(lines[:len(lines)-1], "\n") + "\n"
	big := func(name, last string) {
		f, err := os.Create(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		for n := 0; n <= 66<<20; n += len(body) {
			f.WriteString(body)
		}
		f.WriteString(last)
	}
	os.Remove(filepath.Join(dir, "shard-0.json"))
	big("shard-0.jsonl", lines[len(lines)-1]+"\n")
	if code, out, errs := run(t, "", "merge", dir); code != 0 || !strings.Contains(out, "4040") || errs != "" {
		t.Errorf("merge with a 66 MB --jsonl result: exit %d\n%s%s", code, out, errs)
	}
	os.Remove(filepath.Join(dir, "shard-0.jsonl"))
	big("cut.jsonl", lines[len(lines)-1][:200])
	if code, _, errs := run(t, "", "merge", dir); code != 1 || !strings.Contains(errs, "cut.jsonl is larger than") {
		t.Errorf("merge with a cut 66 MB --jsonl result: exit %d %s", code, errs)
	}
}
