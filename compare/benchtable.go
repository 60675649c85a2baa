package compare

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/polytile/polytile/render"
)

// WriteBench writes a benchmark report in the layout of the FILA article's
// Table 1: case, configuration (polytile flags, then the article's),
// fits, no-fits and time, each with its change against the previous row of
// the same puzzle (Δ%), the unique solutions, and the article's time with
// the ratio of ours to it.
func WriteBench(w io.Writer, rep *BenchReport, f Format) error {
	switch f {
	case JSON:
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(rep)
	}
	if rep.frontier() {
		return writeFrontierBench(w, rep, f)
	}
	if f == CSV {
		return writeBenchCSV(w, rep)
	}
	var b strings.Builder
	header := []string{"case", "polytile configuration", "article", "fits", "Δ%", "no-fits", "Δ%", "time", "Δ%", "solutions", "article fits", "article time", "vs article"}
	tab := newTable(&b, f, header, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)
	var prev *BenchRow
	for _, r := range rep.Rows {
		if prev != nil && prev.Puzzle != r.Puzzle {
			prev = nil
		}
		d := func(old, new float64) string {
			if prev == nil || !prev.finished() || !r.finished() {
				return "-"
			}
			return percent(old, new)
		}
		var df, dn, dt string
		if prev != nil {
			df, dn, dt = d(float64(prev.Fits), float64(r.Fits)), d(float64(prev.NoFits), float64(r.NoFits)), d(prev.Seconds, r.Seconds)
		} else {
			df, dn, dt = "-", "-", "-"
		}
		sol := num(r.Unique)
		switch r.Status {
		case Timeout:
			sol = "≥ " + sol + " (timeout)"
		case Disagree:
			sol += " ≠ " + num(r.Expected)
		case Error:
			sol = "error: " + r.Reason
		}
		artFits, artTime, vs := "", "", ""
		if r.ArticleFits > 0 {
			artFits = num(r.ArticleFits)
		}
		if r.ArticleSeconds > 0 {
			artTime = Seconds(r.ArticleSeconds)
			if r.finished() {
				vs = fmt.Sprintf("%.2fx", r.Seconds/r.ArticleSeconds)
			}
		}
		row := []string{r.ID, r.Flags, r.Article, num(r.Fits), df, num(r.NoFits), dn, Seconds(r.Seconds), dt, sol, artFits, artTime, vs}
		if err := tab.Append(row); err != nil {
			return err
		}
		prev = r
	}
	if err := tab.Render(); err != nil {
		return err
	}
	if f == Markdown {
		b.WriteString("\n")
	}
	b.WriteString(benchKey(rep))
	if rep.Machine != nil {
		if f == Markdown {
			b.WriteString("\n" + rep.Machine.Markdown())
		} else {
			b.WriteString(rep.Machine.String() + "\n")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// benchKey explains the columns under the table.
func benchKey(rep *BenchReport) string {
	return fmt.Sprintf("Suite %s. P: 12 pentominoes 10x6, Q: the same on 12x5 (not in the article), TC: Tetris Cube, "+
		"PT: pentominoes + tetrominoes in the 13x13 diamond, OP: one-sided pentominoes 18x5. "+
		"Solutions are unique ones; fits and no-fits as in the article (pieces placed, images tried that did not fit); "+
		"Δ%% is the change from the row above; \"vs article\" is our time over the article's "+
		"(Intel i3-4130T, one thread). Every case runs on one thread.\n", rep.Suite)
}

func writeBenchCSV(w io.Writer, rep *BenchReport) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"case", "puzzle", "polytile_flags", "article_options", "status", "fits", "no_fits", "seconds", "unique", "all",
		"expected_unique", "article_fits", "article_no_fits", "article_seconds", "reason", "unique_so_far", "lower_bound"})
	for _, r := range rep.Rows {
		// A case stopped by its time limit is marked as its JSON is
		// (rowjson.go): unique empty, the figure under unique_so_far.
		unique, soFar, lower := strconv.FormatInt(r.Unique, 10), "", "false"
		if r.Status == Timeout {
			unique, soFar, lower = "", unique, "true"
		}
		cw.Write([]string{r.ID, r.Puzzle, r.Flags, r.Article, string(r.Status), strconv.FormatInt(r.Fits, 10), strconv.FormatInt(r.NoFits, 10),
			strconv.FormatFloat(r.Seconds, 'f', 6, 64), unique, strconv.FormatInt(r.All, 10),
			strconv.FormatInt(r.Expected, 10), strconv.FormatInt(r.ArticleFits, 10), strconv.FormatInt(r.ArticleNoFits, 10),
			strconv.FormatFloat(r.ArticleSeconds, 'f', 3, 64), r.Reason, soFar, lower})
	}
	cw.Flush()
	return cw.Error()
}

// BenchChart is a bar chart of the benchmark times: one group per case,
// with our time and the article's.
func BenchChart(rep *BenchReport) render.Chart {
	if rep.frontier() {
		return frontierBenchChart(rep)
	}
	c := render.Chart{Title: "FILA article Table 1 on this machine (suite " + rep.Suite + ")", Axis: "time", Unit: "s"}
	for _, r := range rep.Rows {
		if r.Status == Error || r.Seconds <= 0 {
			continue
		}
		b := render.Bar{Label: r.ID, Series: "polytile", Value: r.Seconds}
		if r.Status != OK {
			b.Note = string(r.Status)
		}
		c.Bars = append(c.Bars, b)
		if r.ArticleSeconds > 0 {
			c.Bars = append(c.Bars, render.Bar{Label: r.ID, Series: "article", Value: r.ArticleSeconds})
		}
	}
	return c
}

// finished reports a case that ran to its end (with or without the known
// count), so that its figures compare with other rows.
func (r *BenchRow) finished() bool { return r.Status == OK || r.Status == Disagree }
