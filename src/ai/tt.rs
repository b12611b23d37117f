//! The transposition table: positions already searched, with bounds on their score and the best move.

use std::sync::atomic::AtomicU8;
use std::sync::atomic::AtomicU64;
use std::sync::atomic::Ordering::Relaxed;

/// What a search's result says about the true score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The true score is at least this.
    Lower,
    /// The true score is at most this.
    Upper,
}

/// One stored position: a lower and an upper bound on its score at `depth`, so a position searched
/// once failing high and once failing low keeps both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub lower: i16,
    pub upper: i16,
    pub depth: u8,
    best: u8,
    generation: u8,
    /// How selective the search was ([`EXACT`] for a search without forward pruning).
    pub level: u8,
}

/// The level of a search without forward pruning.
pub const EXACT: u8 = u8::MAX;

impl Entry {
    /// The best move found, if any.
    pub fn best_move(&self) -> Option<u8> {
        (self.best < 64).then_some(self.best)
    }

    /// Narrows `[alpha, beta]` with the stored bounds; `Some(score)` when they already decide the
    /// node (fail-soft: the bound that decides it).
    #[inline]
    pub fn narrow(&self, alpha: &mut i32, beta: &mut i32) -> Option<i32> {
        let (lower, upper) = (self.lower as i32, self.upper as i32);
        if lower >= *beta {
            return Some(lower);
        }
        if upper <= *alpha {
            return Some(upper);
        }
        if lower == upper {
            return Some(lower);
        }
        *alpha = (*alpha).max(lower);
        *beta = (*beta).min(upper);
        None
    }

    fn pack(&self) -> u64 {
        (self.lower as u16 as u64)
            | (self.upper as u16 as u64) << 16
            | (self.depth as u64) << 32
            | (self.best as u64) << 40
            | (self.generation as u64) << 48
            | (self.level as u64) << 56
    }

    fn unpack(data: u64) -> Entry {
        Entry {
            lower: data as u16 as i16,
            upper: (data >> 16) as u16 as i16,
            depth: (data >> 32) as u8,
            best: (data >> 40) as u8,
            generation: (data >> 48) as u8,
            level: (data >> 56) as u8,
        }
    }
}

/// One slot: the board's two halves each XORed with the data word, so a slot torn by two threads
/// writing at once fails the check instead of pairing one position with another's data.
struct Slot([AtomicU64; 3]);

impl Slot {
    const fn empty() -> Slot {
        Slot([AtomicU64::new(0), AtomicU64::new(0), AtomicU64::new(0)])
    }

    #[inline]
    fn read(&self, key: Key) -> Option<Entry> {
        let data = self.0[2].load(Relaxed);
        (self.0[0].load(Relaxed) ^ data == key.player
            && self.0[1].load(Relaxed) ^ data == key.opponent
            && data != 0)
            .then(|| Entry::unpack(data))
    }

    /// The slot's entry whatever position it holds (for the replacement choice).
    #[inline]
    fn entry(&self) -> Entry {
        Entry::unpack(self.0[2].load(Relaxed))
    }

    #[inline]
    fn write(&self, key: Key, entry: Entry) {
        let data = entry.pack();
        self.0[0].store(key.player ^ data, Relaxed);
        self.0[1].store(key.opponent ^ data, Relaxed);
        self.0[2].store(data, Relaxed);
    }

    fn copy_from(&self, other: &Slot) {
        for (a, b) in self.0.iter().zip(&other.0) {
            a.store(b.load(Relaxed), Relaxed);
        }
    }
}

/// The table's memory. Written once when made, so that no page is first touched during a search:
/// a page fault in a search with helper threads makes the kernel stop every core to flush its
/// TLB (`reversi bench --midgame --selective --depth 16`: 4.0 s against 6.2 s on 2 threads). On
/// Linux, tables of 2 MiB or more are 2 MiB-aligned and asked for huge pages: a lookup is a random
/// access into tens of megabytes, and with 4 KiB pages nearly every one also misses the TLB.
struct Slots {
    ptr: std::ptr::NonNull<Slot>,
    len: usize,
    layout: std::alloc::Layout,
}

/// Huge pages (and the alignment that lets the kernel use them) for tables at least this large.
const HUGE_PAGE: usize = 2 << 20;

impl Slots {
    fn new(len: usize) -> Slots {
        use std::alloc::{Layout, alloc, handle_alloc_error};
        let size = len * std::mem::size_of::<Slot>();
        let huge = cfg!(target_os = "linux") && size >= HUGE_PAGE;
        let align = if huge {
            HUGE_PAGE
        } else {
            std::mem::align_of::<Slot>()
        };
        let layout = Layout::from_size_align(size, align).expect("a table size");
        // SAFETY: `layout` has a non-zero size (at least one bucket).
        let raw = unsafe { alloc(layout) } as *mut Slot;
        let Some(ptr) = std::ptr::NonNull::new(raw) else {
            handle_alloc_error(layout)
        };
        #[cfg(target_os = "linux")]
        if huge {
            // SAFETY: the range is the allocation just made; the advice changes no contents.
            // A kernel without transparent huge pages refuses it, and 4 KiB pages serve.
            unsafe {
                libc::madvise(raw.cast(), size, libc::MADV_HUGEPAGE);
            }
        }
        for i in 0..len {
            // SAFETY: `i < len` slots fit in the allocation; each is written before any read.
            unsafe { raw.add(i).write(Slot::empty()) };
        }
        Slots { ptr, len, layout }
    }
}

impl std::ops::Deref for Slots {
    type Target = [Slot];
    fn deref(&self) -> &[Slot] {
        // SAFETY: `len` slots were initialised in `new` and live until `drop`.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl Drop for Slots {
    fn drop(&mut self) {
        // SAFETY: allocated in `new` with this layout; slots (atomics) need no drop of their own.
        unsafe { std::alloc::dealloc(self.ptr.as_ptr().cast(), self.layout) }
    }
}

// SAFETY: the slots are atomics, shared between threads by design; `Slots` owns its allocation.
unsafe impl Send for Slots {}
unsafe impl Sync for Slots {}

/// A fixed-size table indexed by a hash of the board, two entries a bucket: the first keeps the
/// deepest search (or any search of the current generation), the second the most recent. Threads
/// share it without locks.
pub struct TranspositionTable {
    slots: Slots,
    mask: usize,
    generation: AtomicU8,
}

/// A position's key: the board itself (the hash is derived from it when indexing).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Key {
    player: u64,
    opponent: u64,
}

impl TranspositionTable {
    /// A table of `2^bits` entries (24 bytes each); at least one bucket.
    pub fn new(bits: u32) -> TranspositionTable {
        let size = 1usize << bits.max(1);
        TranspositionTable {
            slots: Slots::new(size),
            mask: (size - 1) & !1,
            generation: AtomicU8::new(1),
        }
    }

    /// Forgets everything.
    pub fn clear(&self) {
        for slot in self.slots.iter() {
            for word in &slot.0 {
                word.store(0, Relaxed);
            }
        }
        self.generation.store(1, Relaxed);
    }

    /// Marks the start of a new search: entries from earlier ones give way first.
    pub fn new_search(&self) {
        let next = self.generation.load(Relaxed).wrapping_add(1).max(1);
        self.generation.store(next, Relaxed);
    }

    /// The current search's generation (what [`TranspositionTable::new_search`] advances).
    pub fn generation(&self) -> u8 {
        self.generation.load(Relaxed)
    }

    /// Takes `generation` as the current search's, so that this table ages its entries in step
    /// with another one.
    pub fn set_generation(&self, generation: u8) {
        self.generation.store(generation.max(1), Relaxed);
    }

    pub fn key(player: u64, opponent: u64) -> Key {
        Key { player, opponent }
    }

    #[inline]
    fn bucket(&self, key: Key) -> usize {
        let h = key.player.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ key
                .opponent
                .wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
                .rotate_left(31);
        ((h ^ (h >> 29)) as usize) & self.mask
    }

    /// The entries the table holds (for tests).
    #[cfg(test)]
    pub(crate) fn entries(&self) -> Vec<Entry> {
        self.slots
            .iter()
            .filter(|slot| slot.0[2].load(Relaxed) != 0)
            .map(Slot::entry)
            .collect()
    }

    /// Starts loading the slots `key` maps to into the cache, so that a probe soon after does not
    /// wait on memory (a hint only; nothing on targets without one).
    #[inline]
    pub fn prefetch(&self, key: Key) {
        #[cfg(target_arch = "x86_64")]
        {
            let slot: *const Slot = &self.slots[self.bucket(key)];
            // SAFETY: a prefetch is a hint that never faults; SSE is part of x86-64.
            unsafe {
                use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
                _mm_prefetch::<_MM_HINT_T0>(slot.cast());
                _mm_prefetch::<_MM_HINT_T0>(slot.cast::<i8>().add(size_of::<[Slot; 2]>() - 1));
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    #[inline]
    pub fn probe(&self, key: Key) -> Option<Entry> {
        let i = self.bucket(key);
        self.slots[i]
            .read(key)
            .or_else(|| self.slots[i + 1].read(key))
    }

    /// Records a search of `depth` that returned `score` as `bound`. A second search of the same
    /// position at the same depth tightens the bounds already stored.
    pub fn store(&self, key: Key, depth: u8, score: i16, bound: Bound, best: u8) {
        self.store_at_level(key, depth, EXACT, score, bound, best);
    }

    /// [`TranspositionTable::store`] for a search of selectivity `level`: a less selective search
    /// (a higher level) of the same position replaces a more selective one, never the reverse.
    pub fn store_at_level(
        &self,
        key: Key,
        depth: u8,
        level: u8,
        score: i16,
        bound: Bound,
        best: u8,
    ) {
        let (lower, upper) = match bound {
            Bound::Exact => (score, score),
            Bound::Lower => (score, i16::MAX),
            Bound::Upper => (i16::MIN, score),
        };
        let i = self.bucket(key);
        let generation = self.generation.load(Relaxed);
        let fresh = Entry {
            lower,
            upper,
            depth,
            best,
            generation,
            level,
        };
        for slot in &self.slots[i..i + 2] {
            let Some(old) = slot.read(key) else {
                continue;
            };
            if old.depth == depth && old.level == level {
                let (l, u) = (old.lower.max(lower), old.upper.min(upper));
                // Bounds that cross come from an inconsistent search: keep the newest.
                let (lower, upper) = if l <= u { (l, u) } else { (lower, upper) };
                let best = if best < 64 { best } else { old.best };
                slot.write(
                    key,
                    Entry {
                        lower,
                        upper,
                        best,
                        ..fresh
                    },
                );
            } else if old.generation != generation
                || level > old.level
                || (level == old.level && depth > old.depth)
            {
                slot.write(key, fresh);
            }
            return;
        }
        let first = self.slots[i].entry();
        if depth >= first.depth || first.generation != generation {
            self.slots[i + 1].copy_from(&self.slots[i]);
            self.slots[i].write(key, fresh);
        } else {
            self.slots[i + 1].write(key, fresh);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_from_two_searches_combine() {
        let tt = TranspositionTable::new(4);
        let key = TranspositionTable::key(1, 2);
        tt.store(key, 5, 10, Bound::Lower, 3);
        tt.store(key, 5, 20, Bound::Upper, 64);
        let e = tt.probe(key).unwrap();
        assert_eq!((e.lower, e.upper, e.best_move()), (10, 20, Some(3)));
        let (mut a, mut b) = (0, 30);
        assert_eq!(e.narrow(&mut a, &mut b), None);
        assert_eq!((a, b), (10, 20));
        let (mut a, mut b) = (20, 30);
        assert_eq!(e.narrow(&mut a, &mut b), Some(20));
        tt.store(key, 5, 12, Bound::Exact, 4);
        let e = tt.probe(key).unwrap();
        assert_eq!((e.lower, e.upper, e.best_move()), (12, 12, Some(4)));
    }

    #[test]
    fn a_selective_result_never_replaces_an_exact_one() {
        let tt = TranspositionTable::new(4);
        let key = TranspositionTable::key(5, 6);
        tt.store_at_level(key, 20, 0, 8, Bound::Lower, 9);
        assert_eq!(tt.probe(key).map(|e| (e.level, e.lower)), Some((0, 8)));
        tt.store(key, 20, 4, Bound::Exact, 10);
        let e = tt.probe(key).unwrap();
        assert_eq!((e.level, e.lower, e.upper), (EXACT, 4, 4));
        tt.store_at_level(key, 20, 1, 12, Bound::Lower, 11);
        let e = tt.probe(key).unwrap();
        assert_eq!((e.level, e.lower, e.best_move()), (EXACT, 4, Some(10)));
    }

    #[test]
    fn deep_entries_survive_shallow_ones_in_a_bucket() {
        // A table of one bucket: every key lands in it.
        let tt = TranspositionTable::new(1);
        let deep = TranspositionTable::key(1, 0);
        tt.store(deep, 20, 4, Bound::Exact, 0);
        for n in 2..50u64 {
            tt.store(TranspositionTable::key(n, 0), 8, 0, Bound::Exact, 0);
        }
        assert_eq!(tt.probe(deep).map(|e| e.depth), Some(20));
        assert!(tt.probe(TranspositionTable::key(49, 0)).is_some());
        // A later search replaces what earlier ones left.
        tt.new_search();
        tt.store(TranspositionTable::key(99, 0), 8, 0, Bound::Exact, 0);
        assert!(tt.probe(deep).is_some());
        tt.store(TranspositionTable::key(98, 0), 8, 0, Bound::Exact, 0);
        assert!(tt.probe(deep).is_none());
    }

    #[test]
    fn a_table_of_megabytes_starts_empty_and_keeps_what_is_stored() {
        // 2^18 slots of 24 bytes: the huge-page path on Linux.
        let tt = TranspositionTable::new(18);
        assert_eq!(tt.slots.len(), 1 << 18);
        let key = |n: u64| TranspositionTable::key(n.wrapping_mul(0x9E37_79B9), n + 1);
        assert!((0..5_000).all(|n| tt.probe(key(n)).is_none()));
        for n in 0..1_000 {
            tt.store(key(n), 10, n as i16, Bound::Exact, (n % 64) as u8);
        }
        let kept = (0..1_000)
            .filter(|&n| {
                tt.probe(key(n)).map(|e| (e.lower, e.best_move()))
                    == Some((n as i16, Some((n % 64) as u8)))
            })
            .count();
        assert!(kept >= 990, "{kept} of 1000 kept");
        tt.clear();
        assert!((0..1_000).all(|n| tt.probe(key(n)).is_none()));
    }
}
