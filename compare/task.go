package compare

import (
	"errors"
	"regexp"
)

// ErrUnknownTask is ParseTask's error for a name other than auto, count
// and max-coverage.
var ErrUnknownTask = errors.New("unknown task")

// ParseTask reads a comparison's task: "auto" (nil: Compare's automatic
// choice), "count" or "max-coverage".
func ParseTask(s string) ([]Kind, error) {
	switch s {
	case "auto":
		return nil, nil
	case "count":
		return []Kind{Count}, nil
	case "max-coverage":
		return []Kind{MaxCoverage}, nil
	}
	return nil, ErrUnknownTask
}

// sectionRE is what a section name of an --update document may be.
var sectionRE = regexp.MustCompile(`^[A-Za-z0-9:_-]+$`)

// ValidSection reports whether name can name a section of an --update
// document (Markers): letters, digits, ':', '-' and '_'.
func ValidSection(name string) bool { return sectionRE.MatchString(name) }
