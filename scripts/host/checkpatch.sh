#!/bin/bash
# checkpatch.pl --strict on every patch of the series (not the cover letter),
# and a MAINTAINERS entry for every selftest directory the series adds.
# checkpatch's own "does MAINTAINERS need updating?" fires for every new
# file, covered or not, so it is replaced by the second check. Prints KTAP.
# The patches of the repository carry no Signed-off-by: (the sender's is
# added when the series is sent, send.sh), so its absence is no fault;
# -s: these are the mails send.sh writes, and they must carry one.
# usage: checkpatch.sh [-s] <tree> <patch-dir>
set -eu
usage() { echo "usage: $0 [-s] <tree> <patch-dir>" >&2; exit 2; }
ignore=FILE_PATH_CHANGES,MISSING_SIGN_OFF
[ "${1-}" = -s ] && { ignore=FILE_PATH_CHANGES; shift; }
[ $# -eq 2 ] || usage
tree=$(realpath "$1") pdir=$(realpath "$2")
# spdxcheck.py needs Debian's python3 (python3-ply, python3-git), not a pyenv one.
export PATH=/usr/bin:$PATH
# 6.1's and 6.12's checkpatch.pl hold Assisted-by: to an earlier upstream
# form, 'AGENT_NAME:MODEL_VERSION [TOOL1] [TOOL2]'; 7.3's
# Documentation/process/coding-assistants.rst asks for 'Assisted-by: LLM
# [TOOL1] [TOOL2]', and its checkpatch.pl takes any value. That one
# warning is dropped (send.sh checks the trailer's form); any other fails.
stale="WARNING:BAD_SIGN_OFF: Assisted-by expects 'AGENT_NAME:MODEL_VERSION"
# A tree from a Debian source package is one commit: checkpatch cannot look
# up the ids of Fixes: tags and commit references there. Those are checked
# against upstream's history and list archives (the cover letter says
# which); in a tree with upstream's history (UPSTREAM_TREE=) checkpatch
# checks them too.
[ "$(git -C "$tree" rev-list --count base 2>/dev/null || echo 0)" -gt 1 ] ||
	ignore=$ignore,UNKNOWN_COMMIT_ID
echo "TAP version 13"
n=0
for p in "$pdir"/[0-9][0-9][0-9][0-9]-*.patch; do
	case $p in */0000-cover-letter.patch|*'[0-9]'*) continue ;; esac
	rc=0
	out=$(cd "$tree" && perl scripts/checkpatch.pl --strict --terse --show-types \
		--ignore "$ignore" "$p" 2>&1) || rc=$?
	out=$(grep -vF "$stale" <<< "$out" || true)
	# Clean: checkpatch passed, or reported (exit 1, with its total) only
	# what is dropped above. One that died (no total) fails.
	if ! grep -qE ': (ERROR|WARNING|CHECK):' <<< "$out" &&
	   { [ $rc = 0 ] || { [ $rc = 1 ] && grep -q '^total: ' <<< "$out"; }; }; then
		echo "ok $((n += 1)) checkpatch $(basename "$p")"
	else
		echo "$out" | sed 's/^/#   /'
		echo "not ok $((n += 1)) checkpatch $(basename "$p")"
	fi
done

# A selftest directory is new when the series adds its Makefile (6.1.192
# has a stray selftests/ublk/ script without one).
dirs=$(git -C "$tree" diff --name-only --diff-filter=A base series -- \
	'tools/testing/selftests/*/Makefile' | xargs -r -n1 dirname)
for d in $dirs; do
	if git -C "$tree" show series:MAINTAINERS | grep -q "^F:[[:space:]]*$d/\$"; then
		echo "ok $((n += 1)) maintainers $d"
	else
		echo "not ok $((n += 1)) maintainers $d # the series adds it without an F: entry in MAINTAINERS"
	fi
done
echo "1..$n"
