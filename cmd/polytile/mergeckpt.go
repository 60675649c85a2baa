package main

import (
	"fmt"
	"os"
	"path/filepath"
)

// checkpointNote says what a directory merge found no result in holds
// instead: checkpoints (*.ckpt) of shards that started and never wrote a
// result. "" when none of the directories among args holds one.
func checkpointNote(args []string) string {
	n := 0
	for _, a := range args {
		if st, err := os.Stat(a); err != nil || !st.IsDir() {
			continue
		}
		m, _ := filepath.Glob(filepath.Join(a, "*.ckpt"))
		n += len(m)
	}
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(": %d checkpoint(s) (*.ckpt) of shards that started and wrote no result; run the shards again (the same command resumes from them), then merge", n)
}
