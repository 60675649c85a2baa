package highs

import (
	"slices"
	"strings"
)

// FileOption reports whether the HiGHS option name reads or writes a
// file, or may: its name contains "file", "save" or "image", or starts
// with "write_" or "read_" (log_file, solution_file, write_model_file,
// write_solution_to_file, write_presolved_model_file, read_basis_file,
// mip_improving_solution_save, write_matrix_image, and any later option
// named the same way). polytile manages HiGHS's files itself, so such
// options are refused wherever HiGHS options are passed through (the
// in-process binding and compare's highs-cli backend).
func FileOption(name string) bool {
	n := strings.ToLower(strings.TrimSpace(name))
	return strings.Contains(n, "file") || strings.Contains(n, "save") || strings.Contains(n, "image") ||
		strings.HasPrefix(n, "write_") || strings.HasPrefix(n, "read_")
}

// knownStrings are the HiGHS options of string type that name no file
// (HiGHS 1.12's list, less those FileOption covers): their values are
// keywords such as "simplex", "on" or "choose". Any other option of string
// type is refused by the binding and by compare's highs-cli backend, so
// that an option a later HiGHS adds with a file name for its value, under
// a name FileOption does not recognise, is refused too.
var knownStrings = []string{
	"presolve", "solver", "parallel", "run_crossover", "ranging", "icrash_strategy",
	"mip_lp_solver", "mip_ipm_solver", "hipo_system", "hipo_parallel_type", "hipo_ordering",
}

// knownString reports whether the string option name is in knownStrings.
func knownString(name string) bool {
	return slices.Contains(knownStrings, strings.ToLower(strings.TrimSpace(name)))
}

// unknownStringWhy is the reason given for refusing a string option that
// is not in knownStrings.
func unknownStringWhy() string {
	return "it takes a string, and polytile passes on only the string options known to name no file (" +
		strings.Join(knownStrings, ", ") + ")"
}
