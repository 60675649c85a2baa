package compare

import (
	"bytes"
	"encoding/csv"
	"testing"
)

// csvRecords reads a CSV report into maps by header name.
func csvRecords(t *testing.T, b []byte) []map[string]string {
	t.Helper()
	recs, err := csv.NewReader(bytes.NewReader(b)).ReadAll()
	if err != nil || len(recs) < 2 {
		t.Fatalf("csv: %v\n%s", err, b)
	}
	var out []map[string]string
	for _, r := range recs[1:] {
		m := map[string]string{}
		for i, h := range recs[0] {
			m[h] = r[i]
		}
		out = append(out, m)
	}
	return out
}

// TestCSVMarksStoppedCounts: a count stopped by its time limit is marked
// in the CSV of compare and bench as in their JSON: lower_bound true, its
// unique figure under unique_so_far and the unique column empty; a
// finished count keeps unique, lower_bound false. The CSV gave the
// stopped count's figures under unique like a finished one's (only
// complete=false told them apart). Fails on the old code.
func TestCSVMarksStoppedCounts(t *testing.T) {
	i := func(v int64) *int64 { return &v }
	rep := &Report{Tables: []*Table{{Puzzle: "P", Kind: "count", Rows: []*Row{
		{Backend: "dlx", Outcome: Outcome{Status: Timeout, Solutions: i(168), Unique: i(7)}},
		{Backend: "fila", Outcome: Outcome{Status: OK, Solutions: i(2339), Unique: i(2339), Complete: true}},
	}}}}
	var b bytes.Buffer
	if err := Write(&b, rep, CSV); err != nil {
		t.Fatal(err)
	}
	r := csvRecords(t, b.Bytes())
	if r[0]["unique"] != "" || r[0]["unique_so_far"] != "7" || r[0]["lower_bound"] != "true" || r[0]["solutions"] != "168" {
		t.Errorf("stopped row: %v", r[0])
	}
	if r[1]["unique"] != "2339" || r[1]["unique_so_far"] != "" || r[1]["lower_bound"] != "false" {
		t.Errorf("finished row: %v", r[1])
	}
	b.Reset()
	bench := &BenchReport{Rows: []*BenchRow{{BenchCase: BenchCase{ID: "TC"}, Status: Timeout, Unique: 41, All: 984}, {BenchCase: BenchCase{ID: "P"}, Status: OK, Unique: 2339, All: 9356}}}
	if err := WriteBench(&b, bench, CSV); err != nil {
		t.Fatal(err)
	}
	r = csvRecords(t, b.Bytes())
	if r[0]["unique"] != "" || r[0]["unique_so_far"] != "41" || r[0]["lower_bound"] != "true" {
		t.Errorf("stopped bench row: %v", r[0])
	}
	if r[1]["unique"] != "2339" || r[1]["lower_bound"] != "false" {
		t.Errorf("finished bench row: %v", r[1])
	}
}
