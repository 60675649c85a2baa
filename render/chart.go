package render

import (
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// Chart is a horizontal bar chart, e.g. of the times of several backends.
type Chart struct {
	Title string
	Axis  string // what the values measure, e.g. "time"; default "value"
	Unit  string // unit of the values, e.g. "s", written after each value
	Bars  []Bar
	// Log selects a logarithmic value axis; nil chooses it when the
	// largest value exceeds 20 times the smallest positive one.
	Log *bool
}

// Bar is one bar of a chart. Bars with the same Label form a group, drawn
// together in the order given; Series names the bar within its group (e.g.
// the backend when labels are puzzles) and picks its colour, explained by a
// legend. Values must be finite and not negative; on a log axis a zero value
// is drawn as an empty bar.
type Bar struct {
	Label  string
	Series string
	Value  float64
	Note   string // optional text after the value, e.g. "timeout"
}

// chartScale maps values to fractions of the axis length.
type chartScale struct {
	log    bool
	lo, hi float64 // axis ends; for log, powers of ten
	step   float64 // tick step: a value (linear) or decades (log)
}

func (s chartScale) frac(v float64) float64 {
	var f float64
	if s.log {
		if v <= 0 {
			return 0
		}
		f = (math.Log10(v) - math.Log10(s.lo)) / (math.Log10(s.hi) - math.Log10(s.lo))
	} else {
		f = v / s.hi
	}
	return min(max(f, 0), 1)
}

func (s chartScale) ticks() []float64 {
	var out []float64
	if s.log {
		e0, e1 := math.Round(math.Log10(s.lo)), math.Round(math.Log10(s.hi))
		for e := e0; e <= e1+1e-9; e += s.step {
			out = append(out, math.Pow(10, e))
		}
		return out
	}
	for n := 0; ; n++ {
		v := float64(n) * s.step
		if v > s.hi*(1+1e-9) {
			return out
		}
		out = append(out, v)
	}
}

func (s chartScale) describe() string {
	if s.log {
		return "log scale"
	}
	return "linear scale"
}

// chooseScale picks the axis of the chart's values.
func chooseScale(c Chart) chartScale {
	vmax, vmin := 0.0, math.Inf(1)
	for _, b := range c.Bars {
		vmax = max(vmax, b.Value)
		if b.Value > 0 {
			vmin = min(vmin, b.Value)
		}
	}
	log := !math.IsInf(vmin, 1) && vmax/vmin > 20
	if c.Log != nil {
		log = *c.Log && !math.IsInf(vmin, 1)
	}
	if log {
		e0 := math.Floor(math.Log10(vmin) + 1e-9)
		if math.Pow(10, e0) >= vmin*(1-1e-9) {
			e0-- // keep the smallest bar visible
		}
		e1 := max(math.Ceil(math.Log10(vmax)-1e-9), e0+1)
		return chartScale{log: true, lo: math.Pow(10, e0), hi: math.Pow(10, e1), step: math.Ceil((e1 - e0) / 8)}
	}
	if vmax == 0 {
		return chartScale{hi: 1, step: 0.2}
	}
	step := niceStep(vmax / 5)
	return chartScale{hi: math.Ceil(vmax/step-1e-9) * step, step: step}
}

// niceStep rounds x up to 1, 2 or 5 times a power of ten.
func niceStep(x float64) float64 {
	p := math.Pow(10, math.Floor(math.Log10(x)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= x*(1-1e-9) {
			return m * p
		}
	}
	return 10 * p
}

// formatValue writes v with three significant digits, without exponent
// between 0.001 and 10^6.
func formatValue(v float64) string {
	a := math.Abs(v)
	if a == 0 {
		return "0"
	}
	if a >= 1e6 || a < 1e-3 {
		return strconv.FormatFloat(v, 'g', 3, 64)
	}
	dec := max(0, 2-int(math.Floor(math.Log10(a))))
	return strconv.FormatFloat(v, 'f', dec, 64)
}

// formatTick writes a tick value without trailing zeros.
func formatTick(v float64) string {
	s := formatValue(v)
	if strings.Contains(s, ".") && !strings.ContainsAny(s, "eE") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	return s
}

// chartRow is one bar in drawing order.
type chartRow struct {
	bar    Bar
	first  bool // first bar of its group: the label is written
	series int  // index into the series names
	text   string
}

// chartData is a validated chart in drawing order.
type chartData struct {
	c      Chart
	rows   []chartRow
	series []string // distinct series names in order of appearance
	scale  chartScale
	axis   string
}

func prepareChart(c Chart) (*chartData, error) {
	if len(c.Bars) == 0 {
		return nil, errors.New("render: the chart has no bars")
	}
	var labels []string
	groups := map[string][]int{}
	seriesIdx := map[string]int{}
	d := &chartData{c: c}
	for n, b := range c.Bars {
		if math.IsNaN(b.Value) || math.IsInf(b.Value, 0) || b.Value < 0 {
			return nil, fmt.Errorf("render: bar %d (%s %s): value %v is not a finite number >= 0", n+1, b.Label, b.Series, b.Value)
		}
		if _, ok := groups[b.Label]; !ok {
			labels = append(labels, b.Label)
		}
		groups[b.Label] = append(groups[b.Label], n)
		if _, ok := seriesIdx[b.Series]; !ok {
			seriesIdx[b.Series] = len(d.series)
			d.series = append(d.series, b.Series)
		}
	}
	for _, l := range labels {
		for x, n := range groups[l] {
			b := c.Bars[n]
			text := formatValue(b.Value)
			if c.Unit != "" {
				text += " " + c.Unit
			}
			if b.Note != "" {
				text += "  " + b.Note
			}
			d.rows = append(d.rows, chartRow{bar: b, first: x == 0, series: seriesIdx[b.Series], text: text})
		}
	}
	d.scale = chooseScale(c)
	d.axis = c.Axis
	if d.axis == "" {
		d.axis = "value"
	}
	if c.Unit != "" {
		d.axis += " (" + c.Unit + ")"
	}
	d.axis += ", " + d.scale.describe()
	return d, nil
}

// seriesColor is the palette index of series s.
func (d *chartData) seriesColor(s int) int {
	if len(d.series) == 1 {
		return 1 // one blue for a plain chart
	}
	return s
}

// hasSeries reports whether bars name series, which then get a column and
// a legend.
func (d *chartData) hasSeries() bool { return len(d.series) > 1 || d.series[0] != "" }

// BarChart draws a horizontal bar chart in any format: bars of '#' (ASCII)
// or colour (ANSI) in text, with labels, values, a value axis with ticks and
// its title (Axis and Unit, and whether the scale is logarithmic) in SVG and
// PNG.
func BarChart(w io.Writer, c Chart, f Format) error {
	d, err := prepareChart(c)
	if err != nil {
		return err
	}
	if f.Text() {
		return d.text(w, f == ANSI)
	}
	return d.picture(w, f)
}

// maxChartLabel is the longest label or series name drawn; longer ones are cut.
const maxChartLabel = 40

func cut(s string) string {
	r := []rune(s)
	if len(r) > maxChartLabel {
		return string(r[:maxChartLabel-1]) + "…"
	}
	return s
}

func (d *chartData) text(w io.Writer, ansi bool) error {
	const barW = 40
	lw, sw := 0, 0
	for _, r := range d.rows {
		lw = max(lw, runeLen(cut(r.bar.Label)))
		sw = max(sw, runeLen(cut(r.bar.Series)))
	}
	if sw > 0 {
		sw += 2
	}
	g := newTGrid(lw+2+sw+barW+2+maxRowText(d.rows), len(d.rows))
	for y, r := range d.rows {
		if r.first {
			g.text(0, y, cut(r.bar.Label), colorNone)
		}
		g.text(lw+2, y, cut(r.bar.Series), colorNone)
		n := int(math.Round(d.scale.frac(r.bar.Value) * barW))
		if n == 0 && r.bar.Value > 0 && d.scale.frac(r.bar.Value) > 0 {
			n = 1
		}
		x := lw + 2 + sw
		for k := range n {
			if ansi {
				g.set(x+k, y, ' ', d.seriesColor(r.series))
			} else {
				g.set(x+k, y, '#', colorNone)
			}
		}
		g.text(x+n+1, y, r.text, colorNone)
	}
	var head, foot textLines
	if d.c.Title != "" {
		head.add("%s", d.c.Title)
	}
	foot.add("%s: %s .. %s", d.axis, formatTick(d.scale.lo), formatTick(d.scale.hi))
	return textStyle{ansi: ansi}.writeText(w, head, g, foot)
}

func maxRowText(rows []chartRow) int {
	m := 0
	for _, r := range rows {
		m = max(m, runeLen(r.text))
	}
	return m
}

// picture draws the chart as SVG or PNG.
func (d *chartData) picture(w io.Writer, f Format) error {
	const (
		margin   = 10
		plotW    = 420
		barH     = 16
		innerGap = 2
		groupGap = 10
		tickLen  = 4
	)
	lw, sw := 0, 0
	for _, r := range d.rows {
		lw = max(lw, textWidth(cut(r.bar.Label)))
		if d.hasSeries() {
			sw = max(sw, textWidth(cut(r.bar.Series)))
		}
	}
	lw += 8
	if sw > 0 {
		sw += 8
	}
	top := margin
	if d.c.Title != "" {
		top += lineH + 4
	}
	if d.hasSeries() {
		top += lineH + 4 // legend
	}
	plotTop := top
	y := plotTop + groupGap/2
	ys := make([]int, len(d.rows))
	for n, r := range d.rows {
		if r.first && n > 0 {
			y += groupGap - innerGap
		}
		ys[n] = y
		y += barH + innerGap
	}
	plotBottom := y - innerGap + groupGap/2
	x0 := margin + lw + sw
	ticks := d.scale.ticks()
	width := x0 + plotW + 8 + textWidth(strings.Repeat("m", maxRowText(d.rows))) + margin
	width = max(width, x0+plotW+textWidth(formatTick(ticks[len(ticks)-1]))/2+margin, 2*margin+textWidth(d.c.Title))
	height := plotBottom + tickLen + lineH + lineH + margin
	cv, err := newSurface(f, width, height)
	if err != nil {
		return err
	}
	if d.c.Title != "" {
		cv.text(margin, margin+ascentH, d.c.Title, anchorStart, "title", chartFace)
	}
	if d.hasSeries() {
		lx, ly := margin, top-lineH-4
		for s, name := range d.series {
			cv.rect(lx, ly+2, 10, 10, fillRGB(d.seriesColor(s)), "legend")
			cv.text(lx+14, ly+ascentH, name, anchorStart, "legend", chartFace)
			lx += 14 + textWidth(name) + 16
		}
	}
	for _, t := range ticks { // grid lines at the ticks, under the bars
		x := x0 + int(math.Round(d.scale.frac(t)*plotW))
		cv.line(x, plotTop, x, plotBottom, 1, rgb(0xdd, 0xdd, 0xdd), "gridline")
	}
	for n, r := range d.rows {
		if r.first {
			cv.text(margin, ys[n]+12, cut(r.bar.Label), anchorStart, "category", chartFace)
		}
		if d.hasSeries() {
			cv.text(margin+lw, ys[n]+12, cut(r.bar.Series), anchorStart, "series", chartFace)
		}
		bw := int(math.Round(d.scale.frac(r.bar.Value) * plotW))
		if bw == 0 && r.bar.Value > 0 && d.scale.frac(r.bar.Value) > 0 {
			bw = 1
		}
		if bw > 0 {
			cv.rect(x0, ys[n], bw, barH, fillRGB(d.seriesColor(r.series)), "bar")
		}
		cv.text(x0+bw+4, ys[n]+12, r.text, anchorStart, "value", chartFace)
	}
	cv.line(x0, plotTop, x0, plotBottom, 1, blackRGB, "axis")
	cv.line(x0, plotBottom, x0+plotW, plotBottom, 1, blackRGB, "axis")
	for _, t := range ticks {
		x := x0 + int(math.Round(d.scale.frac(t)*plotW))
		cv.line(x, plotBottom, x, plotBottom+tickLen, 1, blackRGB, "tickmark")
		cv.text(x, plotBottom+tickLen+ascentH+1, formatTick(t), anchorMiddle, "tick", chartFace)
	}
	cv.text(x0+plotW/2, plotBottom+tickLen+lineH+ascentH+2, d.axis, anchorMiddle, "axislabel", chartFace)
	return cv.encode(w)
}
