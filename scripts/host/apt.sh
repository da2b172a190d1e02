#!/bin/bash
# Run apt-get or apt-cache against one Debian suite through a source list
# and package lists of the workbench's own (in <state-dir>), never the
# host's: the host's apt configuration is neither read nor changed.
# The lists are refreshed when older than a day.
# usage: apt.sh <state-dir> <suite> apt-get|apt-cache <args>...
set -eu
[ $# -ge 4 ] || { echo "usage: $0 <state-dir> <suite> apt-get|apt-cache <args>..." >&2; exit 2; }
dir=$1/$2 suite=$2 cmd=$3
shift 3
case $cmd in apt-get|apt-cache) ;; *) echo "$0: $cmd: apt-get or apt-cache" >&2; exit 2 ;; esac
case $suite in
*-security) uri=http://deb.debian.org/debian-security ;;
*) uri=http://deb.debian.org/debian ;;
esac
mkdir -p "$dir/lists/partial" "$dir/cache/archives/partial"
key=/usr/share/keyrings/debian-archive-keyring.gpg
cat > "$dir/sources.list" <<-LIST
deb [signed-by=$key] $uri $suite main
deb-src [signed-by=$key] $uri $suite main
LIST
# A suite's Release file may be past its Valid-Until (experimental's
# expires within days of its last upload): its signature is still
# checked, and what the workbench takes from it is pinned by sha256.
opts=(-o Dir::Etc::sourcelist="$dir/sources.list" -o Dir::Etc::sourceparts=/nonexistent
	-o Acquire::Check-Valid-Until=false
	-o Dir::State::Lists="$dir/lists" -o Dir::Cache="$dir/cache"
	-o APT::Sandbox::User="$(id -un)")
if [ -z "$(find "$dir/lists" -maxdepth 1 -name '*_InRelease' -mtime -1)" ]; then
	apt-get "${opts[@]}" -qq update >&2
fi
exec "$cmd" "${opts[@]}" "$@"
