package compare

import "github.com/polytile/polytile/render"

// Chart is a bar chart of the times of the backends: one bar per backend
// for a single table, or one group of bars per puzzle (a series per
// backend) for several. Skipped and failed rows have no bar; timed-out rows
// are drawn with their time and the note "timeout". render.BarChart picks
// a logarithmic axis when the times differ by more than 20 times.
func Chart(rep *Report) render.Chart {
	c := render.Chart{Title: "Time per backend", Axis: "time", Unit: "s"}
	for _, t := range rep.Tables {
		for _, r := range t.Rows {
			if r.Status == Skipped || r.Status == Error || r.Seconds <= 0 {
				continue
			}
			b := render.Bar{Label: r.Backend, Value: r.Seconds}
			if len(rep.Tables) > 1 {
				b = render.Bar{Label: t.Puzzle + " (" + t.Kind + ")", Series: r.Backend, Value: r.Seconds}
			}
			if r.Status != OK {
				b.Note = string(r.Status)
			}
			c.Bars = append(c.Bars, b)
		}
	}
	if len(rep.Tables) == 1 {
		c.Title = "Time per backend: " + rep.Tables[0].Title()
	}
	return c
}
