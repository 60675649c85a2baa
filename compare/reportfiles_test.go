package compare

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/polytile/polytile/render"
)

// TestReportFilesWrite: the report goes to -o in its format, to a new
// --update document as Markdown after its header, and its chart to
// --chart; stdout gets nothing when every place is a file.
func TestReportFilesWrite(t *testing.T) {
	dir := t.TempDir()
	var stdout bytes.Buffer
	o := ReportFiles{
		Out: filepath.Join(dir, "r.csv"), Format: CSV, Stdout: &stdout,
		Update: filepath.Join(dir, "doc.md"), Section: "s", Header: "# Doc\n",
		Chart: filepath.Join(dir, "c.txt"), ChartFormat: render.ASCII,
	}
	write := func(w io.Writer, f Format) error { _, err := fmt.Fprintf(w, "report in format %d\n", f); return err }
	bars := func() render.Chart {
		return render.Chart{Title: "times", Unit: "s", Bars: []render.Bar{{Label: "g", Value: 1}}}
	}
	if err := o.Write(write, bars); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(o.Out); string(got) != fmt.Sprintf("report in format %d\n", CSV) {
		t.Errorf("-o: %q", got)
	}
	doc, _ := os.ReadFile(o.Update)
	if !strings.HasPrefix(string(doc), "# Doc\n") || !strings.Contains(string(doc), fmt.Sprintf("report in format %d\n", Markdown)) {
		t.Errorf("--update: %q", doc)
	}
	if chart, err := os.ReadFile(o.Chart); err != nil || !strings.Contains(string(chart), "times") {
		t.Errorf("--chart: %q %v", chart, err)
	}
	if stdout.Len() != 0 {
		t.Errorf("stdout: %q", stdout.String())
	}
}
