package native

// The multi-word FILA hands the search over to a 64-bit model once at
// most 64 cells are open. Building that model (its image list tables, NOF
// sets included) costs about what 450 multi-word nodes do: on a 94-cell
// hex board whose wide levels branch much, 15,125 models were built for
// 176,371 nodes, 12 each, and the builds took 99% of 8.1 s; the
// multi-word search alone, with the same nodes, took 0.21 s. So hand-overs
// go on only while they pay.
const (
	// handOverProbe is the number of models always built in a serial
	// run, handOverProbeSplit in each subproblem of a split (a thousand
	// or more of them, each with its own count so that every worker and
	// every shard makes the same choices in it).
	handOverProbe      = 32
	handOverProbeSplit = 4
	// handOverRetry: once hand-overs stop, every handOverRetry-th node
	// that could hand over does (a skipped hand-over is one multi-word
	// node with at most 64 cells open: 4,096 of them cost about nine
	// builds).
	handOverRetry = 4096
	// handOverNodes is the least average of nodes searched per model
	// built for the hand-overs to go on.
	handOverNodes = 2048
)

// handOverStats counts one worker's hand-overs: models built, the nodes
// they searched, and the hand-overs skipped.
type handOverStats struct {
	builds, nodes, skips int64
	probe                int64 // 0: handOverProbe
}

// pays reports whether the next hand-over builds a model: always for the
// first probe (handOverProbe, or handOverProbeSplit in a subproblem), then while the models built searched handOverNodes
// nodes each on average, else every handOverRetry-th time (so that a
// part of the tree where models pay is found again). A function of the
// search so far: the same search makes the same choices.
func (h *handOverStats) pays() bool {
	probe := h.probe
	if probe == 0 {
		probe = handOverProbe
	}
	if h.builds < probe || h.nodes >= handOverNodes*h.builds {
		return true
	}
	h.skips++
	return h.skips%handOverRetry == 0
}

// built records a model built that searched n nodes.
func (h *handOverStats) built(n int64) {
	h.builds++
	h.nodes += n
}
