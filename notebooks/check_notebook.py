#!/usr/bin/env python3
"""Checks an executed imbrex-analysis notebook against the tables it was run on.

The notebook stores, next to each figure's PNG, the numbers the figure draws (bars, points, arrows,
lines, heat-map cells, read back from matplotlib's artists) and the rows of each table it shows. This
script reads the same tables from their CSV export with the standard library only, computes every figure's
numbers itself, and compares. It also checks that every code cell ran without an error and that every plot
has a title and axis labels with units.

    /usr/bin/python3 notebooks/check_notebook.py EXECUTED.ipynb --search SEARCH_CSV_DIR --motion MOTION_CSV_DIR \
        [--rules RULES_OUTPUT_DIR]
    /usr/bin/python3 notebooks/check_notebook.py ... --self-test    # also proves that wrong numbers fail

SEARCH_CSV_DIR and MOTION_CSV_DIR are CSV tables as imbrex writes them (`--format csv`, or the `-csv`
copy `imbrex demo` writes), or the Parquet table's folder when its `-csv` copy sits next to it.
Exit status: 0 when every check passes, 1 otherwise.
"""
import argparse
import base64
import copy
import csv
import json
import math
import re
import statistics
import sys
from collections import Counter, defaultdict
from pathlib import Path

FIGURE_DATA = "application/vnd.imbrex.figure+json"
TABLE_DATA = "application/vnd.imbrex.table+json"
UNIT = re.compile(r"\(.+\)")
SEARCH_TYPES = {"signature": str, "path": str, "offset": int, "length": int, "sad": int}
RULES_TYPES = {"source": str, "rule": str, "tags": str, "path": str}
SKIPPED_TYPES = {"source": str, "rule": str, "line": int, "reason": str}
SKIP_DETAIL = re.compile(r"^string \$\w*: | \(line \d+, column \d+\)$")


def skip_kind(reason):
    """A skip reason as imbrex's summary counts it (RuleSearchSummary.kind)."""
    kind = SKIP_DETAIL.sub("", reason)
    if kind.startswith("refers to skipped rule "):
        return "refers to a skipped rule"
    if kind.startswith("global rule "):
        return "its namespace's global rule is skipped"
    return kind
MOTION_TYPES = {"path": str, "frame": int, "block_x": int, "block_y": int, "dx": int, "dy": int, "sad": int}


class Check:
    """Collects failures under the name of the figure or table being checked."""

    def __init__(self):
        self.failures = []
        self.passed = []

    def that(self, name, condition, message):
        if not condition:
            self.failures.append((name, message))
        return condition

    def equal(self, name, actual, expected, what):
        if actual != expected:
            self.failures.append((name, f"{what}: notebook shows {_brief(actual)}, the table gives {_brief(expected)}"))
            return False
        return True

    def close(self, name, actual, expected, what, tolerance=1e-9, absolute=False):
        """actual within tolerance of expected: relative to |expected| (at least 1), or absolute."""
        scale = 1.0 if absolute else max(1.0, abs(expected or 0))
        if actual is None or expected is None or abs(actual - expected) > tolerance * scale:
            self.failures.append((name, f"{what}: notebook shows {actual}, the table gives {expected}"))
            return False
        return True

    def failed(self, name):
        return any(n == name for n, _ in self.failures)

    def done(self, name, summary):
        """Records what was compared, once all of a figure's checks ran; a failed figure is not 'ok'."""
        if not self.failed(name):
            self.passed.append(f"{name}: {summary}")


def _brief(value, limit=400):
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


# ---------------------------------------------------------------- tables, read without pandas

def read_csv_table(location, types):
    folder = Path(location)
    if folder.is_dir() and not any(".csv" in p.name for p in _data_files(folder)):
        folder = folder.with_name(folder.name + "-csv")     # a Parquet table: use the CSV copy beside it
    files = [folder] if folder.is_file() else [p for p in _data_files(folder) if ".csv" in p.name]
    if not files:
        raise SystemExit(f"check_notebook: no CSV part files in {folder}")
    rows = []
    for file in files:
        with open(file, newline="", encoding="utf-8") as handle:
            for row in csv.DictReader(handle):
                rows.append({column: convert(row[column]) for column, convert in types.items()})
    return rows


def _data_files(folder):
    return sorted(p for p in folder.iterdir() if p.is_file() and not p.name.startswith(("_", ".")))


def relative_names(paths):
    """Each path without the longest folder prefix ending in '/' that all of them share."""
    unique = sorted(set(paths))
    shared = unique[0][: unique[0].rfind("/") + 1] if unique else ""
    for path in unique:
        while not path.startswith(shared):
            shared = shared[: shared[:-1].rfind("/") + 1]
    return {path: path[len(shared):] for path in unique}


def quantile(values, q):
    """Linear interpolation between closest ranks (pandas' and numpy's default)."""
    ordered = sorted(values)
    position = q * (len(ordered) - 1)
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


# ---------------------------------------------------------------- the executed notebook

class Outputs:
    def __init__(self, path):
        self.notebook = json.loads(Path(path).read_text(encoding="utf-8"))
        self.figures, self.tables, self.streams, self.errors, self.unrun = {}, {}, [], [], 0
        for cell in self.notebook["cells"]:
            if cell["cell_type"] != "code":
                continue
            if cell.get("execution_count") is None and cell["source"]:
                self.unrun += 1
            for output in cell.get("outputs", []):
                kind = output["output_type"]
                if kind == "error":
                    self.errors.append(f"{output['ename']}: {output['evalue']}")
                elif kind == "stream":
                    self.streams.append("".join(output["text"]))
                elif kind in ("display_data", "execute_result"):
                    data = output["data"]
                    if FIGURE_DATA in data:
                        self.figures[data[FIGURE_DATA]["name"]] = (data[FIGURE_DATA], data.get("image/png"))
                    if TABLE_DATA in data:
                        self.tables[data[TABLE_DATA]["name"]] = data[TABLE_DATA]

    def table(self, name):
        table = self.tables.get(name)
        return None if table is None else [dict(zip(table["columns"], row)) for row in table["rows"]]


def main_axes(figure):
    return [ax for ax in figure["axes"] if ax["label"] != "<colorbar>"]


def check_figure_basics(check, outputs, name):
    """The figure exists, has a PNG, and every axes has a title and labelled axes with units."""
    if not check.that(name, name in outputs.figures, "figure missing from the notebook's outputs"):
        return None
    figure, png = outputs.figures[name]
    check.that(name, png is not None and base64.b64decode(png)[:8] == b"\x89PNG\r\n\x1a\n", "no PNG image")
    for ax in figure["axes"]:
        if ax["label"] == "<colorbar>":
            check.that(name, UNIT.search(ax["ylabel"] or ax["xlabel"]), "colour bar without a label and unit")
            continue
        check.that(name, ax["title"].strip(), "plot without a title")
        for axis in ("xlabel", "ylabel"):
            check.that(name, UNIT.search(ax[axis]), f"{axis} {ax[axis]!r} has no unit in parentheses")
    return main_axes(figure)[0]


def tick_label(ticks, position):
    """The label of the tick nearest to position, if it is within half a category."""
    best = min(ticks, key=lambda tick: abs(tick[0] - position), default=None)
    return best[1] if best is not None and abs(best[0] - position) < 0.5 else None


# ---------------------------------------------------------------- search

def check_counts(check, outputs, name, keys_by_row):
    """Stacked exact/near bars against counts per key; bars shown must be the keys with most matches."""
    ax = check_figure_basics(check, outputs, name)
    if ax is None:
        return
    expected = defaultdict(lambda: {"exact": 0, "near": 0})
    for key, kind in keys_by_row:
        expected[key][kind] += 1
    shown = defaultdict(dict)
    for container in ax["bars"]:
        kind = container["label"].split()[0]
        for x, y, width, height in container["rects"]:
            label = tick_label(ax["yticks"], y + height / 2)
            shown[label][kind] = shown[label].get(kind, 0) + width
    check.that(name, set(k for bar in shown.values() for k in bar) <= {"exact", "near"}, "unknown bar series")
    for label, bar in shown.items():
        if check.that(name, label in expected, f"bar {label!r} is not in the table"):
            check.equal(name, {"exact": bar.get("exact"), "near": bar.get("near")}, expected[label],
                        f"matches of {label}")
    hidden = [sum(counts.values()) for key, counts in expected.items() if key not in shown]
    smallest_shown = min((sum(expected[k].values()) for k in shown if k in expected), default=0)
    check.that(name, shown and all(total <= smallest_shown for total in hidden),
               f"{len(hidden)} keys not shown, some with more matches than a shown one")
    check.done(name, f"{len(shown)} bars, {sum(sum(b.values()) for b in shown.values()):g} matches")


def check_bar_counts(check, outputs, name, keys):
    """One bar per key with its count; the bars shown must be the keys with the largest counts."""
    expected = Counter(keys)
    if not expected:
        check.that(name, name not in outputs.figures, "a figure drawn for an empty table")
        check.done(name, "nothing to count, no figure")
        return
    ax = check_figure_basics(check, outputs, name)
    if ax is None:
        return
    shown = {}
    for container in ax["bars"]:
        for x, y, width, height in container["rects"]:
            label = tick_label(ax["yticks"], y + height / 2)
            shown[label] = shown.get(label, 0) + width
    for label, width in shown.items():
        if check.that(name, label in expected, f"bar {label!r} is not in the table"):
            check.equal(name, width, expected[label], f"count of {label}")
    hidden = [count for key, count in expected.items() if key not in shown]
    smallest_shown = min((expected[k] for k in shown if k in expected), default=0)
    check.that(name, shown and all(count <= smallest_shown for count in hidden),
               f"{len(hidden)} keys not shown, some with a larger count than a shown one")
    check.done(name, f"{len(shown)} bars, {sum(shown.values()):g} counted")


def check_rules(check, outputs, rules, skipped):
    """The rules section: what was read, rules per file, files per rule, skipped rules by reason."""
    for name, table in (("rules", rules), ("skipped", skipped)):
        source = outputs.table("source:" + name)
        if check.that("source:" + name, source, "the notebook did not record what it read"):
            check.equal("source:" + name, source[0]["rows"], len(table), "rows read")
    several = len({r["source"] for r in rules}) > 1
    pairs = {((r["source"][r["source"].rfind("/") + 1:] + ":" if several else "") + r["rule"], r["path"])
             for r in rules}
    names = relative_names(path for _, path in pairs)
    check_bar_counts(check, outputs, "rules-per-file", [names[path] for _, path in pairs])
    check_bar_counts(check, outputs, "files-per-rule", [label for label, _ in pairs])
    check_bar_counts(check, outputs, "skipped-by-reason", [skip_kind(r["reason"]) for r in skipped])


def check_near_sad(check, outputs, rows):
    name = "near-match-sad"
    near = [row["sad"] for row in rows if row["sad"] > 0]
    if not near:
        check.that(name, name not in outputs.figures, "histogram shown for a table without near matches")
        return
    ax = check_figure_basics(check, outputs, name)
    if ax is None:
        return
    rects = [rect for container in ax["bars"] for rect in container["rects"]]
    for x, _, width, height in rects:
        check.equal(name, height, sum(1 for sad in near if x <= sad < x + width), f"near matches in [{x}, {x + width})")
    check.equal(name, sum(rect[3] for rect in rects), len(near), "near matches in all bins")
    check.done(name, f"{len(rects)} bins, {len(near)} near matches")


def check_best_offsets(check, outputs, rows, names):
    name = "best-offsets"
    shown = outputs.table(name)
    if not check.that(name, shown is not None, "table missing from the notebook's outputs"):
        return
    k = max((row["rank"] for row in shown), default=0)
    check.that(name, k >= 1, "no best offsets listed")
    by_signature = defaultdict(list)
    for row in sorted(rows, key=lambda r: (r["signature"], r["sad"], r["path"], r["offset"])):
        by_signature[row["signature"]].append(row)
    expected = [{"signature": s, "rank": rank, "sad": r["sad"], "file": names[r["path"]], "offset": r["offset"],
                 "offset_hex": f"0x{r['offset']:08X}", "length": r["length"]}
                for s in sorted(by_signature) for rank, r in enumerate(by_signature[s][:k], start=1)]
    check.equal(name, shown, expected, f"best {k} offsets per signature")
    check.done(name, f"best {k} of {len(by_signature)} signatures, {len(expected)} rows")


def check_hit_map(check, outputs, rows, names):
    name = "hit-map"
    ax = check_figure_basics(check, outputs, name)
    if ax is None:
        return
    files = [label for _, label in ax["yticks"]]
    shown = set()
    for points in ax["points"]:
        signature, kind = points["gid"].split("\t")
        xy = points["xy"]
        for x, y in zip(xy[0::2], xy[1::2]):
            offset = round(x * 2**20)
            check.that(name, abs(x * 2**20 - offset) < 1e-6, f"x = {x} MiB is not a byte offset")
            shown.add((signature, kind, tick_label(ax["yticks"], y), offset))
    expected = {(r["signature"], "exact" if r["sad"] == 0 else "near", names[r["path"]], r["offset"])
                for r in rows if names[r["path"]] in files}
    check.equal(name, sorted(shown - expected), [], "points not in the table")
    check.equal(name, sorted(expected - shown), [], "matches missing from the map")
    per_file = Counter(names[r["path"]] for r in rows)
    fewest = min((per_file[f] for f in files), default=0)
    check.that(name, files and all(n <= fewest for f, n in per_file.items() if f not in files),
               "a file left out of the map has more matches than one shown")
    check.done(name, f"{len(shown)} points on {len(files)} files")


# ---------------------------------------------------------------- motion

def per_frame_stats(rows):
    frames = defaultdict(list)
    for row in rows:
        frames[row["frame"]].append(row)
    stats = {}
    for frame, blocks in sorted(frames.items()):
        lengths = [math.hypot(b["dx"], b["dy"]) for b in blocks]
        mean_dx = sum(b["dx"] for b in blocks) / len(blocks)
        mean_dy = sum(b["dy"] for b in blocks) / len(blocks)
        stats[frame] = {"blocks": blocks, "lengths": lengths, "mean_sad": sum(b["sad"] for b in blocks) / len(blocks),
                        "median_v": statistics.median(lengths), "p90_v": quantile(lengths, 0.9),
                        "mean_dx": mean_dx, "mean_dy": mean_dy, "common_motion": math.hypot(mean_dx, mean_dy)}
    return stats


def block_size(rows):
    """The step of the block grid: the smallest gap between distinct block_x or block_y values."""
    xs = sorted({r["block_x"] for r in rows})
    ys = sorted({r["block_y"] for r in rows})
    return min([b - a for a, b in zip(xs, xs[1:])] + [b - a for a, b in zip(ys, ys[1:])], default=16)


def check_frame_vectors(check, outputs, rows, stats):
    name = "frame-vectors"
    ax = check_figure_basics(check, outputs, name)
    if ax is None:
        return
    match = re.match(r"Frame (\d+):", ax["title"])
    if not check.that(name, match, f"title {ax['title']!r} does not name the frame"):
        return
    frame = int(match.group(1))
    strongest = max(s["common_motion"] for s in stats.values())
    check.that(name, frame in stats and stats[frame]["common_motion"] >= strongest - 1e-9,
               f"frame {frame} is not the frame with the strongest common motion")
    block = block_size(rows)
    expected = sorted((b["block_x"] + block / 2, b["block_y"] + block / 2, float(b["dx"]), float(b["dy"]))
                      for b in stats.get(frame, {"blocks": []})["blocks"])
    arrows = ax["arrows"][0] if ax["arrows"] else {"X": [], "Y": [], "U": [], "V": []}
    shown = sorted(zip(arrows["X"], arrows["Y"], arrows["U"], arrows["V"]))
    check.equal(name, shown, expected, f"arrows (x, y, dx, dy) of frame {frame}")
    check.done(name, f"frame {frame}, {len(shown)} arrows")


def check_vector_lengths(check, outputs, stats):
    name = "vector-length-per-frame"
    ax = check_figure_basics(check, outputs, name)
    if ax is None:
        return
    if not check.that(name, len(ax["meshes"]) == 1 and ax["meshes"][0]["array"] is not None, "no heat map"):
        return
    mesh = ax["meshes"][0]
    rows_, columns, _ = mesh["shape"]                     # coordinates: (len(v edges), len(frame edges), 2)
    coordinates = mesh["coordinates"]
    frame_edges = [coordinates[2 * i] for i in range(columns)]
    v_edges = [coordinates[2 * columns * j + 1] for j in range(rows_)]
    cells = 0
    for j in range(rows_ - 1):
        for i in range(columns - 1):
            frame = round((frame_edges[i] + frame_edges[i + 1]) / 2)
            shown = mesh["array"][j * (columns - 1) + i]
            lengths = stats[frame]["lengths"] if frame in stats else []
            inside = sum(1 for v in lengths if v_edges[j] <= v < v_edges[j + 1])
            if not lengths:                                 # a frame missing from the table: an empty column
                check.equal(name, shown, None, f"frame {frame}, absent from the table")
                continue
            cells += check.close(name, shown, 100 * inside / len(lengths),
                                 f"share of frame {frame}'s blocks with {v_edges[j]} <= |v| < {v_edges[j + 1]} (%)")
    check.that(name, v_edges[-1] > max(v for s in stats.values() for v in s["lengths"]), "longest vectors cut off")
    check.equal(name, sorted(round((a + b) / 2) for a, b in zip(frame_edges, frame_edges[1:]) if
                             round((a + b) / 2) in stats), sorted(stats), "frames in the heat map")
    for label, key in (("median |v|", "median_v"), ("90th percentile |v|", "p90_v")):
        line = next((line for line in ax["lines"] if line["label"] == label), None)
        if check.that(name, line is not None, f"no line {label!r}"):
            check.equal(name, [round(x) for x in line["x"]], sorted(stats), f"frames of {label}")
            for x, y in zip(line["x"], line["y"]):
                check.close(name, y, stats[round(x)][key], f"{label} of frame {round(x)}")
    check.done(name, f"{cells} cells, {len(stats)} frames")


def check_mean_sad(check, outputs, stats, args, block):
    name = "mean-sad-per-frame"
    ax = check_figure_basics(check, outputs, name)
    if ax is None:
        return
    line = next((line for line in ax["lines"] if line["label"] == "mean SAD"), None)
    if check.that(name, line is not None, "no 'mean SAD' line"):
        check.equal(name, [round(x) for x in line["x"]], sorted(stats), "frames")
        for x, y in zip(line["x"], line["y"]):
            check.close(name, y, stats[round(x)]["mean_sad"], f"mean SAD of frame {round(x)}")
    cuts = next((p for p in ax["points"] if p["gid"] == "cuts"), {"xy": []})
    check.equal(name, [round(x) for x in cuts["xy"][0::2]], expected_cuts(stats, args, block), "frames marked as cuts")
    check.done(name, f"{len(stats)} frames, cuts at {expected_cuts(stats, args, block)}")


def expected_cuts(stats, args, block):
    """Frames whose mean SAD exceeds cut_factor x the median of the 9 frames around them (by position,
    fewer at the ends) and cut_min_levels per pixel."""
    frames = sorted(stats)
    means = [stats[f]["mean_sad"] for f in frames]
    cuts = []
    for i, frame in enumerate(frames):
        local = statistics.median(means[max(0, i - 4): i + 5])
        if means[i] > args.cut_factor * local and means[i] >= args.cut_min_levels * block * block:
            cuts.append(frame)
    return cuts


def check_notable_frames(check, outputs, stats, args, block):
    name = "notable-frames"
    shown = outputs.table(name)
    if not check.that(name, shown is not None, "table missing from the notebook's outputs"):
        return
    cuts = set(expected_cuts(stats, args, block))
    expected = [(frame, "cut" if frame in cuts else "pan") for frame, s in stats.items()
                if frame in cuts or s["common_motion"] >= args.pan_min_px]
    check.equal(name, [(row["frame"], row["event"]) for row in shown], expected, "notable frames")
    for row in shown:
        for key in ("mean_sad", "mean_dx", "mean_dy", "common_motion", "median_v"):
            if row["frame"] in stats:
                check.close(name, row[key], stats[row["frame"]][key], f"{key} of frame {row['frame']}",
                            0.0005 + 1e-9, absolute=True)     # the notebook rounds to 3 decimals
    check.done(name, f"{len(shown)} frames ({', '.join(f'{f} {e}' for f, e in expected)})")


# ---------------------------------------------------------------- all checks

def check_all(outputs, search, motion, args, rules=None):
    """rules: (rules rows, skipped rows) of a search with YARA rules, or None when the notebook had none."""
    check = Check()
    check.equal("notebook", outputs.errors, [], "cell errors")
    check.equal("notebook", outputs.unrun, 0, "code cells that did not run")

    if args.expect_python:
        check.that("notebook", any(s.startswith(f"python {args.expect_python} ") for s in outputs.streams),
                   f"the kernel was not {args.expect_python}")
    source = outputs.table("source:search")
    if check.that("source:search", source, "the notebook did not record what it read"):
        check.equal("source:search", source[0]["rows"], len(search), "rows read")
        if args.expect_format:
            check.equal("source:search", source[0]["format"], args.expect_format, "format read")
        if source[0]["format"] == "csv" and source[0]["read"] != source[0]["requested"]:
            check.that("source:search", any("No Parquet engine" in s and "CSV export" in s for s in outputs.streams),
                       "read the CSV export without saying so")
    names = relative_names(r["path"] for r in search)
    check_counts(check, outputs, "matches-per-signature",
                 [(r["signature"], "exact" if r["sad"] == 0 else "near") for r in search])
    check_counts(check, outputs, "matches-per-file",
                 [(names[r["path"]], "exact" if r["sad"] == 0 else "near") for r in search])
    check_near_sad(check, outputs, search)
    check_best_offsets(check, outputs, search, names)
    check_hit_map(check, outputs, search, names)
    if rules is not None:
        check_rules(check, outputs, *rules)

    source = outputs.table("source:motion")
    clip = min(r["path"] for r in motion)
    if check.that("source:motion", source, "the notebook did not record what it read"):
        check.equal("source:motion", source[0]["rows"], len(motion), "rows read")
        check.equal("source:motion", source[0]["clip"], clip, "clip shown")
    clip_rows = [r for r in motion if r["path"] == clip]
    stats = per_frame_stats(clip_rows)
    check_frame_vectors(check, outputs, clip_rows, stats)
    check_vector_lengths(check, outputs, stats)
    check_mean_sad(check, outputs, stats, args, block_size(clip_rows))
    check_notable_frames(check, outputs, stats, args, block_size(clip_rows))
    return check


def self_test(outputs, search, motion, args, rules=None):
    """Alters the tables in memory and expects the checks of the affected figures to fail; returns the
    number of alterations caught and the names of those that went unnoticed."""
    frame = int(re.match(r"Frame (\d+):", main_axes(outputs.figures["frame-vectors"][0])[0]["title"]).group(1))
    clip = min(r["path"] for r in motion)
    first_near = next(i for i, r in enumerate(search) if r["sad"] > 0)
    first_block = next(i for i, r in enumerate(motion) if r["path"] == clip and r["frame"] == frame)
    first_other = next(i for i, r in enumerate(motion) if r["path"] == clip and r["frame"] != frame)

    def drop_first_match(s, m, r):
        del s[0]

    def shift_near_sad(s, m, r):
        s[first_near]["sad"] += 1

    def turn_one_vector(s, m, r):
        m[first_block]["dx"] += 1

    def raise_one_sad(s, m, r):
        m[first_block]["sad"] += 1000

    def lengthen_one_vector(s, m, r):
        m[first_other]["dy"] += 5

    def drop_first_rule_row(s, m, r):
        del r[0][0]

    def reword_first_skip(s, m, r):
        r[1][0]["reason"] = "a reason no rule was skipped for"

    mutations = [
        (drop_first_match, {"source:search", "matches-per-signature", "matches-per-file", "best-offsets", "hit-map"}),
        (shift_near_sad, {"near-match-sad"}),
        (turn_one_vector, {"frame-vectors"}),
        (raise_one_sad, {"mean-sad-per-frame"}),
        (lengthen_one_vector, {"vector-length-per-frame"}),
    ]
    if rules is not None and rules[0]:
        mutations.append((drop_first_rule_row, {"source:rules", "rules-per-file", "files-per-rule"}))
    if rules is not None and rules[1]:
        mutations.append((reword_first_skip, {"skipped-by-reason"}))
    blind = []
    for mutate, must_fail in mutations:
        s, m, r = copy.deepcopy(search), copy.deepcopy(motion), copy.deepcopy(rules)
        mutate(s, m, r)
        check = check_all(outputs, s, m, args, r)
        missed = sorted(name for name in must_fail if not check.failed(name))
        print(f"self-test {mutate.__name__}: {'caught by ' + ', '.join(sorted(must_fail)) if not missed else 'MISSED by ' + ', '.join(missed)}")
        if missed:
            blind.append(mutate.__name__)
    return len(mutations) - len(blind), blind


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebook", help="the executed notebook (.ipynb)")
    parser.add_argument("--search", required=True, help="the search table (CSV, or Parquet with its -csv copy)")
    parser.add_argument("--motion", required=True, help="the motion table (CSV, or Parquet with its -csv copy)")
    parser.add_argument("--rules", help="the --output folder of a search with YARA rules (its rules/ and skipped/ "
                        "tables as CSV, or Parquet with -csv copies); its figures are checked when given")
    parser.add_argument("--expect-format", choices=("csv", "parquet"), help="the format the notebook must have read")
    parser.add_argument("--expect-python", help="the interpreter the notebook's kernel must have run on")
    parser.add_argument("--cut-factor", type=float, default=3.0, help="the notebook's CUT_FACTOR (default 3.0)")
    parser.add_argument("--cut-min-levels", type=float, default=6.0,
                        help="the notebook's CUT_MIN_LEVELS (default 6.0)")
    parser.add_argument("--pan-min-px", type=float, default=1.0, help="the notebook's PAN_MIN_PX (default 1.0)")
    parser.add_argument("--self-test", action="store_true", help="also check that altered tables make checks fail")
    args = parser.parse_args(argv[1:])

    outputs = Outputs(args.notebook)
    search = read_csv_table(args.search, SEARCH_TYPES)
    motion = read_csv_table(args.motion, MOTION_TYPES)
    rules = None
    if args.rules:
        folder = args.rules.rstrip("/")
        rules = (read_csv_table(folder + "/rules", RULES_TYPES), read_csv_table(folder + "/skipped", SKIPPED_TYPES))
    check = check_all(outputs, search, motion, args, rules)
    for line in check.passed:
        print(f"ok   {line}")
    shown = Counter()
    for name, message in check.failures:
        shown[name] += 1
        if shown[name] <= 5:
            print(f"FAIL {name}: {message}")
    for name, count in shown.items():
        if count > 5:
            print(f"FAIL {name}: ... and {count - 5} more")
    failed = len(shown)
    if check.failures:
        print(f"notebook check: {len(check.failures)} failures in {args.notebook}")
    else:
        print(f"notebook check: every figure and table of {args.notebook} agrees with the tables "
              f"({len(search)} matches, {len(motion)} motion vectors)")
    passed = len(check.passed)
    if args.self_test and not check.failures:
        caught, blind = self_test(outputs, search, motion, args, rules)
        passed += caught
        failed += len(blind)
        print("notebook check self-test: " + (f"altered tables went unnoticed ({', '.join(blind)})" if blind
                                                else "every altered table was caught"))
    print(f"notebook: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
