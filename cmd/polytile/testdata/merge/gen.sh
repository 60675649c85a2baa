#!/usr/bin/env bash
# Makes the golden fixtures of TestMergeGolden: count keys of version 1
# (written by the recipes' bash, as deploy/parallel/count.sh wrote them)
# and version 2 (written by solve --count-key), the shard results and
# checkpoints of their counts, and the output of merge on each directory.
# Run from cmd/polytile with the binary to record:
#
#	go build -o /tmp/pt ./cmd/polytile && (cd cmd/polytile && bash testdata/merge/gen.sh /tmp/pt)
#
# The fixtures are the format's reference: regenerate them only when the
# output is meant to change, and say why in the commit.
set -euo pipefail
bin=${1:?usage: gen.sh POLYTILE}
d=testdata/merge
p=$d/p.yaml
rm -rf "$d/v1" "$d/v2" "$d/partial" "$d/ckpt-only" "$d/golden"
mkdir -p "$d/v1" "$d/v2" "$d/partial" "$d/ckpt-only" "$d/golden"

# Version 2: the key written by solve itself.
for i in 0 1 2; do
	"$bin" --quiet solve "$p" --count --shard "$i/3" --json -o "$d/v2/shard-$i.json" --checkpoint "$d/v2/shard-$i.ckpt" \
		--count-key "$d/v2/count.key" --count-key-recipe count.sh --heuristic s
done

# Version 1: the key count.sh's bash wrote (printf %q of the extra flags).
set -- --heuristic s
sum="$(sha256sum <"$p")"
flags="$(printf '%q ' "$@")"
printf 'polytile count.sh 1\npuzzle-sha256 %s\nshards %d\nflags %s\n' "${sum%% *}" 3 "$flags" >"$d/v1/count.key"
for i in 0 1 2; do
	"$bin" --quiet solve "$p" --count --shard "$i/3" --json -o "$d/v1/shard-$i.json" --checkpoint "$d/v1/shard-$i.ckpt" "$@"
done

# An unfinished count: shard 0 stopped by its time limit (an incomplete
# result and its checkpoint), shard 1 complete, shard 2 never ran.
"$bin" --quiet solve "$p" --count --shard 1/3 --json -o "$d/partial/shard-1.json" --checkpoint "$d/partial/shard-1.ckpt" \
	--count-key "$d/partial/count.key" --count-key-recipe count.sh --heuristic s
# The limit is the first that stops shard 0 after its split and before
# its end (the split takes a few milliseconds).
for tl in 40ms 60ms 80ms 100ms; do
	rm -f "$d/partial/shard-0.json" "$d/partial/shard-0.ckpt"
	"$bin" --quiet solve "$p" --count --shard 0/3 --json -o "$d/partial/shard-0.json" --checkpoint "$d/partial/shard-0.ckpt" \
		--count-key "$d/partial/count.key" --count-key-recipe count.sh --heuristic s --time-limit "$tl" || [[ $? == 1 ]]
	if grep -q '"lower_bound": true' "$d/partial/shard-0.json" && [[ -f $d/partial/shard-0.ckpt ]]; then
		break
	fi
done
[[ -f $d/partial/shard-0.ckpt ]] && grep -q '"complete": false' "$d/partial/shard-0.json" ||
	{ echo "gen.sh: no time limit stopped shard 0 after its split and before its end" >&2; exit 1; }

# Shards that started and wrote no result: their checkpoints only.
cp "$d/partial/shard-0.ckpt" "$d/ckpt-only/shard-0.ckpt"

# merge's output on each: exit code, stdout, stderr.
golden() {
	local name=$1
	shift
	local rc=0
	"$bin" merge "$@" >"$d/golden/$name.stdout" 2>"$d/golden/$name.stderr" || rc=$?
	echo "$rc" >"$d/golden/$name.exit"
}
for set in v1 v2 partial; do
	golden "$set.json" --json "$d/$set"
	golden "$set.text" "$d/$set"
	golden "$set.puzzle.json" --json --puzzle "$p" "$d/$set"
done
golden v2.files.text "$d/v2/shard-0.json" "$d/v2/shard-1.json" "$d/v2/shard-2.json"
golden ckpt-only.text "$d/ckpt-only"
golden v2.conflict.text --puzzle "$p" --heuristic f "$d/v2"
