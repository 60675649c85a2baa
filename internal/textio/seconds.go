package textio

import (
	"fmt"
	"time"
)

// Seconds formats a duration in seconds for tables and summaries:
// 0.157 s, 2.08 s, 1m53s.
func Seconds(s float64) string {
	switch {
	case s < 1:
		return fmt.Sprintf("%.3f s", s)
	case s < 120:
		return fmt.Sprintf("%.2f s", s)
	}
	return time.Duration(s * float64(time.Second)).Round(time.Second).String()
}
