//! The transposition table: positions already searched, with a score bound and the best move.

/// What a stored score says about the true score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The true score is at least this.
    Lower,
    /// The true score is at most this.
    Upper,
}

/// One stored position. The full board is kept, so a hit is never a different position.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    player: u64,
    opponent: u64,
    pub score: i16,
    pub depth: u8,
    pub bound: Bound,
    best: u8,
}

impl Entry {
    /// The best move found, if any.
    pub fn best_move(&self) -> Option<u8> {
        (self.best < 64).then_some(self.best)
    }
}

const EMPTY: Entry = Entry {
    player: 0,
    opponent: 0,
    score: 0,
    depth: 0,
    bound: Bound::Upper,
    best: 64,
};

/// A fixed-size table indexed by a hash of the board, two entries a bucket: the first keeps the
/// deepest search, the second the most recent.
pub struct TranspositionTable {
    entries: Vec<Entry>,
    mask: usize,
}

/// A position's key: the board itself (the hash is derived from it when indexing).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Key {
    player: u64,
    opponent: u64,
}

impl TranspositionTable {
    /// A table of `2^bits` entries (24 bytes each).
    pub fn new(bits: u32) -> TranspositionTable {
        let size = 1usize << bits;
        TranspositionTable {
            entries: vec![EMPTY; size],
            mask: size - 1,
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.entries.fill(EMPTY);
    }

    pub fn key(player: u64, opponent: u64) -> Key {
        Key { player, opponent }
    }

    fn index(&self, key: Key) -> usize {
        let h = key.player.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ key
                .opponent
                .wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
                .rotate_left(31);
        ((h ^ (h >> 29)) as usize) & self.mask
    }

    pub fn probe(&self, key: Key) -> Option<Entry> {
        let entry = self.entries[self.index(key)];
        (entry.player == key.player && entry.opponent == key.opponent).then_some(entry)
    }

    pub fn store(&mut self, key: Key, depth: u8, score: i16, bound: Bound, best: u8) {
        let index = self.index(key);
        self.entries[index] = Entry {
            player: key.player,
            opponent: key.opponent,
            score,
            depth,
            bound,
            best,
        };
    }
}
