//! How the evaluation reads a placement fast: the squares gathered into the low bits of a word
//! (by shifts and a multiplication, or BMI2's `pext`), then turned into the placement's base-3
//! index through a small table.

use std::sync::OnceLock;

use super::model::{Layout, Model, pow3};

/// How the evaluation reads one placement fast: its squares gathered into the low bits of a word
/// with a few shifts, masks and at most one multiplication, then turned into the placement's
/// base-3 index through a small table (one for the mover's bits, read twice).
#[derive(Clone, Copy, Debug)]
pub(super) enum Gather {
    /// Squares on one row, column or diagonal: `((x >> shift) & mask) * magic`, whose top byte
    /// holds one bit per square (no two partial products meet, so nothing carries).
    Line { shift: u8, mask: u64, magic: u64 },
    /// A line as above, then two more squares as bits 8 and 9 (the edge with its X-squares).
    LineAnd {
        shift: u8,
        mask: u64,
        magic: u64,
        extra: [u8; 2],
    },
    /// A 3×3 corner block moved to a1 by `shift`: its three rows folded into nine bits.
    Corner { shift: u8 },
    /// Any squares, gathered one by one in square order (what `pext` does in one instruction):
    /// the shapes without a reading of their own.
    Mask(u64),
}

impl Gather {
    #[inline(always)]
    pub(super) fn bits(self, x: u64) -> usize {
        match self {
            Gather::Line { shift, mask, magic } => {
                (((x >> shift) & mask).wrapping_mul(magic) >> 56) as usize
            }
            Gather::LineAnd {
                shift,
                mask,
                magic,
                extra,
            } => {
                ((((x >> shift) & mask).wrapping_mul(magic) >> 56)
                    | ((x >> extra[0]) & 1) << 8
                    | ((x >> extra[1]) & 1) << 9) as usize
            }
            Gather::Corner { shift } => {
                let y = (x >> shift) & 0x07_0707;
                ((y & 0x7) | (y >> 5 & 0x38) | (y >> 10 & 0x1C0)) as usize
            }
            Gather::Mask(mask) => {
                let (mut m, mut out, mut bit) = (mask, 0usize, 0);
                while m != 0 {
                    out |= (((x >> m.trailing_zeros()) & 1) as usize) << bit;
                    bit += 1;
                    m &= m - 1;
                }
                out
            }
        }
    }

    /// How a placement with these squares is gathered.
    fn for_squares(squares: &[u8]) -> Gather {
        let line = |squares: &[u8]| -> Option<(u8, u64, u64)> {
            let (f0, r0) = (squares[0] % 8, squares[0] / 8);
            let all = |test: &dyn Fn(u8, u8) -> bool| squares.iter().all(|&s| test(s % 8, s / 8));
            let bits = |shift: u8| squares.iter().fold(0u64, |m, &s| m | 1 << (s - shift));
            if all(&|_, r| r == r0) {
                Some((8 * r0, bits(8 * r0), 1 << 56))
            } else if all(&|f, _| f == f0) {
                Some((f0, bits(f0), 0x0102_0408_1020_4080))
            } else if all(&|f, r| f + 7 - r == f0 + 7 - r0) || all(&|f, r| f + r == f0 + r0) {
                Some((0, bits(0), 0x0101_0101_0101_0101))
            } else {
                None
            }
        };
        if let Some((shift, mask, magic)) = line(squares) {
            return Gather::Line { shift, mask, magic };
        }
        if squares.len() == 10
            && let Some((shift, mask, magic)) = line(&squares[..8])
        {
            return Gather::LineAnd {
                shift,
                mask,
                magic,
                extra: [squares[8], squares[9]],
            };
        }
        let (min_f, min_r) = (
            squares.iter().map(|s| s % 8).min().unwrap(),
            squares.iter().map(|s| s / 8).min().unwrap(),
        );
        let shift = min_r * 8 + min_f;
        let block = squares.iter().fold(0u64, |m, &s| m | 1 << s);
        if squares.len() == 9 && min_f % 5 == 0 && min_r % 5 == 0 && block >> shift == 0x07_0707 {
            Gather::Corner { shift }
        } else {
            Gather::Mask(block)
        }
    }
}

/// One placement of each mirror pair (see [`fold`]): how its squares are gathered (`G`: a
/// [`Gather`], or on x86-64 a `pext` mask), its table of base-3 digits and where its weights
/// start; and which placement of the layout it is.
pub(super) struct Reader<G> {
    pub(super) reads: Vec<(G, u32, u32)>,
    pub(super) digits: Vec<u16>,
    /// Read by the `pext` reader and by the tests, which check each read against its placement.
    #[cfg_attr(all(not(test), not(target_arch = "x86_64")), allow(dead_code))]
    pub(super) placements: Vec<usize>,
    /// The weights the reads reach: one phase's pattern tables.
    pub(super) table_len: usize,
}

impl<G: Copy> Reader<G> {
    /// The pattern part of the evaluation, read unchecked: the sum of every placement's weight,
    /// for the configuration `bits` gathers from `player` and `opponent`.
    ///
    /// # Safety
    /// `bits(gather, x)` is below the length of that read's digit table.
    #[inline(always)]
    unsafe fn sum_by(
        &self,
        table: &[i16],
        player: u64,
        opponent: u64,
        bits: impl Fn(G, u64) -> usize,
    ) -> i32 {
        // No square on both sides keeps each configuration index below its placement's `3^len`
        // weights (with one, it could reach half as far again), and those lie inside the
        // first `table_len` of a phase's table.
        assert!(player & opponent == 0, "a square on both sides");
        assert!(table.len() >= self.table_len);
        let mut sum = 0i32;
        for &(gather, start, offset) in &self.reads {
            // SAFETY: the caller's contract and the asserts above (checked indexing is measurably
            // slower in the solver).
            unsafe {
                let digits = self.digits.as_ptr().add(start as usize);
                let index = *digits.add(bits(gather, player)) as usize
                    + 2 * *digits.add(bits(gather, opponent)) as usize;
                sum += *table.get_unchecked(offset as usize + index) as i32;
            }
        }
        sum
    }
}

impl<G: Copy> Reader<G> {
    /// Each read's row in a phase's pattern tables (its table's start plus the configuration's
    /// index), in read order, into the first `self.reads.len()` of `rows`: the network
    /// evaluation's features ([`crate::ai::net`]).
    ///
    /// # Safety
    /// As [`Reader::sum_by`].
    #[inline(always)]
    unsafe fn rows_by(
        &self,
        player: u64,
        opponent: u64,
        rows: &mut [u32],
        bits: impl Fn(G, u64) -> usize,
    ) {
        assert!(player & opponent == 0, "a square on both sides");
        assert!(rows.len() >= self.reads.len());
        for (row, &(gather, start, offset)) in rows.iter_mut().zip(&self.reads) {
            // SAFETY: the caller's contract.
            unsafe {
                let digits = self.digits.as_ptr().add(start as usize);
                *row = offset
                    + *digits.add(bits(gather, player)) as u32
                    + 2 * *digits.add(bits(gather, opponent)) as u32;
            }
        }
    }

    /// How many placements a position is read through.
    pub(super) fn reads(&self) -> usize {
        self.reads.len()
    }
}

impl Reader<Gather> {
    /// [`Reader::rows_by`] with the gathers.
    #[inline(always)]
    pub(super) fn rows(&self, player: u64, opponent: u64, rows: &mut [u32]) {
        // SAFETY: as in `sum`.
        unsafe { self.rows_by(player, opponent, rows, |gather, x| gather.bits(x)) }
    }

    /// [`Reader::sum_by`] with the gathers.
    #[inline(always)]
    pub(super) fn sum(&self, table: &[i16], player: u64, opponent: u64) -> i32 {
        // SAFETY: a gather gives a value below `1 << width`, and the read's digit table has an
        // entry for each such value (see `reader`).
        unsafe { self.sum_by(table, player, opponent, |gather, x| gather.bits(x)) }
    }
}

#[cfg(target_arch = "x86_64")]
impl Reader<u64> {
    /// [`Reader::sum_by`] with `pext`.
    #[target_feature(enable = "bmi2")]
    #[inline]
    pub(super) fn sum(&self, table: &[i16], player: u64, opponent: u64) -> i32 {
        use std::arch::x86_64::_pext_u64;
        // SAFETY: `pext` with `mask` gives a value below `1 << len` (the mask's squares), and
        // the read's digit table has an entry for each (see `pext_reader`).
        unsafe {
            self.sum_by(table, player, opponent, |mask, x| {
                _pext_u64(x, mask) as usize
            })
        }
    }
}

#[cfg(target_arch = "x86_64")]
impl Reader<u64> {
    /// [`Reader::rows_by`] with `pext`.
    #[target_feature(enable = "bmi2")]
    #[inline]
    pub(super) fn rows(&self, player: u64, opponent: u64, rows: &mut [u32]) {
        use std::arch::x86_64::_pext_u64;
        // SAFETY: as in `sum`.
        unsafe {
            self.rows_by(player, opponent, rows, |mask, x| {
                _pext_u64(x, mask) as usize
            })
        }
    }
}

impl<G> Reader<G> {
    /// The reader of `placements` (indices into the layout): `gather` says how a placement's
    /// squares are gathered and at which bit each square lands, in the placement's order.
    fn new(
        layout: &Layout,
        placements: Vec<usize>,
        gather: impl Fn(&[u8]) -> (G, Vec<usize>),
    ) -> Reader<G> {
        let mut reads = Vec::new();
        let mut digits = Vec::new();
        for &i in &placements {
            let p = &layout.placements[i];
            let (g, positions) = gather(&p.squares[..p.len as usize]);
            let start = digits.len() as u32;
            digits.extend(digit_table(&positions));
            reads.push((g, start, p.offset));
        }
        Reader {
            reads,
            digits,
            placements,
            table_len: layout.per_phase - layout.model.linear(),
        }
    }
}

/// The fast readers of every placement, built once from the layout: each square's gathered bit is
/// found by gathering that square alone, so the digit tables give exactly [`index`]'s order.
pub(super) fn reader(layout: &Layout) -> &Reader<Gather> {
    static READERS: [OnceLock<Reader<Gather>>; Model::ALL.len()] =
        [const { OnceLock::new() }; Model::ALL.len()];
    READERS[layout.model as usize].get_or_init(|| {
        // One of each mirror pair: the folded table counts both.
        let placements = (0..layout.placements.len())
            .filter(|&i| layout.mirror_of(i).is_none_or(|j| j >= i))
            .collect();
        Reader::new(layout, placements, |squares| {
            let gather = Gather::for_squares(squares);
            let positions = squares
                .iter()
                .map(|&s| {
                    let bit = gather.bits(1 << s);
                    assert!(bit.is_power_of_two(), "square {s} gathers to {bit:#x}");
                    bit.trailing_zeros() as usize
                })
                .collect();
            (gather, positions)
        })
    })
}

/// A read's digit table: for each value of the gathered bits (square `d` of the placement at bit
/// `positions[d]`), the base-3 index those bits make as one side's discs (digit `d` worth `3^d`).
fn digit_table(positions: &[usize]) -> impl Iterator<Item = u16> + '_ {
    let width = positions.iter().max().map_or(0, |&p| p + 1);
    (0..1usize << width).map(move |bits| {
        positions
            .iter()
            .enumerate()
            .map(|(digit, &pos)| ((bits >> pos) & 1) as u16 * pow3(digit) as u16)
            .sum::<u16>()
    })
}

/// The placements [`reader`] reads, each gathered by BMI2's `pext` instead (its squares as one
/// mask, in square order), with digit tables for that order. Built once.
#[cfg(target_arch = "x86_64")]
pub(super) fn pext_reader(layout: &Layout) -> &Reader<u64> {
    static READERS: [OnceLock<Reader<u64>>; Model::ALL.len()] =
        [const { OnceLock::new() }; Model::ALL.len()];
    READERS[layout.model as usize].get_or_init(|| {
        Reader::new(layout, reader(layout).placements.clone(), |squares| {
            let mask = squares.iter().fold(0u64, |m, &s| m | 1 << s);
            // `pext` puts square `s` at the bit counting the mask's squares below it.
            let positions = squares
                .iter()
                .map(|&s| (mask & ((1u64 << s) - 1)).count_ones() as usize)
                .collect();
            (mask, positions)
        })
    })
}

/// Whether BMI2's `pext` is there and fast: on Intel processors with BMI2 (Haswell on), on AMD
/// from Zen 3 (family 19h; Zen 1 and 2 run it in microcode, tens of times slower), and wherever
/// [`crate::rules::x86::avx512_path`] holds (every processor with AVX-512 has a fast one). Other vendors: not
/// assumed. The evaluation gathers its patterns with it. Detected once.
#[cfg(target_arch = "x86_64")]
pub fn fast_pext() -> bool {
    static FAST_PEXT: std::sync::LazyLock<bool> = std::sync::LazyLock::new(|| {
        use std::arch::x86_64::__cpuid;
        if !crate::rules::x86::fast_path() {
            return false;
        }
        if crate::rules::x86::avx512_path() {
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
