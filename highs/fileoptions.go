package highs

import "strings"

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
