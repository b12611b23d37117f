//! `reversi net`: the network evaluation's data and checks (docs/training.md, "The network").

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::Subcommand;

use crate::ai::eval::DISC;
use crate::ai::net::{FEATURES, MAX_READS, Net, feature_rows, linear_inputs};
use crate::ai::pattern::{self, Weights};
use crate::ai::search::{MPC_STAGES, mpc_stage, mpc_stage_discs};
use crate::rules::board::legal_moves;

#[derive(Subcommand, Debug)]
pub enum NetCommand {
    /// Write the features the network reads for every position of sample files, the form
    /// `train/` trains from: a header (RVNFEAT1, then the reads and the rows as u32), then per
    /// position the mover's and the opponent's discs (u64 each), its rows (u32 each), the
    /// whole-board features (i8 each), the discs on the board (u8) and the label (i8), all
    /// little-endian.
    Features {
        /// Sample files (`reversi selfplay`'s form: mover's and opponent's discs in hex, label).
        #[arg(required = true, value_name = "FILE")]
        samples: Vec<PathBuf>,
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
    },
    /// Check a network's integer evaluation against its float model's outputs (lines of mover's
    /// and opponent's discs in hex and the float output in discs, as `train/` exports them):
    /// every position within the rounding bound, or the command fails.
    Verify {
        /// The network (`train/`'s export, gzip-compressed or not).
        net: PathBuf,
        /// The exporter's sample of outputs.
        outputs: PathBuf,
    },
    /// The error of a network and of pattern tables against the labels of sample files, by
    /// stage of ten discs: root mean square and mean, in discs.
    Check {
        /// The network.
        net: PathBuf,
        #[arg(required = true, value_name = "FILE")]
        samples: Vec<PathBuf>,
        /// The pattern weights beside it (default: the midgame search's, the shipped rich tables).
        #[arg(long, value_name = "WEIGHTS")]
        tables: Option<PathBuf>,
    },
}

/// A features file's first bytes.
pub const FEATURES_MAGIC: &[u8; 8] = b"RVNFEAT1";

pub fn run(command: NetCommand) -> Result<bool, String> {
    match command {
        NetCommand::Features { samples, out } => {
            let samples = super::read_samples(&samples)?;
            let written = write_features(&samples, &out)?;
            println!(
                "{written} positions, {} rows each, written to {}",
                pattern::reads(FEATURES),
                out.display()
            );
            Ok(true)
        }
        NetCommand::Verify { net, outputs } => {
            let net = read_net(&net)?;
            let text = std::fs::read_to_string(&outputs)
                .map_err(|e| format!("cannot read {}: {e}", outputs.display()))?;
            let (report, ok) = verify(&net, &text)?;
            println!("{report}");
            Ok(ok)
        }
        NetCommand::Check {
            net,
            samples,
            tables,
        } => {
            let net = read_net(&net)?;
            let samples = super::read_samples(&samples)?;
            let tables = match tables {
                Some(path) => {
                    let bytes = std::fs::read(&path)
                        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
                    Weights::read(&bytes).map_err(|e| format!("{}: {e}", path.display()))?
                }
                None => pattern::midgame()
                    .ok_or("no pattern tables shipped in this build")?
                    .clone(),
            };
            println!("{}", check(&net, &tables, &samples));
            Ok(true)
        }
    }
}

/// A network file, gzip-compressed or not.
pub fn read_net(path: &Path) -> Result<Net, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    Net::read(&bytes).map_err(|e| format!("{}: {e}", path.display()))
}

/// Writes the features file of `samples` to `out`; returns how many positions it holds.
pub fn write_features(samples: &[crate::ai::train::Sample], out: &Path) -> Result<usize, String> {
    let reads = pattern::reads(FEATURES);
    let file =
        std::fs::File::create(out).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    let mut writer = std::io::BufWriter::new(file);
    let mut bytes = FEATURES_MAGIC.to_vec();
    bytes.extend((reads as u32).to_le_bytes());
    bytes.extend((feature_rows() as u32).to_le_bytes());
    let mut rows = [0u32; MAX_READS];
    for s in samples {
        bytes.extend(s.player.to_le_bytes());
        bytes.extend(s.opponent.to_le_bytes());
        pattern::rows(FEATURES, s.player, s.opponent, &mut rows);
        for r in &rows[..reads] {
            bytes.extend(r.to_le_bytes());
        }
        for l in linear_inputs(s.player, s.opponent, legal_moves) {
            bytes.push(l.clamp(-128, 127) as i8 as u8);
        }
        bytes.push((s.player | s.opponent).count_ones() as u8);
        bytes.push(s.score as u8);
        if bytes.len() > 1 << 20 {
            writer.write_all(&bytes).map_err(|e| e.to_string())?;
            bytes.clear();
        }
    }
    writer.write_all(&bytes).map_err(|e| e.to_string())?;
    writer.flush().map_err(|e| e.to_string())?;
    Ok(samples.len())
}

/// The comparison of the integer network with the float outputs of `text`; false if a position
/// lies outside its rounding bound.
pub fn verify(net: &Net, text: &str) -> Result<(String, bool), String> {
    let (mut n, mut worst, mut sum, mut outside) = (0usize, 0f64, 0f64, 0usize);
    for (i, line) in text.lines().enumerate() {
        let words: Vec<&str> = line.split_whitespace().collect();
        let [p, o, float] = words.as_slice() else {
            return Err(format!("line {}: expected '<hex> <hex> <discs>'", i + 1));
        };
        let bits = |t: &str| {
            u64::from_str_radix(t, 16).map_err(|_| format!("line {}: bad bits '{t}'", i + 1))
        };
        let (p, o) = (bits(p)?, bits(o)?);
        let float: f64 = float
            .parse()
            .map_err(|_| format!("line {}: bad output '{float}'", i + 1))?;
        if p & o != 0 {
            return Err(format!("line {}: a square on both sides", i + 1));
        }
        let integer = net.evaluate_fast(p, o) as f64 / DISC as f64;
        let error = (integer - float.clamp(-63.99, 63.99)).abs();
        if error > net.rounding_bound(p, o) + 1e-3 {
            outside += 1;
        }
        worst = worst.max(error);
        sum += error;
        n += 1;
    }
    let report = format!(
        "{n} positions: the integer network differs from the float model by {:.4} discs on \
         average, {worst:.4} at most; {outside} outside the rounding bound",
        sum / n.max(1) as f64
    );
    Ok((report, outside == 0 && n > 0))
}

/// The errors of `net` and of the pattern weights `tables` against the labels, by stage of ten
/// discs (Multi-ProbCut's stages).
pub fn check(net: &Net, tables: &Weights, samples: &[crate::ai::train::Sample]) -> String {
    // Per stage: count, then squared and plain error sums for the net and the tables.
    let mut stages = vec![(0usize, [0f64; 2], [0f64; 2]); MPC_STAGES];
    for s in samples {
        let stage = mpc_stage((s.player | s.opponent).count_ones());
        let label = s.score as f64;
        let by_net = net.evaluate_fast(s.player, s.opponent) as f64 / DISC as f64 - label;
        let by_table = tables.evaluate_fast(s.player, s.opponent) as f64 / DISC as f64 - label;
        let entry = &mut stages[stage];
        entry.0 += 1;
        entry.1[0] += by_net * by_net;
        entry.1[1] += by_table * by_table;
        entry.2[0] += by_net;
        entry.2[1] += by_table;
    }
    let mut text = format!(
        "{} positions; error against their labels, discs (rms, mean)\n\
         discs     positions   network rms  mean   {:>11} rms  mean\n",
        samples.len(),
        format!("{} tables", tables.model().name())
    );
    let mut total = (0usize, [0f64; 2]);
    for (i, (n, sq, sum)) in stages.iter().enumerate() {
        if *n == 0 {
            continue;
        }
        let (first, last) = mpc_stage_discs(i);
        let nf = *n as f64;
        text += &format!(
            "{first:>2}–{last:<2}  {n:>11}   {:>11.2} {:>5.2}   {:>15.2} {:>5.2}\n",
            (sq[0] / nf).sqrt(),
            sum[0] / nf,
            (sq[1] / nf).sqrt(),
            sum[1] / nf
        );
        total.0 += n;
        total.1[0] += sq[0];
        total.1[1] += sq[1];
    }
    let nf = total.0.max(1) as f64;
    text += &format!(
        "all    {:>11}   {:>11.2}         {:>15.2}",
        total.0,
        (total.1[0] / nf).sqrt(),
        (total.1[1] / nf).sqrt()
    );
    text
}
