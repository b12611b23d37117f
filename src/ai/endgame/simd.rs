//! The solver's hot code compiled again for x86-64 processors with AVX2, and with AVX-512: the same
//! code as the portable path (tests hold them to the same scores and node counts).

use super::*;

/// One copy of the solver's hot code compiled for a set of x86-64 instructions (`features`, which
/// the caller must have detected): the primitives `$bits` (with `flips`; the moves with AVX2), the
/// solver's search (`Solver::$search`), the evaluation's ordering search (`$sort_search`) and the
/// last plies (`$module::shallow_from`). Each copy calls only itself below its entry.
#[cfg(target_arch = "x86_64")]
macro_rules! x86_copy {
    ($bits:ident, $module:ident, $flips:path, $search:ident, $sort_search:ident, #[$features:meta]) => {
        /// The primitives of this copy: only for code compiled for its instructions (inlined
        /// there, they are compiled with them too).
        pub(super) struct $bits;

        impl Bits for $bits {
            #[inline(always)]
            fn flips(player: u64, opponent: u64, sq: usize) -> u64 {
                // SAFETY: used only in this copy, which runs where its instructions were detected.
                unsafe { $flips(player, opponent, sq) }
            }

            #[inline(always)]
            fn moves(player: u64, opponent: u64) -> u64 {
                // SAFETY: as above (every copy has AVX2).
                unsafe { crate::rules::x86::legal_moves_avx2(player, opponent) }
            }

            #[inline(always)]
            fn search(
                solver: &mut Solver,
                player: u64,
                opponent: u64,
                alpha: i32,
                beta: i32,
            ) -> Result<i32, Cancelled> {
                // SAFETY: as above.
                unsafe { solver.$search(player, opponent, alpha, beta) }
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
                // SAFETY: as above.
                unsafe { $module::shallow_from(nodes, player, opponent, alpha, beta, empties) }
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
                // SAFETY: as above.
                unsafe { $sort_search(weights, player, opponent, depth, alpha, beta) }
            }

            #[inline(always)]
            fn evaluate(weights: &Weights, player: u64, opponent: u64) -> i32 {
                weights.evaluate_fast_by(player, opponent, Self::moves)
            }
        }

        impl Solver {
            /// [`Solver::search`] in this copy.
            ///
            /// # Safety
            /// Only where the copy's instructions were detected.
            #[$features]
            pub(super) unsafe fn $search(
                &mut self,
                player: u64,
                opponent: u64,
                alpha: i32,
                beta: i32,
            ) -> Result<i32, Cancelled> {
                self.search_in::<$bits>(player, opponent, alpha, beta)
            }
        }

        /// [`sort_search`] in this copy.
        ///
        /// # Safety
        /// Only where the copy's instructions were detected.
        #[$features]
        pub(super) unsafe fn $sort_search(
            weights: &Weights,
            player: u64,
            opponent: u64,
            depth: u32,
            alpha: i32,
            beta: i32,
        ) -> i32 {
            /// The recursion, back into this copy.
            fn child(
                weights: &Weights,
                player: u64,
                opponent: u64,
                depth: u32,
                alpha: i32,
                beta: i32,
            ) -> i32 {
                // SAFETY: only reached from this copy, which runs where its instructions were
                // detected.
                unsafe { $sort_search(weights, player, opponent, depth, alpha, beta) }
            }
            sort_search_in::<$bits>(weights, player, opponent, depth, alpha, beta, child)
        }

        pub(super) mod $module {
            crate::ai::endgame::shallow::shallow_solver!($flips, #[$features]);

            /// [`fastest_first_in`] in this copy.
            ///
            /// # Safety
            /// Only where the copy's instructions were detected.
            #[cfg(test)]
            #[$features]
            pub(in crate::ai::endgame) unsafe fn fastest_first(
                list: &mut MoveList,
                table: Option<&TranspositionTable>,
                weights: Option<&Weights>,
                player: u64,
                opponent: u64,
                moves: u64,
            ) {
                fastest_first_in::<super::$bits>(list, table, weights, player, opponent, moves);
            }
        }
    };
}

// The copy for processors with POPCNT, LZCNT, BMI1/2 and AVX2 (`fast_path`).
#[cfg(target_arch = "x86_64")]
x86_copy!(
    Avx2,
    x86,
    crate::rules::x86::flips_avx2,
    search_x86,
    sort_search_x86,
    #[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2")]
);

// The copy for processors with AVX-512 F, VL and CD as well (`avx512_path`): its flips count
// leading zeros per lane, and the compiler may use the AVX-512 instructions in the rest.
#[cfg(target_arch = "x86_64")]
x86_copy!(
    Avx512,
    x86_512,
    crate::rules::x86::flips_avx512,
    search_x86_512,
    sort_search_x86_512,
    #[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2,avx512f,avx512vl,avx512cd")]
);
