//! The x86-64 fast paths of the bitboard code: which instructions this processor has (detected
//! once), and the move generator and flips written with AVX2 and AVX-512. The portable code in
//! [`super::board`] is the reference; tests hold these to it.

use super::board::{NOT_EDGE_FILES, RAYS};

/// Whether this processor has the instructions the fast copies of the bitboard code (perft, the
/// solver's last plies and its move ordering) are compiled for: POPCNT, LZCNT, BMI1/2 and AVX2. Detected once.
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
pub fn avx512_path() -> bool {
    static AVX512: std::sync::LazyLock<bool> = std::sync::LazyLock::new(|| {
        fast_path()
            && std::is_x86_feature_detected!("avx512f")
            && std::is_x86_feature_detected!("avx512vl")
            && std::is_x86_feature_detected!("avx512cd")
    });
    *AVX512
}

/// [`legal_moves`] with AVX2: the four line directions (E–W, N–S and both diagonals) grow in the
/// four lanes of one register, each towards higher and lower indices, and the lanes are ORed at
/// the end.
///
/// # Safety
/// Called from code not compiled for AVX2, only where the processor has it ([`fast_path`]).
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
#[target_feature(enable = "avx2")]
#[inline]
fn or_lanes(v: std::arch::x86_64::__m256i) -> u64 {
    use std::arch::x86_64::*;
    let half = _mm_or_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v));
    _mm_cvtsi128_si64(_mm_or_si128(half, _mm_unpackhi_epi64(half, half))) as u64
}

/// For tests of a fast copy: `true` (and a SKIPPED line on the test's output) when this processor
/// lacks `what`, so that the test checks only the portable code and says so.
#[cfg(test)]
pub(crate) fn lacks(present: bool, test: &str, what: &str) -> bool {
    if !present {
        eprintln!(
            "SKIPPED {test}: this processor lacks {what}; only the portable code was checked"
        );
    }
    !present
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::board::{flips, legal_moves};
    use rand::rngs::StdRng;
    use rand::{RngExt, SeedableRng};

    /// Not a check: prints which fast copies the tests of this run compared with the portable
    /// code (`scripts/test` shows it).
    #[test]
    fn simd_copies_checked_on_this_processor() {
        let yes = |b: bool| if b { "yes" } else { "no" };
        println!(
            "SIMD copies checked on this processor: AVX2 copies (POPCNT, LZCNT, BMI1/2, AVX2): {}; \
             AVX-512 copies (F, VL, CD): {}",
            yes(fast_path()),
            yes(avx512_path())
        );
    }

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
        if lacks(
            std::is_x86_feature_detected!("avx2"),
            "avx2_moves_equal_the_portable_ones",
            "AVX2",
        ) {
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
        let test = "avx2_and_avx512_flips_equal_the_portable_ones";
        if lacks(std::is_x86_feature_detected!("avx2"), test, "AVX2") {
            return;
        }
        lacks(avx512_path(), test, "AVX-512 (its copy)");
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
