#!/usr/bin/env bash
# Builds the benchmarks and measures the Java msad4 search shader on one core:
# G byte-differences per second (tile bytes × signature bytes / second) for signatures of 16, 64 and 256
# bytes, with and without wildcards, next to the same search as a plain scalar byte loop (same run).
# Extra arguments go to JMH, e.g. `-wi 1 -i 3` for a quick look.
#   bench/kernels-bench.sh [JMH options]
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
flock /tmp/imbrex-build.lock mvn -B -q -Pbench -DskipTests package -pl bench -am
results="$root/bench/target/msad4-search-bench.csv"
java -jar bench/target/benchmarks.jar 'Msad4SearchBench' -rf csv -rff "$results" "$@"

echo
echo "Msad4Search, one thread, 1 MiB tile (G byte-diffs/s = tile bytes × signature bytes / s / 1e9)"
awk -F',' '
  NR == 1 { next }
  {
    gsub(/["\r]/, "")
    if ($1 !~ /:byteDiffs$/) next
    kind = ($1 ~ /scalarLoop/) ? "scalar" : "shader"
    key = $8 " " $9
    score[kind, key] = $5 / 1e9; error[kind, key] = $6 / 1e9
  }
  END {
    printf "%-10s %-10s %16s %16s %8s\n", "signature", "wildcards", "shader G/s", "scalar G/s", "ratio"
    split("16 64 256", sizes, " ")
    split("false true", masks, " ")
    for (s = 1; s <= 3; s++) for (m = 1; m <= 2; m++) {
      key = sizes[s] " " masks[m]
      if (!(("shader", key) in score)) continue
      shader = sprintf("%.2f ± %.2f", score["shader", key], error["shader", key])
      scalar = (("scalar", key) in score) ? sprintf("%.2f ± %.2f", score["scalar", key], error["scalar", key]) : "-"
      ratio = (("scalar", key) in score) ? sprintf("%.1f×", score["shader", key] / score["scalar", key]) : "-"
      printf "%-10s %-10s %16s %16s %8s\n", sizes[s] " B", masks[m], shader, scalar, ratio
    }
  }' "$results"
