package compare

import (
	"context"
	"io"
	"strings"

	"github.com/polytile/polytile/internal/atomicfile"
	"github.com/polytile/polytile/render"
)

// ReportFiles are the places a compare or bench report goes: Out in
// Format ("-": Stdout), the Markdown section Section of an Update
// document (UpdateFile; Header starts one that does not exist yet), and a
// Chart of the times in ChartFormat. Empty Update and Chart are none.
type ReportFiles struct {
	Out         string
	Format      Format
	Stdout      io.Writer
	Update      string
	Section     string
	Header      string
	Chart       string
	ChartFormat render.Format
}

// Write writes a report to each of o's places: write writes it in a
// format, bars makes its chart. A file is replaced only when complete.
func (o ReportFiles) Write(write func(io.Writer, Format) error, bars func() render.Chart) error {
	if err := atomicfile.Write(context.Background(), o.Out, o.Stdout, func(w io.Writer) error { return write(w, o.Format) }); err != nil {
		return err
	}
	if o.Update != "" {
		var b strings.Builder
		if err := write(&b, Markdown); err != nil {
			return err
		}
		if err := UpdateFile(o.Update, o.Section, o.Header, b.String()); err != nil {
			return err
		}
	}
	if o.Chart != "" {
		c := bars()
		return atomicfile.Write(context.Background(), o.Chart, o.Stdout, func(w io.Writer) error { return render.BarChart(w, c, o.ChartFormat) })
	}
	return nil
}
