package model

// DefaultFormulation is the maximum-coverage formulation every command
// uses when none is given (solve --backend highs, export, compare's MIP
// backends): packing, which has no slack column per cell and which HiGHS,
// CBC and GLPK close faster than the seed formulation on the examples
// (docs/benchmarks.md).
const DefaultFormulation = Packing
