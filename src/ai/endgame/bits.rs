//! The bitboard primitives the solver's hot code is written against: the portable ones here, the
//! x86-64 ones in [`super::x86`].

use super::*;

/// The bitboard primitives of the ordering code: portable, or (on x86-64) the AVX2 or AVX-512
/// versions.
pub(super) trait Bits {
    fn flips(player: u64, opponent: u64, sq: usize) -> u64;
    fn moves(player: u64, opponent: u64) -> u64;
    /// [`Solver::search`] in this copy.
    fn search(
        solver: &mut Solver,
        player: u64,
        opponent: u64,
        alpha: i32,
        beta: i32,
    ) -> Result<i32, Cancelled>;
    /// [`shallow`] in this copy.
    fn shallow(
        nodes: &mut u64,
        player: u64,
        opponent: u64,
        alpha: i32,
        beta: i32,
        empties: u32,
    ) -> i32;
    /// [`sort_search`] in this copy.
    fn sort_search(
        weights: &Weights,
        player: u64,
        opponent: u64,
        depth: u32,
        alpha: i32,
        beta: i32,
    ) -> i32;
    /// The evaluation in this copy.
    fn evaluate(weights: &Weights, player: u64, opponent: u64) -> i32;
}

/// The portable primitives.
pub(super) struct Portable;

impl Bits for Portable {
    #[inline(always)]
    fn flips(player: u64, opponent: u64, sq: usize) -> u64 {
        flips(player, opponent, sq)
    }

    #[inline(always)]
    fn moves(player: u64, opponent: u64) -> u64 {
        legal_moves(player, opponent)
    }

    #[inline(always)]
    fn search(
        solver: &mut Solver,
        player: u64,
        opponent: u64,
        alpha: i32,
        beta: i32,
    ) -> Result<i32, Cancelled> {
        solver.search_portable(player, opponent, alpha, beta)
    }

    #[inline(always)]
    fn shallow(
        nodes: &mut u64,
        player: u64,
        opponent: u64,
        alpha: i32,
        beta: i32,
        empties: u32,
    ) -> i32 {
        portable::shallow_from(nodes, player, opponent, alpha, beta, empties)
    }

    #[inline(always)]
    fn sort_search(
        weights: &Weights,
        player: u64,
        opponent: u64,
        depth: u32,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        sort_search_portable(weights, player, opponent, depth, alpha, beta)
    }

    #[inline(always)]
    fn evaluate(weights: &Weights, player: u64, opponent: u64) -> i32 {
        weights.evaluate_by(player, opponent, Self::moves)
    }
}
