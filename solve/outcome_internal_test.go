package solve

import (
	"encoding/json"
	"math/big"
	"strings"
	"testing"
)

// Counts beyond 2^53 are JSON strings of digits; up to it, numbers. The
// text row prints them whole.
func TestOutcomeBigCounts(t *testing.T) {
	huge := new(big.Int).Lsh(big.NewInt(1), 70)
	edge := big.NewInt(maxExactJSON)
	o := &Outcome{Mode: "count", Complete: true, Symmetries: 8, big: &bigCounts{all: huge, unique: edge}}
	b, err := json.Marshal(o)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"solutions":"1180591620717411303424"`) || !strings.Contains(string(b), `"unique":9007199254740992`) {
		t.Errorf("JSON %s", b)
	}
	if strings.Count(string(b), `"solutions"`) != 1 || strings.Count(string(b), `"unique"`) != 1 {
		t.Errorf("JSON %s repeats a count", b)
	}
	if got := o.CountText(); got != "1180591620717411303424 (9007199254740992 unique under a symmetry group of order 8)" {
		t.Errorf("text %q", got)
	}
	edge.Add(edge, big.NewInt(1))
	if jsonCount(edge) != "9007199254740993" {
		t.Errorf("2^53+1 is %v, want a string", jsonCount(edge))
	}
}

// An Outcome passed by value is written as one passed by pointer.
func TestOutcomeJSONByValue(t *testing.T) {
	all := int64(3)
	o := Outcome{Mode: "count", Solutions: &all, Interrupted: true, big: &bigCounts{all: big.NewInt(3)}}
	byPtr, err1 := json.Marshal(&o)
	byVal, err2 := json.Marshal(o)
	if err1 != nil || err2 != nil || string(byPtr) != string(byVal) || !strings.Contains(string(byVal), `"solutions":3`) {
		t.Errorf("%s\n%s", byPtr, byVal)
	}
}
