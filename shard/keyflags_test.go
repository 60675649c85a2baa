package shard

import (
	"errors"
	"testing"
)

// TestKeyFlagsSolveErrors checks that a version 1 or 2 key's flags line
// is read as solve reads its flags, with the same error texts, which
// merge and solve --count-key print: before the key's settings were
// parsed in this package, the texts were pflag's (from solve's FlagSet)
// and combined shorthands such as -qv were accepted; the package's own
// parser printed "--bogus: unknown flag" and refused -qv.
func TestKeyFlagsSolveErrors(t *testing.T) {
	for _, c := range []struct {
		words []string
		want  string // "" for no error
	}{
		{[]string{"--bogus=3"}, "unknown flag: --bogus"},
		{[]string{"-x"}, "unknown shorthand flag: 'x' in -x"},
		{[]string{"--heuristic"}, "flag needs an argument: --heuristic"},
		{[]string{"-j"}, "flag needs an argument: 'j' in -j"},
		{[]string{"-j", "0"}, `invalid argument "0" for "-j, --jobs" flag: want an integer from 1 to 256`},
		{[]string{"--fila-at=-1"}, `invalid argument "-1" for "--fila-at" flag: want an integer from 0 to 1048576`},
		{[]string{"--nof=maybe"}, `invalid argument "maybe" for "--nof" flag: strconv.ParseBool: parsing "maybe": invalid syntax`},
		{[]string{"--time-limit", "-1s"}, `invalid argument "-1s" for "--time-limit" flag: want a duration such as 30s or 5m from 0s to 8784h0m0s`},
		{[]string{"--mip-gap", "abc"}, `invalid argument "abc" for "--mip-gap" flag: want a number from 0 to 1e+06`},
		{[]string{"--help"}, "pflag: help requested"},
		{[]string{"---x"}, "bad flag syntax: ---x"},
		{[]string{"--nof", "false"}, "arguments that are not flags (false)"},
		{[]string{"-qv"}, ""},
		{[]string{"-qj2", "--highs-option", "a=b", "--stats"}, ""},
	} {
		for _, v := range []int{1, 2} {
			_, err := ParseKeySettings(&Key{Version: v, Flags: c.words})
			switch {
			case c.want == "" && err != nil:
				t.Errorf("v%d %q: %v", v, c.words, err)
			case c.want != "" && (err == nil || err.Error() != c.want || !errors.Is(err, ErrKeySyntax)):
				t.Errorf("v%d %q: %v, want %q", v, c.words, err, c.want)
			}
		}
	}
}

// TestKeyFlagsErrorText checks merge's refusal of a key whose flags line
// is not solve's: words that are not flags and a flag solve refuses are
// said as solve's parser says them.
func TestKeyFlagsErrorText(t *testing.T) {
	for words, want := range map[string]string{
		"foo":    "refusing to merge: d/count.key line 4: its flags hold arguments that are not flags (foo); ",
		"--nope": "refusing to merge: d/count.key line 4: its flags are not solve's (unknown flag: --nope); ",
	} {
		_, err := ParseKeySettings(&Key{Version: 1, Flags: []string{words}})
		got := (&KeyFlagsError{Path: "d/count.key", Err: err}).Error()
		if len(got) < len(want) || got[:len(want)] != want {
			t.Errorf("%s: %q, want the prefix %q", words, got, want)
		}
	}
}
