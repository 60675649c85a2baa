package main

import (
	"fmt"

	"github.com/polytile/polytile/shard"
)

// mergeForPuzzle refuses (exit 2, a *shard.Conflict) the results among
// files that were not computed for the puzzle at path as it is now: a
// fingerprint other than that of the puzzle, read as solve reads it
// (format from, a piece that fits nowhere dropped only when unlimited).
// A results directory reused after the puzzle was edited, or filled by
// another puzzle, is then never merged as if it were this puzzle's count.
func (a *app) mergeForPuzzle(path, from string, files []shard.Loaded) error {
	fp, err := a.mergeFingerprint(path, from)
	if err != nil {
		return fmt.Errorf("merge --puzzle: %w", err)
	}
	var stale []string
	for _, f := range files {
		if f.Result == nil || f.Result.Fingerprint == fp {
			continue
		}
		stale = append(stale, fmt.Sprintf("%s (puzzle %s from %s, fingerprint %s)", f.Path,
			shownText(orDefault(f.Result.Puzzle, "?")), shownText(f.Result.File), shortFingerprint(f.Result.Fingerprint)))
	}
	if len(stale) == 0 {
		return nil
	}
	return &shard.Conflict{What: fmt.Sprintf("results not computed for --puzzle %s as it is now (fingerprint %s): "+
		"the puzzle was edited since they were made, or they are another puzzle's; rerun them into an empty directory",
		shownText(path), shortFingerprint(fp)), Files: stale}
}

// shortFingerprint is a fingerprint cut to its first 12 hexadecimal
// digits, enough to tell two apart in a message.
func shortFingerprint(fp string) string {
	if len(fp) > len("sha256:")+12 {
		return fp[:len("sha256:")+12]
	}
	return fp
}
