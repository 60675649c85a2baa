package compare

import (
	"fmt"
	"strconv"

	"github.com/polytile/polytile/internal/textio"
)

// num writes an integer with thousands separators: 9,356.
func num(n int64) string {
	if n < 0 {
		return "-" + groupDigits(strconv.FormatInt(n, 10)[1:])
	}
	return groupDigits(strconv.FormatInt(n, 10))
}

// Seconds formats a duration in seconds for tables: 0.157 s, 2.08 s,
// 1m53s.
func Seconds(s float64) string { return textio.Seconds(s) }

// ratio formats a time ratio: 1.0x, 15x.
func ratio(r float64) string {
	switch {
	case r <= 0:
		return ""
	case r < 10:
		return fmt.Sprintf("%.1fx", r)
	}
	return fmt.Sprintf("%.0fx", r)
}

// percent formats a relative change: +30.2%, -91.8%, 0.0%.
func percent(old, new float64) string {
	switch {
	case old == 0 && new == 0:
		return "0.0%"
	case old == 0:
		return "+inf%"
	}
	return fmt.Sprintf("%+.1f%%", 100*(new-old)/old)
}
