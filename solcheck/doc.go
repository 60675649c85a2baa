// Package solcheck reads the solution file an external solver wrote for a
// program that polytile's export package wrote, decodes it through the
// program's column names and judges it: the tiling is verified
// independently of any solver (every cell recomputed from the pieces'
// shapes), and the solver's claims of optimality or infeasibility are
// taken only when the file identifies the program by its fingerprint.
//
// Check does it all for one file; Load does its reading part (the
// format, the names file, the solution). The steps are exported for a
// caller that reads its files itself: Detect names a file's format, ReadNames
// reads the LP, MPS, CNF or OPB file that was solved (for files that
// number their columns or variables), ProgramNames names a SAT or PB
// answer's variables by the program, Read parses the solution, Settle
// finds the export settings whose program the file names by its
// fingerprint, Decode ties the file to that program, and Judge verifies
// the tiling and gives the Report.
//
// Formats: HiGHS, CBC, GLPK (glpsol -o and -w), Gurobi, CPLEX and SCIP
// solution files; SAT solvers' answers to a CNF export (DIMACS s and v
// lines), pseudo-Boolean solvers' answers to an OPB export (s, v and o
// lines), and the output of the Pyomo script export writes.
//
// Errors are typed: every error about a file is a *FileError naming the
// file (and line), and errors.Is tells its kind (ErrUnknownFormat,
// ErrNamesNeeded, ErrMalformed, ErrOtherProgram, ErrBadValue,
// ErrNotProgram). When the context ends, its error is returned.
package solcheck
