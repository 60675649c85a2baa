package frontier

import "math/bits"

// table is an open-addressing hash table from state keys to values: a
// layer of the recurrence. Slot s is data[s*stride:(s+1)*stride]: the key
// plus one (0 marks an empty slot) and then the value words, side by side
// so that an insertion touches one cache line.
type table struct {
	data   []uint64
	stride int
	n      int
	nslots int
	// maxSlots bounds the table's size (the memory budget); full is set
	// when an insertion found it at that size and half full.
	maxSlots int
	full     bool
	last     int  // states of the previous layer, kept past its consumption
	shift    uint // 64 - log2(slots)
}

// minTableBits is the size of an empty table (1 << minTableBits slots).
const minTableBits = 10

func newTable(words, maxSlots int) *table {
	t := &table{stride: 1 + words, maxSlots: maxSlots}
	t.alloc(minTableBits)
	return t
}

func (t *table) alloc(b uint) {
	t.data = make([]uint64, (1<<b)*t.stride)
	t.shift = 64 - b
	t.nslots = 1 << b
	t.n = 0
}

// slots is the number of slots.
func (t *table) slots() int { return t.nslots }

// consumed records that every key of the table was read and zeroed.
func (t *table) consumed() {
	t.last, t.n = t.n, 0
}

// reset empties the table, keeping its memory unless it is much larger
// than the last layer needed. A consumed table has no key left to clear.
func (t *table) reset() {
	t.full = false
	if t.slots() > 1<<minTableBits && max(t.n, t.last)*8 < t.slots() {
		t.alloc(uint(64-t.shift) - 1)
		return
	}
	if t.n != 0 {
		for s := 0; s < len(t.data); s += t.stride {
			t.data[s] = 0
		}
	}
	t.n = 0
}

const golden = 0x9E3779B97F4A7C15

// roomFor makes room for one more key: it doubles a half-full table
// within its maxSlots, and otherwise sets full and reports whether a key
// still fits (up to 7/8 full, so that probing ends; the run stops at its
// next check of full).
func (t *table) roomFor() bool {
	if (t.n+1)*2 <= t.nslots {
		return true
	}
	if t.nslots*2 <= t.maxSlots {
		t.grow()
		return true
	}
	t.full = true
	return (t.n+1)*8 <= t.nslots*7
}

// slot returns the offset in data of key k's slot (its first value word
// is at the offset plus one), inserting k with zero values when absent;
// fresh reports an insertion. It returns -1 when the table is full.
func (t *table) slot(k uint64) (off int, fresh bool) {
	if !t.roomFor() {
		if off = t.lookup(k); off >= 0 {
			return off, false
		}
		return -1, false
	}
	k++
	m := t.nslots - 1
	s := int((k * golden) >> t.shift)
	for {
		off = s * t.stride
		switch t.data[off] {
		case k:
			return off, false
		case 0:
			t.data[off] = k
			t.n++
			return off, true
		}
		s = (s + 1) & m
	}
}

// grow doubles the table.
func (t *table) grow() {
	old := t.data
	t.alloc(uint(64-t.shift) + 1)
	for s := 0; s < len(old); s += t.stride {
		if old[s] == 0 {
			continue
		}
		d, _ := t.slot(old[s] - 1)
		copy(t.data[d+1:d+t.stride], old[s+1:s+t.stride])
	}
}

// lookup returns the offset of key k's slot, or -1.
func (t *table) lookup(k uint64) int {
	k++
	m := t.slots() - 1
	s := int((k * golden) >> t.shift)
	for {
		off := s * t.stride
		switch t.data[off] {
		case k:
			return off
		case 0:
			return -1
		}
		s = (s + 1) & m
	}
}

// add128 adds the 128-bit value (lo, hi) to key k of a table of stride
// 3, inserting k when absent, and reports a sum that reached 2^128.
func (t *table) add128(k, lo, hi uint64) bool {
	if !t.roomFor() && t.lookup(k) < 0 {
		return false // full: the run stops at its next check
	}
	k++
	m := t.nslots - 1
	s := int((k * golden) >> t.shift)
	d := t.data
	for {
		off := s * 3
		switch d[off] {
		case k:
			var c uint64
			d[off+1], c = bits.Add64(d[off+1], lo, 0)
			d[off+2], c = bits.Add64(d[off+2], hi, c)
			return c != 0
		case 0:
			d[off], d[off+1], d[off+2] = k, lo, hi
			t.n++
			return false
		}
		s = (s + 1) & m
	}
}
