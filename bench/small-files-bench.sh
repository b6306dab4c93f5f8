#!/usr/bin/env bash
# Measures what a search costs per file rather than per byte: 20,000 files of random bytes, 1 to 8 KiB each
# (about 86 MiB), searched for 16 signatures of 8 to 32 bytes (each planted in 4 files) through bin/imbrex
# in Spark local mode. Prints the job time the summary reports (Spark jobs, without starting Spark), the
# wall time and the CPU time (user + system) of the whole command, and the number of scan tasks.
#   bench/small-files-bench.sh [extra search options, e.g. --open-cost 4k --master local[2]]
# Environment: IMBREX_BENCH_DIR (default /tmp/imbrex-small-files-bench; the corpus is reused when present),
# IMBREX_BENCH_FILES (default 20000), IMBREX_MVN_OPTS (extra Maven options, e.g. -o), IMBREX_JAVA_OPTS
# (passed on to bin/imbrex).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="${IMBREX_BENCH_DIR:-/tmp/imbrex-small-files-bench}"
files="${IMBREX_BENCH_FILES:-20000}"

cd "$root"
# shellcheck disable=SC2086
# forceCreation: otherwise an unchanged jobs jar is shaded again, keeping the io classes it already holds.
flock /tmp/imbrex-build.lock mvn -B -q ${IMBREX_MVN_OPTS:-} -DskipTests -Dmaven.jar.forceCreation=true package -pl jobs -am

if [[ ! -f "$work/.corpus-complete-$files" ]]; then
  echo "small-files-bench: writing $files files of 1-8 KiB to $work/corpus" >&2
  rm -rf "$work/corpus" && mkdir -p "$work/corpus"
  python3 - "$work" "$files" <<'EOF'
import os, random, sys
work, files = sys.argv[1], int(sys.argv[2])
rng = random.Random(20261201)
signatures = []
with open(os.path.join(work, "signatures.txt"), "w") as out:
    for s in range(16):
        length = rng.randint(8, 32)
        wild = [0 < i < length - 1 and rng.random() < 0.1 for i in range(length)]
        values = [rng.randrange(256) for _ in range(length)]
        out.write("sig-%02d = %s\n" % (s, " ".join("??" if w else "%02X" % v for w, v in zip(wild, values))))
        signatures.append(bytes(values))
plantings = {}
for s, signature in enumerate(signatures):
    for copy in range(4):
        plantings.setdefault(rng.randrange(files), []).append(signature)
for f in range(files):
    data = bytearray(rng.randbytes(rng.randint(1024, 8192)))
    for signature in plantings.get(f, []):
        at = rng.randrange(len(data) - len(signature))
        data[at:at + len(signature)] = signature
    directory = os.path.join(work, "corpus", "d%02d" % (f % 100))
    os.makedirs(directory, exist_ok=True)
    with open(os.path.join(directory, "f%05d.bin" % f), "wb") as out:
        out.write(data)
EOF
  touch "$work/.corpus-complete-$files"
fi

echo "small-files-bench: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) (the machine may be shared)"
TIMEFORMAT='%R %U %S'
rm -rf "$work/events" && mkdir -p "$work/events"
{ time bin/imbrex --conf spark.eventLog.enabled=true --conf "spark.eventLog.dir=file://$work/events" \
    --conf spark.eventLog.compress=false --conf spark.eventLog.rolling.enabled=false \
    --conf spark.ui.showConsoleProgress=false search \
    --signatures "$work/signatures.txt" --input "$work/corpus" --output "$work/matches" --overwrite --show 0 \
    "$@" >"$work/summary.txt" 2>"$work/search.log"; } 2>"$work/time.txt"
# The scan is the first stage of the job whose description starts "imbrex search: scan".
log="$(find "$work/events" -type f -name 'local-*' | head -n 1)"
tasks="$(python3 - "$log" <<'EOF'
import json, sys
scan_stages = set()
for line in open(sys.argv[1]):
    event = json.loads(line)
    if event["Event"] == "SparkListenerJobStart":
        description = event.get("Properties", {}).get("spark.job.description", "")
        if description.startswith("imbrex search: scan"):
            scan_stages.add(min(event["Stage IDs"]))
    if event["Event"] == "SparkListenerStageCompleted" and event["Stage Info"]["Stage ID"] in scan_stages:
        print(event["Stage Info"]["Number of Tasks"])
EOF
)"
# imbrex search: 20000 files, 86.0 MiB, 16 signatures: 64 matches in 12.3 s (7.0 MiB/s, 1234.5 M byte-differences/s)
awk -v times="$(cat "$work/time.txt")" -v tasks="$tasks" 'NR == 1 {
  split(times, t, " ")
  printf "%-8s %8s %7s %7s %7s %11s\n", "files", "matches", "job s", "wall s", "cpu s", "scan tasks"
  printf "%-8s %8s %7s %7.1f %7.1f %11s\n", $3, $9, $12, t[1], t[2] + t[3], tasks
}' "$work/summary.txt"
