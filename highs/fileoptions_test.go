package highs

import "testing"

// TestFileOptionsReserved: every HiGHS option that reads or writes a
// file is refused for the in-process binding, under any spelling of its
// case. On the old code (a fixed list) mip_improving_solution_file,
// mip_improving_solution_save, write_matrix_image and the mixed-case
// names passed through.
func TestFileOptionsReserved(t *testing.T) {
	for _, name := range []string{
		"write_model_file", "solution_file", "log_file", "write_solution_to_file", "write_presolved_model_file",
		"write_presolved_model_to_file", "write_model_to_file", "write_iis_model_file", "write_basis_file",
		"read_basis_file", "read_solution_file", "mip_improving_solution_file", "mip_improving_solution_save",
		"write_matrix_image", "write_hessian_image", "write_solution_style", "Write_Model_File", "options_file",
		"model_file",
	} {
		if ReservedOption(name) == "" {
			t.Errorf("%s not reserved", name)
		}
		if _, err := ParseOption(name + "=x"); err == nil {
			t.Errorf("ParseOption accepted %s", name)
		}
	}
	for _, name := range []string{"mip_heuristic_effort", "mip_feasibility_tolerance", "simplex_strategy", "mip_max_nodes"} {
		if why := ReservedOption(name); why != "" {
			t.Errorf("%s reserved: %s", name, why)
		}
	}
}
