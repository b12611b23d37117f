//! The pattern evaluation: the board is read through small groups of squares (edges with their
//! X-squares, 3×3 corners, the rows and columns 2–4 squares in, every diagonal of 4–8 squares), each
//! in all its symmetric placements. Every configuration of a group (each square empty, the mover's
//! or the opponent's: 3^n of them) has a learned weight, one table per group and per game phase
//! (six plies each), plus per-phase weights for mobility and potential mobility and a bias. The sum
//! estimates the final disc difference in hundredths of a disc, from the mover's view.
//!
//! That is the classic model; a model ([`Model`], `model.rs`) names the groups, the phases and
//! the linear features, and a set of weights knows its model.
//!
//! The weights ship inside the binary: the classic model's (`src/ai/weights.bin`, [`shipped`]),
//! which the exact solver orders its moves with, and the rich model's, gzip-compressed
//! (`src/ai/weights-rich.bin.gz`, [`rich`]), which the midgame search evaluates with
//! ([`midgame`]). The browser's engine module carries only the classic ones and loads the rich
//! ones as a file of their own ([`install_midgame`]), searching with the classic model's midgame
//! phases (`src/ai/weights-midgame.bin`, [`classic_midgame`]) until they arrive.
//! [`crate::ai::train`] makes them (see docs/training.md). An overlay
//! ([`Weights::overlay_bytes`]) holds some phases only, laid over the shipped weights.

mod gather;
mod model;

use std::sync::OnceLock;

use super::eval::DISC;
use crate::rules::board::legal_moves;
#[cfg(target_arch = "x86_64")]
pub use gather::fast_pext;
#[cfg(target_arch = "x86_64")]
use gather::pext_reader;
use gather::reader;
pub use model::linear_features_by;
pub use model::{Layout, MAX_LINEAR, Model, Placement, index, linear_features};

/// The classic model's phases (the shipped weights').
pub const PHASES: usize = Model::Classic.phases();

/// The classic model's linear features.
pub const LINEAR: usize = Model::Classic.linear();

/// The classic model's phase of a position with `discs` discs on the board.
pub const fn phase(discs: u32) -> usize {
    Model::Classic.phase(discs)
}

/// The classic model's layout.
pub fn layout() -> &'static Layout {
    Model::Classic.layout()
}

/// The values of `phases` whole phases, read from a file's body (i16 little-endian), each within
/// ±[`MAX_WEIGHT`].
fn phase_values(layout: &Layout, body: &[u8], phases: usize) -> Result<Vec<i16>, String> {
    let want = 2 * phases * layout.per_phase;
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

/// Learned weights for every phase, in hundredths of a disc.
#[derive(Clone, PartialEq, Eq)]
pub struct Weights {
    layout: &'static Layout,
    /// `layout.weights()` values.
    values: Vec<i16>,
    /// The same with each group's table added to its mirror image's (see [`Layout::fold`]): what
    /// the evaluation reads.
    folded: Vec<i16>,
}

/// The largest weight (in absolute value) a file may hold and a fit may give: two of them add up
/// without overflow in the folded tables.
pub const MAX_WEIGHT: i16 = 16_000;

impl std::fmt::Debug for Weights {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Weights({}, {} values)",
            self.model().name(),
            self.values.len()
        )
    }
}

/// The file's first bytes, then a format version: the classic model's.
const MAGIC: &[u8; 8] = b"RVPATW01";
/// The rich model's.
const RICH_MAGIC: &[u8; 8] = b"RVPATR01";

impl PartialEq for Layout {
    fn eq(&self, other: &Layout) -> bool {
        self.model == other.model
    }
}

impl Eq for Layout {}

/// The magic of a model's weights files.
const fn magic(model: Model) -> &'static [u8; 8] {
    match model {
        Model::Classic => MAGIC,
        Model::Rich => RICH_MAGIC,
    }
}
/// The first bytes of an overlay: the weights of some phases, laid over whole weights.
const OVERLAY_MAGIC: &[u8; 8] = b"RVPATO01";

impl Weights {
    /// The classic model's weights, all zero.
    pub fn zero() -> Weights {
        Weights::zero_of(Model::Classic)
    }

    /// A model's weights, all zero.
    pub fn zero_of(model: Model) -> Weights {
        Weights::of_model(model, vec![0; model.layout().weights()])
    }

    /// The classic model's weights from their values (see [`Weights::of_model`]).
    pub fn from_values(values: Vec<i16>) -> Weights {
        Weights::of_model(Model::Classic, values)
    }

    /// A model's weights from their values (`model.layout().weights()` of them, each within
    /// ±[`MAX_WEIGHT`]).
    pub fn of_model(model: Model, values: Vec<i16>) -> Weights {
        let layout = model.layout();
        assert_eq!(values.len(), layout.weights(), "weights of another layout");
        assert!(
            values
                .iter()
                .all(|v| v.unsigned_abs() <= MAX_WEIGHT.unsigned_abs()),
            "a weight beyond ±{MAX_WEIGHT}"
        );
        let folded = layout.fold(&values);
        Weights {
            layout,
            values,
            folded,
        }
    }

    /// Their model.
    pub fn model(&self) -> Model {
        self.layout.model
    }

    /// Their model's layout.
    pub fn layout(&self) -> &'static Layout {
        self.layout
    }

    /// The values, phase after phase: each group's table, then the linear features' weights.
    pub fn values(&self) -> &[i16] {
        &self.values
    }

    /// The binary form: magic, phases and per-phase size (u32 little-endian), then the values
    /// (i16 little-endian).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = magic(self.model()).to_vec();
        bytes.extend((self.model().phases() as u32).to_le_bytes());
        bytes.extend((self.layout.per_phase as u32).to_le_bytes());
        for v in &self.values {
            bytes.extend(v.to_le_bytes());
        }
        bytes
    }

    pub fn from_bytes(bytes: &[u8]) -> Result<Weights, String> {
        let header = MAGIC.len() + 8;
        let model = Model::ALL
            .into_iter()
            .find(|&m| bytes.len() >= header && bytes.starts_with(magic(m)))
            .ok_or("not a weights file of this version")?;
        let layout = model.layout();
        let word = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap()) as usize;
        if word(MAGIC.len()) != model.phases() || word(MAGIC.len() + 4) != layout.per_phase {
            return Err("the weights were made for another pattern layout".into());
        }
        let values = phase_values(layout, &bytes[header..], model.phases())?;
        Ok(Weights::of_model(model, values))
    }

    /// The overlay form of `phases` of these weights: [`OVERLAY_MAGIC`], the first phase, the
    /// number of phases and the per-phase size (u32 little-endian), then those phases' values (i16
    /// little-endian).
    pub fn overlay_bytes(&self, phases: std::ops::RangeInclusive<usize>) -> Vec<u8> {
        assert_eq!(
            self.model(),
            Model::Classic,
            "overlays are of the classic model"
        );
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
        if word(at + 8) != per_phase || self.model() != Model::Classic {
            return Err("the overlay was made for another pattern layout".into());
        }
        if count == 0 || first.checked_add(count).is_none_or(|end| end > PHASES) {
            return Err(format!(
                "an overlay of {count} phases from phase {first} where the evaluation has phases \
                 0 to {}",
                PHASES - 1
            ));
        }
        let laid = phase_values(layout(), &bytes[header..], count)?;
        let mut values = self.values.clone();
        values[first * per_phase..(first + count) * per_phase].copy_from_slice(&laid);
        Ok(Weights::from_values(values))
    }

    /// Weights from a file's bytes: whole weights ([`Weights::to_bytes`]), or an overlay
    /// ([`Weights::overlay_bytes`]) on the weights shipped in `weights.bin`; either of them
    /// gzip-compressed ([`gunzip`]).
    pub fn read(bytes: &[u8]) -> Result<Weights, String> {
        if bytes.starts_with(&GZIP_MAGIC) {
            let inflated = gunzip(bytes)?;
            if inflated.starts_with(&GZIP_MAGIC) {
                return Err("weights compressed twice".into());
            }
            return Weights::read(&inflated);
        }
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
        let reader = reader(self.layout);
        self.evaluate_with(player, opponent, moves, |table, p, o| {
            reader.sum(table, p, o)
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
        let reader = pext_reader(self.layout);
        self.evaluate_with(player, opponent, moves, |table, p, o| {
            // SAFETY: the caller's processor has BMI2.
            unsafe { reader.sum(table, p, o) }
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
        let layout = self.layout;
        let phase = layout.phase_of[(player | opponent).count_ones() as usize] as usize;
        let table = &self.folded[phase * layout.per_phase..(phase + 1) * layout.per_phase];
        let mut sum = patterns(table, player, opponent);
        let linear = &table[layout.per_phase - layout.model.linear()..];
        for (w, x) in linear
            .iter()
            .zip(linear_features_by(player, opponent, moves))
        {
            sum += *w as i32 * x;
        }
        sum.clamp(-64 * DISC + 1, 64 * DISC - 1)
    }
}

/// The rows of `model`'s pattern tables a position reads (one of each mirror pair of placements,
/// as the evaluation reads them: a table's start plus the configuration's index) into `rows`;
/// returns how many. The network evaluation's features ([`crate::ai::net`]).
#[inline(always)]
pub fn rows(model: Model, player: u64, opponent: u64, rows: &mut [u32]) -> usize {
    let reader = reader(model.layout());
    reader.rows(player, opponent, rows);
    reader.reads()
}

/// [`rows`] gathered by `pext` where it is fast ([`fast_pext`]).
///
/// # Safety
/// Only where BMI2 was detected.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2")]
#[inline]
pub unsafe fn rows_bmi2(model: Model, player: u64, opponent: u64, rows: &mut [u32]) -> usize {
    if fast_pext() {
        let reader = pext_reader(model.layout());
        reader.rows(player, opponent, rows);
        return reader.reads();
    }
    self::rows(model, player, opponent, rows)
}

/// How many rows [`rows`] gives for `model`.
pub fn reads(model: Model) -> usize {
    reader(model.layout()).reads()
}

/// A gzip stream's first two bytes.
pub const GZIP_MAGIC: [u8; 2] = [0x1f, 0x8b];

/// The most a compressed weights file may inflate to: more than twice the largest model's weights,
/// so that a damaged or hostile file cannot take all the memory.
const MAX_INFLATED: u64 = 64 << 20;

/// The bytes of a gzip stream (`gzip -9` of a weights file), at most [`MAX_INFLATED`] of them.
pub fn gunzip(bytes: &[u8]) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let mut inflated = Vec::new();
    flate2::read::GzDecoder::new(bytes)
        .take(MAX_INFLATED + 1)
        .read_to_end(&mut inflated)
        .map_err(|e| format!("not a whole gzip stream: {e}"))?;
    if inflated.len() as u64 > MAX_INFLATED {
        return Err(format!("inflates to more than {MAX_INFLATED} bytes"));
    }
    Ok(inflated)
}

/// The weights shipped in the binary, or `None` if they do not match this build's layout. The
/// exact solver orders its moves with them: their phases 6–9 are fitted to the solver's own
/// trees (docs/training.md, round 3).
pub fn shipped() -> Option<&'static Weights> {
    static SHIPPED: OnceLock<Option<Weights>> = OnceLock::new();
    SHIPPED
        .get_or_init(|| Weights::from_bytes(include_bytes!("../weights.bin")).ok())
        .as_ref()
}

/// The phases the midgame search reads from `weights-midgame.bin` instead of `weights.bin`.
pub const MIDGAME_PHASES: std::ops::RangeInclusive<usize> = 6..=8;

/// The classic model's weights for the midgame search: [`shipped`], with phases [`MIDGAME_PHASES`] (40–57 discs) from the overlay
/// `weights-midgame.bin`, fitted to positions games reach and labelled by searches
/// (docs/training.md, round 5). The browser's engine searches with them until the rich weights
/// have loaded ([`install_midgame`]).
pub fn classic_midgame() -> Option<&'static Weights> {
    static MIDGAME: OnceLock<Option<Weights>> = OnceLock::new();
    MIDGAME
        .get_or_init(|| {
            shipped().map(|base| {
                base.with_overlay(include_bytes!("../weights-midgame.bin"))
                    .unwrap_or_else(|_| base.clone())
            })
        })
        .as_ref()
}

/// The rich model's weights compiled into the native binary (`src/ai/weights-rich.bin.gz`,
/// inflated on first use), or `None` if they do not read.
#[cfg(not(target_arch = "wasm32"))]
pub fn rich() -> Option<&'static Weights> {
    static RICH: OnceLock<Option<Weights>> = OnceLock::new();
    RICH.get_or_init(|| Weights::read(include_bytes!("../weights-rich.bin.gz")).ok())
        .as_ref()
}

/// Weights installed at run time ([`install_midgame`]).
static INSTALLED: OnceLock<Weights> = OnceLock::new();

/// Makes `weights` the midgame search's from now on (the browser's engine loads the rich weights
/// as a file of their own, `engine/weights-rich.bin.gz`, to keep its module small). Only the
/// first installation counts: an error says so for any later one.
pub fn install_midgame(weights: Weights) -> Result<(), String> {
    INSTALLED
        .set(weights)
        .map_err(|_| "the midgame weights are installed already".into())
}

/// The weights the midgame search evaluates its leaves with: the installed ones
/// ([`install_midgame`]), else the rich model's compiled into the native binary ([`rich`]), else
/// (the browser's engine before its weights load) [`classic_midgame`].
pub fn midgame() -> Option<&'static Weights> {
    if let Some(installed) = INSTALLED.get() {
        return Some(installed);
    }
    #[cfg(not(target_arch = "wasm32"))]
    if let Some(rich) = rich() {
        return Some(rich);
    }
    classic_midgame()
}

#[cfg(test)]
mod tests;
