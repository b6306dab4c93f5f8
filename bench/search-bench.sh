#!/usr/bin/env bash
# Measures the search job end to end in Spark local mode through bin/imbrex: a corpus of 1 GiB of random
# bytes (8 files of 128 MiB, with every signature planted once) is searched for 1, 16 and 100 signatures
# of 8 to 32 bytes (about one byte in ten a wildcard). Prints bytes/s and byte-differences/s (bytes ×
# summed signature lengths / s) as the job's summary reports them (Spark jobs, without starting Spark), next
# to the wall time and the CPU time (user + system) of the whole command.
#   bench/search-bench.sh [extra search options, e.g. --tile-size 4m --master local[2]]
# Environment: IMBREX_BENCH_DIR (default /tmp/imbrex-search-bench; the corpus is reused when present),
# IMBREX_BENCH_COUNTS (default "1 16 100"), IMBREX_JAVA_OPTS (passed on to bin/imbrex).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="${IMBREX_BENCH_DIR:-/tmp/imbrex-search-bench}"
counts="${IMBREX_BENCH_COUNTS:-1 16 100}"
files=8
file_mib=128

cd "$root"
flock /tmp/imbrex-build.lock mvn -B -q -DskipTests package -pl jobs -am

mkdir -p "$work/corpus"
signatures="$work/signatures.txt"   # all 100; each run takes its first N
if [[ ! -f "$work/.corpus-complete" || ! -s "$signatures" ]]; then
  echo "search-bench: writing a ${files} × ${file_mib} MiB corpus to $work/corpus" >&2
  rm -f "$work/corpus"/*.bin
  for ((f = 0; f < files; f++)); do
    head -c "$((file_mib << 20))" /dev/urandom >"$work/corpus/image-$f.bin"
  done
  # 100 signatures from a fixed seed; each is planted once, with random bytes at its wildcards.
  awk -v seed=20261201 -v files="$files" -v size="$((file_mib << 20))" -v dir="$work/corpus" '
    BEGIN {
      srand(seed)
      for (s = 0; s < 100; s++) {
        length_ = 8 + int(rand() * 25); hex = ""; bytes = ""
        for (i = 0; i < length_; i++) {
          wild = i > 0 && i < length_ - 1 && rand() < 0.1
          value = rand() < 0.05 ? 0 : int(rand() * 256)
          hex = hex (i ? " " : "") (wild ? "??" : sprintf("%02X", value))
          bytes = bytes sprintf("\\x%02x", wild ? int(rand() * 256) : value)
        }
        printf "sig-%03d = %s\n", s, hex > (dir "/../signatures.txt")
        printf "printf %%b \x27%s\x27 | dd of=%s/image-%d.bin bs=1 seek=%d conv=notrunc status=none\n", bytes, dir,
          s % files, int(rand() * (size - 64)) > (dir "/../plant.sh")
      }
    }'
  bash "$work/plant.sh"
  touch "$work/.corpus-complete"
fi

echo "search-bench: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) (the machine may be shared)"
printf "%-10s %7s %7s %9s %22s %7s %7s\n" "signatures" "matches" "job s" "MiB/s" "M byte-differences/s" \
  "wall s" "cpu s"
TIMEFORMAT='%R %U %S'
for count in $counts; do
  head -n "$count" "$signatures" >"$work/signatures-$count.txt"
  { time bin/imbrex search --signatures "$work/signatures-$count.txt" --input "$work/corpus" \
      --output "$work/matches-$count" --overwrite --show 0 "$@" >"$work/summary-$count.txt" \
      2>"$work/search-$count.log"; } 2>"$work/time-$count.txt"
  # imbrex search: 8 files, 1.0 GiB, 16 signatures: 16 matches in 12.3 s (83.2 MiB/s, 1234.5 M byte-differences/s)
  awk -v count="$count" -v times="$(cat "$work/time-$count.txt")" 'NR == 1 {
    split(times, t, " ")
    matches = $9; seconds = $12
    rate = $14; sub(/^\(/, "", rate); unit = $15; sub(/\/s,$/, "", unit)
    mib = unit == "GiB" ? rate * 1024 : unit == "MiB" ? rate : unit == "KiB" ? rate / 1024 : rate / 1048576
    printf "%-10s %7s %7s %9.1f %22s %7.1f %7.1f\n", count, matches, seconds, mib, $16, t[1], t[2] + t[3]
  }' "$work/summary-$count.txt"
done
