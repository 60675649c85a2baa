package render

import (
	"io"
	"math"
	"strconv"
	"strings"
	"testing"
)

func times() Chart {
	return Chart{Title: "10x6", Axis: "time", Unit: "s", Bars: []Bar{
		{Label: "dlx", Value: 2.08}, {Label: "fila", Value: 0.157}, {Label: "highs", Value: 0.9, Note: "gap 0%"}}}
}

func TestBarChartSVG(t *testing.T) {
	c := times()
	b := render(t, func(w io.Writer) error { return BarChart(w, c, SVG) })
	bars := svgElements(t, b, "bar")
	if len(bars) != 3 {
		t.Fatalf("%d bars, want 3", len(bars))
	}
	// Linear scale (2.08/0.157 < 20): bar lengths proportional to values.
	width := func(n int) float64 { w, _ := strconv.Atoi(bars[n]["width"]); return float64(w) }
	for n := range bars {
		want := width(0) * c.Bars[n].Value / c.Bars[0].Value
		if math.Abs(width(n)-want) > 1.5 {
			t.Errorf("bar %d is %v px, want about %.1f", n, width(n), want)
		}
	}
	axis := svgElements(t, b, "axislabel")
	if len(axis) != 1 || axis[0]["text"] != "time (s), linear scale" {
		t.Errorf("axis label %v", axis)
	}
	values := normCaptions(svgElements(t, b, "value"))
	if values != "2.08 s,0.157 s,0.900 s  gap 0%" {
		t.Errorf("values %q", values)
	}
	if cats := normCaptions(svgElements(t, b, "category")); cats != "dlx,fila,highs" {
		t.Errorf("categories %q", cats)
	}
	ticks := normCaptions(svgElements(t, b, "tick"))
	if !strings.HasPrefix(ticks, "0,0.5,1,") || !strings.HasSuffix(ticks, "2.5") {
		t.Errorf("ticks %q", ticks)
	}
	if title := svgElements(t, b, "title"); len(title) != 1 || title[0]["text"] != "10x6" {
		t.Errorf("title %v", title)
	}
}

// A range wider than 20x switches to a log axis by itself, with decade
// ticks; bar lengths are then proportional to the logarithms.
func TestBarChartLog(t *testing.T) {
	c := Chart{Unit: "s", Bars: []Bar{{Label: "a", Value: 0.02}, {Label: "b", Value: 3}, {Label: "c", Value: 400}}}
	b := render(t, func(w io.Writer) error { return BarChart(w, c, SVG) })
	if axis := svgElements(t, b, "axislabel"); axis[0]["text"] != "value (s), log scale" {
		t.Errorf("axis label %q", axis[0]["text"])
	}
	if ticks := normCaptions(svgElements(t, b, "tick")); ticks != "0.01,0.1,1,10,100,1000" {
		t.Errorf("ticks %q", ticks)
	}
	bars := svgElements(t, b, "bar")
	w := make([]float64, len(bars))
	for n := range bars {
		v, _ := strconv.Atoi(bars[n]["width"])
		w[n] = float64(v)
	}
	// Equal ratios of values give equal differences of lengths: per decade.
	perDecade := (w[2] - w[0]) / math.Log10(400/0.02)
	if got := (w[1] - w[0]) / math.Log10(3/0.02); math.Abs(got-perDecade) > 1 {
		t.Errorf("bar lengths %v are not logarithmic", w)
	}
	// Log can be forced off, and on.
	off := false
	c.Log = &off
	b = render(t, func(w io.Writer) error { return BarChart(w, c, SVG) })
	if axis := svgElements(t, b, "axislabel"); axis[0]["text"] != "value (s), linear scale" {
		t.Errorf("forced linear: axis label %q", axis[0]["text"])
	}
	on := true
	c = times()
	c.Log = &on
	if s := chooseScale(c); !s.log || s.lo != 0.1 || s.hi != 10 {
		t.Errorf("forced log: scale %+v, want 0.1 .. 10", s)
	}
	// The smallest bar never has zero length, even at a power of ten.
	c = Chart{Bars: []Bar{{Label: "a", Value: 1}, {Label: "b", Value: 100}}}
	if s := chooseScale(c); s.frac(1) <= 0 {
		t.Errorf("scale %+v gives the bar of 1 no length", s)
	}
}

func TestBarChartGrouped(t *testing.T) {
	c := Chart{Axis: "time", Unit: "s", Bars: []Bar{
		{Label: "10x6", Series: "dlx", Value: 2.08}, {Label: "10x6", Series: "fila", Value: 0.157},
		{Label: "cube", Series: "dlx", Value: 113}, {Label: "cube", Series: "fila", Value: 17},
		{Label: "13x13", Series: "fila", Value: 61}}}
	b := render(t, func(w io.Writer) error { return BarChart(w, c, SVG) })
	if n := len(svgElements(t, b, "bar")); n != 5 {
		t.Errorf("%d bars, want 5", n)
	}
	if cats := normCaptions(svgElements(t, b, "category")); cats != "10x6,cube,13x13" {
		t.Errorf("categories %q", cats)
	}
	legend := svgElements(t, b, "legend")
	if len(legend) != 4 { // a swatch and a name per series
		t.Errorf("%d legend elements, want 4", len(legend))
	}
	fills := map[string]bool{}
	for _, bar := range svgElements(t, b, "bar") {
		fills[bar["fill"]] = true
	}
	if len(fills) != 2 {
		t.Errorf("%d bar colours, want one per series (2)", len(fills))
	}
	pb := render(t, func(w io.Writer) error { return BarChart(w, c, PNG) })
	img := decodePNG(t, pb)
	if w, h := svgSize(t, b); img.Bounds().Dx() != w || img.Bounds().Dy() != h {
		t.Errorf("PNG %v, SVG %dx%d", img.Bounds(), w, h)
	}
}

func TestBarChartText(t *testing.T) {
	c := times()
	out := string(render(t, func(w io.Writer) error { return BarChart(w, c, ASCII) }))
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	if len(lines) != 5 || lines[0] != "10x6" || lines[4] != "time (s), linear scale: 0 .. 2.5" {
		t.Fatalf("chart:\n%s", out)
	}
	for n, bar := range c.Bars {
		got := strings.Count(lines[n+1], "#")
		if want := int(math.Round(bar.Value / 2.5 * 40)); got != want {
			t.Errorf("%s: %d #, want %d\n%s", bar.Label, got, want, out)
		}
	}
	ansi := string(render(t, func(w io.Writer) error { return BarChart(w, c, ANSI) }))
	if !strings.Contains(ansi, "\x1b[") || strings.Contains(ansi, "#") {
		t.Errorf("ANSI chart:\n%s", ansi)
	}
}

func TestBarChartErrors(t *testing.T) {
	for _, c := range []Chart{
		{},
		{Bars: []Bar{{Label: "a", Value: math.NaN()}}},
		{Bars: []Bar{{Label: "a", Value: math.Inf(1)}}},
		{Bars: []Bar{{Label: "a", Value: -1}}},
	} {
		for _, f := range []Format{ASCII, SVG, PNG} {
			if err := BarChart(io.Discard, c, f); err == nil {
				t.Errorf("%v chart %+v accepted", f, c.Bars)
			}
		}
	}
	// Zero values are fine, also on a log axis.
	on := true
	c := Chart{Log: &on, Bars: []Bar{{Label: "a", Value: 0}, {Label: "b", Value: 5}}}
	for _, f := range []Format{ASCII, ANSI, SVG, PNG} {
		if err := BarChart(io.Discard, c, f); err != nil {
			t.Errorf("%v: %v", f, err)
		}
	}
}

func TestFormatValue(t *testing.T) {
	for v, want := range map[float64]string{
		0: "0", 2.08: "2.08", 0.157: "0.157", 17: "17.0", 113: "113", 4272.4: "4272",
		0.0123: "0.0123", 2e-5: "2e-05", 3.2e7: "3.2e+07",
	} {
		if got := formatValue(v); got != want {
			t.Errorf("formatValue(%v) = %q, want %q", v, got, want)
		}
	}
	for v, want := range map[float64]string{0.5: "0.5", 1000: "1000", 0.01: "0.01", 2.5: "2.5"} {
		if got := formatTick(v); got != want {
			t.Errorf("formatTick(%v) = %q, want %q", v, got, want)
		}
	}
}
