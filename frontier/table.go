package frontier

// table is an open-addressing hash table from state keys to values: a
// layer of the recurrence. A key k is stored as k+1 so that 0 marks an
// empty slot; values take lanes words per slot, and fv (the first pass of
// a count only) a float64 magnitude per slot.
type table struct {
	keys  []uint64
	vals  []uint64
	fv    []float64
	n     int
	lanes int
	shift uint // 64 - log2(len(keys))
	float bool
}

// minTableBits is the size of an empty table (1 << minTableBits slots).
const minTableBits = 10

func newTable(lanes int, float bool) *table {
	t := &table{lanes: lanes, float: float}
	t.alloc(minTableBits)
	return t
}

func (t *table) alloc(b uint) {
	t.keys = make([]uint64, 1<<b)
	t.vals = make([]uint64, (1<<b)*t.lanes)
	if t.float {
		t.fv = make([]float64, 1<<b)
	} else {
		t.fv = nil
	}
	t.shift = 64 - b
	t.n = 0
}

// reset empties the table, keeping its memory unless it is much larger
// than the last layer needed.
func (t *table) reset() {
	if len(t.keys) > 1<<minTableBits && t.n*8 < len(t.keys) {
		t.alloc(uint(64-t.shift) - 1)
		return
	}
	clear(t.keys)
	t.n = 0
}

// bytesPerSlot is the memory of one slot.
func (t *table) bytesPerSlot() int {
	b := 8 + 8*t.lanes
	if t.float {
		b += 8
	}
	return b
}

const golden = 0x9E3779B97F4A7C15

// slot returns the slot of key k, inserting it (with zero values) when
// absent; fresh reports an insertion.
func (t *table) slot(k uint64) (s int, fresh bool) {
	if (t.n+1)*2 > len(t.keys) {
		t.grow()
	}
	k++
	m := len(t.keys) - 1
	s = int((k * golden) >> t.shift)
	for {
		switch t.keys[s] {
		case k:
			return s, false
		case 0:
			t.keys[s] = k
			t.n++
			return s, true
		}
		s = (s + 1) & m
	}
}

// grow doubles the table.
func (t *table) grow() {
	old := *t
	t.alloc(uint(64-t.shift) + 1)
	for s, k := range old.keys {
		if k == 0 {
			continue
		}
		d, _ := t.slot(k - 1)
		copy(t.vals[d*t.lanes:(d+1)*t.lanes], old.vals[s*old.lanes:(s+1)*old.lanes])
		if t.float {
			t.fv[d] = old.fv[s]
		}
	}
}

// lookup returns the slot of key k, or -1.
func (t *table) lookup(k uint64) int {
	k++
	m := len(t.keys) - 1
	s := int((k * golden) >> t.shift)
	for {
		switch t.keys[s] {
		case k:
			return s
		case 0:
			return -1
		}
		s = (s + 1) & m
	}
}
