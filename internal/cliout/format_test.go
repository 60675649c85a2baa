package cliout

import (
	"errors"
	"testing"

	"github.com/polytile/polytile/compare"
	"github.com/polytile/polytile/render"
)

// TestPictureFormat: the flag agrees with the extension (the text formats
// with either text extension), the extension decides without the flag,
// stdout takes ansi on a terminal, and each refusal has its typed error.
func TestPictureFormat(t *testing.T) {
	for _, c := range []struct {
		format, out string
		terminal    bool
		want        render.Format
		err         error
	}{
		{"", "x.svg", false, render.SVG, nil},
		{"", "x.TXT", true, render.ASCII, nil},
		{"ansi", "x.txt", false, render.ANSI, nil},
		{"", "-", true, render.ANSI, nil},
		{"", "-", false, render.ASCII, nil},
		{"png", "-", false, render.PNG, nil},
		{"svg", "x.png", false, 0, &ExtensionError{}},
		{"png", "-", true, 0, ErrBinaryToTerminal},
		{"", "x.gif", false, 0, ErrUnknownExtension},
		{"svg", "x.gif", false, render.SVG, nil},
	} {
		got, err := PictureFormat("--render", c.format, c.out, c.terminal)
		if !matches(err, c.err) || (c.err == nil && got != c.want) {
			t.Errorf("%q %q terminal %v: %v, %v; want %v, %T %v", c.format, c.out, c.terminal, got, err, c.want, c.err, c.err)
		}
	}
	var ee *ExtensionError
	if _, err := PictureFormat("--render", "svg", "x.png", false); !errors.As(err, &ee) || ee.Kind != "png" || ee.Format != "svg" {
		t.Errorf("svg to x.png: %v", err)
	}
	if _, err := PictureFormat("--render", "gif", "-", false); err == nil {
		t.Error("an unknown format is accepted")
	}
}

// matches reports whether err is want: nil, a sentinel, or of want's
// type (*ExtensionError).
func matches(err, want error) bool {
	var ee *ExtensionError
	switch want.(type) {
	case nil:
		return err == nil
	case *ExtensionError:
		return errors.As(err, &ee)
	}
	return errors.Is(err, want)
}

// TestTableFormat: -o's extension decides without --format; --format
// wins on stdout and on an unknown extension; a contradiction is an
// *ExtensionError.
func TestTableFormat(t *testing.T) {
	for _, c := range []struct {
		format, out string
		want        compare.Format
		err         error
	}{
		{"", "-", compare.Text, nil},
		{"", "r.MD", compare.Markdown, nil},
		{"", "r.csv", compare.CSV, nil},
		{"json", "-", compare.JSON, nil},
		{"csv", "r.dat", compare.CSV, nil},
		{"md", "r.markdown", compare.Markdown, nil},
		{"csv", "r.json", 0, &ExtensionError{}},
	} {
		got, err := TableFormat(c.format, c.out)
		if !matches(err, c.err) || (c.err == nil && got != c.want) {
			t.Errorf("%q %q: %v, %v", c.format, c.out, got, err)
		}
	}
	if _, err := TableFormat("xml", "-"); err == nil {
		t.Error("an unknown table format is accepted")
	}
}

// TestExportFormat: an MPS file holds free or fixed MPS; a known
// extension needs --format; an unknown one or stdout takes any.
func TestExportFormat(t *testing.T) {
	for _, c := range []struct {
		format, out string
		err         error
	}{
		{"fixed-mps", "m.mps", nil},
		{"MPS", "m.mps", nil},
		{"lp", "m.txt", nil},
		{"", "-", nil},
		{"", "m.opb", ErrFormatNeeded},
		{"lp", "m.py", &ExtensionError{}},
	} {
		if err := ExportFormat(c.format, c.out); !matches(err, c.err) {
			t.Errorf("%q %q: %v, want %v", c.format, c.out, err, c.err)
		}
	}
}

// TestChartFormat: no chart is the zero format; an extension that is no
// picture's is ErrUnknownExtension.
func TestChartFormat(t *testing.T) {
	if f, err := ChartFormat(""); f != 0 || err != nil {
		t.Errorf("no chart: %v %v", f, err)
	}
	if f, err := ChartFormat("t.png"); f != render.PNG || err != nil {
		t.Errorf("t.png: %v %v", f, err)
	}
	if _, err := ChartFormat("t.pdf"); !errors.Is(err, ErrUnknownExtension) {
		t.Errorf("t.pdf: %v", err)
	}
}
