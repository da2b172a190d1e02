#!/bin/bash
# Apply patches/ to the tree, or write the tree's commits back to patches/.
# usage: series.sh apply|export <tree> <patch-dir>
#
# The tree keeps the series on branch 'series' above tag 'base'; the cover
# letter's subject and text live in that branch's description. Nothing
# depends on the machine's git identity: 'git am' keeps each patch's author,
# and the cover letter's From: is the one of the committed cover letter.
set -eu
[ $# -eq 3 ] || { echo "usage: $0 apply|export <tree> <patch-dir>" >&2; exit 2; }
cmd=$1 tree=$2 pdir=$(realpath "$3")
cd "$tree"
git rev-parse -q --verify base >/dev/null ||
	{ echo "series: $tree has no 'base' tag; run 'make fetch' or point TREE at a tree with one" >&2; exit 1; }

# The From: of a patch (its author), as 'Name' and 'email' lines.
ident_of() {
	git mailinfo /dev/null /dev/null < "$1" | sed -n 's/^Author: //p; s/^Email: //p'
}

# git format-patch writes the committer into the cover letter's From:: make
# it the committed cover letter's, whoever runs this. Sets the committer
# for 'git am' too, where the machine may have no identity at all.
cover_ident() {
	local who
	[ -f "$1" ] || return 0
	who=$(ident_of "$1")
	GIT_COMMITTER_NAME=$(sed -n 1p <<< "$who")
	GIT_COMMITTER_EMAIL=$(sed -n 2p <<< "$who")
	export GIT_COMMITTER_NAME GIT_COMMITTER_EMAIL
}

# format-patch output that depends only on the commits: no hashes, the
# cover letter dated like the newest commit instead of now, and the blob
# names of 'index' lines 9 digits long (git's default grows with the
# objects it finds packed: a fresh tree whose gc is still running gives 7).
# The subject prefix ("PATCH v2", "PATCH liburing") is the branch's
# 'prefix', which 'apply' takes from the cover letter's subject.
format() {
	GIT_COMMITTER_DATE="$(git log -1 --format=%aD)" \
	git -c core.abbrev=9 format-patch -q --zero-commit --cover-letter \
		--subject-prefix="$(git config branch.series.prefix ||
			cover_prefix "$pdir/0000-cover-letter.patch" 2>/dev/null || echo PATCH)" \
		--cover-from-description=subject -o "$1" base..series
}

# The subject prefix of a cover letter: what its brackets hold but the number.
cover_prefix() {
	local p
	p=$(sed -n 's/^Subject: *\[\(.*\) 0*\/[0-9]*\].*/\1/p; /^$/q' "$1") || return
	echo "${p:-PATCH}"
}

# Subject and text of a cover letter: the description 'format' turns back
# into the same letter. The text ends where git's shortlog begins.
cover_description() {
	awk '
	hdr && /^Subject:/ { sub(/^Subject: *(\[[^]]*\] *)?/, ""); subj = $0; insubj = 1; next }
	hdr && insubj && /^[ \t]/ { sub(/^[ \t]+/, " "); subj = subj $0; next }
	hdr && /^$/ { hdr = 0; print subj; print ""; next }
	hdr { insubj = 0; next }
	/^[^ ].* \([0-9]+\):$/ { exit }
	{ body[n++] = $0 }
	END { while (n && body[n - 1] == "") n--; for (i = 0; i < n; i++) print body[i] }
	' hdr=1 "$1"
}

# Without a committed cover letter yet, the machine's identity signs it.
cover_ident "$pdir/0000-cover-letter.patch"

case $cmd in
apply)
	if [ -n "$(git status --porcelain)" ]; then
		echo "series: $tree has uncommitted changes; commit and 'make export', or stash them" >&2
		exit 1
	fi
	if git rev-parse -q --verify series >/dev/null &&
	   [ "$(git rev-parse series)" != "$(git rev-parse base)" ] && [ "${FORCE:-0}" != 1 ]; then
		tmp=$(mktemp -d)
		format "$tmp"
		if ! diff -rq "$tmp" "$pdir" >/dev/null; then
			rm -rf "$tmp"
			echo "series: branch 'series' of $tree has commits that differ from $pdir;" \
			     "export them first (make export, or make liburing-export for liburing's)," \
			     "or FORCE=1 to drop them and apply $pdir" >&2
			exit 1
		fi
		rm -rf "$tmp"
		if [ "$(git symbolic-ref -q --short HEAD)" = series ]; then
			echo "series: $(git rev-list --count base..series) patches of $pdir applied already"
			exit 0
		fi
	fi
	git checkout -q -B series base
	cover=$(ls "$pdir"/0000-cover-letter.patch 2>/dev/null || true)
	if [ -n "$cover" ]; then
		git config branch.series.description "$(cover_description "$cover")"
		git config branch.series.prefix "$(cover_prefix "$cover")"
	else
		git config --unset branch.series.prefix || :
	fi
	three=
	if [ -e .git/unpinned-base ]; then
		three=-3
		echo "series: the base is not the pinned version: applying with 'git am -3'"
	fi
	n=0
	for p in "$pdir"/[0-9][0-9][0-9][0-9]-*.patch; do
		[ -e "$p" ] && [ "$p" != "$cover" ] || continue
		git am -q $three "$p" || {
			echo "series: $(basename "$p") does not apply; fix it in $tree ('git am --continue'), then 'make export'" >&2
			exit 1
		}
		n=$((n + 1))
	done
	echo "series: applied $n patches on base ($(git log -1 --format=%s base))"
	;;
export)
	[ "$(git symbolic-ref -q --short HEAD)" = series ] ||
		{ echo "series: $tree is not on branch 'series'" >&2; exit 1; }
	if [ -n "$(git status --porcelain)" ]; then
		echo "series: $tree has uncommitted changes; commit them first" >&2
		exit 1
	fi
	git config branch.series.description >/dev/null ||
		{ echo "series: no cover letter text; set it with 'git branch --edit-description' in $tree" >&2; exit 1; }
	rm -f "$pdir"/[0-9][0-9][0-9][0-9]-*.patch
	format "$pdir"
	echo "series: exported $(git rev-list --count base..series) patches to $pdir"
	;;
*)
	echo "usage: $0 apply|export <tree> <patch-dir>" >&2
	exit 2
	;;
esac
