//! The network evaluation: a small neural network over the rich model's pattern features, as the
//! strongest engines evaluate (NNUE-style).
//!
//! A position is read through the rich model's placements ([`pattern::rows`]: 54 configurations,
//! each a row of one table of 285 363 rows). Each row holds a learned vector of [`Net::hidden`]
//! values; their sum plus a bias is the accumulator, clipped to 0–1 (CReLU). With four whole-board
//! features (mobility and potential mobility differences, the empties' parity, the disc
//! difference, each divided by 16) it feeds a dense layer of [`Net::hidden2`] CReLU units and then
//! one output, the final disc difference from the mover's view. The dense layers are chosen by
//! the game's stage (a bucket of discs on the board); the table is shared by every stage.
//!
//! Inference is in integers: the table and the accumulator at a scale of [`ONE`] = 256 (1.0 =
//! 256), the dense weights at 64, so the integer network gives the float model's output within
//! rounding (`train/`'s exporter checks it on a sample, `reversi net verify`). The accumulator is
//! summed with AVX2 on x86-64 where the processor has it; the portable path gives the same
//! integers (tests hold them equal).
//!
//! Weights are a file of their own (`train/` makes them; docs/training.md), read by any option
//! that reads an evaluation (`match --first-eval net.bin.gz`, `relabel --eval`, …).

#[cfg(test)]
mod tests;

use super::eval::DISC;
use super::pattern::{self, GZIP_MAGIC, Model, gunzip, linear_features_by};
use crate::rules::board::legal_moves;

/// The file's first bytes, then a format version.
pub const MAGIC: &[u8; 8] = b"RVNET001";
/// Activations and the accumulator: 1.0 is this many.
pub const ONE: i32 = 256;
/// The dense layers' weights: 1.0 is this many.
pub const WEIGHT_ONE: i32 = 64;
/// The whole-board features the dense layer reads beside the accumulator.
pub const LINEAR: usize = 4;
/// The widest accumulator and dense layer a file may hold.
pub const MAX_HIDDEN: usize = 64;
/// The most placements a position is read through.
pub const MAX_READS: usize = 64;
/// The feature model: the rich model's placements.
pub const FEATURES: Model = Model::Rich;

/// A network's weights, quantised (see the module's text).
#[derive(Clone, PartialEq, Eq)]
pub struct Net {
    hidden: usize,
    hidden2: usize,
    buckets: usize,
    /// `rows × hidden`, at [`ONE`].
    embed: Vec<i16>,
    /// `hidden`, at [`ONE`].
    bias0: Vec<i32>,
    /// Per bucket, `hidden2` rows of `hidden + LINEAR` weights, at [`WEIGHT_ONE`].
    w1: Vec<i16>,
    /// Per bucket, `hidden2` biases at `ONE × WEIGHT_ONE`.
    b1: Vec<i32>,
    /// Per bucket, `hidden2` weights at [`WEIGHT_ONE`].
    w2: Vec<i16>,
    /// Per bucket, the output's bias at `ONE × WEIGHT_ONE`.
    b2: Vec<i32>,
    /// The bucket of each disc count, 0 to 64.
    bucket_of: [u8; 65],
}

impl std::fmt::Debug for Net {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Net({} rows × {}, {} → 1, {} buckets)",
            self.rows(),
            self.hidden,
            self.hidden2,
            self.buckets
        )
    }
}

/// The rows of the feature model's tables.
pub fn feature_rows() -> usize {
    let layout = FEATURES.layout();
    layout.per_phase - FEATURES.linear()
}

/// The bucket of a position with `discs` discs when there are `buckets` of them: the disc counts
/// 4–64 cut into `buckets` stretches of (nearly) equal length.
pub const fn bucket(discs: u32, buckets: usize) -> usize {
    let b = (discs.saturating_sub(4) as usize * buckets) / 61;
    if b >= buckets { buckets - 1 } else { b }
}

/// The whole-board features the dense layer reads, as integers: mobility difference, potential
/// mobility difference, the empties' parity and the disc difference (the float model divides
/// them by 16).
#[inline(always)]
pub fn linear_inputs(player: u64, opponent: u64, moves: impl Fn(u64, u64) -> u64) -> [i32; LINEAR] {
    let [mobility, potential, _, parity, discs] = linear_features_by(player, opponent, moves);
    [mobility, potential, parity, discs]
}

/// A little-endian reader of a file's fields.
struct Fields<'a> {
    bytes: &'a [u8],
}

impl Fields<'_> {
    fn take(&mut self, n: usize) -> Result<&[u8], String> {
        if self.bytes.len() < n {
            return Err("the network file is cut short".into());
        }
        let (head, rest) = self.bytes.split_at(n);
        self.bytes = rest;
        Ok(head)
    }
    fn u32(&mut self) -> Result<usize, String> {
        Ok(u32::from_le_bytes(self.take(4)?.try_into().unwrap()) as usize)
    }
    fn i16s(&mut self, n: usize) -> Result<Vec<i16>, String> {
        let bytes = self.take(2 * n)?;
        Ok(bytes
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]))
            .collect())
    }
    fn i32s(&mut self, n: usize) -> Result<Vec<i32>, String> {
        let bytes = self.take(4 * n)?;
        Ok(bytes
            .chunks_exact(4)
            .map(|c| i32::from_le_bytes(c.try_into().unwrap()))
            .collect())
    }
}

impl Net {
    /// A network from its quantised parts (see the fields); `None` if the sizes do not fit
    /// together or a bias is beyond what the integer sums can take.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        hidden: usize,
        hidden2: usize,
        buckets: usize,
        embed: Vec<i16>,
        bias0: Vec<i32>,
        w1: Vec<i16>,
        b1: Vec<i32>,
        w2: Vec<i16>,
        b2: Vec<i32>,
    ) -> Result<Net, String> {
        if hidden == 0 || !hidden.is_multiple_of(16) || hidden > MAX_HIDDEN {
            return Err(format!(
                "an accumulator of {hidden} values (a multiple of 16, at most {MAX_HIDDEN})"
            ));
        }
        if hidden2 == 0 || hidden2 > MAX_HIDDEN {
            return Err(format!(
                "a dense layer of {hidden2} units (1 to {MAX_HIDDEN})"
            ));
        }
        if !(1..=61).contains(&buckets) {
            return Err(format!("{buckets} buckets (1 to 61)"));
        }
        let want = [
            embed.len() == feature_rows() * hidden,
            bias0.len() == hidden,
            w1.len() == buckets * hidden2 * (hidden + LINEAR),
            b1.len() == buckets * hidden2,
            w2.len() == buckets * hidden2,
            b2.len() == buckets,
        ];
        if want.contains(&false) {
            return Err("the network's parts do not fit its sizes".into());
        }
        // Every sum stays well inside i32: biases within ±2^24.
        let limit = 1 << 24;
        if bias0.iter().chain(&b1).chain(&b2).any(|b| b.abs() > limit) {
            return Err(format!("a bias beyond ±{limit}"));
        }
        let mut bucket_of = [0u8; 65];
        for (discs, b) in bucket_of.iter_mut().enumerate() {
            *b = bucket(discs as u32, buckets) as u8;
        }
        Ok(Net {
            hidden,
            hidden2,
            buckets,
            embed,
            bias0,
            w1,
            b1,
            w2,
            b2,
            bucket_of,
        })
    }

    /// The accumulator's width.
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// The dense layer's width.
    pub fn hidden2(&self) -> usize {
        self.hidden2
    }

    /// The number of stage buckets.
    pub fn buckets(&self) -> usize {
        self.buckets
    }

    /// The rows of the table.
    pub fn rows(&self) -> usize {
        self.embed.len() / self.hidden
    }

    /// The binary form: [`MAGIC`], then `hidden`, `hidden2`, `buckets` and the rows (u32
    /// little-endian), then the table (i16), the accumulator's bias (i32), and per bucket the
    /// dense weights (i16), their biases (i32), the output's weights (i16), and the output's
    /// biases (i32), all little-endian.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = MAGIC.to_vec();
        for n in [self.hidden, self.hidden2, self.buckets, self.rows()] {
            bytes.extend((n as u32).to_le_bytes());
        }
        for v in &self.embed {
            bytes.extend(v.to_le_bytes());
        }
        for v in &self.bias0 {
            bytes.extend(v.to_le_bytes());
        }
        for v in &self.w1 {
            bytes.extend(v.to_le_bytes());
        }
        for v in &self.b1 {
            bytes.extend(v.to_le_bytes());
        }
        for v in &self.w2 {
            bytes.extend(v.to_le_bytes());
        }
        for v in &self.b2 {
            bytes.extend(v.to_le_bytes());
        }
        bytes
    }

    /// A network from its file's bytes ([`Net::to_bytes`]), gzip-compressed or not.
    pub fn read(bytes: &[u8]) -> Result<Net, String> {
        if bytes.starts_with(&GZIP_MAGIC) {
            let inflated = gunzip(bytes)?;
            if inflated.starts_with(&GZIP_MAGIC) {
                return Err("a network compressed twice".into());
            }
            return Net::read(&inflated);
        }
        let mut fields = Fields { bytes };
        if fields.take(MAGIC.len()).ok() != Some(&MAGIC[..]) {
            return Err("not a network file of this version".into());
        }
        let (hidden, hidden2, buckets, rows) =
            (fields.u32()?, fields.u32()?, fields.u32()?, fields.u32()?);
        if rows != feature_rows() {
            return Err(format!(
                "a network of {rows} rows where the features have {}",
                feature_rows()
            ));
        }
        if hidden > MAX_HIDDEN || hidden2 > MAX_HIDDEN || buckets > 61 {
            return Err("a network larger than this engine reads".into());
        }
        let embed = fields.i16s(rows * hidden)?;
        let bias0 = fields.i32s(hidden)?;
        let w1 = fields.i16s(buckets * hidden2 * (hidden + LINEAR))?;
        let b1 = fields.i32s(buckets * hidden2)?;
        let w2 = fields.i16s(buckets * hidden2)?;
        let b2 = fields.i32s(buckets)?;
        if !fields.bytes.is_empty() {
            return Err(format!(
                "{} bytes after the network's weights",
                fields.bytes.len()
            ));
        }
        Net::new(hidden, hidden2, buckets, embed, bias0, w1, b1, w2, b2)
    }

    /// The evaluation of the position for the side to move, in hundredths of a disc (the portable
    /// path).
    pub fn evaluate(&self, player: u64, opponent: u64) -> i32 {
        let mut rows = [0u32; MAX_READS];
        let n = pattern::rows(FEATURES, player, opponent, &mut rows);
        let mut acc = [0i32; MAX_HIDDEN];
        self.accumulate(&rows[..n], &mut acc);
        self.head(&acc, player, opponent, legal_moves)
    }

    /// [`Net::evaluate`], on processors [`crate::rules::x86::fast_path`] detects by a copy
    /// compiled for their instructions: the accumulator summed with AVX2, the patterns gathered
    /// by `pext` where it is fast, the mobility by the AVX2 move generator.
    #[inline]
    pub fn evaluate_fast(&self, player: u64, opponent: u64) -> i32 {
        #[cfg(target_arch = "x86_64")]
        if crate::rules::x86::fast_path() {
            // SAFETY: the instructions the copy is compiled for were detected by `fast_path`.
            return unsafe { self.evaluate_x86(player, opponent) };
        }
        self.evaluate(player, opponent)
    }

    /// [`Net::evaluate_fast`]'s copy.
    ///
    /// # Safety
    /// Only where `fast_path()` is true.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2")]
    unsafe fn evaluate_x86(&self, player: u64, opponent: u64) -> i32 {
        use crate::rules::x86::legal_moves_avx2;
        let mut rows = [0u32; MAX_READS];
        // SAFETY: BMI2 is there (the caller's contract).
        let n = unsafe { pattern::rows_bmi2(FEATURES, player, opponent, &mut rows) };
        let mut acc = [0i32; MAX_HIDDEN];
        // SAFETY: AVX2 is there (the caller's contract).
        unsafe { self.accumulate_avx2(&rows[..n], &mut acc) };
        self.head(&acc, player, opponent, |p, o| legal_moves_avx2(p, o))
    }

    /// The accumulator: the bias plus the table's row of every read, in 32-bit sums.
    #[inline(always)]
    fn accumulate(&self, rows: &[u32], acc: &mut [i32; MAX_HIDDEN]) {
        let h = self.hidden;
        acc[..h].copy_from_slice(&self.bias0);
        for &row in rows {
            let values = &self.embed[row as usize * h..(row as usize + 1) * h];
            for (a, &v) in acc[..h].iter_mut().zip(values) {
                *a += v as i32;
            }
        }
    }

    /// [`Net::accumulate`] with AVX2: sixteen values of a row widened to 32 bits and added in two
    /// registers.
    ///
    /// # Safety
    /// Only where the processor has AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn accumulate_avx2(&self, rows: &[u32], acc: &mut [i32; MAX_HIDDEN]) {
        use std::arch::x86_64::*;
        let h = self.hidden;
        // Every row lies inside the table: the rows of a position are below `feature_rows()`
        // (the pattern reader's contract) and the table holds that many rows of `h`.
        assert!(self.embed.len() == feature_rows() * h);
        assert!(rows.iter().all(|&r| (r as usize) < feature_rows()));
        for chunk in (0..h).step_by(16) {
            // SAFETY: `chunk + 16 <= h <= MAX_HIDDEN` (h is a multiple of 16), and every row's
            // `h` values lie in `embed` (asserted above); unaligned loads and stores.
            unsafe {
                let mut low = _mm256_loadu_si256(self.bias0.as_ptr().add(chunk).cast());
                let mut high = _mm256_loadu_si256(self.bias0.as_ptr().add(chunk + 8).cast());
                for &row in rows {
                    let at = self.embed.as_ptr().add(row as usize * h + chunk);
                    let v = _mm256_loadu_si256(at.cast());
                    low = _mm256_add_epi32(low, _mm256_cvtepi16_epi32(_mm256_castsi256_si128(v)));
                    high = _mm256_add_epi32(
                        high,
                        _mm256_cvtepi16_epi32(_mm256_extracti128_si256::<1>(v)),
                    );
                }
                _mm256_storeu_si256(acc.as_mut_ptr().add(chunk).cast(), low);
                _mm256_storeu_si256(acc.as_mut_ptr().add(chunk + 8).cast(), high);
            }
        }
    }

    /// The dense layers of the position's bucket on the accumulator, in hundredths of a disc.
    #[inline(always)]
    fn head(
        &self,
        acc: &[i32; MAX_HIDDEN],
        player: u64,
        opponent: u64,
        moves: impl Fn(u64, u64) -> u64,
    ) -> i32 {
        let (h, h2) = (self.hidden, self.hidden2);
        let inputs = h + LINEAR;
        let mut x = [0i32; MAX_HIDDEN + LINEAR];
        for (x, &a) in x[..h].iter_mut().zip(&acc[..h]) {
            *x = a.clamp(0, ONE);
        }
        for (x, l) in x[h..inputs]
            .iter_mut()
            .zip(linear_inputs(player, opponent, moves))
        {
            *x = l * (ONE / 16);
        }
        let b = self.bucket_of[(player | opponent).count_ones() as usize] as usize;
        let w1 = &self.w1[b * h2 * inputs..(b + 1) * h2 * inputs];
        let mut out = self.b2[b];
        for j in 0..h2 {
            let w = &w1[j * inputs..(j + 1) * inputs];
            let z = self.b1[b * h2 + j]
                + w.iter()
                    .zip(&x[..inputs])
                    .map(|(&w, &x)| w as i32 * x)
                    .sum::<i32>();
            // From ONE × WEIGHT_ONE back to ONE, rounded, then clipped.
            let unit = ((z + WEIGHT_ONE / 2) >> WEIGHT_ONE.trailing_zeros()).clamp(0, ONE);
            out += self.w2[b * h2 + j] as i32 * unit;
        }
        // From discs at ONE × WEIGHT_ONE to hundredths, rounded.
        let scale = (ONE * WEIGHT_ONE) as i64;
        let hundredths = (out as i64 * DISC as i64 + scale / 2).div_euclid(scale) as i32;
        hundredths.clamp(-64 * DISC + 1, 64 * DISC - 1)
    }

    /// How far the integer evaluation may lie from the float model's on this position, in discs:
    /// each dense unit is rounded to half a step of [`ONE`] (worth its output weight), and the
    /// output to half a hundredth.
    pub fn rounding_bound(&self, player: u64, opponent: u64) -> f64 {
        let b = self.bucket_of[(player | opponent).count_ones() as usize] as usize;
        let h2 = self.hidden2;
        self.w2[b * h2..(b + 1) * h2]
            .iter()
            .map(|&w| (w as f64 / WEIGHT_ONE as f64).abs() * 0.5 / ONE as f64)
            .sum::<f64>()
            + 0.5 / DISC as f64
    }

    /// The float model these integers stand for, evaluated in `f64` from the quantised weights:
    /// what the exported PyTorch model computes, up to its own rounding (the tests compare it with
    /// the integer path). Discs, from the mover's view.
    pub fn evaluate_float(&self, player: u64, opponent: u64) -> f64 {
        let (h, h2) = (self.hidden, self.hidden2);
        let one = ONE as f64;
        let wone = WEIGHT_ONE as f64;
        let mut rows = [0u32; MAX_READS];
        let n = pattern::rows(FEATURES, player, opponent, &mut rows);
        let mut x = vec![0f64; h + LINEAR];
        for (i, x) in x[..h].iter_mut().enumerate() {
            let sum = self.bias0[i] as f64
                + rows[..n]
                    .iter()
                    .map(|&r| self.embed[r as usize * h + i] as f64)
                    .sum::<f64>();
            *x = (sum / one).clamp(0.0, 1.0);
        }
        for (x, l) in x[h..]
            .iter_mut()
            .zip(linear_inputs(player, opponent, legal_moves))
        {
            *x = l as f64 / 16.0;
        }
        let b = self.bucket_of[(player | opponent).count_ones() as usize] as usize;
        let inputs = h + LINEAR;
        let mut out = self.b2[b] as f64 / (one * wone);
        for j in 0..h2 {
            let w = &self.w1[(b * h2 + j) * inputs..(b * h2 + j + 1) * inputs];
            let z = self.b1[b * h2 + j] as f64 / (one * wone)
                + w.iter()
                    .zip(&x)
                    .map(|(&w, &x)| w as f64 / wone * x)
                    .sum::<f64>();
            out += self.w2[b * h2 + j] as f64 / wone * z.clamp(0.0, 1.0);
        }
        out
    }
}
