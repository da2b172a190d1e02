#!/bin/bash
# send.sh must send as a person and nobody else: it refuses the
# repository's placeholder author (as SENDER or as the git config), no
# identity at all, and the test identity outside a dry run; with the test
# identity, a dry run of a one-patch series made of the series' cover
# letter and first patch passes, and every mail is from it and every
# patch signed off by it last, the patch file itself by nobody; the dry
# run fails a patch signed off by the placeholder, or without
# Assisted-by:. Runs send.sh with no git config but the one each case
# gives. Prints KTAP.
# usage: send-identity-test.sh <tree> <patch-dir> <work-dir>
set -u
[ $# -eq 3 ] || { echo "usage: $0 <tree> <patch-dir> <work-dir>" >&2; exit 2; }
send=$(realpath "$(dirname "$0")")/send.sh
tree=$(realpath "$1") pdir=$(realpath "$2") work=$(realpath -m "$3")
work=$("$(dirname "$0")/fresh-dir.sh" "$work") || exit 2
mkdir -p "$work/run"
test_id="Test Sender <sender@example.org>"
# The repository's author, a placeholder: the cover letter's From:.
placeholder=$(awk '/^From:/ { f = $0; while ((getline l) > 0 && l ~ /^[ \t]/) f = f l
			      sub(/^From:[ \t]*/, "", f); gsub(/[ \t]+/, " ", f); print f; exit }' \
	"$pdir/0000-cover-letter.patch")

# The one-patch series, numbered 0/1 and 1/1; 'mini' <name> <sed> writes
# it to <work>/<name> with the patch edited by the sed expression.
mini() {
	local d=$work/$1 first
	first=$(ls "$pdir"/0001-*.patch)
	mkdir -p "$d"
	sed 's/^\(Subject: \[[^]]*\) [0-9]*\/[0-9]*\]/\1 0\/1]/' "$pdir/0000-cover-letter.patch" > "$d/0000-cover-letter.patch"
	sed -e 's/^\(Subject: \[[^]]*\) [0-9]*\/[0-9]*\]/\1 1\/1]/' -e "$2" "$first" > "$d/$(basename "$first")"
}
mini series ''
mini signed "s/^Assisted-by: .*/&\nSigned-off-by: $placeholder/"
mini unassisted '/^Assisted-by: /d'
printf '[user]\n\tname = %s\n\temail = %s\n' "$(sed 's/ *<.*//' <<< "$placeholder")" \
	"$(sed 's/.*<\(.*\)>.*/\1/' <<< "$placeholder")" > "$work/placeholder.gitconfig"

n=0
# case_ <name> <wanted exit: 0|1> <wanted message|-> <git config file> <send.sh args...>:
# send.sh run from a directory in no repository, SENDER as the caller sets it.
case_() {
	local name=$1 want=$2 msg=$3 config=$4 rc=0
	shift 4
	(cd "$work/run" && GIT_CEILING_DIRECTORIES=$work GIT_CONFIG_GLOBAL=$config \
		GIT_CONFIG_NOSYSTEM=1 "$send" "$@") > "$work/out" 2>&1 || rc=$?
	n=$((n + 1))
	if [ $((rc != 0)) = "$want" ] && { [ "$msg" = - ] || grep -qF -- "$msg" "$work/out"; }; then
		echo "ok $n workbench send: $name"
	else
		grep -v '^ok ' "$work/out" | tail -n 20 | sed 's/^/#   /'
		echo "not ok $n workbench send: $name # exit $rc, wanted $( ((want)) && echo non-zero || echo 0) and '$msg'"
	fi
}
# The mails of the last run from the test identity: every From: and every
# patch's last Signed-off-by:; the repository's patches signed off by nobody.
from_test_id() {
	local m f bad=
	for m in "$work/send/mail"/*.patch; do
		f=$(sed -n 's/^From: //p; /^$/q' "$m")
		[ "$f" = "$test_id" ] || bad="$bad $(basename "$m"): From: $f;"
		case $m in */0000-cover-letter.patch) continue ;; esac
		f=$(sed -n '/^---$/q; s/^Signed-off-by: //p' "$m" | tail -n 1)
		[ "$f" = "$test_id" ] || bad="$bad $(basename "$m"): last Signed-off-by: $f;"
	done
	for f in "$work/send/dry-run"/*; do
		grep -qxF "From: $test_id" "$f" || bad="$bad dry-run mail $(basename "$f") not from it;"
	done
	f=$(grep -l '^Signed-off-by:' "$pdir"/*.patch | xargs -r -n1 basename | tr '\n' ' ')
	[ -z "$f" ] || bad="$bad signed off in $(basename "$pdir")/: $f;"
	n=$((n + 1))
	if [ -z "$bad" ]; then
		echo "ok $n workbench send: every mail is from the test identity, signed off by it"
	else
		echo "#  $bad"
		echo "not ok $n workbench send: every mail is from the test identity, signed off by it"
	fi
}

echo "TAP version 13"
echo "1..8"
SENDER=$placeholder case_ "the placeholder as SENDER is refused" 1 "is a placeholder" /dev/null \
	-n "$tree" "$work/series" "$work/send"
unset SENDER
case_ "the placeholder as the git config is refused" 1 "is a placeholder" "$work/placeholder.gitconfig" \
	-n "$tree" "$work/series" "$work/send"
case_ "no identity is refused" 1 "no sender identity" /dev/null -n "$tree" "$work/series" "$work/send"
# No patches here: nothing could be sent if the refusal failed.
SENDER=$test_id case_ "the test identity is refused outside a dry run" 1 "may only dry-run" /dev/null \
	"$tree" "$work/none" "$work/send"
SENDER=$test_id case_ "a dry run as the test identity passes" 0 - /dev/null \
	-n "$tree" "$work/series" "$work/send"
from_test_id
SENDER=$test_id case_ "a patch signed off by the placeholder fails" 1 "is a placeholder" /dev/null \
	-n "$tree" "$work/signed" "$work/send"
SENDER=$test_id case_ "a patch without Assisted-by: fails" 1 "no 'Assisted-by: LLM" /dev/null \
	-n "$tree" "$work/unassisted" "$work/send"
