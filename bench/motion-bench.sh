#!/usr/bin/env bash
# Frames per second of `imbrex motion` (Spark local mode on this machine) next to FFmpeg's
# `mestimate=method=esa` on the same clip, in the same run: 1280x720 and 1920x1080 luma, B = 16, R = 7 and 16.
#
#   bench/motion-bench.sh
#   FRAMES=100 FFMPEG_FRAMES=6 MASTERS='local[*] local[1]' bench/motion-bench.sh      (the defaults)
#
# The clip: a noise texture (luma 16..235) panned by (3, 2) pixels per frame, 8-bit 4:2:0 Y4M, made by
# FFmpeg. Every block moves, so neither program can skip one (FFmpeg's ESA returns at once when a block's
# zero vector has SAD 0, so on still content FFmpeg gets faster and imbrex does not).
#
# Counting fairly: imbrex searches each frame n against n-1 once; a file of N frames is N-1 searches.
# mestimate searches each frame against n-1 AND n+1, outputs N-1 frames, and frame 0's search against
# itself stops at once: 2N-3 full searches. Both are compared as full searches (one frame, one direction)
# per second of wall time. imbrex's time is the job's own (index + search + write of the Parquet table),
# without Spark's start-up; FFmpeg's is -benchmark's rtime for the whole run (reading the clip included).
# FFmpeg runs the filter on one thread; imbrex runs on every core Spark's master gives it (local[*]), and on
# one (local[1]) for the per-core ratio. FFmpeg is slow enough that it gets the first FFMPEG_FRAMES frames
# of the same clip (checked byte for byte), which costs it as much per search as the whole clip would.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
frames="${FRAMES:-100}"
ffmpeg_frames="${FFMPEG_FRAMES:-6}"
masters="${MASTERS:-local[*] local[1]}"
work="$root/bench/target/motion-bench"
mkdir -p "$work"

if ! command -v ffmpeg >/dev/null; then
  echo "motion-bench: installing Debian's ffmpeg" >&2
  apt-get update -qq && apt-get install -y -qq ffmpeg >/dev/null
fi
(cd "$root" && flock /tmp/imbrex-build.lock mvn -B -q -DskipTests package -pl jobs -am)

# clip WIDTH HEIGHT COUNT FILE: the panned texture, COUNT frames
clip() {
  local width=$1 height=$2 count=$3 file=$4
  local tex="$work/texture-${width}x${height}-$frames.png"
  if [[ ! -f "$tex" ]]; then
    ffmpeg -hide_banner -nostdin -loglevel error -y -f lavfi \
      -i "nullsrc=s=$((width + 3 * frames + 8))x$((height + 2 * frames + 8)),geq=lum='16+random(1)*219':cb=128:cr=128" \
      -frames:v 1 "$tex"
  fi
  ffmpeg -hide_banner -nostdin -loglevel error -y -loop 1 -i "$tex" \
    -vf "crop=${width}:${height}:x='3*n':y='2*n',format=yuv420p" -frames:v "$count" "$file"
}

results="$work/results.txt"
: >"$results"
echo "motion-bench: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg), $(ffmpeg -version | head -n 1)" \
  | tee -a "$results"
for size in 1280x720 1920x1080; do
  width=${size%x*}
  height=${size#*x}
  video="$work/pan-$size-$frames.y4m"
  short="$work/pan-$size-$ffmpeg_frames.y4m"
  [[ -f "$video" ]] || clip "$width" "$height" "$frames" "$video"
  [[ -f "$short" ]] || clip "$width" "$height" "$ffmpeg_frames" "$short"
  cmp -s -n "$(stat -c %s "$short")" "$short" "$video" || { echo "motion-bench: $short is not a prefix of $video" >&2; exit 1; }
  for range in 7 16; do
    for master in $masters; do
      log="$work/imbrex-$size-r$range-${master//[^a-z0-9]/}.log"
      "$root/bin/imbrex" --conf spark.ui.showConsoleProgress=false motion --input "$video" \
        --output "$work/table-$size-r$range" --overwrite --block 16 --range "$range" --master "$master" >"$log" 2>&1
      # "imbrex motion: 1 file, 39 frames, ... in 18.3 s: ..."   "  phases: index 0.8 s, match 12.3 s, ..."
      searched=$(sed -n 's/^imbrex motion: [0-9]* files*, \([0-9]*\) frames.*/\1/p' "$log")
      job_s=$(sed -n 's/^imbrex motion: .* in \([0-9.]*\) s:.*/\1/p' "$log")
      match_s=$(sed -n 's/^  phases: .*match \([0-9.]*\) s,.*/\1/p' "$log")
      echo "imbrex $size R=$range $master frames=$searched job_s=$job_s match_s=$match_s" >>"$results"
    done
    bench=$(ffmpeg -hide_banner -nostdin -benchmark -i "$short" \
      -vf "mestimate=method=esa:mb_size=16:search_param=$range" -f null - 2>&1 | grep 'bench: utime')
    rtime=$(sed -n 's/.*rtime=\([0-9.]*\)s.*/\1/p' <<<"$bench")
    echo "ffmpeg $size R=$range frames=$ffmpeg_frames searches=$((2 * ffmpeg_frames - 3)) rtime_s=$rtime" >>"$results"
  done
done

echo
echo "imbrex motion vs ffmpeg mestimate=method=esa, B = 16 (full searches per second; ratio = imbrex / ffmpeg)"
awk '
  /^imbrex / {
    split($5, f, "="); split($6, j, "="); split($7, m, "=")
    key = $2 " " $3
    masters[key] = masters[key] " " $4
    job[key, $4] = f[2] / j[2]; search[key, $4] = f[2] / m[2]; keys[key] = 1
  }
  /^ffmpeg / {
    split($5, s, "="); split($6, t, "=")
    ff[$2 " " $3] = s[2] / t[2]
  }
  END {
    printf "%-10s %-5s %-9s %14s %16s %16s %8s\n", "size", "R", "master", "imbrex job/s", "imbrex search/s",
      "ffmpeg search/s", "ratio"
    n = split("1280x720 R=7|1280x720 R=16|1920x1080 R=7|1920x1080 R=16", order, "|")
    for (i = 1; i <= n; i++) {
      key = order[i]
      if (!(key in keys)) continue
      split(key, parts, " ")
      c = split(substr(masters[key], 2), list, " ")
      for (k = 1; k <= c; k++) {
        printf "%-10s %-5s %-9s %14.2f %16.2f %16.3f %7.1fx\n", parts[1], substr(parts[2], 3), list[k],
          job[key, list[k]], search[key, list[k]], ff[key], job[key, list[k]] / ff[key]
      }
    }
  }' "$results"
echo "(raw figures and logs: $work)"
