package native

import (
	"errors"
	"testing"
)

// TestGivenSettings: each setting's flag name maps to its bit, and a flag
// that names no setting adds none.
func TestGivenSettings(t *testing.T) {
	for _, c := range []struct {
		flags []string
		want  Settings
	}{
		{nil, 0},
		{[]string{"fila-at"}, SetFilaAt},
		{[]string{"heuristic", "nof", "volume"}, SetSchedule | SetNOF | SetVolume},
		{[]string{"redundancy", "jobs", "count", "limit"}, SetRedundancy | SetWorkers},
	} {
		given := map[string]bool{}
		for _, f := range c.flags {
			given[f] = true
		}
		if got := GivenSettings(func(name string) bool { return given[name] }); got != c.want {
			t.Errorf("%v: %b, want %b", c.flags, got, c.want)
		}
	}
}

// TestCheckIdle: the first idle setting comes back as an *IdleError that
// spells the setting as its flag with the configuration's value, and
// SetSearch (no flag) is left to the caller.
func TestCheckIdle(t *testing.T) {
	unl := parseYAML(t, "u.yaml", "board: 7x5\npieces:\n  X: \".#./###/.#.\"\n  L: {shape: \"#./##\", count: unlimited}\n")
	sym := parseYAML(t, "s.yaml", "board: 8x5\ncount: 2\npieces:\n  I: \"####\"\n  O: \"##/##\"\n  T: \"###/.#.\"\n  S: \".##/##.\"\n  L: \"###/#..\"\nsymmetric: rotate180\n")
	for _, c := range []struct {
		name    string
		cfg     Config
		maxCov  bool
		p       bool
		given   Settings
		setting Settings
		want    string
	}{
		{"fila-at, unlimited", Config{FilaAt: 3}, false, true, SetFilaAt, SetFilaAt,
			"--fila-at 3: with an unlimited piece (the number of pieces left is unknown) FILA starts at once; leave --fila-at out"},
		{"levels, unlimited", Config{Schedule: "e=5:f=2"}, false, true, SetSchedule, SetSchedule,
			"--heuristic e=5:f=2: with an unlimited piece the number of pieces left is unknown, so levels have no meaning and e would run throughout; give --heuristic e"},
		{"nof, max coverage", Config{NOF: false}, true, false, SetNOF | SetSearch, SetNOF,
			"--nof=false: maximum coverage runs DLX with hole options, where only the heuristic applies; leave --nof out"},
		{"empty schedule, symmetric", Config{}, false, false, SetSchedule, SetSchedule,
			`--heuristic "": the symmetric key's orbit problem is searched with the S heuristic (fewest options) throughout; leave --heuristic out`},
		{"jobs, symmetric", Config{Workers: 4}, false, false, SetWorkers, SetWorkers,
			"--jobs 4: the symmetric key's orbit problem is searched serially, by one DLX; leave --jobs out"},
		{"volume, symmetric", Config{Volume: 7}, false, false, SetVolume, SetVolume,
			"--volume: the symmetric key's orbit problem is searched without the volume filter; leave --volume out"},
		{"redundancy, symmetric", Config{Redundancy: "L"}, false, false, SetRedundancy, SetRedundancy,
			"--redundancy L: the symmetric key's orbit problem is searched without the redundancy filter"},
		{"search only, max coverage", Config{}, true, false, SetSearch, 0, ""},
		{"nothing idle", Config{FilaAt: 0, Schedule: "f"}, false, true, SetFilaAt | SetSchedule, 0, ""},
	} {
		p := sym
		if c.p {
			p = unl
		}
		if c.maxCov {
			p = nil
		}
		err := c.cfg.CheckIdle(p, c.maxCov, c.given)
		var ie *IdleError
		switch {
		case c.setting == 0:
			if err != nil {
				t.Errorf("%s: %v, want nil", c.name, err)
			}
		case !errors.As(err, &ie):
			t.Errorf("%s: %v, want an *IdleError", c.name, err)
		case ie.Setting != c.setting || len(err.Error()) < len(c.want) || err.Error()[:len(c.want)] != c.want:
			t.Errorf("%s: setting %b, %q; want %b, %q", c.name, ie.Setting, err, c.setting, c.want)
		}
	}
}
