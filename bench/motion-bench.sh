#!/usr/bin/env bash
# Frames per second of `imbrex motion` (Spark local mode on this machine) next to an exhaustive search in C
# with AVX2 vmpsadbw (bench/c/motion-esa.c, built here with Debian's gcc -O3 -march=native, one thread) and
# FFmpeg's `mestimate=method=esa`, on the same clips, in the same run: 1280x720 and 1920x1080 luma, B = 16,
# R = 7 and 16. The C search's vectors are checked equal to imbrex's, block for block.
#
#   bench/motion-bench.sh
#   FRAMES=100 FFMPEG_FRAMES=6 MASTERS='local[*] local[1]' CLIPS='noisy pan' SIZES='1280x720 1920x1080' \
#     bench/motion-bench.sh                                                                   (the defaults)
#
# The clips: a noise texture (luma 16..235) panned by (3, 2) pixels per frame, 8-bit 4:2:0 Y4M, made by
# FFmpeg; "noisy" adds temporal noise to every frame's luma (FFmpeg's noise filter, strength 6), so that no
# block matches with SAD 0, as in real video. Every block moves, so no program can skip one (FFmpeg's ESA
# returns at once when a block's zero vector has SAD 0, so on still content FFmpeg gets faster).
#
# Counting fairly: imbrex searches each frame n against n-1 once; a file of N frames is N-1 searches.
# mestimate searches each frame against n-1 AND n+1, outputs N-1 frames, and frame 0's search against
# itself stops at once: 2N-3 full searches. Both are compared as full searches (one frame, one direction)
# per second of wall time. imbrex's time is the job's own (index + search + write of the Parquet table),
# without Spark's start-up; FFmpeg's is -benchmark's rtime for the whole run (reading the clip included).
# FFmpeg runs the filter on one thread; imbrex runs on every core Spark's master gives it (local[*]), and on
# one (local[1]) for the per-core ratio. FFmpeg is slow enough that it gets the first FFMPEG_FRAMES frames
# of the same clip (checked byte for byte), which costs it as much per search as the whole clip would. The C
# search's time is its compute time over frame searches 2.. (the first pair also runs its plain loop, which
# checks the AVX2 path).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
frames="${FRAMES:-100}"
ffmpeg_frames="${FFMPEG_FRAMES:-6}"
masters="${MASTERS:-local[*] local[1]}"
clips="${CLIPS:-noisy pan}"
sizes="${SIZES:-1280x720 1920x1080}"
work="$root/bench/target/motion-bench"
mkdir -p "$work"

if ! command -v ffmpeg >/dev/null; then
  echo "motion-bench: installing Debian's ffmpeg" >&2
  apt-get update -qq && apt-get install -y -qq ffmpeg >/dev/null
fi
(cd "$root" && flock /tmp/imbrex-build.lock mvn -B -q -DskipTests package -pl jobs -am)
esa="$work/motion-esa"
gcc -O3 -march=native -o "$esa" "$root/bench/c/motion-esa.c"

# clip KIND WIDTH HEIGHT COUNT FILE: the panned texture, COUNT frames, with temporal noise if KIND is noisy
clip() {
  local kind=$1 width=$2 height=$3 count=$4 file=$5
  local tex="$work/texture-${width}x${height}-$frames.png"
  local noise=""
  [[ "$kind" == noisy ]] && noise=",noise=c0s=6:c0f=t"
  if [[ ! -f "$tex" ]]; then
    ffmpeg -hide_banner -nostdin -loglevel error -y -f lavfi \
      -i "nullsrc=s=$((width + 3 * frames + 8))x$((height + 2 * frames + 8)),geq=lum='16+random(1)*219':cb=128:cr=128" \
      -frames:v 1 "$tex"
  fi
  ffmpeg -hide_banner -nostdin -loglevel error -y -loop 1 -i "$tex" \
    -vf "crop=${width}:${height}:x='3*n':y='2*n',format=yuv420p$noise" -frames:v "$count" "$file"
}

results="$work/results.txt"
: >"$results"
cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)
vector=$(grep -m 1 -o -w -E 'avx2|avx512f|avx512bw|avx512vl|avx512_vnni' /proc/cpuinfo | sort -u | tr '\n' ' ')
echo "motion-bench: $cpu (${vector% }), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg), $(ffmpeg -version | head -n 1)" \
  | tee -a "$results"
warmed=""
for kind in $clips; do
for size in $sizes; do
  width=${size%x*}
  height=${size#*x}
  video="$work/$kind-$size-$frames.y4m"
  short="$work/$kind-$size-$ffmpeg_frames.y4m"
  [[ -f "$video" ]] || clip "$kind" "$width" "$height" "$frames" "$video"
  [[ -f "$short" ]] || clip "$kind" "$width" "$height" "$ffmpeg_frames" "$short"
  if [[ "$kind" == pan ]]; then
    cmp -s -n "$(stat -c %s "$short")" "$short" "$video" || { echo "motion-bench: $short is not a prefix of $video" >&2; exit 1; }
  fi
  if [[ -z "$warmed" ]]; then
    # one untimed run first: the build's first run of bin/imbrex writes its class-data archive
    "$root/bin/imbrex" --conf spark.ui.showConsoleProgress=false motion --input "$short" \
      --output "$work/warm-up" --overwrite >/dev/null 2>&1
    warmed=yes
  fi
  for range in 7 16; do
    for master in $masters; do
      log="$work/imbrex-$kind-$size-r$range-${master//[^a-z0-9]/}.log"
      "$root/bin/imbrex" --conf spark.ui.showConsoleProgress=false motion --input "$video" \
        --output "$work/table-$kind-$size-r$range" --overwrite --block 16 --range "$range" --master "$master" >"$log" 2>&1
      # "imbrex motion: 1 file, 39 frames, ... in 18.3 s: ..."   "  phases: index 0.8 s, match 12.3 s (tasks: ..."
      searched=$(sed -n 's/^imbrex motion: [0-9]* files*, \([0-9]*\) frames.*/\1/p' "$log")
      job_s=$(sed -n 's/^imbrex motion: .* in \([0-9.]*\) s:.*/\1/p' "$log")
      match_s=$(sed -n 's/^  phases: .*match \([0-9.]*\) s.*/\1/p' "$log")
      write_pct=$(sed -n 's/^  phases: .*searching, \([0-9]*\)% writing.*/\1/p' "$log")
      echo "imbrex $kind $size R=$range $master frames=$searched job_s=$job_s match_s=$match_s write_pct=$write_pct" >>"$results"
    done
    # the C search: timed on the whole clip, its vectors checked against imbrex's CSV table of the short clip
    "$esa" "$video" 16 "$range" 2>"$work/esa.log" >/dev/null
    c_rate=$(sed -n 's/.*: \([0-9.]*\) searches\/s/\1/p' "$work/esa.log")
    "$esa" "$short" 16 "$range" 2>/dev/null | tail -n +2 >"$work/esa-vectors.csv"
    "$root/bin/imbrex" --conf spark.ui.showConsoleProgress=false motion --input "$short" --format csv \
      --output "$work/check-$kind-$size-r$range" --overwrite --block 16 --range "$range" >/dev/null 2>&1
    for part in "$work/check-$kind-$size-r$range"/part-*.csv; do tail -n +2 "$part"; done | cut -d, -f2- >"$work/imbrex-vectors.csv"
    if ! cmp -s "$work/esa-vectors.csv" "$work/imbrex-vectors.csv"; then
      echo "motion-bench: imbrex's and the C search's vectors differ ($kind $size R=$range); see $work" >&2
      exit 1
    fi
    echo "c $kind $size R=$range rate=$c_rate checked=$(wc -l <"$work/esa-vectors.csv")" >>"$results"
    bench=$(ffmpeg -hide_banner -nostdin -benchmark -i "$short" \
      -vf "mestimate=method=esa:mb_size=16:search_param=$range" -f null - 2>&1 | grep 'bench: utime')
    rtime=$(sed -n 's/.*rtime=\([0-9.]*\)s.*/\1/p' <<<"$bench")
    echo "ffmpeg $kind $size R=$range frames=$ffmpeg_frames searches=$((2 * ffmpeg_frames - 3)) rtime_s=$rtime" >>"$results"
  done
done
done

echo
echo "imbrex motion vs C AVX2 exhaustive search (1 thread) and ffmpeg mestimate=method=esa, B = 16"
echo "(full frame searches per second of the whole job; C's and FFmpeg's of their compute; ratios = imbrex / them)"
awk '
  /^imbrex / {
    split($6, f, "="); split($7, j, "="); split($8, m, "="); split($9, w, "=")
    key = $2 " " $3 " " $4
    masters[key] = masters[key] " " $5
    job[key, $5] = f[2] / j[2]; search[key, $5] = f[2] / m[2]; writing[key, $5] = w[2]; keys[key] = 1
  }
  /^c / { split($5, r, "="); c[$2 " " $3 " " $4] = r[2] }
  /^ffmpeg / { split($6, s, "="); split($7, t, "="); ff[$2 " " $3 " " $4] = s[2] / t[2] }
  END {
    printf "%-6s %-10s %-4s %-9s %9s %10s %8s %9s %9s %8s %8s\n", "clip", "size", "R", "master", "job/s", "search/s",
      "write%", "C/s", "ffmpeg/s", "vs C", "vs ff"
    n = split("noisy|pan", kinds, "|")
    split("1280x720 R=7|1280x720 R=16|1920x1080 R=7|1920x1080 R=16", order, "|")
    for (q = 1; q <= n; q++) for (i = 1; i <= 4; i++) {
      key = kinds[q] " " order[i]
      if (!(key in keys)) continue
      split(key, parts, " ")
      k = split(substr(masters[key], 2), list, " ")
      for (x = 1; x <= k; x++) {
        printf "%-6s %-10s %-4s %-9s %9.2f %10.2f %7s%% %9.1f %9.3f %7.2fx %7.1fx\n", parts[1], parts[2], substr(parts[3], 3),
          list[x], job[key, list[x]], search[key, list[x]], writing[key, list[x]], c[key], ff[key],
          job[key, list[x]] / c[key], job[key, list[x]] / ff[key]
      }
    }
  }' "$results"
echo "(raw figures and logs: $work)"
