#!/bin/bash
# The one counter of the workbench's results. Reads KTAP ('ok N name',
# 'not ok N name', 'ok N name # SKIP reason') from a command's output (or
# standard input), prints each result as it comes, renumbered, and at the
# end 'N passed, N failed, N skipped'; exits non-zero on any failure or
# when there was no result at all.
#
# kselftest's runner nests each program's KTAP under '# ': a program's
# subtests count instead of its own line; a program that failed after
# passing subtests counts one more failure, one that never finished
# (the guest died or hung) one too. A command that exits non-zero counts
# one failure more: suites exit non-zero only when the run itself broke.
# Plans are held too: the top level's '1..N' lines (summed: a run may hold
# several KTAP documents) against its results, and each program's own
# '1..N' against its subtests, unless the program skipped; a mismatch is
# a failure. So is a run without any result. Every failure, these
# included, is a 'not ok' line of the output, so that a count of the
# output alone (check.sh's total) finds it.
#
# With -e, the results are also held against a list of expected ones, a
# line each, 'pass NAME' or 'skip NAME' (names as printed here, without
# the -p prefix; '#' starts a comment): a listed result that did not come,
# one that came with another status (a new skip, say) and one that is not
# listed each count one failure, by name. -w writes that list from the run.
#
# usage: ktap-count.sh [-a] [-q] [-l label] [-p prefix] [-o log] [-e list | -w list] [-- command...]
#   -a  show every other line of the input too (a live view of the run)
#   -q  print the summary only
#   -l  label the summary ('label: N passed, ...') and the command's failure
#   -p  prefix every result's name
#   -o  keep the command's whole output in log
#   -e  hold the results against the expected list
#   -w  write the results seen as the expected list
set -u
usage() {
	echo "usage: $0 [-a] [-q] [-l label] [-p prefix] [-o log] [-e list | -w list] [-- command...]" >&2
	exit 2
}
all=0 quiet=0 label= prefix= log=/dev/null expect= write=
while getopts aql:p:o:e:w: o; do
	case $o in
	a) all=1 ;;
	q) quiet=1 ;;
	l) label=$OPTARG ;;
	p) prefix=$OPTARG ;;
	o) log=$OPTARG ;;
	e) expect=$OPTARG ;;
	w) write=$OPTARG ;;
	*) usage ;;
	esac
done
# A missing list fails the run, which still runs: its log is what 'make
# expected' writes the first list from.
nolist=
[ -z "$expect" ] || [ -r "$expect" ] || { nolist=$expect; expect=; }
shift $((OPTIND - 1))
# mawk (Debian's default awk) reads a pipe in blocks unless interactive.
awk=(awk)
awk -W version 2>&1 | grep -q mawk && awk=(awk -W interactive)

# The command's exit status follows its output on a line of our own (a
# newline first: output that ends mid-line must not swallow it). A log
# kept with -o and counted again later keeps it: any counter's line is
# read.
end="@@ktap-count $$ exit"
input() {
	local rc=0
	if [ $# -gt 0 ]; then
		"$@" 2>&1 || rc=$?
		printf '\n%s %s\n' "$end" "$rc"
	else
		cat
	fi
}

input "$@" | tee "$log" | "${awk[@]}" -v all=$all -v quiet=$quiet -v label="$label" \
	-v prefix="$prefix" -v cmd="${1:+${1##*/}}" \
	-v expect="$expect" -v nolist="$nolist" -v write="$write" '
	function out(s) { print s; fflush() }
	# One result: "ok" or "not ok", its name, its directive (after " # ").
	function result(ok, name, dir,    skip, l, k) {
		# A skip is an "ok" with the directive; a "not ok" always fails.
		skip = ok && dir ~ /^[Ss][Kk][Ii][Pp]/
		if (skip) skipped++
		else if (ok) passed++
		else { failed++; prog_failed = 1 }
		# A name seen twice is told apart by its occurrence.
		k = ++times[name] > 1 ? name " [" times[name] "]" : name
		seen[k] = skip ? "skip" : ok ? "pass" : "fail"
		order[++nseen] = k
		l = (ok ? "ok " : "not ok ") ++n " " prefix name
		if (dir != "") l = l " # " dir
		if (!quiet) out(l)
	}
	# Split a result line (without its nesting) into ok, name, directive.
	function parse(line,    i) {
		r_ok = line !~ /^not ok/
		sub(/^(not )?ok [0-9]+ *(- *)?/, "", line)
		i = index(line, " # ")
		if (!i && line ~ /^# /) i = -1
		r_name = i > 0 ? substr(line, 1, i - 1) : i < 0 ? "" : line
		r_dir = i > 0 ? substr(line, i + 3) : i < 0 ? substr(line, 3) : ""
	}
	# A failure of the expected list: counted, and named.
	function unexpected(name, why) {
		failed++
		out("not ok " ++n " " prefix name " (" why ")")
	}
	{ sub(/\r$/, "") }
	# Plans: the top level one, and the running program one (deeper levels,
	# a program with nested runs of its own, are left to it).
	/^1\.\.[0-9]+/ { plan += substr($0, 4) + 0; planned = 1; if (all) out($0); next }
	running && /^(# |    )1\.\.[0-9]+/ {
		# The first plan is the program own; a later one (a second
		# document) does not replace it.
		if (!prog_planned) {
			prog_plan = $0; sub(/^(# |    )1\.\./, "", prog_plan); prog_plan += 0; prog_planned = 1
		}
		if (all) out($0)
		next
	}
	/^@@ktap-count [0-9]+ exit [0-9]+$/ {
		st = $NF
		if (st != 0) result(0, (label != "" ? label : cmd) ": the run failed (exit " st ")", "")
		next
	}
	# kselftest: a program starts ...
	/^# selftests: / {
		prog = substr($0, 14); subs = 0; prog_failed = 0; running = 1; prog_planned = 0
		if (all) out($0)
		next
	}
	# ... its subtests ...
	running && /^(# |    )(not )?ok [0-9]+/ {
		parse(substr($0, 3 + 2 * ($0 ~ /^    /)))
		subs++
		result(r_ok, prog " " r_name, r_dir)
		next
	}
	# ... and it ends.
	/^(not )?ok [0-9]+ selftests: / {
		parse($0)
		sub(/^selftests: */, "", r_name)
		top++
		if (prog_planned && subs != prog_plan && !(r_ok && r_dir ~ /^[Ss][Kk][Ii][Pp]/))
			result(0, r_name " (planned " prog_plan " results, printed " subs ")", "")
		if (!subs) result(r_ok, r_name, r_dir)
		else if (!r_ok && !prog_failed && r_dir !~ /^[Ss][Kk][Ii][Pp]/)
			result(0, r_name " (exited with an error after its subtests)", r_dir)
		running = 0
		next
	}
	/^(not )?ok [0-9]+( |$)/ { top++; parse($0); result(r_ok, r_name, r_dir); next }
	all { out($0) }
	END {
		if (running) result(0, prog " (did not finish: the guest died or hung)", "")
		what = label != "" ? label : cmd != "" ? cmd : "the input"
		if (planned && top != plan)
			result(0, what ": planned " plan " results, printed " top, "")
		if (passed + failed + skipped == 0)
			result(0, what ": no results", "")
		if (nolist != "")
			result(0, what ": no expected list " nolist " (make expected writes it from this run)", "")
		# A list is written only from a run without failures.
		if (write != "" && failed)
			out("# " write " not written: the run had failures")
		else if (write != "") {
			print "# status name: the results the gate expects (ktap-count.sh -e)" > write
			for (i = 1; i <= nseen; i++) print seen[order[i]], order[i] > write
		}
		if (expect != "") {
			while ((getline line < expect) > 0) {
				if (line ~ /^[ \t]*(#|$)/) continue
				st = line; sub(/ .*/, "", st)
				k = line; sub(/^[^ ]+ +/, "", k)
				listed[k] = 1
				if (!(k in seen))
					unexpected(k, "expected " st ", did not run")
				else if (seen[k] != st && seen[k] != "fail")
					unexpected(k, "expected " st ", got " seen[k])
			}
			for (i = 1; i <= nseen; i++)
				if (!(order[i] in listed) && seen[order[i]] != "fail")
					unexpected(order[i], seen[order[i]] ", not in " expect)
		}
		out(sprintf("%s%d passed, %d failed, %d skipped", label != "" ? label ": " : "",
			passed, failed, skipped))
		exit failed > 0
	}'
