#!/usr/bin/env bash
# scripts/deps.sh — install polytile's external dependencies into .deps/.
#
#   HiGHS    from the PyPI wheel "highsbox" (lib/libhighs.so, include/highs/,
#            bin/highs), unpacked into .deps/highs/, plus our own
#            .deps/lib/pkgconfig/highs.pc (with an rpath) and a wrapper
#            .deps/bin/highs that finds libhighs.so.
#   cbc      Debian package coinor-cbc  (cross-checks LP / MPS exports)
#   glpsol   Debian package glpk-utils  (cross-checks LP / MPS exports)
#   clasp    Debian package clasp       (SAT and pseudo-Boolean solver:
#            cross-checks the CNF and OPB exports)
#   picosat  Debian package picosat     (a second SAT solver for the CNF export)
#   parallel Debian package parallel    (GNU parallel: runs a sharded count
#            through deploy/parallel/count.sh in the tests)
#   Pyomo    PyPI package pyomo in a virtual environment .deps/pyomo/
#            (runs the Pyomo export in the tests; optional: on failure the
#            test says so and skips), and in the same venv highspy (Pyomo's
#            highs / appsi_highs) and pyscipopt (SCIP, bundled in the wheel:
#            reads the LP / MPS exports in the tests); PYOMO_EXTRAS= skips
#            these two
#
# Idempotent: a second run only checks stamps and regenerates the small
# generated files when their content would change (e.g. the clone moved).
# Called by `make deps`; safe to call directly.
set -euo pipefail

HIGHSBOX_VERSION="${HIGHSBOX_VERSION:-1.15.1}"

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
deps="$root/.deps"
prefix="$deps/highs"
libdir="$prefix/lib"
incdir="$prefix/include/highs"
stamp="$deps/.highsbox-$HIGHSBOX_VERSION.stamp"

say() { printf 'deps: %s\n' "$*"; }
warn() { printf 'deps: WARNING: %s\n' "$*" >&2; }

# write_if_changed FILE MODE: stdin becomes FILE unless FILE already has
# exactly that content.
write_if_changed() {
	local file="$1" mode="$2" tmp
	mkdir -p "$(dirname "$file")"
	tmp="$(mktemp "$file.XXXXXX")"
	cat >"$tmp"
	chmod "$mode" "$tmp"
	if [[ -f "$file" ]] && cmp -s "$tmp" "$file"; then
		rm -f "$tmp"
	else
		mv -f "$tmp" "$file"
	fi
}

pip_cmd() {
	if python3 -m pip --version >/dev/null 2>&1; then
		echo "python3 -m pip"
	elif command -v pip3 >/dev/null 2>&1; then
		echo "pip3"
	elif command -v pip >/dev/null 2>&1; then
		echo "pip"
	fi
}

# ---------------------------------------------------------------- HiGHS ----
install_highs() {
	local pip dl tmp wheel
	pip="$(pip_cmd)"
	if [[ -z "$pip" ]]; then
		echo "deps: ERROR: need python3 with pip to fetch HiGHS (PyPI package highsbox==$HIGHSBOX_VERSION)." >&2
		echo "deps: install python3-pip, or install HiGHS yourself and put its highs.pc on PKG_CONFIG_PATH." >&2
		exit 1
	fi
	say "fetching highsbox==$HIGHSBOX_VERSION from PyPI"
	dl="$deps/dl"
	mkdir -p "$dl"
	# `pip download` (not `pip install`) so that an externally managed system
	# Python (PEP 668) does not get in the way; we unpack the wheel ourselves.
	if ! $pip download --quiet --disable-pip-version-check --no-deps \
		--only-binary=:all: -d "$dl" "highsbox==$HIGHSBOX_VERSION"; then
		echo "deps: ERROR: could not download highsbox==$HIGHSBOX_VERSION" >&2
		exit 1
	fi
	wheel="$(ls -1 "$dl"/highsbox-"$HIGHSBOX_VERSION"-*.whl 2>/dev/null | head -n1)"
	[[ -n "$wheel" ]] || { echo "deps: ERROR: no highsbox wheel in $dl" >&2; exit 1; }

	tmp="$(mktemp -d "$deps/highs.tmp.XXXXXX")"
	# Unpack highsbox/highs_dist/** keeping the Unix mode bits (bin/highs is
	# executable). Python's zipfile is used because unzip may be missing.
	python3 - "$wheel" "$tmp" <<'PY'
import os, sys, zipfile
wheel, dest = sys.argv[1], sys.argv[2]
marker = "highsbox/highs_dist/"
n = 0
with zipfile.ZipFile(wheel) as z:
    for info in z.infolist():
        i = info.filename.find(marker)
        if i < 0 or info.is_dir():
            continue
        rel = info.filename[i + len(marker):]
        if not rel or rel.startswith("/") or ".." in rel.split("/"):
            continue
        out = os.path.join(dest, rel)
        os.makedirs(os.path.dirname(out), exist_ok=True)
        with z.open(info) as src, open(out, "wb") as dst:
            dst.write(src.read())
        mode = (info.external_attr >> 16) & 0o777
        os.chmod(out, mode if mode else 0o644)
        n += 1
if n == 0:
    sys.exit("no highsbox/highs_dist files in " + wheel)
PY
	for f in lib/libhighs.so include/highs/interfaces/highs_c_api.h bin/highs; do
		[[ -e "$tmp/$f" ]] || { echo "deps: ERROR: wheel lacks highs_dist/$f" >&2; rm -rf "$tmp"; exit 1; }
	done
	chmod 0755 "$tmp" "$tmp/bin/highs"
	rm -rf "$prefix"
	mv "$tmp" "$prefix"
	rm -rf "$dl"
	date -u +%FT%TZ >"$stamp"
}

mkdir -p "$deps"
if [[ -f "$stamp" && -f "$libdir/libhighs.so" && -x "$prefix/bin/highs" ]]; then
	: # already installed
else
	rm -f "$deps"/.highsbox-*.stamp
	install_highs
fi

# The wheel's own lib/pkgconfig/highs.pc points at the build machine
# (/project/HiGHS/highs_dist, lib64), so write ours. The rpath lets binaries
# built with cgo run without LD_LIBRARY_PATH.
write_if_changed "$deps/lib/pkgconfig/highs.pc" 0644 <<EOF
# Generated by scripts/deps.sh from highsbox $HIGHSBOX_VERSION. Do not edit.
prefix=$prefix
libdir=$libdir
includedir=$incdir

Name: HiGHS
Description: Linear optimization software (from the highsbox wheel)
Version: $HIGHSBOX_VERSION
Libs: -L\${libdir} -lhighs -Wl,-rpath,\${libdir}
Cflags: -I\${includedir}
EOF

# bin/highs in the wheel has RPATH $ORIGIN:$ORIGIN/../lib64 but the library
# lives in lib/, so it cannot start on its own: wrap it.
write_if_changed "$deps/bin/highs" 0755 <<EOF
#!/bin/sh
# Generated by scripts/deps.sh: runs the HiGHS binary from highsbox $HIGHSBOX_VERSION.
LD_LIBRARY_PATH="$libdir\${LD_LIBRARY_PATH:+:\$LD_LIBRARY_PATH}"
export LD_LIBRARY_PATH
exec "$prefix/bin/highs" "\$@"
EOF

# ------------------------------------------------------- cbc and glpsol ----
missing=()
command -v cbc >/dev/null 2>&1 || missing+=(coinor-cbc)
command -v glpsol >/dev/null 2>&1 || missing+=(glpk-utils)
command -v clasp >/dev/null 2>&1 || missing+=(clasp)
command -v picosat >/dev/null 2>&1 || missing+=(picosat)
command -v parallel >/dev/null 2>&1 || missing+=(parallel)
if ((${#missing[@]})); then
	if [[ "$(id -u)" == 0 ]] && command -v apt-get >/dev/null 2>&1; then
		say "installing ${missing[*]} with apt-get"
		log="$deps/apt.log"
		export DEBIAN_FRONTEND=noninteractive
		apt_install() { apt-get install -y -q --no-install-recommends "${missing[@]}" >>"$log" 2>&1; }
		: >"$log"
		if ! apt_install; then
			say "apt-get install failed; running apt-get update and retrying"
			if ! { apt-get update -q >>"$log" 2>&1 && apt_install; }; then
				warn "could not install ${missing[*]} (see $log); tests that need them will skip"
				tail -n 5 "$log" >&2 || true
			fi
		fi
	else
		warn "not installing ${missing[*]} (needs root). To enable the external-solver cross-checks run:"
		warn "    sudo apt-get install ${missing[*]}"
		warn "tests that need cbc / glpsol / parallel will skip until then."
	fi
fi

# ---------------------------------------------------------------- Pyomo ----
PYOMO_VERSION="${PYOMO_VERSION:-6.10.1}"
pyomo_stamp="$deps/.pyomo-$PYOMO_VERSION.stamp"
if [[ ! -f "$pyomo_stamp" || ! -x "$deps/pyomo/bin/python" ]]; then
	say "installing pyomo==$PYOMO_VERSION into .deps/pyomo (a Python venv)"
	rm -rf "$deps/pyomo" "$deps"/.pyomo-*.stamp
	if python3 -m venv "$deps/pyomo" >"$deps/pyomo.log" 2>&1 &&
		"$deps/pyomo/bin/python" -m pip install --quiet --disable-pip-version-check \
			"pyomo==$PYOMO_VERSION" >>"$deps/pyomo.log" 2>&1; then
		date -u +%FT%TZ >"$pyomo_stamp"
	else
		warn "could not install Pyomo (see $deps/pyomo.log; python3-venv may be missing); the Pyomo export test will skip"
		rm -rf "$deps/pyomo"
	fi
fi

# ------------------------------------------- highspy and pyscipopt ----
# Into the Pyomo venv: highspy for Pyomo's highs / appsi_highs interfaces
# (the Pyomo script's first choices), pyscipopt for SCIP (its wheel bundles
# libscip; the tests read our LP / MPS files with it). Both need numpy.
# Measured 2026-11-23: 38 MB of wheels, 8.5 s, 146 MB installed (numpy 73,
# pyscipopt 65, highspy 8). Optional like Pyomo: on failure the tests that
# need them skip. PYOMO_EXTRAS= (empty) installs neither.
PYOMO_EXTRAS="${PYOMO_EXTRAS-highspy==1.16.0 pyscipopt==6.3.0}"
extras_stamp="$deps/.pyomo-extras-$(printf '%s' "$PYOMO_EXTRAS" | tr -c 'A-Za-z0-9.=\n' '_').stamp"
if [[ -n "$PYOMO_EXTRAS" && -x "$deps/pyomo/bin/python" && ! -f "$extras_stamp" ]]; then
	say "installing $PYOMO_EXTRAS into .deps/pyomo"
	rm -f "$deps"/.pyomo-extras-*.stamp
	# shellcheck disable=SC2086 # the list is split on purpose
	if "$deps/pyomo/bin/python" -m pip install --quiet --disable-pip-version-check \
		--only-binary=:all: $PYOMO_EXTRAS >>"$deps/pyomo.log" 2>&1; then
		date -u +%FT%TZ >"$extras_stamp"
	else
		warn "could not install $PYOMO_EXTRAS (see $deps/pyomo.log); the Pyomo HiGHS and SCIP tests will skip"
	fi
fi

# ---------------------------------------------------------- smoke check ----
export PATH="$deps/bin:$PATH"
export PKG_CONFIG_PATH="$deps/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
fail=0
if out="$(pkg-config --cflags --libs highs 2>&1)"; then
	say "pkg-config highs: $out"
else
	warn "pkg-config --cflags --libs highs failed: $out"
	fail=1
fi
# (No `| head` here: with pipefail, SIGPIPE in highs would count as failure.)
if out="$(highs --version 2>&1)" && [[ -n "$out" ]]; then
	say "highs --version: ${out%%$'\n'*}"
else
	warn "highs --version failed: $out"
	fail=1
fi
if command -v cbc >/dev/null 2>&1; then
	out="$(cbc -quit </dev/null 2>&1 | grep -m1 -i 'version' || true)"
	say "cbc: ${out:-$(command -v cbc)}"
else
	say "cbc: not installed (tests that need it will skip)"
fi
if command -v glpsol >/dev/null 2>&1; then
	out="$(glpsol --version 2>&1 || true)"
	say "glpsol --version: ${out%%$'\n'*}"
else
	say "glpsol: not installed (tests that need it will skip)"
fi
if command -v parallel >/dev/null 2>&1; then
	say "parallel: $(parallel --version 2>/dev/null | head -n1 || true)"
else
	say "parallel: not installed (the GNU parallel sharded-count test will skip)"
fi
if [[ -x "$deps/pyomo/bin/python" ]]; then
	say "pyomo: $("$deps/pyomo/bin/python" -c 'import pyomo.version as v; print(v.version)' 2>&1)"
	for m in highspy pyscipopt; do
		if v="$("$deps/pyomo/bin/python" -c "import importlib.metadata as m; import $m; print(m.version('$m'))" 2>/dev/null)"; then
			say "$m: $v"
		else
			say "$m: not installed (the tests that need it will skip)"
		fi
	done
else
	say "pyomo: not installed (the Pyomo export test will skip)"
fi
exit "$fail"
