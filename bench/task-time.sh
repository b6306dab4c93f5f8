#!/usr/bin/env bash
# Where a search's scan tasks spend their time: runs one `bin/imbrex search` with async-profiler (CPU samples
# of every thread, from Maven Central's tools.profiler:async-profiler) and sorts the samples of the task
# threads ("Executor task ... worker") by the deepest frame they are in:
#   filter   the prefilter: gram- and quad-filter Dispatches, following key hits, neighbour bits, sum bounds
#   kernel   msad4 Dispatches: gather, whole-tile search, block passes, and the dispatch model around them
#   read     reading the inputs: positioned reads, tile loads, the kernel's copy of the page cache
#   write    sorting the task's matches and writing its part file (Parquet, CSV, JSON)
#   other    everything else: Spark's task start (deserializing it, its metrics), the scanner's set-up,
#            the JVM's own work in the task threads (interpreter, allocation)
# and prints the share of each, and of filter + kernel + read + write, the work a scan task cannot avoid.
#   bench/task-time.sh SIGNATURES INPUT [search options]
# e.g. after bench/search-bench.sh:
#   bench/task-time.sh /tmp/imbrex-search-bench/runs/real-100/signatures.txt /tmp/imbrex-search-bench/corpora/real
# Environment: IMBREX_PROFILER_VERSION (4.1), IMBREX_JAVA_OPTS (passed on to bin/imbrex).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [[ "${1:-}" == -h || "${1:-}" == --help || $# -lt 2 ]]; then
  sed -n '2,/^set -euo/{/^#/s/^# \{0,1\}//p}' "${BASH_SOURCE[0]}"
  [[ $# -ge 2 ]] && exit 0 || exit 2
fi
signatures=$1 input=$2
shift 2
version="${IMBREX_PROFILER_VERSION:-4.1}"
work="$root/bench/target/task-time"
mkdir -p "$work"

jar="$HOME/.m2/repository/tools/profiler/async-profiler/$version/async-profiler-$version.jar"
if [[ ! -f "$jar" ]]; then
  mvn -B -q dependency:get -Dartifact="tools.profiler:async-profiler:$version" >"$work/mvn.log" 2>&1 ||
    { echo "task-time: cannot fetch tools.profiler:async-profiler:$version; see $work/mvn.log" >&2; exit 1; }
fi
lib="$work/async-profiler-$version/linux-x64/libasyncProfiler.so"
if [[ ! -f "$lib" ]]; then
  (cd "$work" && mkdir -p "async-profiler-$version" && cd "async-profiler-$version" && unzip -q -o "$jar")
fi
# perf events need this; without it async-profiler falls back to its own timer (same figures, coarser)
sysctl -w kernel.perf_event_paranoid=1 >/dev/null 2>&1 || true

# One run without the profiler first: bin/imbrex's first Spark run after a build writes its class-data archive.
"$root/bin/imbrex" search --signatures "$signatures" --input "$input" --output "$work/table" --overwrite \
  --show 0 "$@" >/dev/null 2>&1
samples="$work/samples.collapsed"
IMBREX_JAVA_OPTS="${IMBREX_JAVA_OPTS:-} -agentpath:$lib=start,event=cpu,interval=1ms,threads,file=$samples,collapsed" \
  "$root/bin/imbrex" search --signatures "$signatures" --input "$input" --output "$work/table" --overwrite \
  --show 0 "$@" | head -n 1

echo "cpu: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores; jvm: $(java -version 2>&1 | head -n 1)"
/usr/bin/python3 - "$samples" <<'EOF'
import re, sys
# the first rule whose pattern a frame matches names the frame's part; the deepest such frame names the sample
rules = [
    ("write", r"WriteTablePart|PartSorter|org/apache/parquet|TableFile|univocity"),
    ("kernel", r"org/imbrex/kernels/shaders/(Msad4|SumBound|ShiftedPlanes|Block)|GatherPasses|Msad4Passes|"
               r"SurvivingGroups|ReferencePass|org/imbrex/kernels/(dispatch|resource|intrinsics)"),
    ("filter", r"org/imbrex/kernels/shaders/GramFilter|CandidateFilter|NeighbourBits|AnchoredScan\.filter|"
               r"SumBoundFilter|AnchorTable"),
    ("read", r"RangeReader|TileData\.load|FileChannelImpl|filemap_|copy_to_iter|TileScanner\.read"),
]
parts = {name: 0 for name, _ in rules}
parts["other"] = 0
total = 0
for line in open(sys.argv[1]):
    stack, count = line.rstrip("\n").rsplit(" ", 1)
    frames = stack.split(";")
    if not frames[0].startswith("[Executor task"):
        continue
    count = int(count)
    total += count
    part = "other"
    for frame in reversed(frames[1:]):
        hit = next((name for name, pattern in rules if re.search(pattern, frame)), None)
        if hit:
            part = hit
            break
    parts[part] += count
if total == 0:
    sys.exit("task-time: no samples of task threads")
print(f"{'part of the scan tasks':<28}{'samples':>9}{'share':>8}")
for name in ["filter", "kernel", "read", "write", "other"]:
    print(f"{name:<28}{parts[name]:>9}{100 * parts[name] / total:>7.1f}%")
work = total - parts["other"]
print(f"{'filter + kernel + read + write':<28}{work:>9}{100 * work / total:>7.1f}%")
print(f"(1 ms CPU samples of the task threads; samples of other threads are left out: {total} in all)")
EOF
