package main

// solveOutputList lists every file solve writes, for checkOutputs: the
// picture or --json result (-o) and the --checkpoint, which is rewritten
// every few seconds and at the end. Each must differ from the puzzle and
// from the others: a result written over the checkpoint made the next
// run refuse it as "not a polytile checkpoint".
func solveOutputList(f *solveFlags) []output {
	return []output{{"-o", f.out}, {"--checkpoint", f.checkpoint}}
}
