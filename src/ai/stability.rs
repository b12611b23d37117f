//! Stable discs: discs that can never be flipped again, used to bound endgame scores.

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = 0x8080_8080_8080_8080;
const RANK_1: u64 = 0x0000_0000_0000_00FF;
const RANK_8: u64 = 0xFF00_0000_0000_0000;
const EDGES: u64 = FILE_A | FILE_H | RANK_1 | RANK_8;
const CORNERS: u64 = 0x8100_0000_0000_0081;

/// The squares whose whole line along one direction (both ways) is filled: the empty squares are
/// spread both ways along it by doubling shifts (`shift` squares at a step; `up_mask`: the squares
/// a shift towards higher indices may land on without wrapping round the board's side, `down_mask`
/// the same downwards), and what they do not reach is full.
#[inline(always)]
fn full_along(filled: u64, shift: u32, up_mask: u64, down_mask: u64) -> u64 {
    let empty = !filled;
    let mut up = empty | ((empty << shift) & up_mask);
    let up2 = up_mask & (up_mask << shift);
    up |= (up << (2 * shift)) & up2;
    up |= (up << (4 * shift)) & up2 & (up2 << (2 * shift));
    let mut down = empty | ((empty >> shift) & down_mask);
    let down2 = down_mask & (down_mask >> shift);
    down |= (down >> (2 * shift)) & down2;
    down |= (down >> (4 * shift)) & down2 & (down2 >> (2 * shift));
    !(up | down)
}

/// The runs of `player`'s discs along the edges that start at one of its corners: stable (an edge
/// disc can only flip along its edge, and a run held by a corner cannot be outflanked).
#[inline(always)]
fn corner_runs(player: u64) -> u64 {
    let seed = player & CORNERS;
    // Along ranks 1 and 8: steps of one square, never across the a/h files.
    let along = player & (RANK_1 | RANK_8);
    let fill = |step: u32, receive: u64, towards_higher: bool| {
        let shift = |x: u64, n: u32| if towards_higher { x << n } else { x >> n };
        let mut run = seed;
        let mut pass = receive;
        run |= pass & shift(run, step);
        pass &= shift(pass, step);
        run |= pass & shift(run, 2 * step);
        pass &= shift(pass, 2 * step);
        run |= pass & shift(run, 4 * step);
        run
    };
    let ranks = fill(1, along & !FILE_A, true) | fill(1, along & !FILE_H, false);
    // Along files a and h: steps of eight squares (what leaves the board is dropped).
    let along = player & (FILE_A | FILE_H);
    let files = fill(8, along, true) | fill(8, along, false);
    ranks | files
}

/// The discs of `player` that can never flip: in each of the four line directions, the disc is on a
/// full line, on the board's edge across that direction, or next to a stable disc of its colour.
/// Conservative: every disc returned is stable; some stable discs may be missed.
///
/// Inlined, so that each of the solver's copies compiles it for its own instructions.
#[inline(always)]
pub fn stable_discs(player: u64, opponent: u64) -> u64 {
    stable_discs_within(player, opponent, u32::MAX)
}

/// [`stable_discs`] with at most `rounds` rounds of the stability rule (each round adds the
/// discs that the discs found so far make stable): a subset of them, as sound, found faster.
/// The solver's stability cutoff reads two rounds (see `STABILITY_ROUNDS` in the solver).
#[inline(always)]
pub fn stable_discs_within(player: u64, opponent: u64, rounds: u32) -> u64 {
    // The loop below would find the edge runs that start at a corner one disc a round; filled
    // in three doubling steps instead, they start it (fewer rounds, the same result).
    stable_from(
        player,
        corner_runs(player),
        full_lines(player | opponent),
        rounds,
    )
}

/// The squares whose line is full along each direction, in [`stable_from`]'s order: rows,
/// columns, the diagonals along a1–h8, those along h1–a8.
#[inline(always)]
fn full_lines(filled: u64) -> [u64; 4] {
    [
        full_along(filled, 1, !FILE_A, !FILE_H),
        full_along(filled, 8, !0, !0),
        full_along(filled, 9, !FILE_A, !FILE_H),
        full_along(filled, 7, !FILE_H, !FILE_A),
    ]
}

/// The fixed point of the stability rule grown from `stable` (discs already known stable, each
/// stable by the rule given the others), with the full lines along the four directions; or,
/// after `rounds` rounds, what has been found by then. Each round's discs include the last
/// round's, so every round's are stable.
#[inline(always)]
fn stable_from(player: u64, stable: u64, full: [u64; 4], rounds: u32) -> u64 {
    let [full_h, full_v, full_d, full_a] = full;
    let mut stable = stable;
    let mut round = 0;
    loop {
        round += 1;
        let h = full_h | FILE_A | FILE_H | ((stable << 1) & !FILE_A) | ((stable >> 1) & !FILE_H);
        let v = full_v | RANK_1 | RANK_8 | (stable << 8) | (stable >> 8);
        let d = full_d | EDGES | ((stable << 9) & !FILE_A) | ((stable >> 9) & !FILE_H);
        let a = full_a | EDGES | ((stable << 7) & !FILE_H) | ((stable >> 7) & !FILE_A);
        let next = player & h & v & d & a;
        if next == stable || round >= rounds {
            return next;
        }
        stable = next;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Board, squares};
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// The squares of every line (row, column, both diagonals) with no empty square, one line
    /// at a time: the reference for `full_along`.
    fn full_lines_by_masks(filled: u64) -> [u64; 4] {
        let mut lines = [[0u64; 15]; 4];
        for sq in 0..64 {
            let (f, r) = (sq % 8, sq / 8);
            lines[0][r] |= 1 << sq;
            lines[1][f] |= 1 << sq;
            lines[2][f + 7 - r] |= 1 << sq;
            lines[3][f + r] |= 1 << sq;
        }
        lines.map(|masks| {
            masks
                .iter()
                .filter(|&&m| m != 0 && filled & m == m)
                .fold(0, |acc, &m| acc | m)
        })
    }

    #[test]
    fn full_lines_by_shifts_equal_full_lines_by_masks() {
        let mut rng = StdRng::seed_from_u64(17);
        for i in 0..20_000 {
            // From nearly empty to nearly full boards, and the full and empty ones.
            let filled = match i {
                0 => 0,
                1 => !0,
                _ => (0..(i % 6)).fold(rng.next_u64(), |acc, _| acc | rng.next_u64()),
            };
            assert_eq!(
                full_lines(filled),
                full_lines_by_masks(filled),
                "{filled:#018x}"
            );
        }
    }

    #[test]
    fn corner_runs_start_the_rule_where_it_would_end() {
        let mut rng = StdRng::seed_from_u64(5);
        let mut runs = 0;
        for i in 0..50_000 {
            let filled = match i % 3 {
                0 => rng.next_u64() | rng.next_u64(),
                1 => rng.next_u64() | rng.next_u64() | rng.next_u64(),
                _ => !0,
            };
            let player = filled & rng.next_u64();
            let opponent = filled & !player;
            let from_nothing = stable_from(player, 0, full_lines(filled), u32::MAX);
            let seed = corner_runs(player);
            assert_eq!(seed & !from_nothing, 0, "{player:016x} {opponent:016x}");
            assert_eq!(stable_discs(player, opponent), from_nothing);
            runs += (seed & !CORNERS).count_ones();
        }
        assert!(runs > 10_000, "only {runs} discs in corner runs");
    }

    /// Stopped after any number of rounds, the rule gives a subset of the stable discs that grows
    /// with the rounds and reaches [`stable_discs`].
    #[test]
    fn fewer_rounds_find_a_growing_subset_of_the_stable_discs() {
        let mut rng = StdRng::seed_from_u64(23);
        let mut short = 0;
        for i in 0..50_000 {
            // Nearly full boards, where the rule takes the most rounds.
            let filled = (0..2 + i % 3).fold(rng.next_u64(), |acc, _| acc | rng.next_u64());
            let player = filled & rng.next_u64();
            let opponent = filled & !player;
            let all = stable_discs(player, opponent);
            let mut last = corner_runs(player);
            for rounds in 1..=8 {
                let found = stable_discs_within(player, opponent, rounds);
                assert_eq!(
                    last & !found,
                    0,
                    "{player:016x} {opponent:016x}: round {rounds} lost"
                );
                assert_eq!(
                    found & !all,
                    0,
                    "{player:016x} {opponent:016x}: not all stable"
                );
                last = found;
            }
            assert_eq!(stable_discs_within(player, opponent, 64), all);
            short += (stable_discs_within(player, opponent, 2) != all) as u32;
        }
        // The solver's two rounds leave some stable discs unfound.
        assert!(
            short > 100,
            "two rounds missed stable discs only {short} times"
        );
    }

    #[test]
    fn stable_discs_never_flip_in_random_continuations() {
        let mut rng = StdRng::seed_from_u64(99);
        let mut checked = 0u32;
        for _ in 0..400 {
            let mut board = Board::start();
            let plies = 20 + rng.next_u64() % 40;
            for _ in 0..plies {
                let moves = board.legal_moves();
                if moves == 0 {
                    board = board.pass();
                    if board.legal_moves() == 0 {
                        break;
                    }
                    continue;
                }
                let pick = (rng.next_u64() % u64::from(moves.count_ones())) as usize;
                board = board.play(squares(moves).nth(pick).unwrap());
            }
            // The mover's stable discs, then random play to the end: they stay the mover's.
            let stable = stable_discs(board.player, board.opponent);
            checked += stable.count_ones();
            let mut mine_to_move = true;
            let mut b = board;
            loop {
                let mine = if mine_to_move { b.player } else { b.opponent };
                assert_eq!(mine & stable, stable, "{board:?}");
                let moves = b.legal_moves();
                if moves == 0 {
                    b = b.pass();
                    mine_to_move = !mine_to_move;
                    if b.legal_moves() == 0 {
                        break;
                    }
                    continue;
                }
                let pick = (rng.next_u64() % u64::from(moves.count_ones())) as usize;
                b = b.play(squares(moves).nth(pick).unwrap());
                mine_to_move = !mine_to_move;
            }
        }
        assert!(checked > 1000, "only {checked} stable discs checked");
    }
}
