//! A node's moves with their ordering values, handed out best first.

use std::mem::MaybeUninit;

/// No Othello position has more legal moves than this (the known maximum is 33).
pub const MAX_MOVES: usize = 34;

/// A small list of moves with ordering values, handed out best first once sorted (each picked
/// when asked for), and each move's flips where the ordering already computed them.
pub struct MoveList {
    /// The first `len` are written; the rest are never read (and never cleared: a list is made
    /// at every node, and clearing it cost more than filling it).
    moves: [MaybeUninit<(u8, i32, u64)>; MAX_MOVES],
    len: usize,
    next: usize,
    /// Whether [`Iterator::next`] picks the best remaining move (else: the next pushed).
    select: bool,
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList {
            moves: [const { MaybeUninit::uninit() }; MAX_MOVES],
            len: 0,
            next: 0,
            select: false,
        }
    }
}

impl MoveList {
    pub fn push(&mut self, sq: u8, value: i32) {
        self.push_with_flips(sq, value, 0);
    }

    /// A move with the discs it flips (0: not computed).
    pub fn push_with_flips(&mut self, sq: u8, value: i32, flips: u64) {
        if self.len < MAX_MOVES {
            self.moves[self.len] = MaybeUninit::new((sq, value, flips));
            self.len += 1;
        }
    }

    /// Once sorted, the moves not yet handed out that are in `squares` come before the others
    /// (best value first among themselves too).
    pub fn favour(&mut self, squares: u64) {
        for i in self.next..self.len {
            let (sq, value, f) = self.get(i);
            if squares >> sq & 1 == 1 {
                // Ordering values stay within a few times 10^4, far below this lift.
                self.moves[i] = MaybeUninit::new((sq, value.saturating_add(1 << 24), f));
            }
        }
    }

    /// The `k` moves of highest value (the first pushed among equals) valued again: `extra(sq,
    /// flips)` added, and put before all the others (`favour` still puts its moves first).
    /// Before [`MoveList::sort`], with every move's flips.
    pub fn revalue_best(&mut self, k: usize, mut extra: impl FnMut(u8, u64) -> i32) {
        let mut chosen = 0u64;
        for _ in 0..k.min(self.len) {
            let mut best = None;
            for i in (0..self.len).filter(|&i| chosen >> i & 1 == 0) {
                if best.is_none_or(|(_, value)| self.get(i).1 > value) {
                    best = Some((i, self.get(i).1));
                }
            }
            let Some((i, _)) = best else { break };
            chosen |= 1 << i;
        }
        while chosen != 0 {
            let i = chosen.trailing_zeros() as usize;
            chosen &= chosen - 1;
            let (sq, value, f) = self.get(i);
            debug_assert!(f != 0, "a move without its flips");
            // Below `favour`'s lift, above any ordering value.
            let value = value.saturating_add(extra(sq, f)).saturating_add(1 << 20);
            self.moves[i] = MaybeUninit::new((sq, value, f));
        }
    }

    /// The flips of the move [`Iterator::next`] returned last, or 0 if they were not computed.
    pub fn last_flips(&self) -> u64 {
        self.next.checked_sub(1).map_or(0, |i| self.get(i).2)
    }

    /// From now on the moves come best value first, equal values in the order they were pushed.
    /// Each is picked when it is asked for: a node that cuts on its first moves never sorts the
    /// rest.
    pub fn sort(&mut self) {
        self.select = true;
    }

    /// Move `i`, one of the first `len`.
    #[inline(always)]
    fn get(&self, i: usize) -> (u8, i32, u64) {
        assert!(i < self.len);
        // SAFETY: the first `len` moves were written by `push_with_flips` (and `next` only
        // reorders them).
        unsafe { self.moves[i].assume_init() }
    }
}

impl Iterator for MoveList {
    type Item = u8;
    #[inline(always)]
    fn next(&mut self) -> Option<u8> {
        if self.next >= self.len {
            return None;
        }
        if self.select {
            // The first of the best remaining, moved in front of the others (keeping their order).
            let mut best = self.next;
            let mut value = self.get(best).1;
            for i in self.next + 1..self.len {
                let v = self.get(i).1;
                if v > value {
                    best = i;
                    value = v;
                }
            }
            self.moves[self.next..=best].rotate_right(1);
        }
        self.next += 1;
        Some(self.get(self.next - 1).0)
    }
}

#[cfg(test)]
impl MoveList {
    /// Every move with its value and flips, best first (the order the search takes them in).
    pub(crate) fn drain_sorted(&mut self) -> Vec<(u8, i32, u64)> {
        self.sort();
        let mut out = Vec::new();
        while let Some(sq) = self.next() {
            let (_, value, f) = self.get(self.next - 1);
            out.push((sq, value, f));
        }
        out
    }
}
