package shard

import (
	"strings"
	"testing"
)

// TestRerunNamesCarryTheIndex: a rerun template whose -o and --checkpoint
// hold no {} (the shard wrote r.json and ck.json) used to send every
// missing shard to those same files; the loop now inserts the index, and a
// --checkpoint equal to -o (which solve refuses) gets another name.
func TestRerunNamesCarryTheIndex(t *testing.T) {
	for _, c := range []struct {
		files []string // the -o and --checkpoint values of the template
		want  string
	}{
		{[]string{"r.json", "ck.json"}, `-o r-"$i".json --checkpoint ck-"$i".json`},
		{[]string{"out/r.json", "out/.ck"}, `-o out/r-"$i".json --checkpoint out/.ck-"$i"`},
		{[]string{"s{}.json", "s{}.json"}, `-o s"$i".json --checkpoint s"$i".json.ckpt`},
		{[]string{"r.json", "./r.json"}, `-o r-"$i".json --checkpoint ./r-"$i".json.ckpt`},
		{[]string{"out/shard-{}.json", "out/shard-{}.ckpt"}, `-o out/shard-"$i".json --checkpoint out/shard-"$i".ckpt`},
	} {
		r := res(0, 4, 8, 1, true)
		r.File = "p.yaml"
		r.Rerun = append(append([]string{"polytile", "solve", "p.yaml", "--count"}, r.Config.Flags()...), "--shard", "{}/4", "--json", "-o", c.files[0], "--checkpoint", c.files[1])
		rep, err := Merge([]Loaded{{Path: "a", Result: r}})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(rep.Command, c.want) {
			t.Errorf("%v: command %s\nwant it to hold %s", c.files, rep.Command, c.want)
		}
	}
}

// TestPartialBesideComplete: an interrupted result of a shard that also
// has a complete one is not counted, whatever the order of the files, and
// is reported as superseded by the complete one, not as a duplicate with
// "the same counts" (its counts differ); of two partial results the one
// further along counts.
func TestPartialBesideComplete(t *testing.T) {
	part, full := res(2, 4, 3, 2, false), res(2, 4, 12, 3, true)
	others := []Loaded{{Path: "a", Result: res(0, 4, 8, 1, true)}, {Path: "b", Result: res(1, 4, 4, 4, true)}, {Path: "d", Result: res(3, 4, 16, 10, true)}}
	for _, pair := range [][]Loaded{{{Path: "part.json", Result: part}, {Path: "full.json", Result: full}},
		{{Path: "full.json", Result: full}, {Path: "part.json", Result: part}}} {
		rep, err := Merge(append(append([]Loaded{}, others...), pair...))
		if err != nil || !rep.Complete || rep.All != 40 {
			t.Fatalf("%v %+v", err, rep)
		}
		if len(rep.Duplicates) != 0 || len(rep.Superseded) != 1 || !strings.HasPrefix(rep.Superseded[0], "part.json") ||
			!strings.Contains(rep.Superseded[0], "full.json has a complete result") {
			t.Errorf("duplicates %q, superseded %q", rep.Duplicates, rep.Superseded)
		}
	}
	further := res(2, 4, 7, 2, false)
	further.Finished = 8
	for _, pair := range [][]Loaded{{{Path: "p5", Result: part}, {Path: "p8", Result: further}}, {{Path: "p8", Result: further}, {Path: "p5", Result: part}}} {
		rep, err := Merge(append(append([]Loaded{}, others...), pair...))
		if err != nil || rep.Complete || rep.All != 35 || len(rep.Incomplete) != 1 || rep.Subproblems != 38 {
			t.Fatalf("two partial results: %v %+v", err, rep)
		}
		if len(rep.Superseded) != 1 || !strings.HasPrefix(rep.Superseded[0], "p5") {
			t.Errorf("two partial results: superseded %q", rep.Superseded)
		}
	}
}

// TestRerunOfStdoutShard: a template without -o (the shard printed its
// result on stdout, redirected by the shell) gets --json -o named after
// the file merge read, the index replaced by {} or inserted, .jsonl
// written as .json (-o takes a --json summary in a .json file only);
// --jsonl gives way to --json. It used to print the results on stdout.
func TestRerunOfStdoutShard(t *testing.T) {
	for _, c := range []struct {
		path string
		tail []string // the template's output flags
		want string
	}{
		{"out/s0.json", []string{"--json"}, `--shard "$i"/4 --json -o out/s"$i".json; done`},
		{"out/shard-0.jsonl", []string{"--jsonl"}, `--shard "$i"/4 --json -o out/shard-"$i".json; done`},
		{"r.json", []string{"--json"}, `--shard "$i"/4 --json -o r-"$i".json; done`},
		{"results/a", []string{"--json"}, `--shard "$i"/4 --json -o results/a-"$i".json; done`},
		{"x/s0.json", []string{"--json", "-o", "y/t{}.json"}, `--shard "$i"/4 --json -o y/t"$i".json; done`},
	} {
		r := res(0, 4, 8, 1, true)
		r.File = "p.yaml"
		r.Rerun = append(append(append([]string{"polytile", "solve", "p.yaml", "--count"}, r.Config.Flags()...), "--shard", "{}/4"), c.tail...)
		rep, err := Merge([]Loaded{{Path: c.path, Result: r}})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasSuffix(rep.Command, c.want) {
			t.Errorf("%s %v: command %s\nwant it to end with %s", c.path, c.tail, rep.Command, c.want)
		}
	}
}
