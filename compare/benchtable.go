package compare

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/olekukonko/tablewriter"

	"github.com/polytile/polytile/internal/textio"
	"github.com/polytile/polytile/render"
)

// WriteBench writes a benchmark report in the layout of the FILA article's
// Table 1: case, configuration (polytile flags, then the article's),
// fits, no-fits and time, each with its change against the previous row of
// the same puzzle (Δ%), the unique solutions, and the article's time with
// the ratio of ours to it. The terminal table (Text) splits this into two
// narrower tables, our figures and the article's next to ours, with the
// polytile flags of each article option listed under them.
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
	cells := benchCells(rep)
	var b strings.Builder
	if f == Text {
		if err := writeBenchTables(&b, cells); err != nil {
			return err
		}
		b.WriteString(textio.Wrap(benchKey(rep), textWidth))
	} else {
		header := []string{"case", "polytile configuration", "article", "fits", "Δ%", "no-fits", "Δ%", "time", "Δ%", "solutions", "article fits", "article time", "vs article"}
		tab := newTable(&b, f, header, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)
		for _, c := range cells {
			if err := tab.Append([]string{c.id, c.flags, c.article, c.fits, c.dFits, c.noFits, c.dNoFits, c.time, c.dTime, c.solutions, c.artFits, c.artTime, c.vs}); err != nil {
				return err
			}
		}
		if err := tab.Render(); err != nil {
			return err
		}
		if f == Markdown {
			b.WriteString("\n")
		}
		b.WriteString(benchKey(rep))
	}
	return writeBenchEnd(w, &b, rep.Machine, f)
}

// benchRowCells are the texts of one row of the benchmark table.
type benchRowCells struct {
	id, flags, article                     string
	fits, dFits, noFits, dNoFits, time     string
	dTime, solutions, artFits, artTime, vs string
}

// benchCells formats every row of rep; a Δ% compares a row with the one
// above it of the same puzzle when both ran to their end.
func benchCells(rep *BenchReport) []benchRowCells {
	var out []benchRowCells
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
		c := benchRowCells{id: r.ID, flags: r.Flags, article: r.Article, fits: num(r.Fits), noFits: num(r.NoFits),
			time: Seconds(r.Seconds), dFits: "-", dNoFits: "-", dTime: "-", solutions: num(r.Unique)}
		if prev != nil {
			c.dFits, c.dNoFits, c.dTime = d(float64(prev.Fits), float64(r.Fits)), d(float64(prev.NoFits), float64(r.NoFits)), d(prev.Seconds, r.Seconds)
		}
		switch r.Status {
		case Timeout:
			c.solutions = "≥ " + c.solutions + " (timeout)"
		case Disagree:
			c.solutions += " ≠ " + num(r.Expected)
		case Error:
			c.solutions = "error: " + r.Reason
		}
		if r.ArticleFits > 0 {
			c.artFits = num(r.ArticleFits)
		}
		if r.ArticleSeconds > 0 {
			c.artTime = Seconds(r.ArticleSeconds)
			if r.finished() {
				c.vs = fmt.Sprintf("%.2fx", r.Seconds/r.ArticleSeconds)
			}
		}
		out = append(out, c)
		prev = r
	}
	return out
}

// textWidth is the width the terminal table's notes are wrapped to.
const textWidth = 100

// writeBenchTables writes the terminal layout: our figures, the article's
// next to ours for the cases it has, and the polytile flags of each
// article option.
func writeBenchTables(b *strings.Builder, cells []benchRowCells) error {
	ours := newTable(b, Text, []string{"case", "article options", "fits", "Δ%", "no-fits", "Δ%", "time", "Δ%", "solutions"}, 2, 3, 4, 5, 6, 7, 8)
	for _, c := range cells {
		if err := ours.Append([]string{c.id, c.article, c.fits, c.dFits, c.noFits, c.dNoFits, c.time, c.dTime, c.solutions}); err != nil {
			return err
		}
	}
	if err := ours.Render(); err != nil {
		return err
	}
	var theirs *tablewriter.Table
	for _, c := range cells {
		if c.artFits == "" && c.artTime == "" {
			continue
		}
		if theirs == nil {
			b.WriteString("\nAgainst the article:\n")
			theirs = newTable(b, Text, []string{"case", "fits", "article fits", "time", "article time", "vs article"}, 1, 2, 3, 4, 5)
		}
		if err := theirs.Append([]string{c.id, c.fits, c.artFits, c.time, c.artTime, c.vs}); err != nil {
			return err
		}
	}
	if theirs != nil {
		if err := theirs.Render(); err != nil {
			return err
		}
	}
	b.WriteString("\nArticle options as polytile solve flags:\n")
	seen := map[string]bool{}
	wide := 0
	for _, c := range cells {
		wide = max(wide, len(c.article))
	}
	for _, c := range cells {
		if key := c.article + "\x00" + c.flags; !seen[key] {
			seen[key] = true
			fmt.Fprintf(b, "  %-*s  %s\n", wide, c.article, c.flags)
		}
	}
	b.WriteString("\n")
	return nil
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

// writeBenchEnd adds the machine line (a Markdown list in Markdown) to a
// bench report's text and writes it to w.
func writeBenchEnd(w io.Writer, b *strings.Builder, m *Machine, f Format) error {
	if m != nil {
		if f == Markdown {
			b.WriteString("\n" + m.Markdown())
		} else {
			b.WriteString(m.String() + "\n")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
