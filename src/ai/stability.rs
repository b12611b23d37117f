//! Stable discs: discs that can never be flipped again, used to bound endgame scores.

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = 0x8080_8080_8080_8080;
const RANK_1: u64 = 0x0000_0000_0000_00FF;
const RANK_8: u64 = 0xFF00_0000_0000_0000;
const EDGES: u64 = FILE_A | FILE_H | RANK_1 | RANK_8;

/// Line masks for the full-line test: (rows, columns, diagonals a1-h8 direction, anti-diagonals).
static LINES: ([u64; 8], [u64; 8], [u64; 15], [u64; 15]) = build_lines();

const fn build_lines() -> ([u64; 8], [u64; 8], [u64; 15], [u64; 15]) {
    let mut rows = [0u64; 8];
    let mut cols = [0u64; 8];
    let mut diag = [0u64; 15];
    let mut anti = [0u64; 15];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = (sq % 8, sq / 8);
        rows[r] |= 1 << sq;
        cols[f] |= 1 << sq;
        diag[f + 7 - r] |= 1 << sq;
        anti[f + r] |= 1 << sq;
        sq += 1;
    }
    (rows, cols, diag, anti)
}

fn full_lines(filled: u64, lines: &[u64]) -> u64 {
    lines
        .iter()
        .filter(|&&m| filled & m == m)
        .fold(0, |acc, &m| acc | m)
}

/// The discs of `player` that can never flip: in each of the four line directions, the disc is on a
/// full line, on the board's edge across that direction, or next to a stable disc of its colour.
/// Conservative: every disc returned is stable; some stable discs may be missed.
pub fn stable_discs(player: u64, opponent: u64) -> u64 {
    let filled = player | opponent;
    let (rows, cols, diag, anti) = &LINES;
    let full_h = full_lines(filled, rows);
    let full_v = full_lines(filled, cols);
    let full_d = full_lines(filled, diag);
    let full_a = full_lines(filled, anti);
    let mut stable = 0u64;
    loop {
        let h = full_h | FILE_A | FILE_H | ((stable << 1) & !FILE_A) | ((stable >> 1) & !FILE_H);
        let v = full_v | RANK_1 | RANK_8 | (stable << 8) | (stable >> 8);
        let d = full_d | EDGES | ((stable << 9) & !FILE_A) | ((stable >> 9) & !FILE_H);
        let a = full_a | EDGES | ((stable << 7) & !FILE_H) | ((stable >> 7) & !FILE_A);
        let next = player & h & v & d & a;
        if next == stable {
            return stable;
        }
        stable = next;
    }
}
