#!/bin/bash
# Give a run an empty work directory: make it, or empty one this script
# made before (it holds the marker file .workbench-dir). Anything else is
# refused, never deleted: an empty path, /, a path with a space or a
# newline in it (the workbench's paths are words), a symbolic link, a
# directory that holds files but no marker (someone else's, or one given
# by mistake), a mount point and a directory with one below it.
# Prints the directory's absolute path.
# usage: fresh-dir.sh <dir>
set -eu
[ $# -eq 1 ] || { echo "usage: $0 <dir>" >&2; exit 2; }
refuse() { echo "fresh-dir: refusing '$1': $2" >&2; exit 2; }
case $1 in
'') refuse "$1" "an empty path" ;;
*[[:space:]]*) refuse "$1" "the workbench does not support paths with spaces" ;;
esac
[ ! -L "${1%/}" ] || refuse "$1" "a symbolic link"
dir=$(realpath -m -- "$1")
case $dir in
*[[:space:]]*) refuse "$dir" "the workbench does not support paths with spaces" ;;
esac
case $dir in
/ | /bin | /boot | /dev | /etc | /home | /lib* | /opt | /proc | /root | /run | /sbin | /srv | \
	/sys | /tmp | /usr | /var | /work) refuse "$dir" "a system directory" ;;
esac
if [ -e "$dir" ] || [ -L "$dir" ]; then
	[ -d "$dir" ] && [ ! -L "$dir" ] || refuse "$dir" "not a directory"
	! mountpoint -q "$dir" || refuse "$dir" "a mount point"
	! findmnt -rn -o TARGET | awk -v d="$dir/" 'index($0, d) == 1 { f = 1 } END { exit !f }' ||
		refuse "$dir" "something is mounted below it"
	if [ ! -e "$dir/.workbench-dir" ] && [ -n "$(ls -A "$dir")" ]; then
		refuse "$dir" "it holds files and was not made by the workbench (no .workbench-dir in it); remove it yourself"
	fi
	rm -rf --one-file-system -- "$dir"
fi
mkdir -p -- "$dir"
: > "$dir/.workbench-dir"
echo "$dir"
