//! The bitboard position: two `u64` (side to move, opponent), legal moves, flips, play and pass.

use super::square::Square;

/// Every square except files a and h: stops horizontal and diagonal runs wrapping round an edge.
const NOT_EDGE_FILES: u64 = 0x7E7E_7E7E_7E7E_7E7E;

/// A position seen from the side to move: `player` holds the mover's discs, `opponent` the other's.
/// It does not know which colour is which; [`crate::rules::Position`] adds that.
///
/// ```
/// use reversi::rules::{Board, Square};
/// let start = Board::start();
/// let f5: Square = "f5".parse().unwrap();
/// assert!(start.legal_moves() & f5.bit() != 0);
/// let after = start.play(f5);
/// assert_eq!((after.opponent_count(), after.player_count()), (4, 1));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Board {
    /// Discs of the side to move.
    pub player: u64,
    /// Discs of the side not to move.
    pub opponent: u64,
}

impl Board {
    /// The standard start with black to move: d4/e5 white, d5/e4 black.
    pub const fn start() -> Board {
        // black: e4 (index 28), d5 (35); white: d4 (27), e5 (36)
        Board {
            player: (1 << 28) | (1 << 35),
            opponent: (1 << 27) | (1 << 36),
        }
    }

    /// A board from the mover's and the opponent's discs; `None` if they overlap.
    pub const fn new(player: u64, opponent: u64) -> Option<Board> {
        if player & opponent == 0 {
            Some(Board { player, opponent })
        } else {
            None
        }
    }

    /// Squares with no disc.
    pub const fn empty(&self) -> u64 {
        !(self.player | self.opponent)
    }

    /// The board's eight images under the symmetries of the square (rotations and reflections),
    /// itself first. Positions that are images of each other are the same position for play.
    pub fn symmetries(&self) -> [Board; 8] {
        type Map = fn(u8, u8) -> (u8, u8);
        const MAPS: [Map; 8] = [
            |f, r| (f, r),
            |f, r| (7 - f, r),
            |f, r| (f, 7 - r),
            |f, r| (7 - f, 7 - r),
            |f, r| (r, f),
            |f, r| (7 - r, f),
            |f, r| (r, 7 - f),
            |f, r| (7 - r, 7 - f),
        ];
        MAPS.map(|map| {
            let image = |bits: u64| {
                let mut out = 0;
                for sq in 0..64u8 {
                    if bits & (1 << sq) != 0 {
                        let (f, r) = map(sq % 8, sq / 8);
                        out |= 1u64 << (r * 8 + f);
                    }
                }
                out
            };
            Board {
                player: image(self.player),
                opponent: image(self.opponent),
            }
        })
    }

    /// One representative of the board's symmetry class (the least of its images), the same for
    /// every image.
    pub fn canonical(&self) -> Board {
        let images = self.symmetries();
        images
            .into_iter()
            .min_by_key(|b| (b.player, b.opponent))
            .expect("eight images")
    }

    /// Number of empty squares.
    pub const fn empty_count(&self) -> u32 {
        self.empty().count_ones()
    }

    /// Number of the mover's discs.
    pub const fn player_count(&self) -> u32 {
        self.player.count_ones()
    }

    /// Number of the opponent's discs.
    pub const fn opponent_count(&self) -> u32 {
        self.opponent.count_ones()
    }

    /// The mover's legal moves as a bitboard: empty squares that outflank at least one disc.
    #[inline]
    pub const fn legal_moves(&self) -> u64 {
        legal_moves(self.player, self.opponent)
    }

    /// Whether the mover has a move.
    pub const fn has_move(&self) -> bool {
        self.legal_moves() != 0
    }

    /// Whether `square` is a legal move for the side to move.
    pub const fn is_legal(&self, square: Square) -> bool {
        self.legal_moves() & square.bit() != 0
    }

    /// The discs a move on `square` would flip (0 if the square is taken or outflanks nothing).
    #[inline]
    pub fn flips(&self, square: Square) -> u64 {
        if self.empty() & square.bit() == 0 {
            return 0;
        }
        flips(self.player, self.opponent, square.index() as usize)
    }

    /// The board after the mover plays `square`, seen from the new mover (the old opponent).
    /// `square` must be legal; an illegal square yields a board where nothing flipped.
    #[inline]
    pub fn play(&self, square: Square) -> Board {
        let flipped = self.flips(square);
        self.play_with_flips(square, flipped)
    }

    /// [`Board::play`] when the flips are already known.
    #[inline]
    pub const fn play_with_flips(&self, square: Square, flipped: u64) -> Board {
        Board {
            player: self.opponent ^ flipped,
            opponent: self.player | flipped | square.bit(),
        }
    }

    /// The board with the turn handed over and no disc changed.
    #[inline]
    pub const fn pass(&self) -> Board {
        Board {
            player: self.opponent,
            opponent: self.player,
        }
    }

    /// True when neither side has a legal move.
    pub const fn is_game_over(&self) -> bool {
        !self.has_move() && !self.pass().has_move()
    }

    /// Final disc difference for the mover when the game ends here, empties going to the winner.
    pub const fn final_score(&self) -> i32 {
        let p = self.player_count() as i32;
        let o = self.opponent_count() as i32;
        let e = self.empty_count() as i32;
        if p > o {
            p - o + e
        } else if p < o {
            p - o - e
        } else {
            0
        }
    }
}

/// Whether this processor has the instructions the fast copies of the bitboard code (perft, the
/// solver's last plies and its move ordering) are compiled for: POPCNT, LZCNT, BMI1/2 and AVX2. Detected once.
#[cfg(target_arch = "x86_64")]
pub fn fast_path() -> bool {
    static FAST: std::sync::LazyLock<bool> = std::sync::LazyLock::new(|| {
        std::is_x86_feature_detected!("popcnt")
            && std::is_x86_feature_detected!("lzcnt")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("avx2")
    });
    *FAST
}

/// Whether this processor also has AVX-512 (Foundation, VL and CD: 64-bit lanes, 256-bit
/// registers, leading-zero counts per lane), for which the solver has a copy of its own with
/// [`flips_avx512`]. Detected once.
#[cfg(target_arch = "x86_64")]
pub fn avx512_path() -> bool {
    static AVX512: std::sync::LazyLock<bool> = std::sync::LazyLock::new(|| {
        fast_path()
            && std::is_x86_feature_detected!("avx512f")
            && std::is_x86_feature_detected!("avx512vl")
            && std::is_x86_feature_detected!("avx512cd")
    });
    *AVX512
}

/// Whether BMI2's `pext` is there and fast: on Intel processors with BMI2 (Haswell on), on AMD
/// from Zen 3 (family 19h; Zen 1 and 2 run it in microcode, tens of times slower), and wherever
/// [`avx512_path`] holds (every processor with AVX-512 has a fast one). Other vendors: not
/// assumed. The evaluation gathers its patterns with it. Detected once.
#[cfg(target_arch = "x86_64")]
pub fn fast_pext() -> bool {
    static FAST_PEXT: std::sync::LazyLock<bool> = std::sync::LazyLock::new(|| {
        use std::arch::x86_64::__cpuid;
        if !fast_path() {
            return false;
        }
        if avx512_path() {
            return true;
        }
        // Leaf 0: the vendor in EBX, EDX, ECX; leaf 1: the family in EAX.
        let vendor = __cpuid(0);
        let name = [vendor.ebx, vendor.edx, vendor.ecx];
        let is = |text: &[u8; 12]| {
            name.iter()
                .flat_map(|w| w.to_le_bytes())
                .eq(text.iter().copied())
        };
        let signature = __cpuid(1).eax;
        let family = match (signature >> 8) & 0xF {
            0xF => 0xF + ((signature >> 20) & 0xFF),
            base => base,
        };
        is(b"GenuineIntel") || (is(b"AuthenticAMD") && family >= 0x19)
    });
    *FAST_PEXT
}

/// Kogge-Stone style move generation: grow runs of opponent discs from the mover's discs in all eight
/// directions at once per shift, then step once more onto an empty square.
#[inline(always)]
pub const fn legal_moves(player: u64, opponent: u64) -> u64 {
    let empty = !(player | opponent);
    let inner = opponent & NOT_EDGE_FILES;
    let mut moves = 0;
    moves |= direction_moves(player, inner, 1);
    moves |= direction_moves(player, opponent, 8);
    moves |= direction_moves(player, inner, 7);
    moves |= direction_moves(player, inner, 9);
    moves & empty
}

#[inline(always)]
const fn direction_moves(player: u64, mask: u64, shift: u32) -> u64 {
    // Towards higher indices.
    let mut up = mask & (player << shift);
    up |= mask & (up << shift);
    let pre = mask & (mask << shift);
    up |= pre & (up << (2 * shift));
    up |= pre & (up << (2 * shift));
    // Towards lower indices.
    let mut down = mask & (player >> shift);
    down |= mask & (down >> shift);
    let pre = mask & (mask >> shift);
    down |= pre & (down >> (2 * shift));
    down |= pre & (down >> (2 * shift));
    (up << shift) | (down >> shift)
}

/// [`legal_moves`] with AVX2: the four line directions (E–W, N–S and both diagonals) grow in the
/// four lanes of one register, each towards higher and lower indices, and the lanes are ORed at
/// the end.
///
/// # Safety
/// Called from code not compiled for AVX2, only where the processor has it ([`fast_path`]).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
pub fn legal_moves_avx2(player: u64, opponent: u64) -> u64 {
    use std::arch::x86_64::*;
    let inner = (opponent & NOT_EDGE_FILES) as i64;
    // Lane k: shift and mask of direction k (1: E–W, 8: N–S, 7 and 9: the diagonals).
    let shift = _mm256_set_epi64x(9, 7, 8, 1);
    let shift2 = _mm256_add_epi64(shift, shift);
    let mask = _mm256_set_epi64x(inner, inner, opponent as i64, inner);
    let p = _mm256_set1_epi64x(player as i64);
    let mut up = _mm256_and_si256(mask, _mm256_sllv_epi64(p, shift));
    let mut down = _mm256_and_si256(mask, _mm256_srlv_epi64(p, shift));
    up = _mm256_or_si256(up, _mm256_and_si256(mask, _mm256_sllv_epi64(up, shift)));
    down = _mm256_or_si256(down, _mm256_and_si256(mask, _mm256_srlv_epi64(down, shift)));
    let pre_up = _mm256_and_si256(mask, _mm256_sllv_epi64(mask, shift));
    let pre_down = _mm256_and_si256(mask, _mm256_srlv_epi64(mask, shift));
    up = _mm256_or_si256(up, _mm256_and_si256(pre_up, _mm256_sllv_epi64(up, shift2)));
    down = _mm256_or_si256(
        down,
        _mm256_and_si256(pre_down, _mm256_srlv_epi64(down, shift2)),
    );
    up = _mm256_or_si256(up, _mm256_and_si256(pre_up, _mm256_sllv_epi64(up, shift2)));
    down = _mm256_or_si256(
        down,
        _mm256_and_si256(pre_down, _mm256_srlv_epi64(down, shift2)),
    );
    let moves = _mm256_or_si256(_mm256_sllv_epi64(up, shift), _mm256_srlv_epi64(down, shift));
    let half = _mm_or_si128(
        _mm256_castsi256_si128(moves),
        _mm256_extracti128_si256::<1>(moves),
    );
    let all = _mm_or_si128(half, _mm_unpackhi_epi64(half, half));
    _mm_cvtsi128_si64(all) as u64 & !(player | opponent)
}

/// [`flips`] with AVX2: the four rays towards higher indices in one register and the four towards
/// lower indices in another, without branches. Upwards the nearest non-opponent square is the
/// lowest set bit (`x & -x`); downwards the blockers are smeared down each ray (steps of 1, 7, 8
/// and 9 squares) so that what lies above the highest one is the run next to the square.
///
/// # Safety
/// Called from code not compiled for AVX2, only where the processor has it ([`fast_path`]).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
pub fn flips_avx2(player: u64, opponent: u64, sq: usize) -> u64 {
    use std::arch::x86_64::*;
    let (up_rays, down_rays) = rays_x86(sq);
    let p = _mm256_set1_epi64x(player as i64);
    let o = _mm256_set1_epi64x(opponent as i64);
    let zero = _mm256_setzero_si256();
    // Downwards: smear the blockers down their ray; the run is the ray above the smear.
    let step = _mm256_set_epi64x(9, 8, 7, 1);
    let blockers = _mm256_andnot_si256(o, down_rays);
    let mut smear = _mm256_or_si256(blockers, _mm256_srlv_epi64(blockers, step));
    smear = _mm256_or_si256(
        smear,
        _mm256_srlv_epi64(smear, _mm256_add_epi64(step, step)),
    );
    smear = _mm256_or_si256(
        smear,
        _mm256_srlv_epi64(smear, _mm256_slli_epi64::<2>(step)),
    );
    let first = _mm256_andnot_si256(_mm256_srlv_epi64(smear, step), blockers);
    let closed = _mm256_cmpeq_epi64(_mm256_and_si256(first, p), zero);
    let run = _mm256_andnot_si256(smear, down_rays);
    let down = _mm256_andnot_si256(closed, run);
    or_lanes(_mm256_or_si256(upward_flips(up_rays, p, o), down))
}

/// [`flips`] with AVX-512 (on 256-bit registers): as [`flips_avx2`], but downwards the nearest
/// non-opponent square of each ray is found by counting leading zeros (one instruction for the
/// four rays) instead of by smearing; when it holds a mover's disc, what lies above it on the ray
/// is flipped.
///
/// # Safety
/// Called from code not compiled for AVX-512, only where the processor has it ([`avx512_path`]).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512cd")]
#[inline]
pub fn flips_avx512(player: u64, opponent: u64, sq: usize) -> u64 {
    use std::arch::x86_64::*;
    let (up_rays, down_rays) = rays_x86(sq);
    let p = _mm256_set1_epi64x(player as i64);
    let o = _mm256_set1_epi64x(opponent as i64);
    let blockers = _mm256_andnot_si256(o, down_rays);
    // The highest blocker (none: a shift by 64 leaves nothing), kept where it is the mover's.
    let first = _mm256_srlv_epi64(_mm256_set1_epi64x(i64::MIN), _mm256_lzcnt_epi64(blockers));
    let outflank = _mm256_and_si256(first, p);
    // The squares above it: -(2 * outflank), which is nothing when it is not the mover's.
    let above = _mm256_sub_epi64(_mm256_setzero_si256(), _mm256_add_epi64(outflank, outflank));
    let down = _mm256_and_si256(down_rays, above);
    or_lanes(_mm256_or_si256(upward_flips(up_rays, p, o), down))
}

/// The rays from `sq` towards higher indices and towards lower ones ([`RAYS`]), four to a register.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn rays_x86(sq: usize) -> (std::arch::x86_64::__m256i, std::arch::x86_64::__m256i) {
    use std::arch::x86_64::*;
    let rays = &RAYS[sq];
    // SAFETY: `rays` holds eight u64 (64 bytes); the unaligned loads read four each.
    unsafe {
        (
            _mm256_loadu_si256(rays.as_ptr().cast()),
            _mm256_loadu_si256(rays.as_ptr().add(4).cast()),
        )
    }
}

/// The flips along the four rays towards higher indices (`rays`; `p`, `o`: the mover's and the
/// opponent's discs in every lane): the first blocker is the lowest bit (`x & -x`); when it is the
/// mover's, the ray below it is flipped.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn upward_flips(
    rays: std::arch::x86_64::__m256i,
    p: std::arch::x86_64::__m256i,
    o: std::arch::x86_64::__m256i,
) -> std::arch::x86_64::__m256i {
    use std::arch::x86_64::*;
    let zero = _mm256_setzero_si256();
    let blockers = _mm256_andnot_si256(o, rays);
    let first = _mm256_and_si256(blockers, _mm256_sub_epi64(zero, blockers));
    let closed = _mm256_cmpeq_epi64(_mm256_and_si256(first, p), zero);
    let run = _mm256_and_si256(rays, _mm256_add_epi64(first, _mm256_set1_epi64x(-1)));
    _mm256_andnot_si256(closed, run)
}

/// The four lanes of `v` ORed together.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn or_lanes(v: std::arch::x86_64::__m256i) -> u64 {
    use std::arch::x86_64::*;
    let half = _mm_or_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v));
    _mm_cvtsi128_si64(_mm_or_si128(half, _mm_unpackhi_epi64(half, half))) as u64
}

/// For each square, the ray of squares in each direction, nearest first in index order:
/// 0..4 run towards higher indices (E, SW, S, SE), 4..8 towards lower (W, NE, N, NW).
static RAYS: [[u64; 8]; 64] = build_rays();

const fn build_rays() -> [[u64; 8]; 64] {
    // (file step, rank step) for each direction, matching the order above.
    const STEPS: [(i32, i32); 8] = [
        (1, 0),
        (-1, 1),
        (0, 1),
        (1, 1),
        (-1, 0),
        (1, -1),
        (0, -1),
        (-1, -1),
    ];
    let mut rays = [[0u64; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = STEPS[d];
            let mut f = (sq % 8) as i32 + df;
            let mut r = (sq / 8) as i32 + dr;
            let mut ray = 0u64;
            while f >= 0 && f < 8 && r >= 0 && r < 8 {
                ray |= 1u64 << (r * 8 + f);
                f += df;
                r += dr;
            }
            rays[sq][d] = ray;
            d += 1;
        }
        sq += 1;
    }
    rays
}

/// Discs flipped by the mover playing on the empty square `sq`: in each direction, the run of
/// opponent discs closed by a mover's disc. The first non-opponent square on a ray is found with
/// one bit trick (lowest set bit upwards, highest set bit downwards).
#[inline(always)]
pub fn flips(player: u64, opponent: u64, sq: usize) -> u64 {
    let rays = &RAYS[sq];
    let mut flipped = 0;
    let mut d = 0;
    while d < 4 {
        let ray = rays[d];
        let blockers = ray & !opponent;
        let first = blockers & blockers.wrapping_neg();
        if first & player != 0 {
            flipped |= ray & (first - 1);
        }
        d += 1;
    }
    while d < 8 {
        let ray = rays[d];
        let blockers = ray & !opponent;
        if blockers != 0 {
            let first = 1u64 << (63 - blockers.leading_zeros());
            if first & player != 0 {
                flipped |= ray & !((first << 1).wrapping_sub(1));
            }
        }
        d += 1;
    }
    flipped
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{RngExt, SeedableRng};

    /// A board about half full to nearly full (by `i`), the discs split at random.
    fn random_board(rng: &mut StdRng, i: usize) -> (u64, u64) {
        let mut filled = rng.random::<u64>();
        for _ in 0..i % 4 {
            filled |= rng.random::<u64>();
        }
        let player = filled & rng.random::<u64>();
        (player, filled & !player)
    }

    #[test]
    fn avx2_moves_equal_the_portable_ones() {
        if !std::is_x86_feature_detected!("avx2") {
            return;
        }
        let mut rng = StdRng::seed_from_u64(6);
        for i in 0..200_000 {
            let (player, opponent) = random_board(&mut rng, i);
            for (p, o) in [(player, opponent), (opponent, player)] {
                // SAFETY: AVX2 was detected above.
                let got = unsafe { legal_moves_avx2(p, o) };
                assert_eq!(got, legal_moves(p, o), "{p:016x} {o:016x}");
            }
        }
    }

    #[test]
    fn avx2_and_avx512_flips_equal_the_portable_ones() {
        if !std::is_x86_feature_detected!("avx2") {
            return;
        }
        let mut rng = StdRng::seed_from_u64(5);
        let mut flipping = 0;
        for i in 0..50_000 {
            let (player, opponent) = random_board(&mut rng, i);
            let mut empty = !(player | opponent);
            while empty != 0 {
                let sq = empty.trailing_zeros() as usize;
                empty &= empty - 1;
                let want = flips(player, opponent, sq);
                flipping += usize::from(want != 0);
                // SAFETY: AVX2 was detected above.
                let got = unsafe { flips_avx2(player, opponent, sq) };
                assert_eq!(got, want, "{player:016x} {opponent:016x} at {sq}");
                if avx512_path() {
                    // SAFETY: AVX-512 was detected by `avx512_path`.
                    let got = unsafe { flips_avx512(player, opponent, sq) };
                    assert_eq!(got, want, "AVX-512: {player:016x} {opponent:016x} at {sq}");
                }
            }
        }
        assert!(flipping > 100_000, "only {flipping} moves flipped anything");
    }
}
