#!/usr/bin/env bash
# Measures `imbrex search` against YARA (and Hyperscan, when Debian's libhyperscan-dev installs) on the same
# files and the same signatures, and prints one table row per corpus × signature count × mode.
#   bench/search-bench.sh [extra imbrex search options, e.g. --tile-size 4m --master local[2]]
# Corpora (generated under IMBREX_BENCH_DIR, reused while their parameters are unchanged):
#   random  random bytes, every signature planted once (some at the first and the last offset of a file)
#   real    regular files copied from /usr/bin and /usr/lib (no symlinks, >= 4 KiB, sorted by path)
#   small   many files of 1-8 KiB of random bytes, 1000 per subdirectory, every signature planted once
# Each corpus has 100 signatures of 8-32 bytes, about one byte in ten `??` (never first or last): random ones
# (about 5% literal 00) for random and small, substrings of the corpus files themselves for real. They are
# written as an imbrex text file (`sig_007 = 4D 5A ?? 90`) and as a YARA file with one rule per signature.
# Exact runs are cross-checked: the (signature, file) pairs of imbrex's table must be YARA's (rule, file)
# pairs (and hs-scan's).
# Environment:
#   IMBREX_BENCH_DIR           work dir: corpora, signatures, outputs, results.tsv (/tmp/imbrex-search-bench)
#   IMBREX_BENCH_CORPORA       corpora to run ("random real small")
#   IMBREX_BENCH_COUNTS        signature counts, each the first N of the 100 ("1 16 100")
#   IMBREX_BENCH_RANDOM_FILES  files in random (8)
#   IMBREX_BENCH_RANDOM_MIB    MiB per file in random (64)
#   IMBREX_BENCH_REAL_MIB      about how many MiB to copy into real (400)
#   IMBREX_BENCH_SMALL_FILES   files in small (20000)
#   IMBREX_BENCH_MAX_SAD       threshold of the fuzzy imbrex rows; 0 = no fuzzy rows (8)
#   IMBREX_BENCH_CHECK         1 = cross-check exact runs with an extra, untimed csv run of imbrex; 0 = skip (1)
#   IMBREX_BENCH_REPEAT        runs of each timed command, in turns; the fastest counts (3)
#   IMBREX_BENCH_YARA_THREADS  yara -p (2, the cores of the machine this was written for)
#   IMBREX_BENCH_YARA_FLAGS    extra yara flags, e.g. -f for fast mode (none)
#   IMBREX_BENCH_HYPERSCAN     auto = install libhyperscan-dev and build bench/c/hs-scan.c if possible; 0 = skip
#   IMBREX_JAVA_OPTS           passed on to bin/imbrex
set -euo pipefail
export LC_ALL=C # one sort order for comparing pairs, and '.' as the decimal point of $EPOCHREALTIME

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [[ "${1:-}" == -h || "${1:-}" == --help ]]; then
  sed -n '2,/^set -euo/{/^#/s/^# \{0,1\}//p}' "${BASH_SOURCE[0]}"
  exit 0
fi
mkdir -p "${IMBREX_BENCH_DIR:-/tmp/imbrex-search-bench}"
# Absolute and without symlinks: YARA prints paths as it walked them, imbrex as file: URIs of the real path.
work="$(realpath "${IMBREX_BENCH_DIR:-/tmp/imbrex-search-bench}")"
corpora="${IMBREX_BENCH_CORPORA:-random real small}"
counts="${IMBREX_BENCH_COUNTS:-1 16 100}"
random_files="${IMBREX_BENCH_RANDOM_FILES:-8}"
random_mib="${IMBREX_BENCH_RANDOM_MIB:-64}"
real_mib="${IMBREX_BENCH_REAL_MIB:-400}"
small_files="${IMBREX_BENCH_SMALL_FILES:-20000}"
max_sad="${IMBREX_BENCH_MAX_SAD:-8}"
check="${IMBREX_BENCH_CHECK:-1}"
yara_threads="${IMBREX_BENCH_YARA_THREADS:-2}"
repeat="${IMBREX_BENCH_REPEAT:-3}"
[[ "$repeat" =~ ^[1-9][0-9]*$ ]] || { echo "search-bench: IMBREX_BENCH_REPEAT $repeat is not a count of runs >= 1" >&2; exit 2; }
read -r -a yara_flags <<<"${IMBREX_BENCH_YARA_FLAGS:-}"
hyperscan="${IMBREX_BENCH_HYPERSCAN:-auto}"
extra=("$@")
signature_total=100 # per corpus; the runs take the first N

log() { echo "search-bench: $*" >&2; }
die() { log "$*"; exit 1; }

for count in $counts; do
  [[ "$count" =~ ^[0-9]+$ ]] && ((count >= 1 && count <= signature_total)) ||
    die "IMBREX_BENCH_COUNTS: $count is not a count from 1 to $signature_total"
done
for corpus in $corpora; do
  [[ "$corpus" =~ ^(random|real|small)$ ]] || die "IMBREX_BENCH_CORPORA: no corpus '$corpus' (random real small)"
done

# ---------------------------------------------------------------------------------------------------------
# Tools

# YARA is required; Hyperscan is optional (its column is skipped with a note when it cannot be had).
hs_bin=""
hs_note=""
install_tools() {
  local packages=()
  command -v yara >/dev/null || packages+=(yara)
  if [[ "$hyperscan" != 0 && ! -f /usr/include/hs/hs.h ]]; then packages+=(libhyperscan-dev); fi
  ((${#packages[@]})) || return 0
  log "installing ${packages[*]} (log: $work/apt.log)"
  apt-get update -qq >"$work/apt.log" 2>&1 || die "apt-get update failed; see $work/apt.log"
  if ! command -v yara >/dev/null; then
    apt-get install -y -qq yara >>"$work/apt.log" 2>&1 || die "cannot install yara; see $work/apt.log"
  fi
  if [[ "$hyperscan" != 0 && ! -f /usr/include/hs/hs.h ]]; then
    apt-get install -y -qq libhyperscan-dev >>"$work/apt.log" 2>&1 || hs_note="libhyperscan-dev did not install"
  fi
}

# hs-scan is built under the work dir, never in the repo, and again only when its source changed.
build_hs_scan() {
  [[ "$hyperscan" == 0 ]] && { hs_note="skipped (IMBREX_BENCH_HYPERSCAN=0)"; return 0; }
  [[ -n "$hs_note" ]] && return 0
  local source="$root/bench/c/hs-scan.c" binary="$work/build/hs-scan"
  mkdir -p "$work/build"
  if [[ ! -x "$binary" || "$source" -nt "$binary" ]]; then
    if ! gcc -O2 -o "$binary" "$source" -I/usr/include/hs -lhs >"$work/build/hs-scan.log" 2>&1; then
      hs_note="hs-scan did not build (see $work/build/hs-scan.log)"
      return 0
    fi
  fi
  hs_bin="$binary"
}

# The flock: other Maven builds (another checkout) may run on this machine at the same time.
build_imbrex() {
  log "building imbrex"
  mkdir -p "$work/build"
  (cd "$root" && flock /tmp/imbrex-build.lock mvn -B -q -DskipTests package -pl jobs -am) \
    >"$work/build/mvn.log" 2>&1 ||
    die "the build failed; see $work/build/mvn.log"
  # bin/imbrex would run mvn itself, without the lock, if it still found sources newer than the jar.
  local jar
  jar="$(ls "$root"/jobs/target/imbrex-jobs-*.jar | grep -v -e '-sources' -e 'original-' | head -n 1)"
  if [[ -n "$(find "$root/pom.xml" "$root/kernels" "$root/io" "$root/jobs/pom.xml" "$root/jobs/src" \
      \( -name '*.java' -o -name 'pom.xml' -o -path '*/src/main/resources/*' \) -newer "$jar" -print -quit)" ]]
  then
    die "sources are newer than $jar after the build (edited meanwhile?); run again"
  fi
  # bin/imbrex's first Spark run after a build writes its class-data archive at exit (README, quick start);
  # an untimed search of one small file makes that run here, so every timed run starts alike.
  log "warming up bin/imbrex (class-data archive)"
  mkdir -p "$work/build/warm-up"
  head -c 65536 /dev/urandom >"$work/build/warm-up/data.bin"
  printf 'warm_up = 4D 5A ?? 00 50 45\n' >"$work/build/warm-up/signatures.txt"
  "$root/bin/imbrex" search --signatures "$work/build/warm-up/signatures.txt" --input "$work/build/warm-up/data.bin" \
    --output "$work/build/warm-up/out" --overwrite --show 0 >"$work/build/warm-up.log" 2>&1 ||
    die "the warm-up search failed; see $work/build/warm-up.log"
}

# ---------------------------------------------------------------------------------------------------------
# Corpora and signatures. Each corpus dir holds only its data files (imbrex and YARA scan it whole); what
# describes it lives beside it in $work: NAME.txt and NAME.yar (signatures), NAME.params (written last: the
# corpus is complete and was made with these parameters).

# "path<TAB>size" of every file of a corpus, sorted by path.
list_files() { find "$1" -type f -printf '%p\t%s\n' | sort; }

# Reads list_files lines; writes $signature_total random signatures (sig_000 = ...) to the file `sigs` and,
# to `plant`, where each goes ("path<TAB>offset<TAB>bytes as \xNN", wildcards filled with random bytes).
# Signature s goes to file s % n, or to distinct files when there are at least as many files as signatures.
# The first signature planted in a file sits at its first offset (s % 4 == 0) or its last (s % 4 == 1), so
# that tile and file edges are tested, the others anywhere.
random_signatures_awk='
  BEGIN { FS = "\t"; n = 0 }
  { path[n] = $1; size[n] = $2; n++ }
  END {
    srand(seed)
    for (s = 0; s < count; s++) {
      len = 8 + int(rand() * 25); hex = ""; bytes = ""
      for (i = 0; i < len; i++) {
        wild = i > 0 && i < len - 1 && rand() < 0.1
        value = rand() < 0.05 ? 0 : int(rand() * 256)
        hex = hex (i ? " " : "") (wild ? "??" : sprintf("%02X", value))
        bytes = bytes sprintf("\\x%02x", wild ? int(rand() * 256) : value)
      }
      f = n >= count ? int(s * n / count) : s % n
      edge = used[f]++ == 0 ? s % 4 : 2
      offset = edge == 0 ? 0 : edge == 1 ? size[f] - len : int(rand() * (size[f] - len + 1))
      printf "sig_%03d = %s\n", s, hex > sigs
      printf "%s\t%d\t%s\n", path[f], offset, bytes > plant
    }
  }'

# Random signatures for the corpus in dir $2, planted into it.
plant_random_signatures() {
  local name=$1 dir=$2 seed=$3 path offset bytes
  list_files "$dir" | awk -v seed="$seed" -v count="$signature_total" -v sigs="$work/$name.txt" \
    -v plant="$work/$name.plant" "$random_signatures_awk"
  while IFS=$'\t' read -r path offset bytes; do
    printf '%b' "$bytes" | dd of="$path" bs=1 seek="$offset" conv=notrunc status=none
  done <"$work/$name.plant"
}

make_random() {
  local dir=$1
  log "writing random: $random_files × $random_mib MiB to $dir"
  for ((f = 0; f < random_files; f++)); do
    head -c "$((random_mib << 20))" /dev/urandom >"$dir/image-$f.bin"
  done
  plant_random_signatures random "$dir" 20261201
}

make_small() {
  local dir=$1 rel size
  log "writing small: $small_files files of 1-8 KiB to $dir"
  # Sizes from a fixed seed, any byte count (not only whole words) from 1024 to 8192.
  awk -v seed=20261202 -v n="$small_files" 'BEGIN {
    srand(seed)
    for (i = 0; i < n; i++) printf "%03d/f-%05d.bin\t%d\n", int(i / 1000), i, 1024 + int(rand() * 7169)
  }' >"$work/small.sizes"
  cut -f1 "$work/small.sizes" | sed 's,/.*,,' | sort -u | sed "s,^,$dir/," | xargs mkdir -p
  while IFS=$'\t' read -r rel size; do
    head -c "$size" /dev/urandom >"$dir/$rel"
  done <"$work/small.sizes"
  plant_random_signatures small "$dir" 20261202
}

# Copies regular files of /usr/bin and /usr/lib, in path order, skipping any that would overshoot the
# budget, until it is 99% full. Names become NNNNN-basename (safe characters only), so that the paths
# imbrex prints as URIs and those YARA prints compare as they are; real.manifest says where each came from.
make_real() {
  local dir=$1 budget=$((real_mib << 20)) total=0 n=0 record size path base name
  log "copying about $real_mib MiB of /usr/bin and /usr/lib to $dir"
  : >"$work/real.manifest"
  while IFS= read -r -d '' record; do
    size=${record%%$'\t'*}
    path=${record#*$'\t'}
    if ((total + size > budget)); then continue; fi
    base=${path##*/}
    printf -v name '%05d-%s' "$n" "${base//[^A-Za-z0-9._+-]/_}"
    cp -- "$path" "$dir/$name" 2>/dev/null || continue # vanished or unreadable meanwhile
    printf '%s\t%s\t%s\n' "$name" "$size" "$path" >>"$work/real.manifest"
    total=$((total + size))
    n=$((n + 1))
    if ((total * 100 >= budget * 99)); then break; fi
  done < <(find /usr/bin /usr/lib -type f -size +4095c -printf '%s\t%p\0' | sort -z -t $'\t' -k2)
  ((n > 0)) || die "nothing copied from /usr/bin and /usr/lib"
  real_signatures "$dir"
}

# Signatures taken from the real files: substrings of 8-32 bytes at random offsets of random files (fixed
# seed), about one byte in ten then a wildcard (never first or last). A window with fewer than 4 distinct
# fixed byte values (a run of padding such as 00 00 ?? 00 ...) is passed over: it matches almost anywhere,
# YARA stops counting such a string at a million matches per file, and it says nothing about either engine.
real_signatures() {
  local dir=$1 name offset len mask hex k=0
  awk -F'\t' -v seed=20261203 -v tries=$((signature_total * 30)) '
    BEGIN { n = 0 }
    { name[n] = $1; size[n] = $2; n++ }
    END {
      srand(seed)
      for (t = 0; t < tries; t++) {
        f = int(rand() * n); len = 8 + int(rand() * 25); offset = int(rand() * (size[f] - len + 1)); mask = ""
        for (i = 0; i < len; i++) mask = mask (i > 0 && i < len - 1 && rand() < 0.1 ? "?" : "x")
        print name[f], offset, len, mask
      }
    }' "$work/real.manifest" >"$work/real.candidates"
  : >"$work/real.txt"
  : >"$work/real.origin"
  while read -r name offset len mask; do
    hex="$(od -An -v -tx1 -j "$offset" -N "$len" -- "$dir/$name" | awk -v mask="$mask" '
      { for (i = 1; i <= NF; i++) b[n++] = toupper($i) }
      END {
        if (n != length(mask)) exit
        for (i = 0; i < n; i++) {
          wild = substr(mask, i + 1, 1) == "?"
          if (!wild && !(b[i] in seen)) { seen[b[i]] = 1; distinct++ }
          hex = hex (i ? " " : "") (wild ? "??" : b[i])
        }
        if (distinct >= 4) print hex
      }')"
    [[ -n "$hex" ]] || continue
    printf 'sig_%03d = %s\n' "$k" "$hex" >>"$work/real.txt"
    printf 'sig_%03d\t%s\t%s\n' "$k" "$name" "$offset" >>"$work/real.origin"
    k=$((k + 1))
    if ((k == signature_total)); then break; fi
  done <"$work/real.candidates"
  ((k == signature_total)) || die "only $k usable signatures among the real candidates"
}

# The same signatures as YARA rules, one per signature: rule sig_007 { strings: $a = { 4D 5A ?? 90 } ... }
to_yara() {
  awk -F' = ' '{ printf "rule %s { strings: $a = { %s } condition: $a }\n", $1, $2 }' "$1"
}

corpus_params() {
  case $1 in
    random) echo "random v2 files=$random_files mib=$random_mib signatures=$signature_total" ;;
    real) echo "real v2 mib=$real_mib signatures=$signature_total" ;;
    small) echo "small v2 files=$small_files signatures=$signature_total" ;;
  esac
}

# Makes the corpus unless it is complete with the same parameters; then writes its YARA file.
ensure_corpus() {
  local name=$1 dir="$work/corpora/$1" params
  params="$(corpus_params "$name")"
  if [[ -f "$work/$name.params" && "$(cat "$work/$name.params")" == "$params" && -s "$work/$name.txt" ]]; then
    return 0
  fi
  rm -f "$work/$name.params"
  rm -rf "$dir"
  mkdir -p "$dir"
  "make_$name" "$dir"
  to_yara "$work/$name.txt" >"$work/$name.yar"
  echo "$params" >"$work/$name.params"
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

imbrex_search() { # signatures input output format [options...]
  local signatures=$1 input=$2 output=$3 format=$4
  shift 4
  "$root/bin/imbrex" search --signatures "$signatures" --input "$input" --output "$output" --overwrite \
    --show 0 --format "$format" "$@" ${extra[@]+"${extra[@]}"}
}

# From imbrex's summary line, as SearchSummary prints it:
#   imbrex search: 8 files, 1.0 GiB, 16 signatures: 16 matches in 12.3 s (83.2 MiB/s, 1234.5 M byte-differences/s)
# prints "files matches seconds MiB/s" (the rate as printed, converted to MiB/s: it has more digits than
# the seconds).
parse_summary() {
  awk 'index($0, "imbrex search: ") == 1 && $10 == "matches" && $11 == "in" && $13 == "s" {
    rate = $14; sub(/^\(/, "", rate); unit = $15; sub(/\/s,$/, "", unit)
    f = unit == "TiB" ? 1048576 : unit == "GiB" ? 1024 : unit == "MiB" ? 1 : unit == "KiB" ? 1 / 1024 : 1 / 1048576
    printf "%s %s %s %.3f\n", $3, $9, $12, rate * f; found = 1
  }
  END { if (!found) exit 1 }' "$1"
}

# "signature path" pairs of an imbrex csv table (header row in each part; path a file: URI), sorted.
imbrex_pairs() {
  find "$1" -name 'part-*.csv' -exec cat {} + |
    awk -F, '$1 != "signature" { path = $2; sub(/^file:(\/\/)?/, "", path); print $1, path }' | sort -u
}

# Pairs in only one of two sorted files.
differing() { comm -3 "$1" "$2" | wc -l; }

mibs() { awk -v b="$1" -v s="$2" 'BEGIN { printf "%.3f", (s > 0 ? b / 1048576 / s : 0) }'; }

row_format="%-6s %4s %-7s %9s %10s %11s %9s %9s %8s %9s  %s\n"

# One table row from raw figures (MiB/s, or - for none): rates with 3 significant digits, and the ratios
# imbrex job / yara and imbrex wall / yara.
#   print_row corpus count mode matches job_mibs wall_mibs yara_mibs hs_mibs check
print_row() {
  awk -v format="$row_format" -v corpus="$1" -v count="$2" -v mode="$3" -v matches="$4" -v job="$5" \
    -v wall="$6" -v yara="$7" -v hs="$8" -v check="$9" '
    function num(v) {
      if (v == "-" || v == "") return "-"
      v += 0
      return sprintf(v >= 100 ? "%.0f" : v >= 10 ? "%.1f" : v >= 1 ? "%.2f" : "%.3f", v)
    }
    function ratio(a, b) { return a == "-" || b == "-" || b <= 0 ? "-" : num(a / b) }
    BEGIN {
      printf format, corpus, count, mode, matches, num(job), num(wall), num(yara), num(hs), ratio(job, yara),
        ratio(wall, yara), check
    }'
}

# One timed imbrex search of run_case's corpus and signatures (its txt, dir and files); keeps the fastest job
# and wall figures of the rounds in best_job_s, best_job_mibs and best_wall, and the match count, which every
# round must repeat, in best_matches.
#   imbrex_round summary log output format [options...]
imbrex_round() {
  local summary=$1 log=$2
  shift 2
  run_timed "$summary" "$log" imbrex_search "$txt" "$dir" "$@" || die "imbrex failed; see $log"
  local wall=$elapsed seen run_matches run_job_s run_job_mibs
  read -r seen run_matches run_job_s run_job_mibs < <(parse_summary "$summary") || die "no summary line in $summary"
  ((seen == files)) || log "warning: imbrex saw $seen files in $dir, the corpus has $files"
  [[ -z "$best_matches" || "$best_matches" == "$run_matches" ]] ||
    die "imbrex found $run_matches matches in one run, $best_matches in another (see $log)"
  best_matches=$run_matches
  if [[ -z "$best_job_s" ]] || awk -v a="$run_job_mibs" -v b="$best_job_mibs" 'BEGIN { exit !(a > b) }'; then
    best_job_s=$run_job_s
    best_job_mibs=$run_job_mibs
  fi
  best_wall="$(awk -v a="$wall" -v b="$best_wall" 'BEGIN { print (b == "" || a < b ? a : b) }')"
}

# One corpus × count: the exact imbrex run, its csv twin for the check, YARA, Hyperscan, the fuzzy run.
run_case() {
  local corpus=$1 count=$2 files=$3 bytes=$4
  local dir="$work/corpora/$corpus" run="$work/runs/$corpus-$count"
  local txt="$run/signatures.txt" yar="$run/signatures.yar"
  rm -rf "$run"
  mkdir -p "$run"
  head -n "$count" "$work/$corpus.txt" >"$txt"
  to_yara "$txt" >"$yar"

  # Each tool runs `repeat` times, in turns (imbrex, yara, hs-scan, imbrex, ...), and its fastest run counts:
  # a shared machine only ever makes a run slower, never faster.
  local best_wall="" best_job_s="" best_job_mibs="" best_matches="" yara_wall="" hs_s="" round
  for ((round = 1; round <= repeat; round++)); do
    log "$corpus, $count signatures: imbrex exact (run $round of $repeat)"
    imbrex_round "$run/imbrex.summary" "$run/imbrex.log" "$run/imbrex.parquet" parquet

    log "$corpus, $count signatures: yara (run $round of $repeat)"
    run_timed "$run/yara.out" "$run/yara.log" \
      yara -p "$yara_threads" -r -N ${yara_flags[@]+"${yara_flags[@]}"} "$yar" "$dir" ||
      die "yara failed; see $run/yara.log"
    yara_wall="$(awk -v a="$elapsed" -v b="$yara_wall" 'BEGIN { print (b == "" || a < b ? a : b) }')"

    if [[ -n "$hs_bin" ]]; then
      log "$corpus, $count signatures: hs-scan (run $round of $repeat)"
      if run_timed "$run/hs.out" "$run/hs.log" "$hs_bin" "$txt" "$dir"; then
        local run_hs_s
        run_hs_s="$(awk '$1 == "hs-scan:" && $10 == "in" { print $11 }' "$run/hs.log")"
        hs_s="$(awk -v a="$run_hs_s" -v b="$hs_s" 'BEGIN { print (b == "" || a < b ? a : b) }')"
      else
        log "hs-scan failed (see $run/hs.log); no Hyperscan column from here on"
        hs_bin=""
        hs_s=""
        hs_note="hs-scan failed on $corpus (see $run/hs.log)"
      fi
    fi
  done
  local imbrex_wall=$best_wall job_s=$best_job_s job_mibs=$best_job_mibs matches=$best_matches
  local yara_mibs hs_mibs="-"
  yara_mibs="$(mibs "$bytes" "$yara_wall")"
  # "rule path" lines; with -s in IMBREX_BENCH_YARA_FLAGS also "0xOFFSET:$a: bytes" lines, not pairs.
  awk '$1 !~ /^0x[0-9a-f]+:/ { print $1, substr($0, length($1) + 2) }' "$run/yara.out" | sort -u >"$run/yara.pairs"
  if [[ -n "$hs_s" ]]; then
    hs_mibs="$(mibs "$bytes" "$(awk -v s="$hs_s" 'BEGIN { print (s > 0.001 ? s : 0.001) }')")"
    sort -u "$run/hs.out" >"$run/hs.pairs"
  fi

  local verdict="-"
  if [[ "$check" == 1 ]]; then
    log "$corpus, $count signatures: imbrex exact, csv, for the check"
    run_timed "$run/imbrex-csv.summary" "$run/imbrex-csv.log" imbrex_search "$txt" "$dir" "$run/imbrex.csv" csv ||
      die "imbrex failed; see $run/imbrex-csv.log"
    imbrex_pairs "$run/imbrex.csv" >"$run/imbrex.pairs"
    local pairs yara_diff hs_diff=0 csv_matches rows
    # The csv twin must find what the timed run found, and its table must hold one row per match.
    read -r _ csv_matches _ _ < <(parse_summary "$run/imbrex-csv.summary") ||
      die "no summary line in $run/imbrex-csv.summary"
    rows=$(find "$run/imbrex.csv" -name 'part-*.csv' -exec cat {} + | awk -F, '$1 != "signature"' | wc -l)
    pairs=$(wc -l <"$run/imbrex.pairs")
    yara_diff=$(differing "$run/imbrex.pairs" "$run/yara.pairs")
    [[ -f "$run/hs.pairs" ]] && hs_diff=$(differing "$run/imbrex.pairs" "$run/hs.pairs")
    if ((yara_diff == 0 && hs_diff == 0)); then
      verdict="agree ($pairs pairs)"
    elif [[ -f "$run/hs.pairs" ]]; then
      verdict="DIFFER (yara $yara_diff, hyperscan $hs_diff pairs)"
    else
      verdict="DIFFER ($yara_diff pairs)"
    fi
    if ((csv_matches != matches || rows != matches)); then
      verdict="$verdict; MATCHES DIFFER: parquet run $matches, csv run $csv_matches, csv rows $rows"
    fi
    # YARA stops recording a string after a million matches in a file and says so; then it may miss pairs.
    if grep -q 'too many matches' "$run/yara.log"; then verdict="$verdict; yara: too many matches"; fi
  fi

  print_row "$corpus" "$count" exact "$matches" "$job_mibs" "$(mibs "$bytes" "$imbrex_wall")" "$yara_mibs" \
    "$hs_mibs" "$verdict"
  printf '%s\t%s\texact\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$corpus" "$count" "$files" "$bytes" "$matches" \
    "$job_s" "$job_mibs" "$imbrex_wall" "$yara_wall" "$hs_mibs" "$verdict" >>"$work/results.tsv"

  if [[ "$max_sad" != 0 ]]; then
    best_wall="" best_job_s="" best_job_mibs="" best_matches=""
    for ((round = 1; round <= repeat; round++)); do
      log "$corpus, $count signatures: imbrex --max-sad $max_sad (run $round of $repeat)"
      imbrex_round "$run/fuzzy.summary" "$run/fuzzy.log" "$run/fuzzy.parquet" parquet --max-sad "$max_sad"
    done
    print_row "$corpus" "$count" "sad<=$max_sad" "$best_matches" "$best_job_mibs" "$(mibs "$bytes" "$best_wall")" \
      "$yara_mibs" - -
    printf '%s\t%s\tsad<=%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t-\t-\n' "$corpus" "$count" "$max_sad" "$files" "$bytes" \
      "$best_matches" "$best_job_s" "$best_job_mibs" "$best_wall" "$yara_wall" >>"$work/results.tsv"
  fi
}

print_header() {
  local model flags hs_version
  model="$(lscpu | sed -n 's/^Model name: *//p' | head -n 1)"
  flags="$(grep -m1 '^flags' /proc/cpuinfo | tr ' ' '\n' | grep -E '^avx(2|512.*)$' | sort | paste -sd ' ' || true)"
  echo "search-bench: imbrex search against YARA, $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "  cpu:       $model, $(nproc) cores online, vector: ${flags:-none}"
  echo "  load:      $(cut -d' ' -f1-3 /proc/loadavg) (1, 5, 15 min; the machine may be shared)"
  echo "  jvm:       $("${JAVA_HOME:+$JAVA_HOME/bin/}java" -version 2>&1 | sed -n '1p;$p' | paste -sd ' ')"
  echo "  yara:      $(yara --version), yara -p $yara_threads -r -N${yara_flags[*]:+ ${yara_flags[*]}}"
  if [[ -n "$hs_bin" ]]; then
    hs_version="$(dpkg-query -W -f='${Version}' libhyperscan-dev 2>/dev/null || echo '?')"
    echo "  hyperscan: $hs_version, bench/c/hs-scan.c, 1 thread, block mode"
  else
    echo "  hyperscan: none: $hs_note"
  fi
  echo "  imbrex:    bin/imbrex search --format parquet --show 0${extra[*]:+ ${extra[*]}}"
  echo
  # shellcheck disable=SC2059
  printf "$row_format" corpus sigs mode matches "imbrex job" "imbrex wall" yara hyperscan job/yara wall/yara check
  # shellcheck disable=SC2059
  printf "$row_format" "" "" "" "" MiB/s MiB/s MiB/s MiB/s "" "" ""
}

print_footer() {
  local fuzzy=""
  if [[ "$max_sad" != 0 ]]; then
    fuzzy="sad<=$max_sad rows hold imbrex's
  fuzzy search (--max-sad $max_sad: every offset scoring at most $max_sad) against YARA's exact run of the same
  signatures (YARA has no fuzzy mode)."
  fi
  cat <<EOF

matches: offsets imbrex reported.
Every figure is the fastest of $repeat runs of its command, the tools taking turns (IMBREX_BENCH_REPEAT).
imbrex job: corpus bytes / the job time imbrex's summary prints (its checks and Spark jobs, without the JVM
  and the Spark session starting); imbrex wall: corpus bytes / wall time of the whole bin/imbrex command.
yara: corpus bytes / wall time of the yara command above (compiling the rules, finding every match of every
  string unless -f, printing each matching rule per file).
hyperscan: corpus bytes / the time hs-scan prints for mapping and scanning the files on 1 thread (compiling
  excluded), one report per pattern per file.
job/yara, wall/yara: imbrex's MiB/s over YARA's; above 1 imbrex is faster.${fuzzy:+ $fuzzy}
check (exact rows): the (signature, file) pairs of imbrex's table, from a second, untimed --format csv run,
  against YARA's (rule, file) pairs and hs-scan's: "agree (P pairs)" or "DIFFER (n pairs)", n the pairs in
  one set only; "MATCHES DIFFER" if the csv run's match count or its table's rows are not the timed run's.
MiB = 2^20 bytes. Load average at the end: $(cut -d' ' -f1-3 /proc/loadavg).
Raw figures: $work/results.tsv; pair lists and logs: $work/runs/CORPUS-COUNT/.
EOF
}

main() {
  install_tools
  build_hs_scan
  build_imbrex
  # Corpora after the installs: real copies /usr/lib, which they add to.
  for corpus in $corpora; do ensure_corpus "$corpus"; done
  printf '%s\t' corpus signatures mode files bytes matches imbrex_job_s imbrex_job_mibs imbrex_wall_s yara_wall_s \
    hyperscan_mibs >"$work/results.tsv"
  echo check >>"$work/results.tsv"
  print_header
  local corpus files bytes
  for corpus in $corpora; do
    read -r files bytes < <(list_files "$work/corpora/$corpus" |
      awk -F'\t' '{ n++; b += $2 } END { printf "%d %d\n", n, b }')
    echo "# $corpus: $files files, $(awk -v b="$bytes" 'BEGIN { printf "%.1f", b / 1048576 }') MiB"
    # Read every file once first, so that no engine pays for the disk and all read from the page cache.
    find "$work/corpora/$corpus" -type f -exec cat {} + >/dev/null
    for count in $counts; do run_case "$corpus" "$count" "$files" "$bytes"; done
  done
  print_footer
}

main
