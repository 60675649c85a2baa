package shard

import (
	"errors"
	"fmt"
	"testing"
)

func TestCheckConfig(t *testing.T) {
	base := Config{Backend: "fila", Schedule: "f", NOF: true, Volume: -1}
	withPin := func(c Config, pin string) Config { c.Redundancy = pin; return c }
	res := func(path string, c Config) Loaded { return Loaded{Path: path, Result: &Result{Config: c}} }
	files := []Loaded{res("a.json", withPin(base, "X")), res("b.json", withPin(base, "X")), {Path: "bad.json", Err: errors.New("unreadable")}}
	s := base
	s.Schedule = "s"
	for _, c := range []struct {
		name  string
		want  Want
		files []Loaded
		bad   []string
	}{
		{"auto takes the piece", Want{Config: base, AnyRedundancy: true}, files, nil},
		{"the piece named", Want{Config: withPin(base, "X")}, files, nil},
		{"another piece", Want{Config: withPin(base, "I")}, files, []string{"a.json", "b.json"}},
		{"none", Want{Config: base}, files, []string{"a.json", "b.json"}},
		{"another heuristic", Want{Config: s, AnyRedundancy: true}, append(files, res("c.json", withPin(s, "X"))), []string{"a.json", "b.json"}},
	} {
		err := CheckConfig(c.want, c.files)
		if c.bad == nil {
			if err != nil {
				t.Errorf("%s: %v", c.name, err)
			}
			continue
		}
		var cc *ConfigConflict
		if !errors.Is(err, ErrConfig) || !errors.As(err, &cc) || len(cc.Files) != len(c.bad) {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		for i, f := range cc.Files {
			if f.Path != c.bad[i] {
				t.Errorf("%s: %s, want %s", c.name, f.Path, c.bad[i])
			}
		}
	}
	if got := (Want{Config: base, AnyRedundancy: true}).String(); got != "backend=fila heuristic=f fila-at=0 nof=true volume=-1 redundancy=auto" {
		t.Errorf("auto: %s", got)
	}
}

// ExampleCheckConfig: a result counted with another heuristic.
func ExampleCheckConfig() {
	want := Want{Config: Config{Backend: "fila", Schedule: "f", NOF: true, Volume: -1}, AnyRedundancy: true}
	got := Config{Backend: "fila", Schedule: "s", NOF: true, Volume: -1, Redundancy: "X"}
	err := CheckConfig(want, []Loaded{{Path: "shard-0.json", Result: &Result{Config: got}}})
	fmt.Println(errors.Is(err, ErrConfig))
	fmt.Println(err)
	// Output:
	// true
	// results not counted with backend=fila heuristic=f fila-at=0 nof=true volume=-1 redundancy=auto: shard-0.json (backend=fila heuristic=s fila-at=0 nof=true volume=-1 redundancy=X)
}
