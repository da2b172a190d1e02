#!/bin/bash
# Mails the series with git send-email (Debian package git-email), each
# mail to the people and lists the tree's scripts/get_maintainer.pl names
# for it: maintainers, supporters and reviewers in To:, lists in Cc:; the
# cover letter to all of them. The patch author (the sender) is left out.
# Copies of the patches with those To:/Cc: headers are written to
# <work-dir>/mail/ and sent in one run, so the cover letter heads the
# thread and every patch answers it (--thread --no-chain-reply-to).
# Headers the patch files have already (To:, Cc:, In-Reply-To:, ...) are
# kept, so they are checked too.
#
# -n: a dry run (send-email --dry-run, no server contacted, the machine's
# git config and identity unused), then checks what it would have sent,
# in KTAP, a result per mail: From: is the cover letter's author;
# Subject: is numbered [PATCH ... k/n], k consecutive from 0 (the cover), n
# the number of patches; it has a Message-ID, and every mail but the cover
# is In-Reply-To the cover's; To: is not empty; To: and Cc: are, as sets,
# what was computed for it (and the envelope recipients no more than
# those); each list get_maintainer.pl named is in Cc:. Then checkpatch.sh's
# results (checkpatch.pl --strict per patch, MAINTAINERS for new selftest
# directories), numbered on. Exit status 0 when every result is ok.
# Without -n: the same dry run and checks, with the user's git config (it
# holds sendemail.smtpServer etc.), then, only if every result is ok, the
# real send. Kept in <work-dir>: recipients/<patch> (the recipients and why
# each is one; <patch>.get_maintainer, the script's own output),
# mail/ (what is sent), dry-run.log, send.log.
# usage: send.sh [-n] <tree> <patch-dir> <work-dir>
set -eu
usage() { echo "usage: $0 [-n] <tree> <patch-dir> <work-dir>" >&2; exit 2; }
dry=0
[ "${1-}" = -n ] && { dry=1; shift; }
[ $# -eq 3 ] || usage
top=$(realpath "$(dirname "$0")/../..")
tree=$(realpath "$1") pdir=$(realpath "$2") work=$(realpath -m "$3")
[ -f "$tree/scripts/get_maintainer.pl" ] ||
	{ echo "send: $tree has no scripts/get_maintainer.pl" >&2; exit 2; }
[ -x "$(git --exec-path)/git-send-email" ] ||
	{ echo "send: git send-email missing (Debian: git-email)" >&2; exit 2; }
perl -MMail::Address -e 1 2> /dev/null ||
	{ echo "send: git send-email needs Mail::Address (Debian: libmailtools-perl)" >&2; exit 2; }
cover=$pdir/0000-cover-letter.patch
[ -f "$cover" ] || { echo "send: no $cover" >&2; exit 2; }
patches=()
for p in "$pdir"/[0-9][0-9][0-9][0-9]-*.patch; do
	case $p in "$cover"|*'[0-9]'*) continue ;; esac
	patches+=("$p")
done
[ ${#patches[@]} -gt 0 ] || { echo "send: no patches in $pdir" >&2; exit 2; }
mails=("$cover" "${patches[@]}")
# Only what this script writes is removed: <work-dir> may hold other things.
rm -rf "$work/recipients" "$work/mail" "$work/dry-run" "$work/dry-run.log" "$work/send.log"
mkdir -p "$work/recipients" "$work/mail" "$work/dry-run"
# PATH: checkpatch's spdxcheck.py wants Debian's python3 (see checkpatch.sh).
# LC_ALL: send-email's log is parsed (its messages untranslated).
export PATH=/usr/bin:$PATH LC_ALL=C

# The header of a mail file, one field a line (folded fields unfolded).
header() {
	awk 'NR == 1 && /^From / { next }
	     /^$/ { exit }
	     /^[ \t]/ { sub(/^[ \t]+/, " "); line = line $0; next }
	     { if (line != "") print line; line = $0 }
	     END { if (line != "") print line }' "$1"
}
field() { header "$1" | grep -i -m1 "^$2:" | sed 's/^[^:]*:[[:space:]]*//' || true; }

from=$(field "$cover" From)
[ -n "$from" ] || { echo "send: $cover has no From:" >&2; exit 2; }

# Recipients, a line each: "To: <address>\t# <why>" or "Cc: ...". The roles
# are get_maintainer.pl's (--rolestats): its lists ("open list",
# "moderated list"; subscriber-only lists are left out, its default) and
# the signers of commits a Fixes: tag names go to Cc:, everyone else (the
# M: and R: entries) to To:. --no-git --no-git-fallback: never guess
# people from the history (a Debian source tree has just one commit).
#
# What git send-email would add on its own (the Signed-off-by:, Cc: and
# other -by: trailers of the commit messages, the author) is suppressed:
# upstream senders do Cc: the people their trailers name, so they are
# added here instead, to Cc:, marked as such, and the dry run checks the
# mails against this one list. This series' only trailers are the author's
# own Signed-off-by:, so its recipients are exactly get_maintainer.pl's.
recipients() {
	local p=$1 out=$2
	if ! (cd "$tree" && perl scripts/get_maintainer.pl --no-git --no-git-fallback \
			--rolestats "$p") > "$out.get_maintainer" 2> "$out.err"; then
		sed 's/^/#   /' "$out.err" >&2
		return 1
	fi
	[ -s "$out.err" ] || rm "$out.err"
	{
		# "Name <address> (role)" or "address (role)"; a role may hold
		# parentheses: "maintainer:FILESYSTEMS (VFS and infrastructure)".
		awk '{ role = ""; a = $0
		       if ((i = index($0, "> (")) > 0) {
			       a = substr($0, 1, i); role = substr($0, i + 3)
		       } else if ((i = index($0, " (")) > 0) {
			       a = substr($0, 1, i - 1); role = substr($0, i + 2)
		       }
		       sub(/\)$/, "", role)
		       kind = (role ~ /list/ || role ~ /^blamed_fixes/) ? "Cc" : "To"
		       print kind ": " a "\t# " role }' "$out.get_maintainer"
		# Trailers: from the end of the header to the "---" before the diff.
		awk 'NR == 1 && /^From / { next } !body && /^$/ { body = 1; next }
		     body && /^---$/ { exit }
		     body && /^(Cc|[A-Za-z-]+-by):[ \t]+.*@/ {
			     t = $0; sub(/:.*/, "", t); v = $0; sub(/^[^:]*:[ \t]+/, "", v)
			     print "Cc: " v "\t# " t ": trailer" }' "$p"
	} | merge "$(field "$p" From) $from" > "$out"
}
# Recipient lines on stdin, each address once (its first line), none of
# the addresses in $1 (the author's).
merge() {
	awk -v skip="$1" '
		function addr(s) {
			if (!match(s, /[^]<>()",;: \t[]+@[^]<>()",;: \t[]+/)) return ""
			return tolower(substr(s, RSTART, RLENGTH))
		}
		BEGIN { while ((a = addr(skip)) != "") {
				seen[a] = 1; skip = substr(skip, RSTART + RLENGTH) } }
		{ split($0, f, "\t"); a = addr(f[1]) }
		a != "" && !seen[a]++'
}

# The addresses of one kind (To or Cc) of a recipients file.
kind() { grep "^$1: " "$2" | cut -f1 | sed 's/^[^:]*: //' || true; }
# A header field of those, folded an address a line.
hfield() {
	kind "$1" "$2" | awk -v f="$1" '{ printf "%s%s", NR == 1 ? f ": " : ",\n ", $0 }
				       END { if (NR) print "" }'
}
# A copy of a mail with its recipients added at the end of its header.
with_recipients() {
	local p=$1 r=$2
	awk -v hdr="$( { hfield To "$r"; hfield Cc "$r"; } )" '
		!done && /^$/ { if (hdr != "") print hdr; done = 1 }
		{ print }' "$p"
}

fail=0
for p in "${patches[@]}"; do
	r=$work/recipients/$(basename "$p")
	if ! recipients "$p" "$r"; then
		echo "send: get_maintainer.pl failed on $(basename "$p")" >&2
		fail=1
	fi
done
[ $fail = 0 ] || exit 1
# The cover letter: everyone of every patch, To: before Cc: (an address in
# both kinds stays in To:).
for k in To Cc; do
	for p in "${patches[@]}"; do
		grep "^$k: " "$work/recipients/$(basename "$p")" || true
	done
done | merge "$from" > "$work/recipients/$(basename "$cover")"
copies=()
for p in "${mails[@]}"; do
	b=$(basename "$p")
	with_recipients "$p" "$work/recipients/$b" > "$work/mail/$b"
	copies+=("$work/mail/$b")
done

# send-email's options. Everything that decides recipients and threading is
# given here, so a user's sendemail.* config cannot change them: no
# config To/Cc/Bcc, no cover letter recipients copied to the patches,
# --to-cmd=true (prints nothing; it replaces a configured to-cmd, and stops
# send-email asking "To whom ..."), no cc-cmd, no auto-Cc (see
# recipients()). "cc" is not suppressed: that is the Cc: header added to
# the copies. The one thing a config can still do is suppress more
# (sendemail.suppressCc adds to these): that the dry run's checks catch.
opts=(--from="$from" --no-to --no-cc --no-bcc --no-to-cover --no-cc-cover
	--to-cmd=true --suppress-cc=author --suppress-cc=self --suppress-cc=body
	--suppress-cc=cccmd --suppress-from --no-signed-off-by-cc --thread
	--no-chain-reply-to --no-annotate --no-format-patch --confirm=never
	--8bit-encoding=UTF-8)
# Run from <work-dir>, and never from a repository above it (its config and
# hooks would apply); no terminal: nothing may be asked. send-email asks
# git for the committer's identity even with --from (for Message-IDs,
# which take --from's address): it is the series author's, whoever runs it.
ident_name=$(echo "$from" | sed 's/[[:space:]]*<.*//; s/"//g')
ident_email=$(echo "$from" | sed -n 's/.*<\([^>]*\)>.*/\1/p')
sendemail() {
	(cd "$work" && GIT_CEILING_DIRECTORIES=$(dirname "$work") GIT_SEND_EMAIL_NOTTY=1 \
		GIT_COMMITTER_NAME=$ident_name GIT_COMMITTER_EMAIL=${ident_email:-$from} \
		GIT_AUTHOR_NAME=$ident_name GIT_AUTHOR_EMAIL=${ident_email:-$from} \
		env "${isolate[@]}" git send-email "${opts[@]}" "$@" "${copies[@]}" < /dev/null)
}

log=$work/dry-run.log
isolate=()
# -n: neither the machine's git config nor its identity, only the options.
[ $dry = 0 ] || isolate=(GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1)
# The dry run names a server that cannot exist (RFC 2606), so that even a
# dry run that went wrong could not send.
rc_dry=0
sendemail --dry-run --smtp-server=dry-run.invalid > "$log" 2>&1 || rc_dry=$?

# The log's mails, one file each (dry-run/<i>, in the order sent): the
# header send-email logged, folded fields unfolded, plus "RCPT TO:" lines.
awk -v dir="$work/dry-run" '
	/^Dry-OK\. Log says:$/ { out = dir "/" n++; line = ""; next }
	out == "" { next }
	/^Result:/ || /^$/ { if (line != "") print line > out; line = ""
			     if (/^Result:/) { close(out); out = "" } next }
	/^[ \t]/ { sub(/^[ \t]+/, " "); line = line $0; next }
	{ if (line != "") print line > out; line = $0 }' "$log"

# The checks of one mail (dry-run/<i>) against its recipients file: a
# line for each thing wrong, none if all is well. One awk: 37 mails times
# a dozen greps and comms took a minute beside a kernel build.
check_mail() {
	awk -v i="$1" -v total="${#patches[@]}" -v author="$from" -v cover_id="$cover_id" \
		-v dups="$dups" -v rfile="$2" '
	function addrs(s, set,   a) {
		while (match(s, /[^]<>()",;: \t[]+@[^]<>()",;: \t[]+/)) {
			a = tolower(substr(s, RSTART, RLENGTH)); set[a] = 1
			s = substr(s, RSTART + RLENGTH)
		}
	}
	function norm(s) { gsub(/"/, "", s); gsub(/[ \t]+/, " ", s); sub(/^ /, "", s); sub(/ $/, "", s); return s }
	function list(set,   a, s) { s = ""; for (a in set) s = s " " a; return s }
	# Who is in set a and not in set b.
	function minus(a, b, out,   x) { for (x in out) delete out[x]; for (x in a) if (!(x in b)) out[x] = 1 }
	function empty(set,   x) { for (x in set) return 0; return 1 }
	FILENAME == rfile {
		split($0, f, "\t"); k = substr(f[1], 1, 2); delete one; addrs(f[1], one)
		for (x in one) { if (k == "To") wto[x] = 1; else wcc[x] = 1
				 if (f[2] ~ /^# (open|moderated) list/) lists[x] = 1 }
		next
	}
	{ key = tolower(substr($0, 1, index($0, ":") - 1)); val = substr($0, index($0, ":") + 1)
	  sub(/^[ \t]+/, "", val) }
	key == "from" && !seen_from++ { from = val }
	key == "subject" && !seen_subject++ { subject = val }
	key == "message-id" { id = val }
	key == "in-reply-to" { irt = val }
	key == "to" { addrs(val, to) }
	key == "cc" { addrs(val, cc) }
	key == "rcpt to" { addrs(val, rcpt) }
	key == "server" { server = 1 }
	END {
		if (from == "") print "no From:"
		else if (norm(from) != norm(author))
			print "From: " from " is not the series author, " author
		kn = ""
		if (subject ~ /^\[([^]]* )?PATCH[^]]*[ \t][0-9]+\/[0-9]+\]/) {
			kn = substr(subject, 1, index(subject, "]") - 1); sub(/.*[ \t]/, "", kn)
			split(kn, kv, "/"); kn = (kv[1] + 0) "/" (kv[2] + 0)
		}
		if (kn != i "/" total)
			print "Subject: " subject " is not numbered [PATCH " i "/" total "]"
		if (id == "") print "no Message-ID"
		else if (index(" " dups " ", " " id " ")) print "Message-ID " id " is not unique"
		if (i > 0 && (cover_id == "" || irt != cover_id))
			print "In-Reply-To: \"" irt "\" is not the cover letter'"'"'s Message-ID \"" cover_id "\""
		if (empty(to)) print "no To:"
		minus(to, wto, d); if (!empty(d)) print "To: has" list(d) " (not computed for it)"
		minus(wto, to, d); if (!empty(d)) print "To: lacks" list(d) " (computed for it)"
		minus(cc, wcc, d); if (!empty(d)) print "Cc: has" list(d) " (not computed for it)"
		minus(wcc, cc, d); if (!empty(d)) print "Cc: lacks" list(d) " (computed for it)"
		if (empty(lists)) print "get_maintainer.pl named no mailing list"
		minus(lists, cc, d); if (!empty(d)) print "the lists" list(d) " are not in Cc:"
		# The envelope: nobody beyond To: and Cc: (a Bcc: would show here).
		if (server) {
			for (x in cc) to[x] = 1
			minus(rcpt, to, d); if (!empty(d)) print "the envelope also goes to" list(d)
		}
	}' "$2" "$3"
}

echo "TAP version 13"
n=0 failed=0
if [ $dry = 0 ]; then
	sup=$( (cd "$work" && GIT_CEILING_DIRECTORIES=$(dirname "$work") \
		git config --get-regexp '^sendemail\.([^.]*\.)?suppresscc$') | grep -Ew 'cc|all' || true)
	[ -z "$sup" ] || echo "# your git config has '$sup': it drops the Cc: headers this script writes"
fi
if [ $rc_dry != 0 ]; then
	echo "# git send-email --dry-run exited $rc_dry; its log, $log, ends:"
	tail -n 20 "$log" | sed 's/^/#   /'
fi
ids() { for f in "$work"/dry-run/*; do [ -f "$f" ] && sed -n 's/^Message-Id: *//Ip' "$f"; done; }
cover_id=$( { [ -f "$work/dry-run/0" ] && sed -n 's/^Message-Id: *//Ip' "$work/dry-run/0"; } || true)
dups=$(ids | sort | uniq -d | tr '\n' ' ')
for i in "${!mails[@]}"; do
	b=$(basename "${mails[$i]}")
	if [ -s "$work/dry-run/$i" ]; then
		why=$(check_mail "$i" "$work/recipients/$b" "$work/dry-run/$i")
	else
		why="no mail $i in the dry-run log"
	fi
	name="send $b: well-formed, To/Cc = get_maintainer"
	if [ -z "$why" ]; then
		echo "ok $((n += 1)) $name"
	else
		mapfile -t lines <<< "$why"
		printf '#   %s\n' "${lines[@]}"
		echo "not ok $((n += 1)) $name"
		failed=$((failed + 1))
	fi
done

# checkpatch.sh's results, numbered on from ours; its diagnostics as they are.
while IFS= read -r line; do
	case $line in
	"TAP version"*|1..*) ;;
	"ok "*) echo "ok $((n += 1)) ${line#ok [0-9]* }" ;;
	"not ok "*) echo "not ok $((n += 1)) ${line#not ok [0-9]* }"; failed=$((failed + 1)) ;;
	*) echo "$line" ;;
	esac
done < <("$top/scripts/host/checkpatch.sh" "$tree" "$pdir" 2>&1 || echo "not ok 0 checkpatch.sh exited $?")

if [ $dry = 0 ]; then
	name="git send-email: ${#mails[@]} mails sent"
	if [ $failed != 0 ]; then
		echo "#   nothing sent: $failed results above are not ok"
		echo "not ok $((n += 1)) $name"
		failed=$((failed + 1))
	elif sendemail > "$work/send.log" 2>&1; then
		echo "ok $((n += 1)) $name"
	else
		tail -n 20 "$work/send.log" | sed 's/^/#   /'
		echo "not ok $((n += 1)) $name (see $work/send.log)"
		failed=$((failed + 1))
	fi
fi
echo "1..$n"
[ $failed = 0 ]
