#!/usr/bin/env python3
"""Fits the exact solver's fastest-first weights to sampled cut nodes.

Input: the file the ignored test `order_data` writes (see src/ai/endgame.rs):

    cargo test --release --no-default-features --lib order_data -- --ignored
    python3 scripts/fit-order.py target/order-data.txt [--empties 13-15] [--features ...]

At a cut node the search tries moves in order until one refutes the node. The cost of an order is
the nodes of every move it tries up to and including the first refutation; the best any order could
do is the cheapest refutation's nodes. For each number of empties this prints the ratio of the two
(lower is better) for the shipped weights below and from RICH_ORDER_EMPTIES, then improves the
weights of the chosen features by coordinate descent on the mean ratio over the chosen empties.
Pure Python (no packages); a minute or two.
"""

import argparse
import collections

FIELDS = ("node empties beta sq refutes nodes replies corner_replies potential parity "
          "square_class mine stable eval potential_corners sort opp_potential opp_stable discs "
          "replies_xc replies_odd flipped mine_corners edges edges_row2 patterns").split()

# The values the solver computes (src/ai/endgame.rs, fastest_first_in), as feature weights.
PLAIN = {"replies": -16, "corner_replies": -8, "corner": 12, "x_square": -6, "potential": -2,
         "parity": 4}
RICH = {"replies": -16, "corner_replies": -19, "corner": 4, "x_square": -7, "c_square": -2,
        "potential": -2, "parity": 4, "mine": 4, "stable": 2}
# Where the solver uses RICH (RICH_ORDER_EMPTIES), and how it values its best moves again with the
# evaluation (EVAL_TOP_EMPTIES, EVAL_TOP_MOVES, EVAL_TOP_SCALE; MoveList::revalue_best's lift).
RICH_FROM = 13
EVAL_TOP_FROM = 12
EVAL_TOP_MOVES = 2
EVAL_TOP_SCALE = 50
EVAL_TOP_LIFT = 1 << 20
# From 16 empties (in discs): mobility and potential mobility, corners twice, and the ordering
# search's value.
EVAL = {"replies": -2, "corner_replies": -2, "potential": -1, "potential_corners": -1, "sort": 1}


def load(path):
    nodes = collections.defaultdict(list)
    with open(path) as f:
        for line in f:
            row = dict(zip(FIELDS, map(int, line.split())))
            nodes[row["node"]].append(row)
    # Cut nodes of a ProbCut pass may have no move that refutes them exactly: left out.
    return [moves for moves in nodes.values() if any(m["refutes"] for m in moves)]


def feature(row, name):
    square_class = row["square_class"]
    if name == "corner":
        return square_class == 0
    if name == "c_square":
        return square_class == 2
    if name == "x_square":
        return square_class == 3
    if name in ("eval", "sort", "edges", "edges_row2", "patterns"):
        return -row[name] / 100.0  # for the mover, in discs
    return row[name]


def value(move, weights):
    """The order's value of a move under `weights` (feature name: weight)."""
    return sum(w * feature(move, f) for f, w in weights.items())


def ratios(nodes, weights):
    """Per number of empties: (order cost / cheapest refutation, first move refutes share)."""
    return order_ratios(nodes, lambda moves: [value(m, weights) for m in moves])


def toward_zero(a, b):
    """`a / b` rounded toward zero, as Rust's integer division."""
    q = abs(a) // b
    return q if a >= 0 else -q


def shipped(added=None):
    """The values the solver gives (src/ai/endgame.rs, fastest_first_in, 9–15 empties): the plain
    or rich weights in whole units, then the best two moves' evaluation (its value over 50, and
    a lift that puts them first) from EVAL_TOP_FROM. `added`: (feature, units a disc) added to
    every move first (an evaluation part, at that scale)."""
    def values(moves):
        empties = moves[0]["empties"]
        weights = RICH if empties >= RICH_FROM else PLAIN
        vals = [round(value(m, weights)) for m in moves]
        if added:
            name, scale = added
            vals = [v + toward_zero(-m[name], round(100 / scale)) for v, m in zip(vals, moves)]
        if empties >= EVAL_TOP_FROM:
            order = sorted(range(len(moves)), key=lambda i: (-vals[i], moves[i]["sq"]))
            for i in order[:EVAL_TOP_MOVES]:
                vals[i] += toward_zero(-moves[i]["eval"], EVAL_TOP_SCALE) + EVAL_TOP_LIFT
        return vals
    return values


def order_ratios(nodes, values_of):
    """As `ratios`, for the values `values_of` gives a node's moves."""
    sums = collections.defaultdict(lambda: [0, 0, 0, 0])
    for moves in nodes:
        values = values_of(moves)
        # Best value first; ties in square order, as the solver pushes them.
        order = sorted(range(len(moves)), key=lambda i: (-values[i], moves[i]["sq"]))
        cost = 0
        for i in order:
            cost += moves[i]["nodes"]
            if moves[i]["refutes"]:
                break
        s = sums[moves[0]["empties"]]
        s[0] += cost
        s[1] += min(m["nodes"] for m in moves if m["refutes"])
        s[2] += moves[order[0]]["refutes"]
        s[3] += 1
    return {e: (c / o, first / n) for e, (c, o, first, n) in sorted(sums.items())}


def mean_ratio(result):
    """The mean of `ratios`' cost ratios over the numbers of empties: what the descent lowers."""
    return sum(r for r, _ in result.values()) / len(result)


def show(name, result):
    cells = " ".join(f"{e}:{r:.3f}({f:.2f})" for e, (r, f) in result.items())
    mean = mean_ratio(result)
    print(f"{name:<10} mean {mean:.4f}  {cells}")
    return mean


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("data")
    parser.add_argument("--empties", default="13-15", help="the range to fit, e.g. 13-15")
    parser.add_argument("--start", choices=["rich", "eval"], default="rich",
                        help="the shipped weights to start from (eval: from 16 empties)")
    parser.add_argument("--features", help="comma-separated (default: the start's); also "
                        "available: eval, sort, potential_corners, parity, mine, stable, "
                        "opp_potential, opp_stable, discs, replies_xc, replies_odd, flipped, "
                        "mine_corners, edges, edges_row2, patterns")
    parser.add_argument("--step", type=float, default=4.0, help="the first step of the descent")
    parser.add_argument("--add", action="append", default=[], metavar="PART:UNITS",
                        help="also show the shipped order with an evaluation part (edges, "
                        "edges_row2, patterns or eval) added to every move at UNITS a disc")
    args = parser.parse_args()
    low, high = map(int, args.empties.split("-"))
    nodes = load(args.data)
    print(f"{len(nodes)} cut nodes; per empties: cost / cheapest refutation (first move refutes)")
    show("plain", ratios(nodes, PLAIN))
    show("rich", ratios(nodes, RICH))
    show("eval", ratios(nodes, EVAL))
    show("shipped", order_ratios(nodes, shipped()))
    for added in args.add:
        name, units = added.split(":")
        show(f"+{name}*{units}", order_ratios(nodes, shipped((name, float(units)))))
    start = RICH if args.start == "rich" else EVAL
    chosen = [m for m in nodes if low <= m[0]["empties"] <= high]
    features = args.features.split(",") if args.features else list(start)
    weights = {f: float(start.get(f, 0)) for f in features}
    best = show("start", ratios(chosen, weights))
    step = args.step
    while step >= args.step / 4:
        improved = False
        for name in weights:
            if name == "replies":  # the scale
                continue
            for delta in (step, -step):
                trial = dict(weights, **{name: weights[name] + delta})
                mean = mean_ratio(ratios(chosen, trial))
                if mean < best - 1e-4:
                    best, weights, improved = mean, trial, True
                    break
        if not improved:
            step /= 2
    show("fitted", ratios(chosen, weights))
    print("weights:", weights)


if __name__ == "__main__":
    main()
