package native

// Stats are the search statistics of the FILA article's Tables 2-5, per
// level: the number of remaining pieces when a piece is placed (the
// article's p), or, for puzzles with an unlimited piece where that number
// is undefined, the depth (pieces already placed; ByDepth is then set).
type Stats struct {
	ByDepth bool
	// Attempts[l] counts the images tried at level l (FILA: every image of
	// an available class in the chosen list; DLX: every option of the
	// chosen item) and Fits[l] those that fit and were placed. Images the
	// E and S heuristics test while choosing a cell are not counted, as in
	// the article.
	Attempts, Fits []int64
	// FilaModels is the number of FILA data models built (one per
	// hand-over from DLX).
	FilaModels int64
	// MemoHits counts the FILA nodes whose counts the transposition table
	// gave (Config.Memo), and MemoSaved the placements their subtrees
	// hold, which the search did not make: TotalFits + MemoSaved is the
	// number of fits of the same search without the table.
	MemoHits, MemoSaved int64
}

// TotalFits is the number of placements at all levels.
func (s *Stats) TotalFits() int64 {
	var n int64
	for _, f := range s.Fits {
		n += f
	}
	return n
}

// TotalNoFits is the number of images tried that did not fit.
func (s *Stats) TotalNoFits() int64 {
	var n int64
	for l := range s.Attempts {
		n += s.Attempts[l] - s.Fits[l]
	}
	return n
}

// LevelStats is one row of the article's Tables 2-5.
type LevelStats struct {
	Level                  int
	Attempts, Fits, NoFits int64
	// Per target: totals divided by the number of targets at this level,
	// which is the number of fits at the level above (0 when unknown).
	AttemptsPerTarget, FitsPerTarget, NoFitsPerTarget float64
}

// Rows returns the levels with any activity, lowest level first.
func (s *Stats) Rows() []LevelStats {
	var out []LevelStats
	for l := range s.Attempts {
		if s.Attempts[l] == 0 {
			continue
		}
		row := LevelStats{Level: l, Attempts: s.Attempts[l], Fits: s.Fits[l], NoFits: s.Attempts[l] - s.Fits[l]}
		parent := l + 1
		if s.ByDepth {
			parent = l - 1
		}
		targets := int64(0)
		if parent >= 0 && parent < len(s.Fits) {
			targets = s.Fits[parent]
		}
		if targets == 0 && (parent < 0 || parent >= len(s.Fits) || s.Attempts[parent] == 0) {
			targets = 1 // the root: one target
		}
		if targets > 0 {
			row.AttemptsPerTarget = float64(row.Attempts) / float64(targets)
			row.FitsPerTarget = float64(row.Fits) / float64(targets)
			row.NoFitsPerTarget = float64(row.NoFits) / float64(targets)
		}
		out = append(out, row)
	}
	return out
}

func mergeStats(r *run, ws []*worker) *Stats {
	s := &Stats{ByDepth: r.byDepth, Attempts: make([]int64, r.levels), Fits: make([]int64, r.levels)}
	for _, w := range ws {
		for l := range w.attempts {
			s.Attempts[l] += w.attempts[l]
			s.Fits[l] += w.fits[l]
		}
		s.FilaModels += w.filaModels
		s.MemoHits += w.memoHits
		s.MemoSaved += w.memoSaved
	}
	return s
}
