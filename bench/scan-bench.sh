#!/usr/bin/env bash
# Builds the benchmarks and measures the prefiltered scan on one thread, without Spark (JMH,
# PrefilterScanBench): 64 MiB of random bytes and of this machine's /usr/lib and /usr/bin files, 16 and 100
# signatures of 8–32 bytes, exact and --max-sad 8. Prints MiB/s per thread with the CPU and the JVM.
# Extra arguments go to JMH, e.g. `-wi 1 -i 3` for a quick look.
#   bench/scan-bench.sh [JMH options]
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
flock /tmp/imbrex-build.lock mvn -B -q -Pbench -DskipTests package -pl bench -am
results="$root/bench/target/prefilter-scan-bench.csv"
java -jar bench/target/benchmarks.jar 'PrefilterScanBench' -rf csv -rff "$results" "$@"

echo
echo "cpu: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores; vector: $(grep -o 'avx[0-9a-z_]*' /proc/cpuinfo | sort -u | tr '\n' ' ')"
echo "jvm: $(java -version 2>&1 | head -n 1)"
echo "TileScanner with the anchor prefilter, one thread, 64 MiB in 1 MiB tiles"
awk -F',' '
  NR == 1 { next }
  {
    gsub(/["\r]/, "")
    # Benchmark,Mode,Threads,Samples,Score,Score Error (99.9%),Unit,Param: data,Param: maxSad,Param: signatures
    ms = $5; err = $6
    printf "%-8s %10s %9s %12.1f MiB/s  ± %4.1f%%\n", $8, $10 " sigs", "sad<=" $9, 64 * 1000 / ms, 100 * err / ms
  }' "$results"
