#!/usr/bin/env bash
# The same search several times in one Spark session (bench/java/RepeatedSearch.java, run as a single
# source file on bin/imbrex's classpath and JVM flags): the first run is what a bin/imbrex command pays for
# the JIT, the later ones what a notebook or any long-lived driver pays once imbrex, Spark and Parquet are
# compiled. Prints each run's job time (the figure imbrex's summary prints).
#   bench/session-bench.sh SIGNATURES INPUT [RUNS (4)] [MAX_SAD (0)]      IMBREX_JAVA_OPTS adds JVM options
# e.g. after bench/search-bench.sh:
#   bench/session-bench.sh /tmp/imbrex-search-bench/runs/real-100/signatures.txt /tmp/imbrex-search-bench/corpora/real
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
usage() { sed -n '2,8p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; }
if [[ "${1:-}" == -h || "${1:-}" == --help ]]; then
  usage
  exit 0
fi
if [[ $# -lt 2 ]]; then
  usage >&2
  exit 2
fi
signatures=$1 input=$2 runs=${3:-4} max_sad=${4:-0}
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "session-bench: RUNS $runs is not a count of runs >= 1" >&2; exit 2; }
[[ "$max_sad" =~ ^[0-9]+$ ]] || { echo "session-bench: MAX_SAD $max_sad is not a score >= 0" >&2; exit 2; }
# bin/imbrex builds the jar and its classpath file if needed; --version starts no Spark.
"$root/bin/imbrex" --version >/dev/null
jar="$(ls "$root"/jobs/target/imbrex-jobs-*.jar | grep -v -e '-sources' -e 'original-' | head -n 1)"
# The JVM flags of a bin/imbrex run: Spark's module flags (bin/imbrex-cluster prints them) and, as bin/imbrex
# adds them, the compiler directives.
read -r -a flags <<<"$("$root/bin/imbrex-cluster" jvm-flags)"
if [[ "${IMBREX_JIT_DIRECTIVES:-1}" != 0 ]]; then
  flags+=(-XX:+UnlockDiagnosticVMOptions "-XX:CompilerDirectivesFile=$root/conf/jit-directives.json"
    -XX:+DisplayVMOutputToStderr)
fi
output="$(mktemp -d /tmp/imbrex-session-bench.XXXXXX)"
trap 'rm -rf "$output"' EXIT
echo "cpu: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores; jvm: $(java -version 2>&1 | head -n 1)"
SPARK_LOCAL_IP=127.0.0.1 java "${flags[@]}" ${IMBREX_JAVA_OPTS:-} -Xmx4g -Dlog4j2.configurationFile="$root/conf/log4j2.properties" \
  -cp "$jar:$(cat "$root/jobs/target/spark.classpath")" "$root/bench/java/RepeatedSearch.java" \
  "$signatures" "$input" "$output/table" "$runs" "$max_sad" 2>&1 | grep -a -o 'repeated-search: .*'
