package highs

import (
	"strings"
	"testing"
)

// These tests need no HiGHS: they run in every build.

func TestValidate(t *testing.T) {
	good := func() *Model {
		return &Model{
			ColCost:  []float64{1, 2},
			RowLower: []float64{0},
			RowUpper: []float64{1},
			RowStart: []int{0, 2},
			Index:    []int{0, 1},
			Value:    []float64{1, 1},
		}
	}
	if err := good().Validate(); err != nil {
		t.Fatalf("valid model rejected: %v", err)
	}
	if err := (&Model{ColCost: []float64{1}}).Validate(); err != nil {
		t.Fatalf("model without rows rejected: %v", err)
	}
	var nilModel *Model
	if err := nilModel.Validate(); err == nil {
		t.Fatal("nil model accepted")
	}
	cases := map[string]func(m *Model){
		"ColLower":    func(m *Model) { m.ColLower = []float64{0} },
		"ColUpper":    func(m *Model) { m.ColUpper = []float64{0, 1, 2} },
		"Integer":     func(m *Model) { m.Integer = []bool{true} },
		"RowUpper":    func(m *Model) { m.RowUpper = nil },
		"RowStart":    func(m *Model) { m.RowStart = []int{0} },
		"RowStart[0]": func(m *Model) { m.RowStart = []int{1, 2} },
		"RowStart[1]": func(m *Model) { m.RowStart = []int{0, 1} },
		"Value":       func(m *Model) { m.Value = []float64{1} },
		"Index[1]":    func(m *Model) { m.Index = []int{0, 2} },
		"ColNames":    func(m *Model) { m.ColNames = []string{"x"} },
		"RowNames":    func(m *Model) { m.RowNames = []string{"a", "b"} },
		"no rows":     func(m *Model) { m.RowLower, m.RowUpper, m.RowStart = nil, nil, nil },
	}
	for name, mutate := range cases {
		m := good()
		mutate(m)
		err := m.Validate()
		if err == nil {
			t.Errorf("%s: invalid model accepted", name)
			continue
		}
		if !strings.HasPrefix(err.Error(), "highs: ") {
			t.Errorf("%s: error %q lacks the package prefix", name, err)
		}
	}
}

func TestModelCounts(t *testing.T) {
	m := &Model{
		ColCost:  []float64{1, 2, 3},
		Integer:  []bool{false, true, false},
		RowLower: []float64{0},
		RowUpper: []float64{1},
		RowStart: []int{0, 2},
		Index:    []int{0, 2},
		Value:    []float64{1, 1},
	}
	if m.NumCols() != 3 || m.NumRows() != 1 || m.NumNonzeros() != 2 || !m.IsMIP() {
		t.Fatalf("counts: cols %d rows %d nnz %d mip %v", m.NumCols(), m.NumRows(), m.NumNonzeros(), m.IsMIP())
	}
	m.Integer = []bool{false, false, false}
	if m.IsMIP() {
		t.Fatal("all-continuous model reported as MIP")
	}
}

func TestStatusString(t *testing.T) {
	for st, want := range map[ModelStatus]string{
		StatusOptimal:     "optimal",
		StatusInfeasible:  "infeasible",
		StatusTimeLimit:   "time limit",
		StatusInterrupted: "interrupted",
		StatusNotSet:      "not set",
		ModelStatus(99):   "status(99)",
		ModelStatus(-3):   "status(-3)",
	} {
		if got := st.String(); got != want {
			t.Errorf("%d.String() = %q, want %q", int(st), got, want)
		}
	}
}

func TestCheckOptions(t *testing.T) {
	for _, opt := range []Options{
		{Presolve: "maybe"},
		{Threads: -1},
		{TimeLimit: -1},
		{Start: []float64{1}},
	} {
		if err := checkOptions(&opt, 2); err == nil {
			t.Errorf("options %+v accepted", opt)
		}
	}
	for _, p := range []string{"", "on", "off", "choose"} {
		if err := checkOptions(&Options{Presolve: p, Start: []float64{0, 1}}, 2); err != nil {
			t.Errorf("presolve %q rejected: %v", p, err)
		}
	}
}

func TestErrorMessage(t *testing.T) {
	e := &Error{Call: "Highs_passMip(2 cols, 1 rows, 2 nonzeros)", Status: -1}
	msg := e.Error()
	if !strings.Contains(msg, "Highs_passMip") || !strings.Contains(msg, "-1") {
		t.Fatalf("error message %q does not name the call and status", msg)
	}
	e.Message = "Option 'threads' is set to 2 but ..."
	if msg := e.Error(); !strings.HasSuffix(msg, ": "+e.Message) {
		t.Fatalf("error message %q does not end with HiGHS's message", msg)
	}
}

func TestErrUnavailableSaysHowToInstall(t *testing.T) {
	msg := ErrUnavailable.Error()
	for _, want := range []string{"make deps", "highsbox", "PKG_CONFIG_PATH"} {
		if !strings.Contains(msg, want) {
			t.Errorf("ErrUnavailable message %q does not mention %q", msg, want)
		}
	}
}
