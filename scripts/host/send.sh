#!/bin/bash
# Mails the series with git send-email (Debian package git-email), each
# mail to the people and lists the tree's scripts/get_maintainer.pl names
# for it: maintainers, supporters and reviewers in To:, lists in Cc:; the
# cover letter to all of them. The sender is left out.
#
# The sender is the person running it: SENDER ("Name <address>"), else
# their git config (user.name, user.email). Refused, before anything is
# done: no identity, a noreply address or one at a domain that reaches
# nobody (.example, .invalid, .test, .localhost: the repository's
# placeholder author is one) and, unless -n, example.com/.net/.org (the
# gate's test identity). The repository's patches carry no Signed-off-by:
# (they were written with an AI coding assistant, which may not certify
# the DCO; they carry Assisted-by: instead); the mails get the sender's.
#
# Copies of the patches are written to <work-dir>/mail/ and sent in one
# run, so the cover letter heads the thread and every patch answers it
# (--thread --no-chain-reply-to). In each copy: From: is the sender
# (a patch whose author is a person other than the sender keeps its
# From:, which git send-email moves into the body), the sender's
# Signed-off-by: ends the patch's trailers (not added twice), then the
# To:/Cc: headers. Headers the patch files have already (To:, Cc:,
# In-Reply-To:, ...) are kept, so they are checked too.
#
# -n: a dry run (send-email --dry-run, no server contacted, the machine's
# git config unused but for the identity when SENDER is not set), then
# checks what it would have sent, in KTAP, two results per mail. One: the
# From: of the mail sent is the sender; Subject: is numbered
# [PATCH ... k/n], k consecutive from 0 (the cover), n the number of
# patches; it has a Message-ID, and every mail but the cover is
# In-Reply-To the cover's; To: is not empty; To: and Cc: are, as sets,
# what was computed for it (and the envelope recipients no more than
# those); each list get_maintainer.pl named is in Cc:. Two: the copy's
# From: is the sender (or the patch's own author, a person, who signed it
# off); a patch's Signed-off-by: trailers are the patch file's and the
# sender's last, none of a placeholder; it has 'Assisted-by: LLM
# [TOOL]...'. Then checkpatch.sh -s on the copies (checkpatch.pl --strict
# per patch, MAINTAINERS for new selftest directories), numbered on.
# Exit status 0 when every result is ok.
# Without -n: the same dry run and checks, with the user's git config (it
# holds sendemail.smtpServer etc.), then, only if every result is ok, the
# real send. Kept in <work-dir>: recipients/<patch> (the recipients and why
# each is one; <patch>.get_maintainer, the script's own output),
# mail/ (what is sent), dry-run.log, send.log.
# usage: [SENDER="Name <address>"] send.sh [-n] <tree> <patch-dir> <work-dir>
set -eu
usage() { echo "usage: [SENDER=\"Name <address>\"] $0 [-n] <tree> <patch-dir> <work-dir>" >&2; exit 2; }
dry=0
[ "${1-}" = -n ] && { dry=1; shift; }
[ $# -eq 3 ] || usage

# Why an identity may not send or sign off, "is ..." (nothing when it may).
# The DCO is "Signed-off-by: Random J Developer
# <random@developer.example.org> using a known identity (sorry, no
# anonymous contributions.)" (submitting-patches.rst): a person's name
# and an address that reaches them. A noreply address and RFC 2606's
# reserved top-level domains reach nobody. Its example second-level
# domains, the documents' own, are kept for the dry run's test identity.
refused() {
	local addr
	addr=$(sed -n 's/^[^<>]*[^<>[:space:]][^<>]*<\([^<>[:space:]@]\+@[^<>[:space:]@]\+\)>$/\1/p' <<< "$1")
	addr=${addr,,}
	if [ -z "$addr" ]; then
		echo "is not 'Name <address>'"
		return
	fi
	case $addr in
	*noreply*|*no-reply*|*.example|*.invalid|*.test|*.localhost)
		echo "is a placeholder, not a person's (a noreply address or a reserved domain that reaches nobody)" ;;
	*[@.]example.com|*[@.]example.net|*[@.]example.org)
		[ $dry = 1 ] || echo "is an example address: it may only dry-run" ;;
	esac
}
# The sender: SENDER, else the git config of whoever runs this.
sender=${SENDER-} origin=SENDER
if [ -z "$sender" ]; then
	origin="git config user.name/user.email"
	name=$(git config user.name || true) email=$(git config user.email || true)
	[ -z "$name$email" ] || sender="$name <$email>"
fi
if [ -z "$sender" ]; then
	echo "send: no sender identity: set SENDER='Your Name <you@your.domain>' or git config user.name and user.email" >&2
	exit 2
fi
why=$(refused "$sender")
if [ -n "$why" ]; then
	echo "send: the sender '$sender' ($origin) $why; set SENDER='Your Name <you@your.domain>' or git config user.name and user.email to your own" >&2
	exit 2
fi
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

from=$sender

# git without the user's config, so that trailers are written and read
# the same for everyone.
git0() { GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1 git "$@"; }
# The trailers of a mail's message (its last paragraph before "---"),
# "Key: value" a line.
trailers() { git0 interpret-trailers --parse < "$1"; }
# The name of "Name <address>".
name_of() { sed 's/[[:space:]]*<.*//; s/"//g' <<< "$1"; }
# A mail as the sender sends it: From: the sender, but for a patch whose
# author is a person (not the placeholder), and a patch signed off by
# the sender last, unless that is its last trailer already (git's
# format-patch -s rule). The cover letter's shortlog names the sender
# instead of the placeholder. Nothing else is touched.
signed() {
	local p=$1 author stand_in=
	author=$(field "$p" From)
	[ -z "$(refused "$author")" ] || stand_in=$(name_of "$author")
	[ "$p" != "$cover" ] && [ -z "$stand_in" ] || author=$sender
	awk -v from="$author" -v old="$stand_in" -v new="$(name_of "$sender")" '
		NR == 1 && /^From / { print; next }
		hdr && /^$/ { hdr = 0 }
		hdr && tolower($0) ~ /^from:/ { print "From: " from; cont = 1; next }
		hdr && cont && /^[ \t]/ { next }
		!hdr && old != "" && index($0, old " (") == 1 &&
			substr($0, length(old) + 3) ~ /^[0-9]+\):$/ {
			print new substr($0, length(old) + 1); next }
		{ cont = 0; print }' hdr=1 "$p" |
	if [ "$p" = "$cover" ]; then
		cat
	else
		git0 interpret-trailers --where end --if-exists addIfDifferentNeighbor \
			--if-missing add --trailer "Signed-off-by: $sender"
	fi
}

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
# mails against this one list. They are read from the copies (what is
# sent): the sender is left out, an author who is not the sender is in.
# This series' only trailers are Assisted-by: (no address) and the
# sender's Signed-off-by:, so its recipients are exactly get_maintainer.pl's.
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
		a=$(field "$p" From)
		[ "$a" = "$from" ] || printf 'Cc: %s\t# author\n' "$a"
	} | merge "$from" > "$out"
}
# Recipient lines on stdin, each address once (its first line), none of
# the addresses in $1 (the sender's).
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

copies=()
for p in "${mails[@]}"; do
	signed "$p" > "$work/mail/$(basename "$p")"
	copies+=("$work/mail/$(basename "$p")")
done
fail=0
for p in "${copies[@]:1}"; do
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
for c in "${copies[@]}"; do
	with_recipients "$c" "$work/recipients/$(basename "$c")" > "$c.new"
	mv "$c.new" "$c"
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
# which take --from's address): it is the sender's.
ident_name=$(name_of "$from")
ident_email=$(echo "$from" | sed -n 's/.*<\([^>]*\)>.*/\1/p')
sendemail() {
	(cd "$work" && GIT_CEILING_DIRECTORIES=$(dirname "$work") GIT_SEND_EMAIL_NOTTY=1 \
		GIT_COMMITTER_NAME=$ident_name GIT_COMMITTER_EMAIL=${ident_email:-$from} \
		GIT_AUTHOR_NAME=$ident_name GIT_AUTHOR_EMAIL=${ident_email:-$from} \
		env "${isolate[@]}" git send-email "${opts[@]}" "$@" "${copies[@]}" < /dev/null)
}

log=$work/dry-run.log
isolate=()
# -n: not the machine's git config, only the options.
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
# send-email encodes a name that is not ASCII (RFC 2047): From: decoded.
for f in "$work"/dry-run/*; do
	[ -f "$f" ] && perl -CSD -MEncode -i -pe 's/^(From:\s*)(.*)/$1 . decode("MIME-Header", $2)/ie' "$f"
done

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
			print "From: " from " is not the sender, " author
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

# The identity checks of one mail's copy ($2, what is sent) against its
# file ($1): a line for each thing wrong, none if all is well.
check_signed() {
	local p=$1 c=$2 author had has want t why
	# Nothing of the placeholder author is sent: its name, its address.
	author=$(field "$p" From)
	if [ -n "$(refused "$author")" ]; then
		for t in "$(name_of "$author")" "$(sed -n 's/.*<\(.*\)>.*/\1/p' <<< "$author")"; do
			[ -n "$t" ] && grep -q -i -F -e "$t" "$c" &&
				echo "it still names the placeholder: '$t', line $(grep -n -i -m1 -F -e "$t" "$c" | cut -d: -f1)"
		done
	fi
	author=$(field "$c" From)
	if [ "$author" != "$sender" ]; then
		if [ "$p" = "$cover" ] || [ -n "$(refused "$author")" ]; then
			echo "From: $author is not the sender, $sender"
		elif ! trailers "$c" | grep -qixF "Signed-off-by: $author"; then
			echo "its author, $author, has not signed it off"
		fi
	fi
	[ "$p" != "$cover" ] || return 0
	# The patch's own sign-offs, then the sender's, once.
	had=$(trailers "$p" | grep -i '^Signed-off-by:' || true)
	has=$(trailers "$c" | grep -i '^Signed-off-by:' || true)
	want=$had
	[ "$(tail -n 1 <<< "$had")" = "Signed-off-by: $sender" ] ||
		want=$(printf '%s\n' ${had:+"$had"} "Signed-off-by: $sender")
	[ "$has" = "$want" ] ||
		echo "its Signed-off-by: are '$(paste -s -d ';' <<< "$has")', not the patch file's then the sender's"
	while IFS= read -r t; do
		[ -z "$t" ] || why=$(refused "${t#*: }")
		[ -z "$t" ] || [ -z "$why" ] || echo "$t: it $why"
	done <<< "$has"
	# coding-assistants.rst: "Assisted-by: LLM [TOOL1] [TOOL2]".
	trailers "$c" | grep -qE '^Assisted-by: LLM( [^ ]+)*$' ||
		echo "no 'Assisted-by: LLM [TOOL1] [TOOL2]' trailer (Documentation/process/coding-assistants.rst)"
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
# result <name> <what is wrong, a line each>: a KTAP result.
result() {
	if [ -z "$2" ]; then
		echo "ok $((n += 1)) $1"
	else
		mapfile -t lines <<< "$2"
		printf '#   %s\n' "${lines[@]}"
		echo "not ok $((n += 1)) $1"
		failed=$((failed + 1))
	fi
}
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
	result "send $b: well-formed, To/Cc = get_maintainer" "$why"
	why=$(check_signed "${mails[$i]}" "$work/mail/$b")
	if [ $i = 0 ]; then
		result "send $b: From: the sender" "$why"
	else
		result "send $b: From: and last Signed-off-by: the sender, Assisted-by:" "$why"
	fi
done

# checkpatch.sh's results on the copies (what is sent), numbered on from
# ours; its diagnostics as they are.
while IFS= read -r line; do
	case $line in
	"TAP version"*|1..*) ;;
	"ok "*) echo "ok $((n += 1)) ${line#ok [0-9]* }" ;;
	"not ok "*) echo "not ok $((n += 1)) ${line#not ok [0-9]* }"; failed=$((failed + 1)) ;;
	*) echo "$line" ;;
	esac
done < <("$top/scripts/host/checkpatch.sh" -s "$tree" "$work/mail" 2>&1 || echo "not ok 0 checkpatch.sh exited $?")

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
