//! Square sets for every board size: `u64` up to 8×8, `u128` up to 11×11 and [`SquareSet`]
//! (256 bits) up to 16×16, behind one trait so the variant rules and the generic engine are written
//! once and compiled for each width. Square `i` of an n×n board is bit `i = rank · n + file`.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of squares as bits.
pub trait Bits:
    Copy
    + Eq
    + Hash
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    /// How many squares fit.
    const CAPACITY: u32;
    const ZERO: Self;
    /// The set holding square `index` alone (`index < CAPACITY`).
    fn bit(index: u32) -> Self;
    /// Every square moved `by` places up (`by < 64`); squares past the top fall off.
    fn up(self, by: u32) -> Self;
    /// Every square moved `by` places down (`by < 64`); squares below 0 fall off.
    fn down(self, by: u32) -> Self;
    fn count(self) -> u32;
    /// The lowest square (`CAPACITY` when empty).
    fn lowest(self) -> u32;
    /// A 64-bit mix of the set, for hash tables.
    fn mix(self) -> u64;
    fn to_set(self) -> SquareSet;
    /// The squares of `set` below `CAPACITY`.
    fn from_set(set: SquareSet) -> Self;

    fn is_empty(self) -> bool {
        self == Self::ZERO
    }
    fn contains(self, index: u32) -> bool {
        !(self & Self::bit(index)).is_empty()
    }
    /// The squares in the set, lowest first.
    fn iter(self) -> SetIter<Self> {
        SetIter(self)
    }
}

/// The squares of a set, lowest first.
#[derive(Clone, Copy, Debug)]
pub struct SetIter<B>(B);

impl<B: Bits> Iterator for SetIter<B> {
    type Item = u32;
    fn next(&mut self) -> Option<u32> {
        if self.0.is_empty() {
            return None;
        }
        let index = self.0.lowest();
        self.0 ^= B::bit(index);
        Some(index)
    }
}

fn mix64(x: u64) -> u64 {
    let x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    let x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// `u64` and `u128`: one machine integer, shifted and counted as it is.
macro_rules! integer_bits {
    ($int:ty, $mix:expr, $to_set:expr, $from_set:expr) => {
        impl Bits for $int {
            const CAPACITY: u32 = <$int>::BITS;
            const ZERO: $int = 0;
            fn bit(index: u32) -> $int {
                1 << index
            }
            fn up(self, by: u32) -> $int {
                self << by
            }
            fn down(self, by: u32) -> $int {
                self >> by
            }
            fn count(self) -> u32 {
                self.count_ones()
            }
            fn lowest(self) -> u32 {
                self.trailing_zeros()
            }
            fn mix(self) -> u64 {
                $mix(self)
            }
            fn to_set(self) -> SquareSet {
                $to_set(self)
            }
            fn from_set(set: SquareSet) -> $int {
                $from_set(set)
            }
        }
    };
}

integer_bits!(
    u64,
    mix64,
    |x: u64| SquareSet([x, 0, 0, 0]),
    |set: SquareSet| set.0[0]
);
integer_bits!(
    u128,
    |x: u128| mix64(x as u64 ^ mix64((x >> 64) as u64)),
    |x: u128| SquareSet([x as u64, (x >> 64) as u64, 0, 0]),
    |set: SquareSet| u128::from(set.0[0]) | (u128::from(set.0[1]) << 64)
);

/// 256 squares in four words, lowest first: the set that fits every board size, used wherever
/// squares cross from the rules to the engine, the protocols or the game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SquareSet(pub [u64; 4]);

impl SquareSet {
    pub const EMPTY: SquareSet = SquareSet([0; 4]);
}

macro_rules! wordwise {
    ($op:ident, $fn:ident, $assign:ident, $assign_fn:ident, $symbol:tt) => {
        impl $op for SquareSet {
            type Output = SquareSet;
            fn $fn(self, other: SquareSet) -> SquareSet {
                let (a, b) = (self.0, other.0);
                SquareSet([a[0] $symbol b[0], a[1] $symbol b[1], a[2] $symbol b[2], a[3] $symbol b[3]])
            }
        }
        impl $assign for SquareSet {
            fn $assign_fn(&mut self, other: SquareSet) {
                *self = *self $symbol other;
            }
        }
    };
}
wordwise!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
wordwise!(BitOr, bitor, BitOrAssign, bitor_assign, |);
wordwise!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for SquareSet {
    type Output = SquareSet;
    fn not(self) -> SquareSet {
        let a = self.0;
        SquareSet([!a[0], !a[1], !a[2], !a[3]])
    }
}

impl Bits for SquareSet {
    const CAPACITY: u32 = 256;
    const ZERO: SquareSet = SquareSet::EMPTY;
    fn bit(index: u32) -> SquareSet {
        let mut words = [0; 4];
        words[(index / 64) as usize] = 1 << (index % 64);
        SquareSet(words)
    }
    fn up(self, by: u32) -> SquareSet {
        if by == 0 {
            return self;
        }
        let a = self.0;
        SquareSet([
            a[0] << by,
            (a[1] << by) | (a[0] >> (64 - by)),
            (a[2] << by) | (a[1] >> (64 - by)),
            (a[3] << by) | (a[2] >> (64 - by)),
        ])
    }
    fn down(self, by: u32) -> SquareSet {
        if by == 0 {
            return self;
        }
        let a = self.0;
        SquareSet([
            (a[0] >> by) | (a[1] << (64 - by)),
            (a[1] >> by) | (a[2] << (64 - by)),
            (a[2] >> by) | (a[3] << (64 - by)),
            a[3] >> by,
        ])
    }
    fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    fn lowest(self) -> u32 {
        for (i, w) in self.0.iter().enumerate() {
            if *w != 0 {
                return i as u32 * 64 + w.trailing_zeros();
            }
        }
        256
    }
    fn mix(self) -> u64 {
        let a = self.0;
        mix64(a[0] ^ mix64(a[1] ^ mix64(a[2] ^ mix64(a[3]))))
    }
    fn to_set(self) -> SquareSet {
        self
    }
    fn from_set(set: SquareSet) -> SquareSet {
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every width moves, counts and finds squares as a plain list of indices does.
    #[test]
    fn every_width_agrees_with_a_list_of_squares() {
        fn check<B: Bits>(indices: &[u32], by: u32) {
            let set = indices.iter().fold(B::ZERO, |s, &i| s | B::bit(i));
            assert_eq!(set.count() as usize, indices.len());
            assert_eq!(set.iter().collect::<Vec<_>>(), indices);
            let up: Vec<u32> = indices
                .iter()
                .map(|i| i + by)
                .filter(|&i| i < B::CAPACITY)
                .collect();
            assert_eq!(set.up(by).iter().collect::<Vec<_>>(), up, "up {by}");
            let down: Vec<u32> = indices.iter().filter_map(|i| i.checked_sub(by)).collect();
            assert_eq!(set.down(by).iter().collect::<Vec<_>>(), down, "down {by}");
            assert_eq!(B::from_set(set.to_set()), set);
        }
        let mut seed = 7u64;
        for _ in 0..2000 {
            seed = mix64(seed);
            let by = (seed % 20) as u32;
            let mut indices: Vec<u32> = (0..256u32)
                .filter(|&i| (mix64(seed ^ u64::from(i)) & 7) == 0)
                .collect();
            check::<SquareSet>(&indices, by);
            indices.retain(|&i| i < 128);
            check::<u128>(&indices, by);
            indices.retain(|&i| i < 64);
            check::<u64>(&indices, by);
        }
    }
}
