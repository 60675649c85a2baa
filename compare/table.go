package compare

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"

	"github.com/polytile/polytile/internal/textio"
	"github.com/polytile/polytile/puzzle"
)

// Format is an output format of the tables.
type Format int

// Output formats.
const (
	Text     Format = iota // terminal table (box drawing)
	Markdown               // GitHub-flavoured Markdown tables
	CSV                    // one line per row, all tables in one CSV
	JSON                   // the Report as JSON
)

// ParseFormat reads "table" (or "text"), "markdown" (or "md"), "csv" or
// "json".
func ParseFormat(s string) (Format, error) {
	switch strings.ToLower(s) {
	case "table", "text", "":
		return Text, nil
	case "markdown", "md":
		return Markdown, nil
	case "csv":
		return CSV, nil
	case "json":
		return JSON, nil
	}
	return 0, fmt.Errorf("unknown table format %q: use table, markdown, csv or json", s)
}

// Write writes the report: for Text and Markdown, a summary table when
// there are several tables, then each table with its title and answer;
// for CSV, every row of every table; for JSON, the whole report.
func Write(w io.Writer, rep *Report, f Format) error {
	switch f {
	case JSON:
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(rep)
	case CSV:
		return writeCSV(w, rep)
	}
	var b strings.Builder
	if len(rep.Tables) > 1 {
		if f == Markdown {
			b.WriteString("## Summary\n\n")
		} else {
			b.WriteString("Summary\n")
		}
		if err := writeSummary(&b, rep, f); err != nil {
			return err
		}
		b.WriteString("\n")
	}
	for n, t := range rep.Tables {
		if n > 0 {
			b.WriteString("\n")
		}
		if err := writeTable(&b, t, f); err != nil {
			return err
		}
	}
	if rep.Machine != nil {
		b.WriteString("\n")
		if f == Markdown {
			b.WriteString(rep.Machine.Markdown())
		} else {
			b.WriteString(rep.Machine.String() + "\n")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// newTable is a tablewriter table in format f (Text or Markdown) with
// headers kept as written and the given columns right-aligned.
func newTable(w io.Writer, f Format, header []string, right ...int) *tablewriter.Table {
	align := make([]tw.Align, len(header))
	for n := range align {
		align[n] = tw.AlignLeft
	}
	for _, n := range right {
		align[n] = tw.AlignRight
	}
	opts := []tablewriter.Option{
		tablewriter.WithHeaderAutoFormat(tw.Off),
		tablewriter.WithRowAutoWrap(tw.WrapNone),
		tablewriter.WithHeaderAlignment(tw.AlignLeft),
		tablewriter.WithRowAlignmentConfig(tw.CellAlignment{PerColumn: align}),
	}
	if f == Markdown {
		opts = append(opts, tablewriter.WithRenderer(renderer.NewMarkdown()))
	}
	t := tablewriter.NewTable(w, opts...)
	t.Header(header)
	return t
}

// Title is the heading of a table: the puzzle, its task and the reference.
func (t *Table) Title() string {
	s := fmt.Sprintf("%s: %s", t.Puzzle, t.Kind)
	if t.Kind == MaxCoverage.String() {
		s += fmt.Sprintf(" (%s cells)", num(int64(t.Cells)))
	}
	return s
}

// Verdict is the line under a table: the agreed answer and whether every
// backend agrees.
func (t *Table) Verdict() string {
	v := "answer: " + t.Answer
	switch {
	case !t.Agree:
		v += "; DISAGREEMENT (rows marked ≠)"
	case t.Reference != "":
		v += "; every backend that answered agrees with " + t.Reference
	}
	if t.Fastest != "" {
		v += fmt.Sprintf("; fastest %s, %s", t.Fastest, Seconds(t.FastestSeconds))
	}
	return v
}

// LeftOutLine is the line under a table of the default list that names
// the backends it left out and how to add them, e.g. "left out of the
// default list: highs-cli cbc glpsol; add them with --backends
// "max-coverage highs-cli cbc glpsol"" (specs separated by spaces, as
// --backends takes them: a spec's options contain commas). It is empty
// when nothing was left out.
func (t *Table) LeftOutLine() string {
	if len(t.LeftOut) == 0 {
		return ""
	}
	list := strings.Join(t.LeftOut, " ")
	return fmt.Sprintf("left out of the default list: %s; add them with --backends \"%s %s\"", list, t.Kind, list)
}

func writeTable(w io.Writer, t *Table, f Format) error {
	if f == Markdown {
		fmt.Fprintf(w, "### %s\n\n", puzzle.SafeText(t.Title()))
	} else {
		fmt.Fprintln(w, puzzle.SafeText(t.Title()))
	}
	header, right := columns(t.Kind)
	if f == Markdown {
		header = append(header, "configuration")
	}
	tab := newTable(w, f, header, right...)
	var notes footnotes
	for _, r := range t.Rows {
		cells := cells(t.Kind, r)
		if f == Markdown {
			cells = append(cells, r.Config)
		}
		if f == Text {
			last := len(cells) - 1
			cells[last] = notes.mark(cells[last])
		}
		if err := tab.Append(safeCells(cells)); err != nil {
			return err
		}
	}
	if err := tab.Render(); err != nil {
		return err
	}
	if err := notes.write(w); err != nil {
		return err
	}
	if f == Markdown {
		fmt.Fprintln(w)
	}
	if _, err := fmt.Fprintln(w, puzzle.SafeText(t.Verdict())); err != nil {
		return err
	}
	if l := t.LeftOutLine(); l != "" {
		if f == Markdown {
			fmt.Fprintln(w)
		}
		if _, err := fmt.Fprintln(w, puzzle.SafeText(l)); err != nil {
			return err
		}
	}
	return nil
}

// maxNoteCell is the longest note a terminal table shows in its row;
// a longer one goes under the table as a numbered footnote.
const maxNoteCell = 40

// footnotes collects the long notes of a terminal table, each once.
type footnotes struct{ texts []string }

// mark returns note as its cell shows it: itself when short, else the
// number of its footnote ("see [2]").
func (n *footnotes) mark(note string) string {
	if utf8.RuneCountInString(note) <= maxNoteCell {
		return note
	}
	i := slices.Index(n.texts, note)
	if i < 0 {
		i = len(n.texts)
		n.texts = append(n.texts, note)
	}
	return fmt.Sprintf("see [%d]", i+1)
}

// write prints the footnotes, each wrapped to textWidth under its number.
func (n *footnotes) write(w io.Writer) error {
	for i, text := range n.texts {
		lead := fmt.Sprintf("[%d] ", i+1)
		body := textio.Wrap(puzzle.SafeText(text), textWidth-len(lead))
		body = strings.ReplaceAll(body, "\n", "\n"+strings.Repeat(" ", len(lead)))
		if _, err := fmt.Fprintln(w, lead+body); err != nil {
			return err
		}
	}
	return nil
}

// columns returns the header of a table and its right-aligned columns.
func columns(kind string) ([]string, []int) {
	if kind == MaxCoverage.String() {
		return []string{"backend", "status", "coverage", "bound", "optimal", "time", "ratio", "nodes", "agree", "note"}, []int{2, 3, 5, 6, 7}
	}
	return []string{"backend", "status", "solutions", "unique", "time", "ratio", "nodes", "agree", "note"}, []int{2, 3, 4, 5, 6}
}

func cells(kind string, r *Row) []string {
	note := r.Reason
	if note == "" {
		note = r.Note
	} else if r.Note != "" {
		note += "; " + r.Note
	}
	tm, rt, work := "", ratio(r.Ratio), ""
	if r.Status != Skipped && r.Seconds > 0 {
		tm = Seconds(r.Seconds)
	}
	if r.Work > 0 {
		work = num(r.Work)
		if r.WorkUnit != "" && r.WorkUnit != "nodes" {
			work += " " + strings.TrimSuffix(r.WorkUnit, " nodes")
		}
	}
	partial := func(s string) string {
		if s != "" && !r.Complete {
			return "≥ " + s
		}
		return s
	}
	if kind == MaxCoverage.String() {
		cov, bound, opt := "", "", ""
		if r.Coverage != nil {
			cov = num(int64(*r.Coverage))
		}
		if r.Bound != nil {
			bound = num(int64(*r.Bound))
		}
		if r.Coverage != nil || r.Bound != nil {
			opt = "no"
			if r.Complete {
				opt = "yes"
			}
		}
		return []string{r.Backend, string(r.Status), cov, bound, opt, tm, rt, work, markText(r.Mark), note}
	}
	sol, uniq := "", ""
	switch {
	case r.Feasible != nil && *r.Feasible:
		sol = "≥ 1 (feasible)"
	case r.Feasible != nil:
		sol = "0 (infeasible)"
	case r.Solutions != nil:
		sol = partial(num(*r.Solutions))
	}
	if r.Unique != nil {
		uniq = partial(num(*r.Unique))
	}
	return []string{r.Backend, string(r.Status), sol, uniq, tm, rt, work, markText(r.Mark), note}
}

// markText is the agreement mark as shown in tables.
func markText(m string) string {
	switch m {
	case "<=":
		return "≤"
	case "!=":
		return "≠"
	}
	return m
}

func writeSummary(w io.Writer, rep *Report, f Format) error {
	tab := newTable(w, f, []string{"puzzle", "task", "answer", "agreement", "fastest", "time", "ok", "timeout", "skipped", "error"}, 5, 6, 7, 8, 9)
	for _, t := range rep.Tables {
		count := map[Status]int{}
		for _, r := range t.Rows {
			count[r.Status]++
		}
		agree := "agree"
		if !t.Agree {
			agree = fmt.Sprintf("DISAGREE (%d)", count[Disagree])
		}
		tm := ""
		if t.Fastest != "" {
			tm = Seconds(t.FastestSeconds)
		}
		row := []string{t.Puzzle, t.Kind, t.Answer, agree, t.Fastest, tm,
			strconv.Itoa(count[OK]), strconv.Itoa(count[Timeout]), strconv.Itoa(count[Skipped]), strconv.Itoa(count[Error])}
		if err := tab.Append(safeCells(row)); err != nil {
			return err
		}
	}
	return tab.Render()
}

func writeCSV(w io.Writer, rep *Report) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"puzzle", "task", "backend", "status", "solutions", "unique", "feasible", "coverage", "bound",
		"complete", "seconds", "ratio", "work", "work_unit", "agreement", "reference", "note", "config", "unique_so_far", "lower_bound"})
	opt := func(p *int64) string {
		if p == nil {
			return ""
		}
		return strconv.FormatInt(*p, 10)
	}
	opti := func(p *int) string {
		if p == nil {
			return ""
		}
		return strconv.Itoa(*p)
	}
	for _, t := range rep.Tables {
		for _, r := range t.Rows {
			feas := ""
			if r.Feasible != nil {
				feas = strconv.FormatBool(*r.Feasible)
			}
			note := strings.TrimPrefix(r.Reason+"; "+r.Note, "; ")
			note = strings.TrimSuffix(note, "; ")
			// A stopped count is marked as JSON marks it (rowjson.go): its
			// unique figure under unique_so_far, lower_bound true, and the
			// unique column empty, so that no reader of the column takes a
			// part for the count.
			unique, soFar, lower := opt(r.Unique), "", "false"
			if r.Solutions != nil && !r.Complete {
				unique, soFar, lower = "", opt(r.Unique), "true"
			}
			cw.Write(safeCells([]string{t.Puzzle, t.Kind, r.Backend, string(r.Status), opt(r.Solutions), unique, feas,
				opti(r.Coverage), opti(r.Bound), strconv.FormatBool(r.Complete),
				strconv.FormatFloat(r.Seconds, 'f', 6, 64), strconv.FormatFloat(r.Ratio, 'f', 3, 64),
				strconv.FormatInt(r.Work, 10), r.WorkUnit, r.Mark, t.Reference, note, r.Config, soFar, lower}))
		}
	}
	cw.Flush()
	return cw.Error()
}

// safeCells escapes what a terminal would interpret (escapes, bidirectional
// overrides, line breaks) in the cells of a table: backend names and notes
// carry text from outside, such as an external solver's stderr or the
// --dlx-solver command line.
func safeCells(cells []string) []string {
	out := make([]string, len(cells))
	for n, c := range cells {
		out[n] = puzzle.SafeText(c)
	}
	return out
}
