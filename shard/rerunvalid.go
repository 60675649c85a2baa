package shard

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// maxPath bounds a path in a rerun template.
const maxPath = 4096

// ValidRerun checks the rerun template a result carries against what
// solve writes, and rebuilds it from the checked fields:
//
//	polytile solve FILE --count [--unique] CONFIG --shard {}/N [--json|--jsonl] [-o PATH] [--checkpoint PATH]
//
// FILE is the result's file, CONFIG the flags of its (checked)
// configuration (Config.Flags), N its shard count; the flags after FILE
// may come in any order, each once. Anything else (another program,
// another subcommand, a flag solve does not write there, a configuration
// or shard count other than the result's, a name with a control
// character) is an error: the template of a file is never printed as a
// command unless it is this one. The configuration and shard count are
// those merge checked all results agree on, so the command, run on the
// same puzzle file, makes results that merge with them (merge refuses
// them by fingerprint otherwise). A relative FILE starting with - gets ./
// in front (so it is not read as an option); the words of FILE and CONFIG
// must not hold {} (the index of the template).
func ValidRerun(r *Result) ([]string, error) {
	t := r.Rerun
	if len(t) < 3 || t[0] != "polytile" || t[1] != "solve" {
		return nil, errors.New("it is not a polytile solve command")
	}
	file := t[2]
	if file != r.File {
		return nil, fmt.Errorf("its puzzle %q is not the result's file %q", shorten(file), shorten(r.File))
	}
	if err := checkPath("the puzzle file", file); err != nil {
		return nil, err
	}
	cfg := r.Config.Flags()
	for _, w := range append([]string{file}, cfg...) {
		if strings.Contains(w, "{}") {
			return nil, fmt.Errorf("%q holds {}, the index of the template", shorten(w))
		}
	}
	if strings.HasPrefix(file, "-") && file != "-" {
		file = "./" + file
	}
	out := []string{"polytile", "solve", file, "--count"}
	var unique, format, output, checkpoint []string
	seen := map[string]bool{}
	once := func(flag string) error {
		if seen[flag] {
			return fmt.Errorf("it gives %s twice", flag)
		}
		seen[flag] = true
		return nil
	}
	shard := fmt.Sprintf("{}/%d", r.Count)
	for k := 3; k < len(t); k++ {
		w := t[k]
		value := func() (string, error) {
			if k+1 >= len(t) {
				return "", fmt.Errorf("%s has no value", w)
			}
			k++
			return t[k], nil
		}
		key := w
		switch w {
		case "--json", "--jsonl":
			key = "format"
		case "-o", "--output":
			key = "-o"
		}
		if err := once(key); err != nil {
			return nil, err
		}
		switch w {
		case "--count":
		case "--unique":
			unique = []string{w}
		case "--json", "--jsonl":
			format = []string{w}
		case "--backend":
			if k+len(cfg) > len(t) || !slices.Equal(t[k:k+len(cfg)], cfg) {
				return nil, fmt.Errorf("its configuration is not the result's (%s)", strings.Join(cfg, " "))
			}
			k += len(cfg) - 1
		case "--shard":
			v, err := value()
			if err != nil {
				return nil, err
			}
			if v != shard {
				return nil, fmt.Errorf("--shard %q is not %s", shorten(v), shard)
			}
		case "-o", "--output", "--checkpoint":
			v, err := value()
			if err != nil {
				return nil, err
			}
			if err := checkPath(w, v); err != nil {
				return nil, err
			}
			if w == "--checkpoint" {
				checkpoint = []string{w, v}
			} else {
				output = []string{"-o", v}
			}
		default:
			return nil, fmt.Errorf("%q is not a flag solve writes in a rerun command", shorten(w))
		}
	}
	for _, need := range []string{"--count", "--backend", "--shard"} {
		if !seen[need] {
			return nil, fmt.Errorf("it has no %s", need)
		}
	}
	out = append(out, unique...)
	out = append(out, cfg...)
	out = append(out, "--shard", shard)
	out = append(out, format...)
	out = append(out, output...)
	return append(out, checkpoint...), nil
}

// checkPath accepts a non-empty path of printable UTF-8 of at most
// maxPath bytes.
func checkPath(what, p string) error {
	if p == "" {
		return fmt.Errorf("%s is empty", what)
	}
	if len(p) > maxPath {
		return fmt.Errorf("%s is longer than %d bytes", what, maxPath)
	}
	return checkPrintable(what, p)
}

// rerunNote is merge's note on the first result whose rerun template is
// not valid (bad, from reruns; "" when none is): it explains a template
// merge did not print and, with no valid one, the missing command.
func rerunNote(bad, command string) string {
	if bad != "" && command == "" {
		return "no command to run them: " + bad
	}
	return bad
}
