#!/usr/bin/env python3
"""Random planning problems whose lower bound is reachable: guillotine tilings.

Cuts a 1 MiB x 1,024-step square (address x time) into rectangles: each cut
takes one of the larger half of the pieces and splits it at a random place,
across time or across addresses (1 KiB units). Every rectangle is a buffer
live over its time span, so every time point has exactly 1 MiB live and the
tiling itself is a plan at the lower bound. Written in MiniMalloc's CSV
format, one file per seed, to plan with `bench/plan_bench.py --csv-dir DIR`.

These are held-out problems for the planner, whose portfolio of search
orders was tuned on MiniMalloc's challenging set (docs/memory-plan.md).

usage: gen_tilings.py --out DIR [--buffers N] [--count K] [--seed S]
"""
import argparse
import os
import random

parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("--out", required=True)
parser.add_argument("--buffers", type=int, default=400)
parser.add_argument("--count", type=int, default=20)
parser.add_argument("--seed", type=int, default=1, help="first seed")
args = parser.parse_args()

UNIT, SIDE = 1024, 1024


def tiling(seed, n):
    rnd = random.Random(seed)
    pieces = [(0, SIDE, 0, SIDE)]  # time [t0, t1), address [a0, a1)
    while len(pieces) < n:
        pieces.sort(key=lambda p: (p[1] - p[0]) * (p[3] - p[2]))
        t0, t1, a0, a1 = pieces.pop(rnd.randrange(len(pieces) // 2, len(pieces)))
        across_time = t1 - t0 >= 2 and (a1 - a0 < 2 or rnd.random() < 0.5)
        if across_time:
            cut = rnd.randint(t0 + 1, t1 - 1)
            pieces += [(t0, cut, a0, a1), (cut, t1, a0, a1)]
        else:
            cut = rnd.randint(a0 + 1, a1 - 1)
            pieces += [(t0, t1, a0, cut), (t0, t1, cut, a1)]
    rnd.shuffle(pieces)
    rows = ["id,lower,upper,size"]
    for i, (t0, t1, a0, a1) in enumerate(pieces):
        rows.append(f"{i},{t0 * UNIT},{t1 * UNIT},{(a1 - a0) * UNIT}")
    return "\n".join(rows) + "\n"


os.makedirs(args.out, exist_ok=True)
for seed in range(args.seed, args.seed + args.count):
    name = os.path.join(args.out, f"tiling{args.buffers}_{seed:03d}.csv")
    with open(name, "w") as f:
        f.write(tiling(seed, args.buffers))
print(f"{args.count} tilings of {args.buffers} buffers in {args.out}")
