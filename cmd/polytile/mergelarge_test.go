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
