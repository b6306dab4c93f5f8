#!/usr/bin/env python3
"""Writes a small synthetic motion table in the layout of `imbrex motion --format csv`.

The table has imbrex's motion schema (path, frame, block_x, block_y, dx, dy, sad) and the clip tells a
story the notebook should make visible:

    frames  1..9    still camera, a few blocks jitter by one pixel
    frames 10..19   the camera pans: every block's best match in frame n-1 is 4 px right, 1 px down
    frame  20       a cut: vectors point anywhere, SADs are five to ten times higher
    frames 21..30   still again, with a 3x3-block object moving left and down

The directory looks like a Spark CSV output (two part files with a header row each, `_SUCCESS`, a
`_committed_*` marker and `.crc` side files), so readers are tested against those files too.

    /usr/bin/python3 notebooks/sample_motion.py OUT_DIR
"""
import random
import sys
from pathlib import Path

WIDTH, HEIGHT, BLOCK, FRAMES = 256, 192, 16, 30
PAN = (4, 1)
CUT_FRAME = 20
OBJECT = {"x": range(96, 144, BLOCK), "y": range(64, 112, BLOCK), "v": (-3, 2)}
HEADER = "path,frame,block_x,block_y,dx,dy,sad"
CLIP = "file:/data/clips/sample-pan-cut.y4m"


def vector_and_sad(rng, frame, x, y):
    """One block's (dx, dy, sad) in the story above."""
    if frame == CUT_FRAME:
        return rng.randint(-8, 8), rng.randint(-8, 8), int(rng.gauss(7000, 1200))
    if 10 <= frame <= 19:
        dx, dy = PAN
        if rng.random() < 0.08:
            dx += rng.choice((-1, 1))
        return dx, dy, int(rng.gauss(520, 90))
    if frame > CUT_FRAME and x in OBJECT["x"] and y in OBJECT["y"]:
        return (*OBJECT["v"], int(rng.gauss(800, 120)))
    if rng.random() < 0.05:
        return rng.choice((-1, 0, 1)), rng.choice((-1, 1)), int(rng.gauss(420, 80))
    return 0, 0, int(rng.gauss(300, 60))


def rows():
    rng = random.Random(20261201)
    for frame in range(1, FRAMES + 1):
        for y in range(0, HEIGHT, BLOCK):
            for x in range(0, WIDTH, BLOCK):
                dx, dy, sad = vector_and_sad(rng, frame, x, y)
                yield f"{CLIP},{frame},{x},{y},{dx},{dy},{max(sad, 0)}"


def main(argv):
    if len(argv) != 2:
        print(__doc__.strip().splitlines()[-1].strip(), file=sys.stderr)
        return 2
    out = Path(argv[1])
    out.mkdir(parents=True, exist_ok=True)
    for stale in out.iterdir():
        stale.unlink()
    lines = list(rows())
    half = len(lines) // 2
    for part, chunk in enumerate((lines[:half], lines[half:])):
        name = f"part-0000{part}-5e1d2c3b-sample-c000.csv"
        (out / name).write_text(HEADER + "\n" + "\n".join(chunk) + "\n")
        (out / f".{name}.crc").write_bytes(b"crc\x00\x00\x00\x00")
    (out / "_SUCCESS").write_text("")
    (out / "._SUCCESS.crc").write_bytes(b"crc\x00")
    (out / "_committed_2718281828459045").write_text('{"added":["part-00000","part-00001"],"removed":[]}\n')
    print(f"sample motion table: {len(lines)} blocks in {FRAMES} frames -> {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
