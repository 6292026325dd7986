# Nothing in snc hands a string to a shell: no system(), popen() or "sh -c" in the C sources
# (programs are started as argv vectors: execvp, posix_spawnp).
. "$(dirname "$0")/../lib.sh"
hits=$(grep -rnE '\b(system|popen)[[:space:]]*\(|"sh"|"/bin/sh"|sh -c' \
	--include='*.c' --include='*.h' "$SNC_SOURCE_DIR"/{db,runtime,snc,analyzer} | grep -v '^\s*\*' || true)
expect_eq "$hits" "" "shell calls in the sources"
finish
