#!/usr/bin/env bash
# Measures `imbrex search` running YARA rule files against YARA itself (Debian's /usr/bin/yara) on the same
# rule set and the same real binaries, in the same run, and prints one table.
#   bench/rules-bench.sh [extra imbrex search options, e.g. --tile-size 4m --master local[2]]
# Corpus (made under IMBREX_BENCH_WORK, reused while its parameters are unchanged): about
# IMBREX_BENCH_REAL_MIB MiB of regular files of /usr/bin and /usr/lib (no symlinks, >= 4 KiB): first every PE
# file there (MZ, up to a tenth of the budget, so that the pe rules have something to match), then the
# others in path order, as search-bench.sh's real corpus; names become NNNNN-basename, real.manifest says
# where each came from.
# Rules (bench/rules_bench_gen.py, deterministic for a corpus): IMBREX_BENCH_RULES rules over
# IMBREX_BENCH_RULE_FILES files, like public rule sets: about 2/3 PEiD-style packer rules (`$a = { 60 BE ??
# [2-4] ... }` and `$a at pe.entry_point`, some drawn from the corpus's PE entry points), the rest malware
# rules with 2-8 text strings (ascii, wide, nocase, fullword) and hex strings with ( AA | BB CC ), conditions
# such as `2 of them`, `any of ($s*)`, `#a > 2 and $b`, `uint16(0) == 0x5A4D and filesize < 2MB and ...`,
# private rules referred to by others; about a third drawn from `strings` of corpus files so that they match.
# About 2% of the rules have a regular expression, which imbrex skips: the rules imbrex lists in OUT/skipped
# are left out of the comparison.
# Runs, in turns, IMBREX_BENCH_REPEAT times each (the fastest counts):
#   yara -p THREADS -r -w -N -e ns0:rules-0.yar ns1:rules-1.yar ... CORPUS
#   bin/imbrex search --signatures rules-0.yar,rules-1.yar,... --input CORPUS --output OUT --overwrite
#     --format csv --show 0
# and checks that both found the same (rule file, rule, file) set; a difference fails the bench (exit 1)
# after printing the first differences.
# Environment:
#   IMBREX_HOME                the imbrex checkout to run (the one this script is in)
#   IMBREX_BENCH_WORK          work dir: corpus, rules, outputs, results.tsv (/tmp/imbrex-rules-bench)
#   IMBREX_BENCH_RULES         rules to generate (3000)
#   IMBREX_BENCH_RULE_FILES    rule files they are split over, one namespace each (3)
#   IMBREX_BENCH_SEED          seed of the rule generator (20261203)
#   IMBREX_BENCH_REAL_MIB      about how many MiB to copy into the corpus (400)
#   IMBREX_BENCH_REPEAT        runs of each timed command, in turns; the fastest counts (3)
#   IMBREX_BENCH_YARA_THREADS  yara -p (2, the cores of the machine this was written for)
#   IMBREX_BENCH_BUILD         1 = build IMBREX_HOME (mvn -o, under flock /tmp/imbrex-build.lock) when its jar is
#                              missing or older than its sources; 0 = never build, fail instead (1)
#   IMBREX_JAVA_OPTS           passed on to bin/imbrex
set -euo pipefail
export LC_ALL=C # one sort order for comparing pairs, and '.' as the decimal point of $EPOCHREALTIME

bench_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
if [[ "${1:-}" == -h || "${1:-}" == --help ]]; then
  sed -n '2,/^set -euo/{/^#/s/^# \{0,1\}//p}' "${BASH_SOURCE[0]}"
  exit 0
fi
root="$(cd "${IMBREX_HOME:-$bench_dir/..}" && pwd)"
mkdir -p "${IMBREX_BENCH_WORK:-/tmp/imbrex-rules-bench}"
# Absolute and without symlinks: YARA prints paths as it walked them, imbrex as file: URIs of the real path.
work="$(realpath "${IMBREX_BENCH_WORK:-/tmp/imbrex-rules-bench}")"
rules="${IMBREX_BENCH_RULES:-3000}"
rule_files="${IMBREX_BENCH_RULE_FILES:-3}"
seed="${IMBREX_BENCH_SEED:-20261203}"
real_mib="${IMBREX_BENCH_REAL_MIB:-400}"
repeat="${IMBREX_BENCH_REPEAT:-3}"
yara_threads="${IMBREX_BENCH_YARA_THREADS:-2}"
build="${IMBREX_BENCH_BUILD:-1}"
extra=("$@")
generator="$bench_dir/rules_bench_gen.py"

log() { echo "rules-bench: $*" >&2; }
die() { log "$*"; exit 1; }

[[ "$repeat" =~ ^[1-9][0-9]*$ ]] || die "IMBREX_BENCH_REPEAT $repeat is not a count of runs >= 1"
[[ "$rules" =~ ^[1-9][0-9]*$ ]] || die "IMBREX_BENCH_RULES $rules is not a count >= 1"
[[ "$rule_files" =~ ^[1-9][0-9]*$ ]] && ((rule_files <= rules)) ||
  die "IMBREX_BENCH_RULE_FILES $rule_files is not a count from 1 to IMBREX_BENCH_RULES"
[[ "$real_mib" =~ ^[1-9][0-9]*$ ]] || die "IMBREX_BENCH_REAL_MIB $real_mib is not a count of MiB >= 1"
[[ -x "$root/bin/imbrex" ]] || die "no bin/imbrex in IMBREX_HOME $root"
command -v yara >/dev/null || die "no yara on PATH (apt-get install yara)"
command -v python3 >/dev/null || die "no python3 on PATH"

# ---------------------------------------------------------------------------------------------------------
# imbrex

app_jar() { ls "$root"/jobs/target/imbrex-jobs-*.jar 2>/dev/null | grep -v -e '-sources' -e 'original-' | head -n 1; }

# The sources bin/imbrex compares with its jar (it rebuilds, without any lock, when one is newer).
stale() {
  local jar
  jar="$(app_jar)"
  [[ -z "$jar" || ! -f "$root/jobs/target/spark.classpath" ]] && return 0
  [[ -n "$(find "$root/pom.xml" "$root/kernels" "$root/io" "$root/jobs/pom.xml" "$root/jobs/src" \
      \( -name '*.java' -o -name 'pom.xml' -o -path '*/src/main/resources/*' \) -newer "$jar" -print -quit 2>/dev/null)" ]]
}

# Builds only when needed; the flock waits for other Maven builds on this machine (another checkout).
build_imbrex() {
  mkdir -p "$work/build"
  if stale; then
    [[ "$build" == 1 ]] || die "$root's jar is missing or older than its sources, and IMBREX_BENCH_BUILD=0"
    log "building $root (log: $work/build/mvn.log)"
    (cd "$root" && flock /tmp/imbrex-build.lock mvn -B -o -q -DskipTests package) >"$work/build/mvn.log" 2>&1 ||
      die "the build failed; see $work/build/mvn.log"
    stale && die "sources of $root are newer than its jar after the build (edited meanwhile?); run again"
  fi
  # bin/imbrex's first Spark run after a build writes its class-data archive at exit; an untimed search of
  # one small file makes that run here, so that every timed run starts alike.
  log "warming up bin/imbrex (class-data archive)"
  mkdir -p "$work/build/warm-up"
  head -c 65536 /dev/zero | tr '\0' 'x' >"$work/build/warm-up/data.bin"
  printf 'rule warm_up { strings: $a = "xxxxxxxx" condition: $a }\n' >"$work/build/warm-up/warm-up.yar"
  "$root/bin/imbrex" search --signatures "$work/build/warm-up/warm-up.yar" --input "$work/build/warm-up/data.bin" \
    --output "$work/build/warm-up/out" --overwrite --format csv --show 0 >"$work/build/warm-up.log" 2>&1 ||
    die "the warm-up search failed; see $work/build/warm-up.log"
  stale && die "bin/imbrex found $root's sources newer than its jar (edited meanwhile?); run again"
  return 0
}

# ---------------------------------------------------------------------------------------------------------
# Corpus and rules. corpus/ holds only the data files; corpus.params (written last) says it is complete and
# was made with these parameters; rules/ likewise with rules.params.

corpus_params() { echo "real v1 mib=$real_mib"; }
rules_params() {
  echo "rules v1 rules=$rules files=$rule_files seed=$seed corpus=[$(corpus_params)]" \
    "generator=$(cksum <"$generator" | cut -d' ' -f1)"
}

# Copies regular files of /usr/bin and /usr/lib: the PE files first (at most a tenth of the budget), then
# the others in path order, skipping any that would overshoot the budget, until it is 99% full.
make_corpus() {
  local dir=$1 budget=$((real_mib << 20)) total=0 n=0 record size path base name
  log "copying about $real_mib MiB of /usr/bin and /usr/lib to $dir"
  : >"$work/real.manifest"
  find /usr/bin /usr/lib -type f -size +4095c -printf '%s\t%p\0' | sort -z -t $'\t' -k2 >"$work/real.candidates"
  # PE files (MZ at 0) of the candidates, in path order, then every candidate (the PE ones are skipped there).
  python3 - "$work/real.candidates" "$work/real.order" <<'EOF'
import sys
records = [r for r in open(sys.argv[1], "rb").read().split(b"\0") if r]
pe = []
for r in records:
    try:
        with open(r.split(b"\t", 1)[1], "rb") as f:
            if f.read(2) == b"MZ":
                pe.append(r)
    except OSError:
        pass
with open(sys.argv[2], "wb") as out:
    for r in pe:
        out.write(b"P\t" + r + b"\0")
    for r in records:
        out.write(b"A\t" + r + b"\0")
EOF
  local -A copied=()
  local kind pe_total=0
  while IFS= read -r -d '' record; do
    kind=${record%%$'\t'*}
    record=${record#*$'\t'}
    size=${record%%$'\t'*}
    path=${record#*$'\t'}
    [[ -n "${copied[$path]:-}" ]] && continue
    if ((total + size > budget)); then continue; fi
    if [[ "$kind" == P ]] && ((pe_total + size > budget / 10)); then continue; fi
    base=${path##*/}
    printf -v name '%05d-%s' "$n" "${base//[^A-Za-z0-9._+-]/_}"
    cp -- "$path" "$dir/$name" 2>/dev/null || continue # vanished or unreadable meanwhile
    copied[$path]=1
    printf '%s\t%s\t%s\n' "$name" "$size" "$path" >>"$work/real.manifest"
    total=$((total + size))
    [[ "$kind" == P ]] && pe_total=$((pe_total + size))
    n=$((n + 1))
    if ((total * 100 >= budget * 99)); then break; fi
  done <"$work/real.order"
  ((n > 0)) || die "nothing copied from /usr/bin and /usr/lib"
  rm -f "$work/real.candidates" "$work/real.order"
}

ensure_corpus() {
  local dir="$work/corpus"
  if [[ -f "$work/corpus.params" && "$(cat "$work/corpus.params")" == "$(corpus_params)" ]]; then return 0; fi
  rm -f "$work/corpus.params" "$work/rules.params"
  rm -rf "$dir"
  mkdir -p "$dir"
  make_corpus "$dir"
  corpus_params >"$work/corpus.params"
}

# Generates the rules unless they were made with the same parameters; then makes sure YARA takes them all:
# it exits non-zero on any error of any file (a warning, such as a slow string, is only counted).
ensure_rules() {
  local dir="$work/rules"
  if [[ ! -f "$work/rules.params" || "$(cat "$work/rules.params")" != "$(rules_params)" ]]; then
    rm -f "$work/rules.params"
    rm -rf "$dir"
    mkdir -p "$dir"
    log "generating $rules rules in $rule_files files from the corpus"
    python3 "$generator" "$work/corpus" "$dir" "$rules" "$rule_files" "$seed" || die "the rule generator failed"
    rules_params >"$work/rules.params"
  fi
  : >"$work/empty"
  yara "${yara_rules[@]}" "$work/empty" >"$work/rules/compile.out" 2>"$work/rules/compile.log" ||
    die "yara refuses the rules: $(head -n 3 "$work/rules/compile.log")"
}

# ---------------------------------------------------------------------------------------------------------
# Runs

# Runs a command with stdout and stderr into files; sets `elapsed` to its wall seconds; returns its status.
elapsed=0
run_timed() {
  local out=$1 err=$2 start status=0
  shift 2
  start=$EPOCHREALTIME
  "$@" >"$out" 2>"$err" || status=$?
  elapsed="$(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.3f", b - a }')"
  return "$status"
}

minimum() { awk -v a="$1" -v b="$2" 'BEGIN { print (b == "" || a < b ? a : b) }'; }

# From imbrex's summary line, as the search command prints it:
#   imbrex search: 5 files, 507.6 KiB, 1 rule file, 6 rules run, 1 skipped: ... in 3.8 s (133.7 KiB/s)
# prints "files seconds MiB/s" (the rate as printed, in MiB/s: it has more digits than the seconds).
parse_summary() {
  awk 'index($0, "imbrex search: ") == 1 && match($0, / in [0-9.]+ s \([0-9.]+ [KMGT]?i?B\/s\)/) {
    split(substr($0, RSTART + 4, RLENGTH - 4), p, " ")
    rate = p[3]; sub(/^\(/, "", rate); unit = p[4]; sub(/\/s\)$/, "", unit)
    f = unit == "TiB" ? 1048576 : unit == "GiB" ? 1024 : unit == "MiB" ? 1 : unit == "KiB" ? 1 / 1024 : 1 / 1048576
    printf "%s %s %.3f\n", $3, p[1], rate * f; found = 1; exit
  }
  END { if (!found) exit 1 }' "$1"
}

mibs() { awk -v b="$1" -v s="$2" 'BEGIN { printf "%.3f", (s > 0 ? b / 1048576 / s : 0) }'; }

# Compares imbrex's rules table with YARA's output: writes run/imbrex.pairs, run/yara.pairs (both
# "nsI<TAB>rule<TAB>path", sorted, the rules imbrex skipped taken out of YARA's) and run/skipped.tsv, and
# prints "pairs skipped skipped_regex skipped_other imbrex_only yara_only skipped_but_reported".
compare() {
  python3 - "$run" "$work/rules/regex-rules.tsv" "${signature_files[@]}" <<'EOF'
import csv, glob, os, sys
run, regex_file, sources = sys.argv[1], sys.argv[2], sys.argv[3:]
ns_of = {s: f"ns{i}" for i, s in enumerate(sources)}

def rows(table):
    parts = sorted(glob.glob(os.path.join(table, "part-*.csv"))) if os.path.isdir(table) else [table]
    for part in parts:
        with open(part, newline="") as f:
            reader = csv.reader(f)
            header = None
            for row in reader:
                if header is None:
                    header = row
                    continue
                if row == header:
                    continue
                yield dict(zip(header, row))

def path_of(uri):
    return uri[len("file://"):] if uri.startswith("file://") else uri[len("file:"):] if uri.startswith("file:") else uri

out = os.path.join(run, "imbrex.csv")
skipped = {}
for r in rows(os.path.join(out, "skipped")):
    ns = ns_of.get(r["source"])
    if ns is None:
        sys.exit(f"rules-bench: skipped row with an unknown source {r['source']!r}")
    skipped[(ns, r["rule"])] = r.get("reason", "")
imbrex = set()
for r in rows(os.path.join(out, "rules")):
    ns = ns_of.get(r["source"])
    if ns is None:
        sys.exit(f"rules-bench: rules row with an unknown source {r['source']!r}")
    imbrex.add((ns, r["rule"], path_of(r["path"])))
yara = set()
for line in open(os.path.join(run, "yara.out")):
    line = line.rstrip("\n")
    if not line:
        continue
    ident, path = line.split(" ", 1)
    ns, rule = ident.split(":", 1)
    yara.add((ns, rule, path))
regex = {tuple(l.rstrip("\n").split("\t")) for l in open(regex_file) if l.strip()}
reported_skipped = {p for p in imbrex if (p[0], p[1]) in skipped}
yara_kept = {p for p in yara if (p[0], p[1]) not in skipped}
imbrex_kept = imbrex - reported_skipped
def dump(name, items):
    with open(os.path.join(run, name), "w") as f:
        for p in sorted(items):
            f.write("\t".join(p) + "\n")
dump("imbrex.pairs", imbrex_kept)
dump("yara.pairs", yara_kept)
dump("imbrex-only.pairs", imbrex_kept - yara_kept)
dump("yara-only.pairs", yara_kept - imbrex_kept)
with open(os.path.join(run, "skipped.tsv"), "w") as f:
    for (ns, rule), reason in sorted(skipped.items()):
        f.write(f"{ns}\t{rule}\t{'regex' if (ns, rule) in regex else 'OTHER'}\t{reason}\n")
with open(os.path.join(run, "not-skipped-regex.tsv"), "w") as f:
    for ns, rule in sorted(regex - set(skipped)):
        f.write(f"{ns}\t{rule}\n")
print(len(imbrex_kept & yara_kept), len(skipped), len(set(skipped) & regex), len(set(skipped) - regex),
      len(imbrex_kept - yara_kept), len(yara_kept - imbrex_kept), len(reported_skipped))
EOF
}

print_differences() {
  local side
  for side in imbrex-only yara-only; do
    if [[ -s "$run/$side.pairs" ]]; then
      log "first pairs only in ${side%-only}'s result ($(wc -l <"$run/$side.pairs") in all, $run/$side.pairs):"
      head -n 10 "$run/$side.pairs" | sed 's/^/    /' >&2
    fi
  done
}

main() {
  build_imbrex
  ensure_corpus
  signature_files=()
  yara_rules=()
  local i
  for ((i = 0; i < rule_files; i++)); do
    signature_files+=("$work/rules/rules-$i.yar")
    yara_rules+=("ns$i:$work/rules/rules-$i.yar")
  done
  ensure_rules
  local files bytes
  read -r files bytes < <(find "$work/corpus" -type f -printf '%s\n' | awk '{ n++; b += $1 } END { printf "%d %d\n", n, b }')
  local total_rules total_strings slow_warnings pe_files
  total_rules=$(awk '$1 == "rules" { print $2 }' "$work/rules/rules.stats")
  total_strings=$(awk '$1 == "strings" { print $2 }' "$work/rules/rules.stats")
  pe_files=$(awk '$1 == "pe_files" { print $2 }' "$work/rules/rules.stats")
  slow_warnings=$(grep -c 'slow' "$work/rules/compile.log" || true)
  # Read every file once first, so that neither engine pays for the disk.
  find "$work/corpus" -type f -exec cat {} + >/dev/null

  run="$work/run"
  rm -rf "$run"
  mkdir -p "$run"
  local signatures
  signatures="$(IFS=,; echo "${signature_files[*]}")"
  local yara_wall="" imbrex_wall="" job_s="" job_mibs="" round seen run_s run_mibs yara_pairs_first=""
  for ((round = 1; round <= repeat; round++)); do
    log "yara (run $round of $repeat)"
    run_timed "$run/yara.out" "$run/yara.log" yara -p "$yara_threads" -r -w -N -e "${yara_rules[@]}" "$work/corpus" ||
      die "yara failed (exit $?); see $run/yara.log"
    yara_wall=$(minimum "$elapsed" "$yara_wall")
    sort "$run/yara.out" >"$run/yara.sorted"
    if [[ -z "$yara_pairs_first" ]]; then
      yara_pairs_first=$(cksum <"$run/yara.sorted")
    elif [[ "$yara_pairs_first" != "$(cksum <"$run/yara.sorted")" ]]; then
      die "yara printed other matches in run $round than in run 1"
    fi

    log "imbrex (run $round of $repeat)"
    run_timed "$run/imbrex.summary" "$run/imbrex.log" "$root/bin/imbrex" search --signatures "$signatures" \
      --input "$work/corpus" --output "$run/imbrex.csv" --overwrite --format csv --show 0 \
      ${extra[@]+"${extra[@]}"} || die "imbrex failed; see $run/imbrex.log and $run/imbrex.summary"
    imbrex_wall=$(minimum "$elapsed" "$imbrex_wall")
    read -r seen run_s run_mibs < <(parse_summary "$run/imbrex.summary") ||
      die "no summary line in $run/imbrex.summary"
    ((seen == files)) || log "warning: imbrex saw $seen files, the corpus has $files"
    if [[ -z "$job_mibs" ]] || awk -v a="$run_mibs" -v b="$job_mibs" 'BEGIN { exit !(a > b) }'; then
      job_s=$run_s
      job_mibs=$run_mibs
    fi
    cp "$run/imbrex.summary" "$run/imbrex.summary.$round"
  done

  log "comparing the (rule file, rule, file) sets"
  local pairs skipped skipped_regex skipped_other imbrex_only yara_only reported_skipped
  read -r pairs skipped skipped_regex skipped_other imbrex_only yara_only reported_skipped < <(compare) ||
    die "the comparison failed"
  local not_skipped_regex
  not_skipped_regex=$(wc -l <"$run/not-skipped-regex.tsv")
  local compared=$((total_rules - skipped)) verdict
  if ((imbrex_only == 0 && yara_only == 0 && reported_skipped == 0)); then
    verdict="identical: $pairs (rule file, rule, file) pairs"
  else
    verdict="DIFFER: $imbrex_only pairs only imbrex's, $yara_only only YARA's, $reported_skipped of skipped rules reported ($pairs agree)"
  fi

  local model flags yara_mibs wall_mibs mib
  model="$(sed -n 's/^model name[[:space:]]*: *//p' /proc/cpuinfo | head -n 1)"
  flags="$(grep -m1 '^flags' /proc/cpuinfo | tr ' ' '\n' | grep -E '^avx(2|512.*)$' | sort | paste -sd ' ' || true)"
  yara_mibs=$(mibs "$bytes" "$yara_wall")
  wall_mibs=$(mibs "$bytes" "$imbrex_wall")
  mib=$(awk -v b="$bytes" 'BEGIN { printf "%.1f", b / 1048576 }')
  local row="%-28s %s\n"
  echo "rules-bench: imbrex search with YARA rules against YARA, $(date -u '+%Y-%m-%d %H:%M UTC')"
  printf "$row" "cpu" "$model (family $(sed -n 's/^cpu family[[:space:]]*: *//p' /proc/cpuinfo | head -n 1) model $(sed -n 's/^model[[:space:]]*: *//p' /proc/cpuinfo | head -n 1)), vector: ${flags:-none}"
  printf "$row" "cores" "$(nproc) online; load $(cut -d' ' -f1-3 /proc/loadavg) (1, 5, 15 min)"
  printf "$row" "java" "$("${JAVA_HOME:+$JAVA_HOME/bin/}java" -version 2>&1 | sed -n '1p' )"
  printf "$row" "yara" "$(yara --version): yara -p $yara_threads -r -w -N -e ns0:rules-0.yar ..."
  printf "$row" "imbrex" "$(git -C "$root" log -1 --format='%h %s' 2>/dev/null | cut -c1-70)"
  printf "$row" "rules" "$total_rules in $rule_files files ($compared compared; $skipped skipped by imbrex: $skipped_regex with a regex, $skipped_other other), $total_strings strings, $slow_warnings slow-string warnings from yara"
  printf "$row" "corpus" "$files files ($pe_files PE), $mib MiB of /usr/bin and /usr/lib"
  printf "$row" "YARA" "$(awk -v m="$yara_mibs" 'BEGIN { printf "%.1f", m }') MiB/s ($yara_wall s wall)"
  printf "$row" "imbrex job" "$(awk -v m="$job_mibs" 'BEGIN { printf "%.1f", m }') MiB/s ($job_s s, the summary's)"
  printf "$row" "imbrex wall" "$(awk -v m="$wall_mibs" 'BEGIN { printf "%.1f", m }') MiB/s ($imbrex_wall s, bin/imbrex)"
  printf "$row" "job / YARA" "$(awk -v a="$job_mibs" -v b="$yara_mibs" 'BEGIN { printf "%.2f", a / b }')"
  printf "$row" "wall / YARA" "$(awk -v a="$wall_mibs" -v b="$yara_mibs" 'BEGIN { printf "%.2f", a / b }')"
  printf "$row" "check" "$verdict"
  ((not_skipped_regex == 0)) || printf "$row" "note" "$not_skipped_regex regex rules not skipped by imbrex ($run/not-skipped-regex.tsv)"
  ((skipped_other == 0)) || printf "$row" "note" "$skipped_other rules without a regex skipped by imbrex ($run/skipped.tsv, OTHER)"
  cat <<EOF

Every figure is the fastest of $repeat runs, the tools taking turns (IMBREX_BENCH_REPEAT). MiB = 2^20 bytes.
YARA: corpus bytes / wall time of the yara command (compiling the rules, scanning, printing each match).
imbrex job: corpus bytes / the job time imbrex's summary prints (without the JVM and Spark starting);
imbrex wall: corpus bytes / wall time of the whole bin/imbrex command. Ratios above 1: imbrex is faster.
Pairs, outputs and logs: $run/ (imbrex.pairs, yara.pairs, imbrex-only.pairs, yara-only.pairs, skipped.tsv).
EOF
  printf 'files\tbytes\trules\tcompared\tstrings\tyara_wall_s\timbrex_job_s\timbrex_job_mibs\timbrex_wall_s\tpairs\tcheck\n' \
    >"$work/results.tsv"
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$files" "$bytes" "$total_rules" "$compared" "$total_strings" \
    "$yara_wall" "$job_s" "$job_mibs" "$imbrex_wall" "$pairs" "$verdict" >>"$work/results.tsv"
  if ((imbrex_only || yara_only || reported_skipped)); then
    print_differences
    die "imbrex and YARA found different (rule file, rule, file) sets"
  fi
}

main
