#!/usr/bin/env bash
# Builds the benchmarks and measures the SM5 interpreter against the Java shader in the same run: one
# Dispatch of the msad4 search over a 64 KiB tile, through Msad4Search.asm and through Msad4Search.java,
# for signatures of 16 and 64 words. Prints Dispatches per second and how many times slower the
# interpreter is. Extra arguments go to JMH, e.g. `-f 1 -i 3` for a quick look.
#   bench/asm-bench.sh [JMH options]
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
flock /tmp/imbrex-build.lock mvn -B -q -Pbench -DskipTests package -pl bench -am
results="$root/bench/target/asm-interpreter-bench.csv"
java -jar bench/target/benchmarks.jar 'AsmInterpreterBench' -f 2 -rf csv -rff "$results" "$@"

echo
echo "Msad4Search Dispatch (64 KiB tile), one thread: SM5 interpreter vs Java shader, same run"
awk -F',' '
  NR == 1 { next }
  {
    gsub(/["\r]/, "")
    kind = ($1 ~ /msad4SearchAsmInterpreter$/) ? "asm" : "java"
    score[kind, $8] = $5; error[kind, $8] = $6; words[$8] = 1
  }
  END {
    printf "%-12s %22s %22s %12s\n", "signature", "interpreter /s", "Java shader /s", "slower by"
    n = split("16 64", list, " ")
    for (k = 1; k <= n; k++) {
      w = list[k]
      if (!(("asm", w) in score) || !(("java", w) in score)) continue
      printf "%-12s %22s %22s %11.1f×\n", w " words", sprintf("%.0f ± %.0f", score["asm", w], error["asm", w]),
        sprintf("%.0f ± %.0f", score["java", w], error["java", w]), score["java", w] / score["asm", w]
    }
  }' "$results"
