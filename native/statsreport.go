package native

import (
	"fmt"
	"io"
)

// StatsReport is Stats as polytile solve --stats writes it (JSON and
// text, docs/formats.md): attempts, fits and no-fits per level with any
// activity, their totals, and the transposition table's savings.
type StatsReport struct {
	By       string       `json:"by"` // "remaining pieces" or "depth"
	Levels   []StatsLevel `json:"levels"`
	Attempts int64        `json:"attempts"`
	Fits     int64        `json:"fits"`
	NoFits   int64        `json:"no_fits"`
	// MemoHits and MemoSaved are Stats.MemoHits and Stats.MemoSaved.
	MemoHits  int64 `json:"memo_hits,omitempty"`
	MemoSaved int64 `json:"memo_saved_fits,omitempty"`
}

// StatsLevel is one row of a StatsReport.
type StatsLevel struct {
	Level    int   `json:"level"`
	Attempts int64 `json:"attempts"`
	Fits     int64 `json:"fits"`
	NoFits   int64 `json:"no_fits"`
}

// Report is s as a StatsReport.
func (s *Stats) Report() StatsReport {
	out := StatsReport{By: "remaining pieces"}
	if s.ByDepth {
		out.By = "depth"
	}
	for l := range s.Attempts {
		at, fi := s.Attempts[l], s.Fits[l]
		if at == 0 && fi == 0 {
			continue
		}
		out.Levels = append(out.Levels, StatsLevel{Level: l, Attempts: at, Fits: fi, NoFits: at - fi})
		out.Attempts += at
		out.Fits += fi
	}
	out.NoFits = out.Attempts - out.Fits
	out.MemoHits, out.MemoSaved = s.MemoHits, s.MemoSaved
	return out
}

// WriteText writes r as a table, one row per level and the totals, then
// the table's savings when it saved any.
func (r *StatsReport) WriteText(w io.Writer) {
	fmt.Fprintf(w, "%-9s %14s %14s %14s\n", r.By[:min(len(r.By), 9)], "attempts", "fits", "no-fits")
	for _, l := range r.Levels {
		fmt.Fprintf(w, "%-9d %14d %14d %14d\n", l.Level, l.Attempts, l.Fits, l.NoFits)
	}
	fmt.Fprintf(w, "%-9s %14d %14d %14d\n", "total", r.Attempts, r.Fits, r.NoFits)
	if r.MemoHits > 0 {
		fmt.Fprintf(w, "memo: %d nodes counted from the table, saving %d fits (%d fits without it)\n", r.MemoHits, r.MemoSaved, r.Fits+r.MemoSaved)
	}
}
