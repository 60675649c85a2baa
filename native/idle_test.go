package native

import (
	"strings"
	"testing"
)

// TestIdleSettings: the one rule of the settings that do nothing, which
// solve and compare both refuse with its reason: on maximum coverage
// every given setting but the schedule, and a schedule's levels; with an
// unlimited piece FilaAt > 0 and a schedule's levels; with the symmetric
// key (an unlimited piece or not) FilaAt, the schedule, NOF, the volume
// filter and the workers whatever their values (solveSymmetric reads none
// of them); nothing on finite pieces, nothing not given.
func TestIdleSettings(t *testing.T) {
	finite := parseYAML(t, "f.yaml", "board: 4x3\npieces:\n  L: {shape: \"#./#./##\", count: 3}\n")
	unl := parseYAML(t, "u.yaml", "board: 7x5\npieces:\n  X: \".#./###/.#.\"\n  L: {shape: \"#./##\", count: unlimited}\n")
	sym := parseYAML(t, "s.yaml", "board: 8x5\ncount: 2\npieces:\n  I: \"####\"\n  O: \"##/##\"\n  T: \"###/.#.\"\n  S: \".##/##.\"\n  L: \"###/#..\"\nsymmetric: rotate180\n")
	symUnl := parseYAML(t, "su.yaml", "board: 4x4\ncount: unlimited\npieces: {D: '##'}\nsymmetric: rotate180\n")
	all := SetFilaAt | SetSchedule | SetNOF | SetVolume | SetRedundancy | SetWorkers | SetSearch
	levels := Config{FilaAt: 3, Schedule: "e=5:f=2"}
	one := Config{FilaAt: 3, Schedule: "e"}
	show := func(idle []Idle) string {
		var s []string
		for _, i := range idle {
			s = append(s, i.Explain("N", "L", "G"))
		}
		return strings.Join(s, " | ")
	}
	for _, c := range []struct {
		name  string
		got   []Idle
		count int
		want  string
	}{
		{"maxcov all, levels", levels.IdleSettings(nil, true, all), 7, "N: maximum coverage runs DLX with hole options, where only the heuristic applies; leave L out"},
		{"maxcov all, one heuristic", one.IdleSettings(nil, true, all), 6, ""},
		{"maxcov schedule", levels.IdleSettings(nil, true, SetSchedule), 1, "N: maximum coverage runs DLX with hole options with one heuristic, so levels have no meaning and e would run throughout; give G"},
		{"maxcov nothing given", levels.IdleSettings(nil, true, 0), 0, ""},
		{"unlimited", levels.IdleSettings(unl, false, all), 2, "N: with an unlimited piece (the number of pieces left is unknown) FILA starts at once; leave L out | N: with an unlimited piece the number of pieces left is unknown, so levels have no meaning and e would run throughout; give G"},
		{"unlimited, one heuristic, at=0", Config{Schedule: "f"}.IdleSettings(unl, false, all), 0, ""},
		{"unlimited, not given", levels.IdleSettings(unl, false, SetNOF|SetVolume), 0, ""},
		{"finite", levels.IdleSettings(finite, false, all), 0, ""},
		{"no puzzle", levels.IdleSettings(nil, false, all), 0, ""},
		{"symmetric", Config{}.IdleSettings(sym, false, all), 5, "N: the symmetric key's orbit problem is searched by DLX alone, not FILA; leave L out | N: the symmetric key's orbit problem is searched with the S heuristic (fewest options) throughout; leave L out | N: the symmetric key's orbit problem is searched by DLX alone, without FILA's neighbour occupancy filtering; leave L out | N: the symmetric key's orbit problem is searched without the volume filter; leave L out | N: the symmetric key's orbit problem is searched serially, by one DLX; leave L out"},
		{"symmetric, unlimited, levels", levels.IdleSettings(symUnl, false, SetSchedule|SetWorkers), 2, "N: the symmetric key's orbit problem is searched with the S heuristic"},
		{"symmetric, not given", levels.IdleSettings(sym, false, SetRedundancy|SetSearch), 0, ""},
	} {
		if len(c.got) != c.count || c.want != "" && !strings.HasPrefix(show(c.got), c.want) {
			t.Errorf("%s: %d idle: %s; want %d, %q", c.name, len(c.got), show(c.got), c.count, c.want)
		}
	}
	if i := levels.IdleSettings(unl, false, all); i[1].Instead != "e" || i[0].Instead != "" {
		t.Errorf("instead: %+v", i)
	}
}
