package shard

import "fmt"

// Rerun is what a shard's rerun command is made of: the puzzle file, the
// counting flags, the configuration as resolved, the shards, and where
// the shard writes its result and checkpoint.
type Rerun struct {
	Puzzle string
	Unique bool
	Config Config
	// Index of Count is the shard; JSON reports --json.
	Index, Count int
	JSON         bool
	// Output is -o ("-": stdout), Checkpoint --checkpoint ("": none).
	Output, Checkpoint string
}

// Args is the command line of the shard with {} for the index: in
// --shard, and in the names of the output and checkpoint files (where
// the index appears, IndexTemplate, else inserted by RunnableTemplate),
// so that one template reruns any shard.
func (r Rerun) Args() []string {
	args := []string{"polytile", "solve", r.Puzzle, "--count"}
	if r.Unique {
		args = append(args, "--unique")
	}
	args = append(args, r.Config.Flags()...)
	args = append(args, "--shard", fmt.Sprintf("{}/%d", r.Count))
	if r.JSON {
		args = append(args, "--json")
	}
	if r.Output != "-" {
		args = append(args, "-o", IndexTemplate(r.Output, r.Index))
	}
	if r.Checkpoint != "" {
		args = append(args, "--checkpoint", IndexTemplate(r.Checkpoint, r.Index))
	}
	return RunnableTemplate(args)
}
