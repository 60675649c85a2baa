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

// Pointers to the HiGHS C API, set by pt_highs_load from the library
// that dlopen finds, and wrappers with the API's signatures.
static __typeof__(Highs_create) *p_Highs_create;
static __typeof__(Highs_destroy) *p_Highs_destroy;
static __typeof__(Highs_getColName) *p_Highs_getColName;
static __typeof__(Highs_getDoubleInfoValue) *p_Highs_getDoubleInfoValue;
static __typeof__(Highs_getHessianNumNz) *p_Highs_getHessianNumNz;
static __typeof__(Highs_getIntInfoValue) *p_Highs_getIntInfoValue;
static __typeof__(Highs_getInt64InfoValue) *p_Highs_getInt64InfoValue;
static __typeof__(Highs_getLp) *p_Highs_getLp;
static __typeof__(Highs_getModelStatus) *p_Highs_getModelStatus;
static __typeof__(Highs_getNumCol) *p_Highs_getNumCol;
static __typeof__(Highs_getNumNz) *p_Highs_getNumNz;
static __typeof__(Highs_getNumRow) *p_Highs_getNumRow;
static __typeof__(Highs_getObjectiveValue) *p_Highs_getObjectiveValue;
static __typeof__(Highs_getOptionType) *p_Highs_getOptionType;
static __typeof__(Highs_getRowName) *p_Highs_getRowName;
static __typeof__(Highs_getRunTime) *p_Highs_getRunTime;
static __typeof__(Highs_getSolution) *p_Highs_getSolution;
static __typeof__(Highs_passColName) *p_Highs_passColName;
static __typeof__(Highs_passLp) *p_Highs_passLp;
static __typeof__(Highs_passMip) *p_Highs_passMip;
static __typeof__(Highs_passRowName) *p_Highs_passRowName;
static __typeof__(Highs_readModel) *p_Highs_readModel;
static __typeof__(Highs_resetGlobalScheduler) *p_Highs_resetGlobalScheduler;
static __typeof__(Highs_run) *p_Highs_run;
static __typeof__(Highs_setBoolOptionValue) *p_Highs_setBoolOptionValue;
static __typeof__(Highs_setDoubleOptionValue) *p_Highs_setDoubleOptionValue;
static __typeof__(Highs_setIntOptionValue) *p_Highs_setIntOptionValue;
static __typeof__(Highs_setSolution) *p_Highs_setSolution;
static __typeof__(Highs_setStringOptionValue) *p_Highs_setStringOptionValue;
static __typeof__(Highs_startCallback) *p_Highs_startCallback;
static __typeof__(Highs_version) *p_Highs_version;
static __typeof__(Highs_writeModel) *p_Highs_writeModel;
static __typeof__(Highs_setCallback) *p_Highs_setCallback;

static void* pt_Highs_create(void) { return p_Highs_create(); }
static void pt_Highs_destroy(void* highs) { p_Highs_destroy(highs); }
static HighsInt pt_Highs_getColName(const void* highs, const HighsInt col, char* name) { return p_Highs_getColName(highs, col, name); }
static HighsInt pt_Highs_getDoubleInfoValue(const void* highs, const char* info, double* value) { return p_Highs_getDoubleInfoValue(highs, info, value); }
static HighsInt pt_Highs_getHessianNumNz(const void* highs) { return p_Highs_getHessianNumNz(highs); }
static HighsInt pt_Highs_getIntInfoValue(const void* highs, const char* info, HighsInt* value) { return p_Highs_getIntInfoValue(highs, info, value); }
static HighsInt pt_Highs_getInt64InfoValue(const void* highs, const char* info, int64_t* value) { return p_Highs_getInt64InfoValue(highs, info, value); }
static HighsInt pt_Highs_getLp(const void* highs, const HighsInt a_format, HighsInt* num_col, HighsInt* num_row, HighsInt* num_nz, HighsInt* sense, double* offset, double* col_cost, double* col_lower, double* col_upper, double* row_lower, double* row_upper, HighsInt* a_start, HighsInt* a_index, double* a_value, HighsInt* integrality) { return p_Highs_getLp(highs, a_format, num_col, num_row, num_nz, sense, offset, col_cost, col_lower, col_upper, row_lower, row_upper, a_start, a_index, a_value, integrality); }
static HighsInt pt_Highs_getModelStatus(const void* highs) { return p_Highs_getModelStatus(highs); }
static HighsInt pt_Highs_getNumCol(const void* highs) { return p_Highs_getNumCol(highs); }
static HighsInt pt_Highs_getNumNz(const void* highs) { return p_Highs_getNumNz(highs); }
static HighsInt pt_Highs_getNumRow(const void* highs) { return p_Highs_getNumRow(highs); }
static double pt_Highs_getObjectiveValue(const void* highs) { return p_Highs_getObjectiveValue(highs); }
static HighsInt pt_Highs_getOptionType(const void* highs, const char* option, HighsInt* type) { return p_Highs_getOptionType(highs, option, type); }
static HighsInt pt_Highs_getRowName(const void* highs, const HighsInt row, char* name) { return p_Highs_getRowName(highs, row, name); }
static double pt_Highs_getRunTime(const void* highs) { return p_Highs_getRunTime(highs); }
static HighsInt pt_Highs_getSolution(const void* highs, double* col_value, double* col_dual, double* row_value, double* row_dual) { return p_Highs_getSolution(highs, col_value, col_dual, row_value, row_dual); }
static HighsInt pt_Highs_passColName(const void* highs, const HighsInt col, const char* name) { return p_Highs_passColName(highs, col, name); }
static HighsInt pt_Highs_passLp(void* highs, const HighsInt num_col, const HighsInt num_row, const HighsInt num_nz, const HighsInt a_format, const HighsInt sense, const double offset, const double* col_cost, const double* col_lower, const double* col_upper, const double* row_lower, const double* row_upper, const HighsInt* a_start, const HighsInt* a_index, const double* a_value) { return p_Highs_passLp(highs, num_col, num_row, num_nz, a_format, sense, offset, col_cost, col_lower, col_upper, row_lower, row_upper, a_start, a_index, a_value); }
static HighsInt pt_Highs_passMip(void* highs, const HighsInt num_col, const HighsInt num_row, const HighsInt num_nz, const HighsInt a_format, const HighsInt sense, const double offset, const double* col_cost, const double* col_lower, const double* col_upper, const double* row_lower, const double* row_upper, const HighsInt* a_start, const HighsInt* a_index, const double* a_value, const HighsInt* integrality) { return p_Highs_passMip(highs, num_col, num_row, num_nz, a_format, sense, offset, col_cost, col_lower, col_upper, row_lower, row_upper, a_start, a_index, a_value, integrality); }
static HighsInt pt_Highs_passRowName(const void* highs, const HighsInt row, const char* name) { return p_Highs_passRowName(highs, row, name); }
static HighsInt pt_Highs_readModel(void* highs, const char* filename) { return p_Highs_readModel(highs, filename); }
static void pt_Highs_resetGlobalScheduler(const HighsInt blocking) { p_Highs_resetGlobalScheduler(blocking); }
static HighsInt pt_Highs_run(void* highs) { return p_Highs_run(highs); }
static HighsInt pt_Highs_setBoolOptionValue(void* highs, const char* option, const HighsInt value) { return p_Highs_setBoolOptionValue(highs, option, value); }
static HighsInt pt_Highs_setDoubleOptionValue(void* highs, const char* option, const double value) { return p_Highs_setDoubleOptionValue(highs, option, value); }
static HighsInt pt_Highs_setIntOptionValue(void* highs, const char* option, const HighsInt value) { return p_Highs_setIntOptionValue(highs, option, value); }
static HighsInt pt_Highs_setSolution(void* highs, const double* col_value, const double* row_value, const double* col_dual, const double* row_dual) { return p_Highs_setSolution(highs, col_value, row_value, col_dual, row_dual); }
static HighsInt pt_Highs_setStringOptionValue(void* highs, const char* option, const char* value) { return p_Highs_setStringOptionValue(highs, option, value); }
static HighsInt pt_Highs_startCallback(void* highs, const HighsInt callback_type) { return p_Highs_startCallback(highs, callback_type); }
static const char* pt_Highs_version(void) { return p_Highs_version(); }
static HighsInt pt_Highs_writeModel(void* highs, const char* filename) { return p_Highs_writeModel(highs, filename); }
static HighsInt pt_Highs_setCallback(void* highs, HighsCCallbackType user_callback, void* user_callback_data) { return p_Highs_setCallback(highs, user_callback, user_callback_data); }

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

// pt_highs_err holds why the last pt_highs_load failed; pt_highs_error
// returns it.
static char pt_highs_err[512];

static const char *pt_highs_error(void) { return pt_highs_err; }

// pt_highs_load opens the library name and looks up every function of
// PT_HIGHS_SYMS: 0 on success, -1 with the reason in pt_highs_err.
static int pt_highs_load(const char *name) {
	void *lib = dlopen(name, RTLD_NOW | RTLD_LOCAL);
	if (lib == NULL) {
		const char *e = dlerror();
		snprintf(pt_highs_err, sizeof pt_highs_err, "%s", e != NULL ? e : name);
		return -1;
	}
#define PT_LOAD(f) \
	if ((p_##f = (__typeof__(f) *)dlsym(lib, #f)) == NULL) { \
		snprintf(pt_highs_err, sizeof pt_highs_err, "%s has no function %s (HiGHS too old?)", name, #f); \
		dlclose(lib); \
		return -1; \
	}
	PT_HIGHS_SYMS(PT_LOAD)
#undef PT_LOAD
	return 0;
}
