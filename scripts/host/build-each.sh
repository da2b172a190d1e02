#!/bin/bash
# Bisectability: build each commit of a tree's series (base..series, oldest
# first), incrementally in one out dir, in a worktree of its own (the tree
# itself is left alone), ending on the series' head. Prints KTAP, a result
# per commit: it fails on an error or a warning (the build compiles only
# what the commit made stale), and shows the end of the build's log.
# usage: build-each.sh <tree> <worktree> <out-dir> <log-dir> <fragment>...
set -u
[ $# -ge 5 ] || { echo "usage: $0 <tree> <worktree> <out-dir> <log-dir> <fragment>..." >&2; exit 2; }
top=$(realpath "$(dirname "$0")/../..")
tree=$(realpath "$1") wt=$(realpath -m "$2") out=$(realpath -m "$3") logs=$(realpath -m "$4")
shift 4
frags=()
for f; do frags+=("$(realpath "$f")") || exit 2; done
mkdir -p "$logs"
git -C "$tree" rev-parse -q --verify series > /dev/null ||
	{ echo "build-each: $tree has no branch 'series'" >&2; exit 1; }
if [ ! -e "$wt/.git" ]; then
	# Only a directory of the workbench's own, emptied, then made anew.
	wt=$("$(dirname "$0")/fresh-dir.sh" "$wt") || exit 2
	rm -r "$wt"
	git -C "$tree" worktree prune
	git -C "$tree" worktree add -q --detach "$wt" series || exit 1
fi
commits=$(git -C "$tree" rev-list --reverse base..series)
echo "TAP version 13"
echo "1..$(wc -w <<< "$commits")"
n=0
for c in $commits; do
	n=$((n + 1))
	subject=$(git -C "$tree" log -1 --format=%s "$c")
	log=$logs/$(printf %02d $n).log
	if ! git -C "$wt" checkout -q --detach "$c" > "$log" 2>&1; then
		sed 's/^/#   /' "$log"
		echo "not ok $n builds: $subject # could not check it out"
		continue
	fi
	start=$(date +%s)
	# A warning fails it too: only what the commit made stale is compiled.
	if "$top/scripts/host/build-kernel.sh" "$wt" "$out" "${frags[@]}" > "$log" 2>&1 &&
	   ! grep -q 'warning:' "$log"; then
		echo "ok $n builds: $subject # $(($(date +%s) - start)) s"
	else
		{ grep 'warning:' "$log"; tail -n 20 "$log"; } | sed 's/^/#   /'
		echo "not ok $n builds: $subject"
	fi
done
