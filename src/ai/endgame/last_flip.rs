//! The flips of the last empty square, counted by table lookups on its four lines.

/// For a move at position `pos` (0–7) of a line whose other squares are all taken (the mover's
/// where `bits` has a one, the opponent's elsewhere), the opponent discs it flips on that line.
pub(super) static LINE_FLIPS: [[u8; 256]; 8] = {
    let mut table = [[0u8; 256]; 8];
    let mut pos = 0;
    while pos < 8 {
        let mut bits = 0;
        while bits < 256 {
            let mut count = 0;
            // Towards position 7, then towards position 0: a run of opponent discs counts when
            // a mover's disc closes it.
            let mut i = pos + 1;
            while i < 8 && bits >> i & 1 == 0 {
                i += 1;
            }
            if i < 8 {
                count += i - pos - 1;
            }
            let mut i = pos as i32 - 1;
            while i >= 0 && bits >> i & 1 == 0 {
                i -= 1;
            }
            if i >= 0 {
                count += pos - i as usize - 1;
            }
            table[pos][bits] = count as u8;
            bits += 1;
        }
        pos += 1;
    }
    table
};

/// The two diagonals through each square: (a1–h8 direction, a8–h1 direction).
pub(super) static DIAGONALS: [(u64, u64); 64] = {
    let mut table = [(0u64, 0u64); 64];
    let mut sq = 0;
    while sq < 64 {
        let (file, rank) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut other = 0;
        while other < 64 {
            let (f, r) = (other % 8, other / 8);
            if f - r == file - rank {
                table[sq].0 |= 1 << other;
            }
            if f + r == file + rank {
                table[sq].1 |= 1 << other;
            }
            other += 1;
        }
        sq += 1;
    }
    table
};

/// How many discs the mover (discs `mover`) flips by playing `sq` when every other square is
/// taken: each line through `sq` is gathered into a byte (by file; by rank for the column) and
/// looked up in [`LINE_FLIPS`]. Squares a diagonal lacks read as the opponent's, which no
/// mover's disc closes, so they flip nothing.
#[inline(always)]
pub(super) fn last_flip_count(mover: u64, sq: usize) -> i32 {
    const FILE_A: u64 = 0x0101_0101_0101_0101;
    let (file, rank) = (sq & 7, sq >> 3);
    let row = (mover >> (rank * 8)) as u8;
    // Rank r of the column (bit 8r) lands on bit 56 + r.
    let column = (((mover >> file) & FILE_A).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8;
    // One square a file: the bytes add up without carries in the top byte.
    let (d1, d2) = DIAGONALS[sq];
    let diagonal = ((mover & d1).wrapping_mul(FILE_A) >> 56) as u8;
    let anti = ((mover & d2).wrapping_mul(FILE_A) >> 56) as u8;
    let lines = &LINE_FLIPS;
    (lines[file][row as usize]
        + lines[rank][column as usize]
        + lines[file][diagonal as usize]
        + lines[file][anti as usize]) as i32
}
