#!/usr/bin/env bash
# The Java msad4 shaders on one core against the same work in C with AVX2 vmpsadbw (bench/c/msad4-kernels.c,
# built here with Debian's gcc -O3 -march=native), in the same run, in G byte-differences per second:
#
#   msad4-search       every byte offset of a 1 MiB tile × a 16-, 64- or 256-byte signature, with and without
#                      wildcards (a quarter of the bytes 0x00, masked), in both lane forms: the vector API's
#                      16-bit lanes and the superword loops (org.imbrex.kernels.dispatch.LaneLoops)
#   msad4-block-match  every candidate of every 16x16 block of a 1280x720 frame, R = 7 (useful differences:
#                      blocks × (2R+1)² × 256)
#
# The C loop has no masking (vmpsadbw has none), so it is measured on signatures without wildcards; a row
# with wildcards is compared with the C figure for the same length. Errors are JMH's 99.9% confidence
# half-widths (4 forks × 10 iterations by default: on a shared VM, 10 samples leave errors of 10–20%) and the
# C program's over 40 samples; the table prints each as a percentage of its score.
#   bench/kernels-bench.sh [JMH options]          e.g. -f 1 -i 3 for a quick look
#   IMBREX_BENCH_SCALAR=1 bench/kernels-bench.sh  also the plain scalar byte loop (Msad4SearchBench.scalarLoop)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
work="$root/bench/target"
mkdir -p "$work"
gcc -O3 -march=native -o "$work/msad4-kernels" "$root/bench/c/msad4-kernels.c" -lm
flock /tmp/imbrex-build.lock mvn -B -q -Pbench -DskipTests package -pl bench -am

model="$(lscpu | sed -n 's/^Model name: *//p' | head -n 1)"
family="$(sed -n 's/^cpu family[[:space:]]*: //p' /proc/cpuinfo | head -n 1)"
cpu_model="$(sed -n 's/^model[[:space:]]*: //p' /proc/cpuinfo | head -n 1)"
flags="$(grep -m1 '^flags' /proc/cpuinfo | tr ' ' '\n' | grep -E '^(avx2|avx512.*)$' | sort | paste -sd ' ' || true)"
jvm="$(java -version 2>&1 | sed -n 2p)"

c_results="$work/msad4-kernels-c.txt"
"$work/msad4-kernels" search 16 64 256 >"$c_results"
"$work/msad4-kernels" block 16 7 >>"$c_results"

jmh_results="$work/msad4-kernels-jmh.csv"
pattern='Msad4SearchBench.search|Msad4BlockMatchBench'
[[ "${IMBREX_BENCH_SCALAR:-0}" == 1 ]] && pattern='Msad4SearchBench|Msad4BlockMatchBench'
java -jar bench/target/benchmarks.jar "$pattern" -f 4 -wi 3 -w 1 -i 10 -r 1 -rf csv -rff "$jmh_results" "$@"
lanes="$(java --add-modules=jdk.incubator.vector -cp bench/target/benchmarks.jar \
  org.imbrex.bench.LaneLoopsInfo 2>/dev/null || echo "vector API: unknown")"

echo
echo "cpu: $model (family $family, model $cpu_model), $(nproc) cores; vector extensions: ${flags:-none}"
echo "jvm: $jvm; $lanes"
echo "one thread, G byte-differences/s (± 99.9% error as % of the score); ratio = Java / C vmpsadbw"
awk -F',' '
  FNR == NR {                                     # the C program: "search BYTES G ERR" / "block B R G ERR"
    if ($0 ~ /^search /) { split($0, f, " "); c["search " f[2]] = f[3]; cerr["search " f[2]] = f[4] }
    if ($0 ~ /^block /) { split($0, f, " "); c["block"] = f[4]; cerr["block"] = f[5] }
    next
  }
  FNR == 1 { for (i = 1; i <= NF; i++) { gsub(/["\r]/, "", $i); col[$i] = i }; next }
  {
    gsub(/["\r]/, "")
    name = $col["Benchmark"]
    if (name !~ /:byteDiffs$/) next
    score = $col["Score"] / 1e9; error = $col["Score Error (99.9%)"] / 1e9
    form = name ~ /scalarLoop/ ? "SCALAR" : $col["Param: lanes"]
    if (name ~ /BlockMatch/) { java["block", form] = score; jerr["block", form] = error; next }
    key = "search " $col["Param: signatureBytes"] " " $col["Param: wildcards"]
    java[key, form] = score; jerr[key, form] = error; forms[form] = 1
  }
  function cell(s, e) { return sprintf("%6.2f ± %2.0f%%", s, s > 0 ? 100 * e / s : 0) }
  END {
    printf "%-18s %-6s %-9s %-17s %-17s %-17s %-17s %8s %8s\n", "kernel", "size", "wildcards", "Java vector",
      "Java superword", "Java scalar", "C vmpsadbw", "vector/C", "superw/C"
    split("16 64 256", sizes, " ")
    split("false true", masks, " ")
    for (s = 1; s <= 3; s++) for (m = 1; m <= 2; m++) {
      key = "search " sizes[s] " " masks[m]
      if (!((key, "VECTOR") in java) && !((key, "SUPERWORD") in java)) continue
      v = ((key, "VECTOR") in java) ? cell(java[key, "VECTOR"], jerr[key, "VECTOR"]) : "-"
      w = ((key, "SUPERWORD") in java) ? cell(java[key, "SUPERWORD"], jerr[key, "SUPERWORD"]) : "-"
      x = ((key, "SCALAR") in java) ? cell(java[key, "SCALAR"], jerr[key, "SCALAR"]) : "-"
      ck = "search " sizes[s]
      cc = (ck in c) ? cell(c[ck], cerr[ck]) : "-"
      rv = ((ck in c) && ((key, "VECTOR") in java)) ? sprintf("%.2f×", java[key, "VECTOR"] / c[ck]) : "-"
      rw = ((ck in c) && ((key, "SUPERWORD") in java)) ? sprintf("%.2f×", java[key, "SUPERWORD"] / c[ck]) : "-"
      printf "%-18s %-6s %-9s %-17s %-17s %-17s %-17s %8s %8s\n", "msad4-search", sizes[s] " B",
        masks[m] == "true" ? "yes" : "no", v, w, x, cc, rv, rw
    }
    if (("block", "VECTOR") in java || ("block", "SUPERWORD") in java) {
      v = (("block", "VECTOR") in java) ? cell(java["block", "VECTOR"], jerr["block", "VECTOR"]) : "-"
      w = (("block", "SUPERWORD") in java) ? cell(java["block", "SUPERWORD"], jerr["block", "SUPERWORD"]) : "-"
      cc = ("block" in c) ? cell(c["block"], cerr["block"]) : "-"
      rv = (("block" in c) && (("block", "VECTOR") in java)) ? sprintf("%.2f×", java["block", "VECTOR"] / c["block"]) : "-"
      rw = (("block" in c) && (("block", "SUPERWORD") in java)) ? sprintf("%.2f×", java["block", "SUPERWORD"] / c["block"]) : "-"
      printf "%-18s %-6s %-9s %-17s %-17s %-17s %-17s %8s %8s\n", "msad4-block-match", "B16 R7", "-", v, w, "-", cc,
        rv, rw
    }
  }' "$c_results" "$jmh_results"
