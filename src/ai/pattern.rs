//! The pattern evaluation: the board is read through small groups of squares (edges with their
//! X-squares, 3×3 corners, the rows and columns 2–4 squares in, every diagonal of 4–8 squares), each
//! in all its symmetric placements. Every configuration of a group (each square empty, the mover's
//! or the opponent's: 3^n of them) has a learned weight, one table per group and per game phase
//! (six plies each), plus per-phase weights for mobility and potential mobility and a bias. The sum
//! estimates the final disc difference in hundredths of a disc, from the mover's view.
//!
//! The weights ship inside the binary (`weights.bin` beside this file, with the midgame search's
//! own phases 6–8 in `weights-midgame.bin`: [`midgame`]); [`crate::ai::train`] makes them from
//! self-play (see docs/training.md). An overlay ([`Weights::overlay_bytes`]) holds some phases
//! only, laid over the shipped weights.

use std::sync::OnceLock;

use super::eval::{DISC, neighbours};
use crate::rules::board::legal_moves;

/// Plies per game phase.
pub const PLIES_PER_PHASE: u32 = 6;

/// Game phases of [`PLIES_PER_PHASE`] plies each, by the number of discs on the board.
pub const PHASES: usize = 60usize.div_ceil(PLIES_PER_PHASE as usize);

/// The phase of a position with `discs` discs on the board.
pub const fn phase(discs: u32) -> usize {
    let p = (discs.saturating_sub(4) / PLIES_PER_PHASE) as usize;
    if p >= PHASES { PHASES - 1 } else { p }
}

/// A group of squares read together: its name and one placement as (file, rank) pairs; the others
/// are its images under the board's eight symmetries.
struct Group {
    name: &'static str,
    squares: &'static [(u8, u8)],
}

const GROUPS: [Group; 10] = [
    Group {
        name: "edge+2X",
        squares: &[
            (0, 0),
            (1, 0),
            (2, 0),
            (3, 0),
            (4, 0),
            (5, 0),
            (6, 0),
            (7, 0),
            (1, 1),
            (6, 1),
        ],
    },
    Group {
        name: "corner 3x3",
        squares: &[
            (0, 0),
            (1, 0),
            (2, 0),
            (0, 1),
            (1, 1),
            (2, 1),
            (0, 2),
            (1, 2),
            (2, 2),
        ],
    },
    Group {
        name: "row 2",
        squares: &[
            (0, 1),
            (1, 1),
            (2, 1),
            (3, 1),
            (4, 1),
            (5, 1),
            (6, 1),
            (7, 1),
        ],
    },
    Group {
        name: "row 3",
        squares: &[
            (0, 2),
            (1, 2),
            (2, 2),
            (3, 2),
            (4, 2),
            (5, 2),
            (6, 2),
            (7, 2),
        ],
    },
    Group {
        name: "row 4",
        squares: &[
            (0, 3),
            (1, 3),
            (2, 3),
            (3, 3),
            (4, 3),
            (5, 3),
            (6, 3),
            (7, 3),
        ],
    },
    Group {
        name: "diagonal 8",
        squares: &[
            (0, 0),
            (1, 1),
            (2, 2),
            (3, 3),
            (4, 4),
            (5, 5),
            (6, 6),
            (7, 7),
        ],
    },
    Group {
        name: "diagonal 7",
        squares: &[(1, 0), (2, 1), (3, 2), (4, 3), (5, 4), (6, 5), (7, 6)],
    },
    Group {
        name: "diagonal 6",
        squares: &[(2, 0), (3, 1), (4, 2), (5, 3), (6, 4), (7, 5)],
    },
    Group {
        name: "diagonal 5",
        squares: &[(3, 0), (4, 1), (5, 2), (6, 3), (7, 4)],
    },
    Group {
        name: "diagonal 4",
        squares: &[(4, 0), (5, 1), (6, 2), (7, 3)],
    },
];

/// Linear features after the pattern tables, per phase: mobility, potential mobility, bias.
pub const LINEAR: usize = 3;

/// One placement of a group: where its table starts and its squares (first = lowest digit).
#[derive(Clone, Copy, Debug)]
pub struct Placement {
    pub offset: u32,
    pub len: u8,
    pub squares: [u8; 10],
}

/// The values of `phases` whole phases, read from a file's body (i16 little-endian), each within
/// ±[`MAX_WEIGHT`].
fn phase_values(body: &[u8], phases: usize) -> Result<Vec<i16>, String> {
    let want = 2 * phases * layout().per_phase;
    if body.len() != want {
        return Err(format!(
            "{} bytes of weights where {want} were expected",
            body.len()
        ));
    }
    let values: Vec<i16> = body
        .chunks_exact(2)
        .map(|c| i16::from_le_bytes([c[0], c[1]]))
        .collect();
    // `unsigned_abs`: i16::MIN has no positive counterpart (`abs` would overflow).
    if values
        .iter()
        .any(|v| v.unsigned_abs() > MAX_WEIGHT.unsigned_abs())
    {
        return Err(format!("a weight beyond ±{MAX_WEIGHT}"));
    }
    Ok(values)
}

/// The layout of the weights: every placement, each group's table offset, and the size of one
/// phase's weights (all tables, then the linear features).
pub struct Layout {
    pub placements: Vec<Placement>,
    pub group_offsets: Vec<u32>,
    pub per_phase: usize,
}

const fn pow3(n: usize) -> usize {
    let mut p = 1;
    let mut i = 0;
    while i < n {
        p *= 3;
        i += 1;
    }
    p
}

fn symmetries(f: u8, r: u8) -> [(u8, u8); 8] {
    [
        (f, r),
        (7 - f, r),
        (f, 7 - r),
        (7 - f, 7 - r),
        (r, f),
        (7 - r, f),
        (r, 7 - f),
        (7 - r, 7 - f),
    ]
}

/// The weights' layout, built once.
pub fn layout() -> &'static Layout {
    static LAYOUT: OnceLock<Layout> = OnceLock::new();
    LAYOUT.get_or_init(|| {
        let mut placements: Vec<Placement> = Vec::new();
        let mut group_offsets = Vec::new();
        let mut offset = 0u32;
        for group in &GROUPS {
            group_offsets.push(offset);
            let mut seen: Vec<Vec<u8>> = Vec::new();
            for s in 0..8 {
                let squares: Vec<u8> = group
                    .squares
                    .iter()
                    .map(|&(f, r)| {
                        let (f, r) = symmetries(f, r)[s];
                        r * 8 + f
                    })
                    .collect();
                if seen.contains(&squares) {
                    continue;
                }
                let mut array = [0u8; 10];
                array[..squares.len()].copy_from_slice(&squares);
                placements.push(Placement {
                    offset,
                    len: squares.len() as u8,
                    squares: array,
                });
                seen.push(squares);
            }
            offset += pow3(group.squares.len()) as u32;
        }
        Layout {
            placements,
            group_offsets,
            per_phase: offset as usize + LINEAR,
        }
    })
}

/// The group names, in table order (for reports).
pub fn group_names() -> impl Iterator<Item = &'static str> {
    GROUPS.iter().map(|g| g.name)
}

/// The configuration index of `placement`: each square 0 empty, 1 the mover's, 2 the opponent's,
/// the first square the lowest base-3 digit.
#[inline]
pub fn index(placement: &Placement, player: u64, opponent: u64) -> usize {
    let mut index = 0;
    for &sq in placement.squares[..placement.len as usize].iter().rev() {
        index = index * 3 + ((player >> sq) & 1) as usize + 2 * ((opponent >> sq) & 1) as usize;
    }
    index
}

/// The linear features: (mobility difference, potential mobility difference, 1).
#[inline(always)]
pub fn linear_features(player: u64, opponent: u64) -> [i32; LINEAR] {
    linear_features_by(player, opponent, legal_moves)
}

/// [`linear_features`] with `moves` as the move generator.
#[inline(always)]
fn linear_features_by(
    player: u64,
    opponent: u64,
    moves: impl Fn(u64, u64) -> u64,
) -> [i32; LINEAR] {
    let empty = !(player | opponent);
    let mobility =
        moves(player, opponent).count_ones() as i32 - moves(opponent, player).count_ones() as i32;
    // Empty squares next to the opponent's discs are future moves for the mover.
    let potential = (neighbours(opponent) & empty).count_ones() as i32
        - (neighbours(player) & empty).count_ones() as i32;
    [mobility, potential, 1]
}

/// Learned weights for every phase, in hundredths of a disc.
#[derive(Clone, PartialEq, Eq)]
pub struct Weights {
    /// `PHASES * layout().per_phase` values.
    values: Vec<i16>,
    /// The same with each group's table added to its mirror image's (see [`fold`]): what the
    /// evaluation reads.
    folded: Vec<i16>,
}

/// The largest weight (in absolute value) a file may hold and a fit may give: two of them add up
/// without overflow in the folded tables.
pub const MAX_WEIGHT: i16 = 16_000;

impl std::fmt::Debug for Weights {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Weights({} values)", self.values.len())
    }
}

/// The file's first bytes, then a format version.
const MAGIC: &[u8; 8] = b"RVPATW01";
/// The first bytes of an overlay: the weights of some phases, laid over whole weights.
const OVERLAY_MAGIC: &[u8; 8] = b"RVPATO01";

impl Weights {
    pub fn zero() -> Weights {
        Weights::from_values(vec![0; PHASES * layout().per_phase])
    }

    /// Weights from their values (`PHASES * layout().per_phase` of them, each within
    /// ±[`MAX_WEIGHT`]).
    pub fn from_values(values: Vec<i16>) -> Weights {
        assert_eq!(
            values.len(),
            PHASES * layout().per_phase,
            "weights of another layout"
        );
        assert!(
            values
                .iter()
                .all(|v| v.unsigned_abs() <= MAX_WEIGHT.unsigned_abs()),
            "a weight beyond ±{MAX_WEIGHT}"
        );
        let folded = fold(&values);
        Weights { values, folded }
    }

    /// The values, phase after phase: each group's table, then the linear features' weights.
    pub fn values(&self) -> &[i16] {
        &self.values
    }

    /// The binary form: magic, phases and per-phase size (u32 little-endian), then the values
    /// (i16 little-endian).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = MAGIC.to_vec();
        bytes.extend((PHASES as u32).to_le_bytes());
        bytes.extend((layout().per_phase as u32).to_le_bytes());
        for v in &self.values {
            bytes.extend(v.to_le_bytes());
        }
        bytes
    }

    pub fn from_bytes(bytes: &[u8]) -> Result<Weights, String> {
        let per_phase = layout().per_phase;
        let header = MAGIC.len() + 8;
        if bytes.len() < header || &bytes[..MAGIC.len()] != MAGIC {
            return Err("not a weights file of this version".into());
        }
        let word = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap()) as usize;
        if word(MAGIC.len()) != PHASES || word(MAGIC.len() + 4) != per_phase {
            return Err("the weights were made for another pattern layout".into());
        }
        Ok(Weights::from_values(phase_values(
            &bytes[header..],
            PHASES,
        )?))
    }

    /// The overlay form of `phases` of these weights: [`OVERLAY_MAGIC`], the first phase, the
    /// number of phases and the per-phase size (u32 little-endian), then those phases' values (i16
    /// little-endian).
    pub fn overlay_bytes(&self, phases: std::ops::RangeInclusive<usize>) -> Vec<u8> {
        let per_phase = layout().per_phase;
        let (first, last) = (*phases.start(), (*phases.end()).min(PHASES - 1));
        let mut bytes = OVERLAY_MAGIC.to_vec();
        bytes.extend((first as u32).to_le_bytes());
        bytes.extend((last.saturating_sub(first) as u32 + 1).to_le_bytes());
        bytes.extend((per_phase as u32).to_le_bytes());
        for v in &self.values[first * per_phase..(last + 1) * per_phase] {
            bytes.extend(v.to_le_bytes());
        }
        bytes
    }

    /// These weights with the phases an overlay ([`Weights::overlay_bytes`]) holds replaced by
    /// its values.
    pub fn with_overlay(&self, bytes: &[u8]) -> Result<Weights, String> {
        let per_phase = layout().per_phase;
        let header = OVERLAY_MAGIC.len() + 12;
        if bytes.len() < header || &bytes[..OVERLAY_MAGIC.len()] != OVERLAY_MAGIC {
            return Err("not a weights overlay of this version".into());
        }
        let word = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap()) as usize;
        let at = OVERLAY_MAGIC.len();
        let (first, count) = (word(at), word(at + 4));
        if word(at + 8) != per_phase {
            return Err("the overlay was made for another pattern layout".into());
        }
        if count == 0 || first.checked_add(count).is_none_or(|end| end > PHASES) {
            return Err(format!(
                "an overlay of {count} phases from phase {first} where the evaluation has phases \
                 0 to {}",
                PHASES - 1
            ));
        }
        let laid = phase_values(&bytes[header..], count)?;
        let mut values = self.values.clone();
        values[first * per_phase..(first + count) * per_phase].copy_from_slice(&laid);
        Ok(Weights::from_values(values))
    }

    /// Weights from a file's bytes: whole weights ([`Weights::to_bytes`]), or an overlay
    /// ([`Weights::overlay_bytes`]) on the weights shipped in `weights.bin`.
    pub fn read(bytes: &[u8]) -> Result<Weights, String> {
        if bytes.starts_with(OVERLAY_MAGIC) {
            let base = shipped().ok_or("no shipped weights to lay the overlay on")?;
            return base.with_overlay(bytes);
        }
        Weights::from_bytes(bytes)
    }

    /// The evaluation of the position for the side to move, in hundredths of a disc.
    #[inline(always)]
    pub fn evaluate(&self, player: u64, opponent: u64) -> i32 {
        self.evaluate_by(player, opponent, legal_moves)
    }

    /// [`Weights::evaluate`], on processors [`crate::rules::x86::fast_path`] detects by a copy
    /// compiled for their instructions (with the AVX2 move generator for the mobility).
    pub fn evaluate_fast(&self, player: u64, opponent: u64) -> i32 {
        #[cfg(target_arch = "x86_64")]
        if crate::rules::x86::fast_path() {
            // SAFETY: the instructions the copy is compiled for were detected by `fast_path`.
            return unsafe { self.evaluate_x86(player, opponent) };
        }
        self.evaluate(player, opponent)
    }

    /// [`Weights::evaluate_fast`]'s copy.
    ///
    /// # Safety
    /// Only where `fast_path()` is true.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2")]
    unsafe fn evaluate_x86(&self, player: u64, opponent: u64) -> i32 {
        use crate::rules::x86::legal_moves_avx2;
        self.evaluate_fast_by(player, opponent, |p, o| legal_moves_avx2(p, o))
    }

    /// [`Weights::evaluate_by`] for the copies compiled for x86-64 instructions: the patterns
    /// gathered by `pext` where it is fast ([`fast_pext`]; some processors
    /// with BMI2 run it slowly).
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    pub fn evaluate_fast_by(
        &self,
        player: u64,
        opponent: u64,
        moves: impl Fn(u64, u64) -> u64,
    ) -> i32 {
        if fast_pext() {
            // SAFETY: `fast_pext` holds only where BMI2 was detected.
            return unsafe { self.evaluate_pext(player, opponent, moves) };
        }
        self.evaluate_by(player, opponent, moves)
    }

    /// [`Weights::evaluate`] with `moves` as the move generator (a faster one where the
    /// processor has it; it must give [`legal_moves`]'s results).
    #[inline(always)]
    pub fn evaluate_by(&self, player: u64, opponent: u64, moves: impl Fn(u64, u64) -> u64) -> i32 {
        self.evaluate_with(player, opponent, moves, |table, p, o| {
            reader().sum(table, p, o)
        })
    }

    /// [`Weights::evaluate_by`] with each placement gathered by one BMI2 `pext`.
    ///
    /// # Safety
    /// Only where BMI2 was detected (and, for speed, only where `pext` is fast:
    /// [`fast_pext`]).
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    pub unsafe fn evaluate_pext(
        &self,
        player: u64,
        opponent: u64,
        moves: impl Fn(u64, u64) -> u64,
    ) -> i32 {
        self.evaluate_with(player, opponent, moves, |table, p, o| {
            // SAFETY: the caller's processor has BMI2.
            unsafe { pext_reader().sum(table, p, o) }
        })
    }

    /// The evaluation with `moves` as the move generator and `patterns` summing the pattern
    /// weights from one phase's table.
    #[inline(always)]
    fn evaluate_with(
        &self,
        player: u64,
        opponent: u64,
        moves: impl Fn(u64, u64) -> u64,
        patterns: impl Fn(&[i16], u64, u64) -> i32,
    ) -> i32 {
        let layout = layout();
        let phase = phase((player | opponent).count_ones());
        let table = &self.folded[phase * layout.per_phase..(phase + 1) * layout.per_phase];
        let mut sum = patterns(table, player, opponent);
        let linear = &table[layout.per_phase - LINEAR..];
        for (w, x) in linear
            .iter()
            .zip(linear_features_by(player, opponent, moves))
        {
            sum += *w as i32 * x;
        }
        sum.clamp(-64 * DISC + 1, 64 * DISC - 1)
    }
}

/// How the evaluation reads one placement fast: its squares gathered into the low bits of a word
/// with a few shifts, masks and at most one multiplication, then turned into the placement's
/// base-3 index through a small table (one for the mover's bits, read twice).
#[derive(Clone, Copy, Debug)]
enum Gather {
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
}

impl Gather {
    #[inline(always)]
    fn bits(self, x: u64) -> usize {
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
        assert!(
            squares.len() == 9 && min_f % 5 == 0 && min_r % 5 == 0 && block >> shift == 0x07_0707,
            "no fast reading for the placement {squares:?}"
        );
        Gather::Corner { shift }
    }
}

/// One placement of each mirror pair (see [`fold`]): how its squares are gathered (`G`: a
/// [`Gather`], or on x86-64 a `pext` mask), its table of base-3 digits and where its weights
/// start; and which placement of the layout it is.
struct Reader<G> {
    reads: Vec<(G, u32, u32)>,
    digits: Vec<u16>,
    /// Read by the `pext` reader and by the tests, which check each read against its placement.
    #[cfg_attr(all(not(test), not(target_arch = "x86_64")), allow(dead_code))]
    placements: Vec<usize>,
    /// The weights the reads reach: one phase's pattern tables.
    table_len: usize,
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

impl Reader<Gather> {
    /// [`Reader::sum_by`] with the gathers.
    #[inline(always)]
    fn sum(&self, table: &[i16], player: u64, opponent: u64) -> i32 {
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
    fn sum(&self, table: &[i16], player: u64, opponent: u64) -> i32 {
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

impl<G> Reader<G> {
    /// The reader of `placements` (indices into the layout): `gather` says how a placement's
    /// squares are gathered and at which bit each square lands, in the placement's order.
    fn new(placements: Vec<usize>, gather: impl Fn(&[u8]) -> (G, Vec<usize>)) -> Reader<G> {
        let layout = layout();
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
            table_len: layout.per_phase - LINEAR,
        }
    }
}

/// The fast readers of every placement, built once from the layout: each square's gathered bit is
/// found by gathering that square alone, so the digit tables give exactly [`index`]'s order.
fn reader() -> &'static Reader<Gather> {
    static READER: OnceLock<Reader<Gather>> = OnceLock::new();
    READER.get_or_init(|| {
        // One of each mirror pair: the folded table counts both.
        let placements = (0..layout().placements.len())
            .filter(|&i| mirror_of(i).is_none_or(|j| j >= i))
            .collect();
        Reader::new(placements, |squares| {
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
fn pext_reader() -> &'static Reader<u64> {
    static READER: OnceLock<Reader<u64>> = OnceLock::new();
    READER.get_or_init(|| {
        Reader::new(reader().placements.clone(), |squares| {
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

/// The placement that reads the same squares as placement `i` in another order (every line is
/// read from both ends, every 3×3 corner along both edges), if there is one.
fn mirror_of(i: usize) -> Option<usize> {
    let placements = &layout().placements;
    let set = |p: &Placement| {
        p.squares[..p.len as usize]
            .iter()
            .fold(0u64, |m, &s| m | 1 << s)
    };
    let p = &placements[i];
    placements
        .iter()
        .position(|q| q.offset == p.offset && set(q) == set(p) && q.squares != p.squares)
}

/// Each group's table with its mirror image's added in: a placement and its mirror read the same
/// squares in two orders and share the group's table, so instead of reading both, the evaluation
/// reads one in a table holding `w[c] + w[c']` (`c'`: the same configuration in the mirror's
/// order). Half the lookups, the same sums. The linear features' weights are copied.
fn fold(values: &[i16]) -> Vec<i16> {
    let layout = layout();
    let mut folded = values.to_vec();
    for (g, &offset) in layout.group_offsets.iter().enumerate() {
        let n = GROUPS[g].squares.len();
        let first = layout
            .placements
            .iter()
            .position(|p| p.offset == offset)
            .expect("every group has placements");
        let mirror = mirror_of(first).expect("every placement has a mirror image");
        let (p, q) = (&layout.placements[first], &layout.placements[mirror]);
        // The mirror's j-th square is the first placement's `order[j]`-th.
        let order: Vec<usize> = q.squares[..n]
            .iter()
            .map(|s| p.squares[..n].iter().position(|t| t == s).unwrap())
            .collect();
        for c in 0..pow3(n) {
            let mut digits = [0usize; 10];
            let mut x = c;
            for d in digits.iter_mut().take(n) {
                *d = x % 3;
                x /= 3;
            }
            let mirrored = order.iter().rev().fold(0, |m, &i| m * 3 + digits[i]);
            for phase in 0..PHASES {
                let base = phase * layout.per_phase + offset as usize;
                folded[base + c] = values[base + c] + values[base + mirrored];
            }
        }
    }
    folded
}

/// The weights shipped in the binary, or `None` if they do not match this build's layout. The
/// exact solver orders its moves with them: their phases 6–9 are fitted to the solver's own
/// trees (docs/training.md, round 3).
pub fn shipped() -> Option<&'static Weights> {
    static SHIPPED: OnceLock<Option<Weights>> = OnceLock::new();
    SHIPPED
        .get_or_init(|| Weights::from_bytes(include_bytes!("weights.bin")).ok())
        .as_ref()
}

/// The phases the midgame search reads from `weights-midgame.bin` instead of `weights.bin`.
pub const MIDGAME_PHASES: std::ops::RangeInclusive<usize> = 6..=8;

/// The weights the midgame search evaluates its leaves with: [`shipped`], with phases
/// [`MIDGAME_PHASES`] (40–57 discs) from the overlay `weights-midgame.bin`, fitted to positions
/// games reach and labelled by searches (docs/training.md, round 5).
pub fn midgame() -> Option<&'static Weights> {
    static MIDGAME: OnceLock<Option<Weights>> = OnceLock::new();
    MIDGAME
        .get_or_init(|| {
            shipped().map(|base| {
                base.with_overlay(include_bytes!("weights-midgame.bin"))
                    .unwrap_or_else(|_| base.clone())
            })
        })
        .as_ref()
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Board;

    #[test]
    fn placements_cover_every_symmetric_image_once() {
        let layout = layout();
        let count = |name: &str| {
            let g = GROUPS.iter().position(|g| g.name == name).unwrap();
            let offset = layout.group_offsets[g];
            layout
                .placements
                .iter()
                .filter(|p| p.offset == offset)
                .count()
        };
        // Edges and rows: four sides read both ways; the 3x3 corner: four corners, two orders;
        // the long diagonal: two diagonals read both ways.
        assert_eq!(count("edge+2X"), 8);
        assert_eq!(count("corner 3x3"), 8);
        assert_eq!(count("row 2"), 8);
        assert_eq!(count("diagonal 8"), 4);
        assert_eq!(count("diagonal 4"), 8);
        for p in &layout.placements {
            let squares = &p.squares[..p.len as usize];
            assert!(squares.iter().all(|&s| s < 64));
            let mut sorted = squares.to_vec();
            sorted.sort();
            sorted.dedup();
            assert_eq!(sorted.len(), squares.len(), "a square twice in {squares:?}");
        }
    }

    #[test]
    fn indices_stay_inside_their_tables() {
        let layout = layout();
        let full = Board {
            player: 0,
            opponent: u64::MAX,
        };
        for p in &layout.placements {
            let group = layout
                .group_offsets
                .iter()
                .position(|&o| o == p.offset)
                .unwrap();
            assert_eq!(
                index(p, full.player, full.opponent),
                pow3(p.len as usize) - 1
            );
            assert_eq!(index(p, 0, 0), 0);
            let end = layout
                .group_offsets
                .get(group + 1)
                .map_or(layout.per_phase - LINEAR, |&o| o as usize);
            assert_eq!(p.offset as usize + pow3(p.len as usize), end);
        }
    }

    #[test]
    fn the_fast_reading_gives_every_placements_index() {
        check_reads(reader(), 0x2545_F491_4F6C_DD1D, |gather, x| gather.bits(x));
    }

    /// Each read of `reader`, with `bits` as its gather, gives its placement's [`index`] on random
    /// boards (checked indexing), and its table offset.
    fn check_reads<G: Copy>(reader: &Reader<G>, seed: u64, bits: impl Fn(G, u64) -> usize) {
        let layout = layout();
        let mut next = xorshift(seed);
        for _ in 0..2000 {
            let (a, b) = (next(), next());
            let (player, opponent) = (a & b, !a & next());
            let opponent = opponent & !player;
            for (&i, &(gather, digits, offset)) in reader.placements.iter().zip(&reader.reads) {
                let p = &layout.placements[i];
                let digits = &reader.digits[digits as usize..];
                let fast = digits[bits(gather, player)] as usize
                    + 2 * digits[bits(gather, opponent)] as usize;
                assert_eq!(fast, index(p, player, opponent), "{:?}", p.squares);
                assert_eq!(offset, p.offset);
            }
        }
    }

    #[test]
    fn the_evaluation_is_the_same_under_every_symmetry() {
        // Symmetric placements share tables, so any weights give equal values to mirrored boards.
        let weights = random_weights(12345, 100);
        let game = crate::rules::notation::parse_transcript("f5d6c3d3c4f4f6f3e6e7d7").unwrap();
        let board = game.board();
        let transform = |bits: u64, s: usize| {
            let mut out = 0u64;
            for sq in 0..64u8 {
                if bits >> sq & 1 == 1 {
                    let (f, r) = symmetries(sq % 8, sq / 8)[s];
                    out |= 1 << (r * 8 + f);
                }
            }
            out
        };
        let value = weights.evaluate(board.player, board.opponent);
        for s in 1..8 {
            let (p, o) = (transform(board.player, s), transform(board.opponent, s));
            assert_eq!(weights.evaluate(p, o), value, "symmetry {s}");
        }
    }

    #[test]
    fn weights_round_trip_and_bad_files_are_refused() {
        let mut values = Weights::zero().values;
        values[7] = -300;
        values[12345] = 2000;
        let weights = Weights::from_values(values);
        let bytes = weights.to_bytes();
        assert_eq!(Weights::from_bytes(&bytes).unwrap(), weights);
        // A weight too large to fold.
        let mut large = bytes.clone();
        let at = MAGIC.len() + 8 + 2 * 7;
        large[at..at + 2].copy_from_slice(&(MAX_WEIGHT + 1).to_le_bytes());
        assert!(Weights::from_bytes(&large).is_err());
        assert!(Weights::from_bytes(&bytes[..bytes.len() - 1]).is_err());
        assert!(Weights::from_bytes(b"nonsense").is_err());
        let mut other = bytes.clone();
        other[8] = 11;
        assert!(Weights::from_bytes(&other).is_err());
    }

    /// Weights of the shipped layout, each a pseudo-random value in ±`bound`.
    fn random_weights(seed: u64, bound: i16) -> Weights {
        let mut next = xorshift(seed);
        let values = (0..PHASES * layout().per_phase)
            .map(|_| (next() % (2 * bound as u64 + 1)) as i16 - bound)
            .collect();
        Weights::from_values(values)
    }

    /// A xorshift generator from `seed` (not zero).
    fn xorshift(seed: u64) -> impl FnMut() -> u64 {
        let mut x = seed;
        move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        }
    }

    #[test]
    fn half_the_placements_read_in_folded_tables_give_the_sum_over_all() {
        let layout = layout();
        assert_eq!(reader().reads.len() * 2, layout.placements.len());
        for weights in [
            random_weights(7, 100),
            random_weights(8, MAX_WEIGHT),
            shipped().unwrap().clone(),
        ] {
            let mut next = xorshift(99);
            for _ in 0..3000 {
                let (a, b) = (next(), next());
                let (player, opponent) = (a & b, !a & next() & !(a & b));
                let phase = phase((player | opponent).count_ones());
                let table = &weights.values()[phase * layout.per_phase..][..layout.per_phase];
                // Every placement read in the unfolded table, as the weights were fitted.
                let mut want: i32 = layout
                    .placements
                    .iter()
                    .map(|p| table[p.offset as usize + index(p, player, opponent)] as i32)
                    .sum();
                let linear = &table[layout.per_phase - LINEAR..];
                for (w, x) in linear.iter().zip(linear_features(player, opponent)) {
                    want += *w as i32 * x;
                }
                let want = want.clamp(-64 * DISC + 1, 64 * DISC - 1);
                assert_eq!(weights.evaluate(player, opponent), want);
            }
        }
    }

    #[test]
    fn the_fast_evaluation_equals_the_portable_one() {
        let weights = shipped().unwrap();
        let mut next = xorshift(31);
        for _ in 0..20_000 {
            let (a, b) = (next(), next());
            let (player, opponent) = (a & b, !a & next() & !(a & b));
            assert_eq!(
                weights.evaluate_fast(player, opponent),
                weights.evaluate(player, opponent)
            );
        }
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_pext_reading_gives_every_placements_index() {
        if crate::rules::x86::lacks(
            std::is_x86_feature_detected!("bmi2"),
            "the_pext_reading_gives_every_placements_index",
            "BMI2",
        ) {
            return;
        }
        let pext = pext_reader();
        assert_eq!(pext.placements, reader().placements);
        // SAFETY: BMI2 was detected above.
        check_reads(pext, 0x9E37_79B9_7F4A_7C15, |mask, x| unsafe {
            std::arch::x86_64::_pext_u64(x, mask) as usize
        });
        let table = vec![0i16; pext.table_len];
        let mut next = xorshift(7);
        for _ in 0..2000 {
            let (player, opponent) = (next() & next(), next());
            let opponent = opponent & !player;
            // SAFETY: as above.
            assert_eq!(unsafe { pext.sum(&table, player, opponent) }, 0);
        }
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_pext_evaluation_equals_the_portable_one() {
        if crate::rules::x86::lacks(
            std::is_x86_feature_detected!("bmi2"),
            "the_pext_evaluation_equals_the_portable_one",
            "BMI2",
        ) {
            return;
        }
        for weights in [shipped().unwrap().clone(), random_weights(77, 1000)] {
            let mut next = xorshift(41);
            for _ in 0..20_000 {
                let (a, b) = (next(), next());
                let (player, opponent) = (a & b, !a & next() & !(a & b));
                // SAFETY: BMI2 was detected above.
                let pext = unsafe { weights.evaluate_pext(player, opponent, legal_moves) };
                assert_eq!(pext, weights.evaluate(player, opponent));
            }
        }
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn pext_is_taken_only_where_bmi2_is() {
        use super::fast_pext;
        use crate::rules::x86::avx512_path;
        if fast_pext() {
            assert!(std::is_x86_feature_detected!("bmi2"));
        }
        if avx512_path() {
            assert!(fast_pext());
        }
    }

    /// The fast readings index their tables unchecked, which is safe only for boards where no
    /// square is both sides': anything else is refused.
    #[test]
    #[should_panic(expected = "a square on both sides")]
    fn a_board_with_a_square_on_both_sides_is_refused() {
        let weights = random_weights(3, 100);
        weights.evaluate(0x0000_0010_0800_0000, 0x0000_0018_1000_0000);
    }

    #[test]
    fn the_shipped_weights_load() {
        assert!(
            shipped().is_some(),
            "src/ai/weights.bin does not match the layout"
        );
        // The midgame's overlay reads (a failure would leave the solver's phases in its place)
        // and holds the midgame phases, nothing else.
        let overlay = include_bytes!("weights-midgame.bin");
        let laid = shipped().unwrap().with_overlay(overlay).unwrap();
        assert_eq!(midgame(), Some(&laid));
        let per_phase = layout().per_phase;
        assert_eq!(
            overlay.len(),
            OVERLAY_MAGIC.len() + 12 + 2 * MIDGAME_PHASES.count() * per_phase
        );
        for phase in 0..PHASES {
            let range = phase * per_phase..(phase + 1) * per_phase;
            let same = laid.values()[range.clone()] == shipped().unwrap().values()[range];
            assert_eq!(same, !MIDGAME_PHASES.contains(&phase), "phase {phase}");
        }
    }

    #[test]
    fn an_overlay_replaces_its_phases_and_bad_overlays_are_refused() {
        let base = random_weights(5, 1000);
        let other = random_weights(6, 1000);
        let overlay = other.overlay_bytes(2..=3);
        let laid = base.with_overlay(&overlay).unwrap();
        let per_phase = layout().per_phase;
        for phase in 0..PHASES {
            let range = phase * per_phase..(phase + 1) * per_phase;
            let from = if (2..=3).contains(&phase) {
                &other
            } else {
                &base
            };
            assert_eq!(
                laid.values()[range.clone()],
                from.values()[range],
                "phase {phase}"
            );
        }
        assert_eq!(
            base.with_overlay(&other.overlay_bytes(0..=PHASES - 1))
                .unwrap(),
            other
        );
        // Whole weights read as they are; an overlay lies on the shipped ones.
        assert_eq!(Weights::read(&other.to_bytes()).unwrap(), other);
        let on_shipped = Weights::read(&overlay).unwrap();
        assert_eq!(
            on_shipped,
            shipped().unwrap().with_overlay(&overlay).unwrap()
        );
        // Cut short, of another layout, beyond the phases, a weight too large, not an overlay.
        assert!(base.with_overlay(&overlay[..overlay.len() - 2]).is_err());
        let mut layout_ = overlay.clone();
        layout_[OVERLAY_MAGIC.len() + 8] ^= 1;
        assert!(base.with_overlay(&layout_).is_err());
        let mut beyond = overlay.clone();
        beyond[OVERLAY_MAGIC.len()] = PHASES as u8 - 1;
        assert!(base.with_overlay(&beyond).is_err());
        let mut none = overlay.clone();
        none[OVERLAY_MAGIC.len()..OVERLAY_MAGIC.len() + 8].fill(0);
        assert!(base.with_overlay(&none).is_err(), "no phase at all");
        let mut far = overlay.clone();
        far[OVERLAY_MAGIC.len()..OVERLAY_MAGIC.len() + 4].fill(0xff);
        assert!(
            base.with_overlay(&far).is_err(),
            "a first phase near u32::MAX"
        );
        let mut large = overlay.clone();
        let at = OVERLAY_MAGIC.len() + 12;
        large[at..at + 2].copy_from_slice(&(MAX_WEIGHT + 1).to_le_bytes());
        assert!(base.with_overlay(&large).is_err());
        assert!(base.with_overlay(&other.to_bytes()).is_err());
        assert!(Weights::read(b"nonsense").is_err());
    }
}
