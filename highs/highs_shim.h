// The HiGHS C API, loaded at run time.
//
// polytile links no HiGHS symbol: the binary starts without the library
// (the native solvers never need it) and pt_highs_load opens it with
// dlopen on first use, looking in the usual places and the directory that
// pkg-config named at build time (the binary's RUNPATH). solve.go calls
// the pt_ wrappers below, which have the API's signatures. Included by
// solve.go's preamble only (the pointers are static to that file).

#include <dlfcn.h>
#include <stdio.h>
#include "interfaces/highs_c_api.h"

// The functions solve.go calls, for X-macros.
#define PT_HIGHS_SYMS(X) \
	X(Highs_create) \
	X(Highs_destroy) \
	X(Highs_getColName) \
	X(Highs_getDoubleInfoValue) \
	X(Highs_getHessianNumNz) \
	X(Highs_getIntInfoValue) \
	X(Highs_getInt64InfoValue) \
	X(Highs_getLp) \
	X(Highs_getModelStatus) \
	X(Highs_getNumCol) \
	X(Highs_getNumNz) \
	X(Highs_getNumRow) \
	X(Highs_getObjectiveValue) \
	X(Highs_getOptionType) \
	X(Highs_getRowName) \
	X(Highs_getRunTime) \
	X(Highs_getSolution) \
	X(Highs_passColName) \
	X(Highs_passLp) \
	X(Highs_passMip) \
	X(Highs_passRowName) \
	X(Highs_readModel) \
	X(Highs_resetGlobalScheduler) \
	X(Highs_run) \
	X(Highs_setBoolOptionValue) \
	X(Highs_setDoubleOptionValue) \
	X(Highs_setIntOptionValue) \
	X(Highs_setSolution) \
	X(Highs_setStringOptionValue) \
	X(Highs_startCallback) \
	X(Highs_version) \
	X(Highs_writeModel) \
	X(Highs_setCallback)

// pt_api holds the functions of the loaded library; pt_highs_load sets
// them all at once, and the wrappers below, with the API's signatures,
// call through them.
#define PT_FIELD(f) __typeof__(f) *f;
static struct pt_highs_api { PT_HIGHS_SYMS(PT_FIELD) } pt_api;
#undef PT_FIELD

static void* pt_Highs_create(void) { return pt_api.Highs_create(); }
static void pt_Highs_destroy(void* highs) { pt_api.Highs_destroy(highs); }
static HighsInt pt_Highs_getColName(const void* highs, const HighsInt col, char* name) { return pt_api.Highs_getColName(highs, col, name); }
static HighsInt pt_Highs_getDoubleInfoValue(const void* highs, const char* info, double* value) { return pt_api.Highs_getDoubleInfoValue(highs, info, value); }
static HighsInt pt_Highs_getHessianNumNz(const void* highs) { return pt_api.Highs_getHessianNumNz(highs); }
static HighsInt pt_Highs_getIntInfoValue(const void* highs, const char* info, HighsInt* value) { return pt_api.Highs_getIntInfoValue(highs, info, value); }
static HighsInt pt_Highs_getInt64InfoValue(const void* highs, const char* info, int64_t* value) { return pt_api.Highs_getInt64InfoValue(highs, info, value); }
static HighsInt pt_Highs_getLp(const void* highs, const HighsInt a_format, HighsInt* num_col, HighsInt* num_row, HighsInt* num_nz, HighsInt* sense, double* offset, double* col_cost, double* col_lower, double* col_upper, double* row_lower, double* row_upper, HighsInt* a_start, HighsInt* a_index, double* a_value, HighsInt* integrality) { return pt_api.Highs_getLp(highs, a_format, num_col, num_row, num_nz, sense, offset, col_cost, col_lower, col_upper, row_lower, row_upper, a_start, a_index, a_value, integrality); }
static HighsInt pt_Highs_getModelStatus(const void* highs) { return pt_api.Highs_getModelStatus(highs); }
static HighsInt pt_Highs_getNumCol(const void* highs) { return pt_api.Highs_getNumCol(highs); }
static HighsInt pt_Highs_getNumNz(const void* highs) { return pt_api.Highs_getNumNz(highs); }
static HighsInt pt_Highs_getNumRow(const void* highs) { return pt_api.Highs_getNumRow(highs); }
static double pt_Highs_getObjectiveValue(const void* highs) { return pt_api.Highs_getObjectiveValue(highs); }
static HighsInt pt_Highs_getOptionType(const void* highs, const char* option, HighsInt* type) { return pt_api.Highs_getOptionType(highs, option, type); }
static HighsInt pt_Highs_getRowName(const void* highs, const HighsInt row, char* name) { return pt_api.Highs_getRowName(highs, row, name); }
static double pt_Highs_getRunTime(const void* highs) { return pt_api.Highs_getRunTime(highs); }
static HighsInt pt_Highs_getSolution(const void* highs, double* col_value, double* col_dual, double* row_value, double* row_dual) { return pt_api.Highs_getSolution(highs, col_value, col_dual, row_value, row_dual); }
static HighsInt pt_Highs_passColName(const void* highs, const HighsInt col, const char* name) { return pt_api.Highs_passColName(highs, col, name); }
static HighsInt pt_Highs_passLp(void* highs, const HighsInt num_col, const HighsInt num_row, const HighsInt num_nz, const HighsInt a_format, const HighsInt sense, const double offset, const double* col_cost, const double* col_lower, const double* col_upper, const double* row_lower, const double* row_upper, const HighsInt* a_start, const HighsInt* a_index, const double* a_value) { return pt_api.Highs_passLp(highs, num_col, num_row, num_nz, a_format, sense, offset, col_cost, col_lower, col_upper, row_lower, row_upper, a_start, a_index, a_value); }
static HighsInt pt_Highs_passMip(void* highs, const HighsInt num_col, const HighsInt num_row, const HighsInt num_nz, const HighsInt a_format, const HighsInt sense, const double offset, const double* col_cost, const double* col_lower, const double* col_upper, const double* row_lower, const double* row_upper, const HighsInt* a_start, const HighsInt* a_index, const double* a_value, const HighsInt* integrality) { return pt_api.Highs_passMip(highs, num_col, num_row, num_nz, a_format, sense, offset, col_cost, col_lower, col_upper, row_lower, row_upper, a_start, a_index, a_value, integrality); }
static HighsInt pt_Highs_passRowName(const void* highs, const HighsInt row, const char* name) { return pt_api.Highs_passRowName(highs, row, name); }
static HighsInt pt_Highs_readModel(void* highs, const char* filename) { return pt_api.Highs_readModel(highs, filename); }
static void pt_Highs_resetGlobalScheduler(const HighsInt blocking) { pt_api.Highs_resetGlobalScheduler(blocking); }
static HighsInt pt_Highs_run(void* highs) { return pt_api.Highs_run(highs); }
static HighsInt pt_Highs_setBoolOptionValue(void* highs, const char* option, const HighsInt value) { return pt_api.Highs_setBoolOptionValue(highs, option, value); }
static HighsInt pt_Highs_setDoubleOptionValue(void* highs, const char* option, const double value) { return pt_api.Highs_setDoubleOptionValue(highs, option, value); }
static HighsInt pt_Highs_setIntOptionValue(void* highs, const char* option, const HighsInt value) { return pt_api.Highs_setIntOptionValue(highs, option, value); }
static HighsInt pt_Highs_setSolution(void* highs, const double* col_value, const double* row_value, const double* col_dual, const double* row_dual) { return pt_api.Highs_setSolution(highs, col_value, row_value, col_dual, row_dual); }
static HighsInt pt_Highs_setStringOptionValue(void* highs, const char* option, const char* value) { return pt_api.Highs_setStringOptionValue(highs, option, value); }
static HighsInt pt_Highs_startCallback(void* highs, const HighsInt callback_type) { return pt_api.Highs_startCallback(highs, callback_type); }
static const char* pt_Highs_version(void) { return pt_api.Highs_version(); }
static HighsInt pt_Highs_writeModel(void* highs, const char* filename) { return pt_api.Highs_writeModel(highs, filename); }
static HighsInt pt_Highs_setCallback(void* highs, HighsCCallbackType user_callback, void* user_callback_data) { return pt_api.Highs_setCallback(highs, user_callback, user_callback_data); }

// pt_highs_err holds why the last pt_highs_load failed; pt_highs_error
// returns it.
static char pt_highs_err[512];

static const char *pt_highs_error(void) { return pt_highs_err; }

// pt_highs_load opens the library name and looks up every function of
// PT_HIGHS_SYMS: 0 on success, -1 with the reason in pt_highs_err and
// pt_api as it was (a library already loaded stays usable).
static int pt_highs_load(const char *name) {
	struct pt_highs_api api;
	void *lib = dlopen(name, RTLD_NOW | RTLD_LOCAL);
	if (lib == NULL) {
		const char *e = dlerror();
		snprintf(pt_highs_err, sizeof pt_highs_err, "%s", e != NULL ? e : name);
		return -1;
	}
#define PT_LOAD(f) \
	if ((api.f = (__typeof__(f) *)dlsym(lib, #f)) == NULL) { \
		snprintf(pt_highs_err, sizeof pt_highs_err, "%s has no function %s (HiGHS too old?)", name, #f); \
		dlclose(lib); \
		return -1; \
	}
	PT_HIGHS_SYMS(PT_LOAD)
#undef PT_LOAD
	pt_api = api;
	return 0;
}
