//! Fitting a model's pattern weights to labelled positions: least squares per game phase, by
//! gradient steps scaled by how often each weight occurs; and for the rich model a second round
//! that pulls each phase towards its neighbours (smoothing across plies, and a sensible value for
//! configurations a phase never saw).

use super::{Sample, on_threads};
use crate::ai::eval::DISC;
use crate::ai::pattern::{MAX_WEIGHT, Model, Weights, index, linear_features};

/// How a fit went, per phase: the samples it was fitted to, and the root mean square error in
/// discs on them and on the held-out samples (every tenth, never fitted: the honest figure).
#[derive(Clone, Debug, Default)]
pub struct FitReport {
    pub samples: Vec<usize>,
    pub rms_discs: Vec<f64>,
    pub held_out: Vec<usize>,
    pub held_out_rms_discs: Vec<f64>,
}

impl FitReport {
    fn new(phases: usize) -> FitReport {
        FitReport {
            samples: vec![0; phases],
            rms_discs: vec![0.0; phases],
            held_out: vec![0; phases],
            held_out_rms_discs: vec![0.0; phases],
        }
    }
}

/// Fits the classic model's weights to `samples` with `epochs` passes per phase. Each phase is
/// fitted to the samples of that phase and its two neighbours (smoother weights, fewer empty
/// tables); every tenth sample is held out to measure the error honestly. The phases are
/// independent, so they are fitted on `threads` threads; the weights do not depend on the thread
/// count.
pub fn fit(samples: &[Sample], epochs: usize, threads: usize) -> (Weights, FitReport) {
    let phases = Model::Classic.phases();
    fit_from(samples, epochs, threads, &Weights::zero(), 0..=phases - 1)
}

/// [`fit`] starting from `start`'s weights (of any model) instead of zero, and only for the phases
/// in `phases` (the others keep `start`'s): fine-tuning with new samples, where weights the
/// samples seldom touch keep what they were.
pub fn fit_from(
    samples: &[Sample],
    epochs: usize,
    threads: usize,
    start: &Weights,
    phases: std::ops::RangeInclusive<usize>,
) -> (Weights, FitReport) {
    fit_with(samples, epochs, threads, start, phases, None)
}

/// The rich fit of `model` from nothing: each phase fitted as [`fit`] does, then each fitted again
/// from there with every weight pulled (with the weight of `pull` samples) towards the mean of
/// the same weight in the neighbouring phases' first fit (those that had samples), so that the
/// weights change smoothly from ply to ply, a configuration that one phase never saw takes its
/// neighbours' value, and a phase without samples takes its neighbours' weights.
pub fn fit_smoothed(
    samples: &[Sample],
    epochs: usize,
    threads: usize,
    model: Model,
    pull: f64,
) -> (Weights, FitReport) {
    let all = 0..=model.phases() - 1;
    let (first, first_report) = fit_with(
        samples,
        epochs,
        threads,
        &Weights::zero_of(model),
        all.clone(),
        None,
    );
    let per_phase = model.layout().per_phase;
    let values = first.values();
    let mut prior = vec![0f64; values.len()];
    for ph in 0..model.phases() {
        let near: Vec<usize> = [ph.checked_sub(1), Some(ph + 1)]
            .into_iter()
            .flatten()
            .filter(|&n| n < model.phases() && first_report.samples[n] > 0)
            .collect();
        if near.is_empty() {
            continue;
        }
        for e in 0..per_phase {
            let sum: f64 = near
                .iter()
                .map(|&n| f64::from(values[n * per_phase + e]))
                .sum();
            prior[ph * per_phase + e] = sum / near.len() as f64;
        }
    }
    fit_with(samples, epochs, threads, &first, all, Some((&prior, pull)))
}

/// [`fit_from`], with `prior` (a value for every weight, and how many samples' weight it has)
/// pulling each pattern weight towards it.
fn fit_with(
    samples: &[Sample],
    epochs: usize,
    threads: usize,
    start: &Weights,
    phases: std::ops::RangeInclusive<usize>,
    prior: Option<(&[f64], f64)>,
) -> (Weights, FitReport) {
    let model = start.model();
    let per_phase = model.layout().per_phase;
    let mut values = start.values().to_vec();
    let mut report = FitReport::new(model.phases());
    let phases: Vec<usize> = phases.filter(|&ph| ph < model.phases()).collect();
    let fitted = on_threads(
        phases.len() as u64,
        threads.min(phases.len()).max(1),
        || (),
        |_, i| {
            let ph = phases[i as usize];
            let range = ph * per_phase..(ph + 1) * per_phase;
            let init = &start.values()[range.clone()];
            let prior = prior.map(|(p, pull)| (&p[range], pull));
            fit_phase(model, samples, ph, epochs, init, prior)
        },
    );
    for (&ph, (w, rms, n)) in phases.iter().zip(fitted) {
        report.samples[ph] = n;
        report.rms_discs[ph] = rms;
        for (e, v) in w.iter().enumerate() {
            let limit = f64::from(MAX_WEIGHT);
            values[ph * per_phase + e] = v.round().clamp(-limit, limit) as i16;
        }
    }
    let weights = Weights::of_model(model, values);
    let errors = held_out_errors(&weights, samples, model);
    report.held_out = errors.iter().map(|&(n, _)| n).collect();
    report.held_out_rms_discs = errors.iter().map(|&(_, e)| e).collect();
    (weights, report)
}

/// The held-out samples (every tenth) in each phase of `stages` (a model whose phases cut the
/// game: `weights`' own, or another's to compare weights of two models on the same positions),
/// and the rms error of `weights` on them in discs.
pub fn held_out_errors(weights: &Weights, samples: &[Sample], stages: Model) -> Vec<(usize, f64)> {
    let mut sums = vec![(0usize, 0f64); stages.phases()];
    for s in samples.iter().step_by(10) {
        let error = f64::from(s.score) * f64::from(DISC)
            - f64::from(weights.evaluate(s.player, s.opponent));
        let slot = &mut sums[phase_of(stages, s)];
        slot.0 += 1;
        slot.1 += error * error;
    }
    sums.into_iter()
        .map(|(n, sq)| {
            let rms = if n > 0 {
                (sq / n as f64).sqrt() / f64::from(DISC)
            } else {
                0.0
            };
            (n, rms)
        })
        .collect()
}

fn phase_of(model: Model, s: &Sample) -> usize {
    model.phase((s.player | s.opponent).count_ones())
}

/// Fits one phase's weights: returns them (unrounded), the rms error in discs on the samples they
/// were fitted to, and how many those were.
fn fit_phase(
    model: Model,
    samples: &[Sample],
    ph: usize,
    epochs: usize,
    init: &[i16],
    prior: Option<(&[f64], f64)>,
) -> (Vec<f64>, f64, usize) {
    let layout = model.layout();
    let per_phase = layout.per_phase;
    let linear_len = layout.model.linear();
    let placements = layout.placements.len();
    // Each training sample of this phase as its table entries and linear features.
    let mine: Vec<&Sample> = samples
        .iter()
        .enumerate()
        .filter(|(i, s)| i % 10 != 0 && phase_of(model, s).abs_diff(ph) <= 1)
        .map(|(_, s)| s)
        .collect();
    let mut w: Vec<f64> = init.iter().map(|&v| f64::from(v)).collect();
    if mine.is_empty() {
        if let Some((prior, _)) = prior {
            w.copy_from_slice(prior);
        }
        return (w, 0.0, 0);
    }
    let mut entries: Vec<u32> = Vec::with_capacity(mine.len() * placements);
    let mut linear: Vec<f64> = Vec::with_capacity(mine.len() * linear_len);
    let mut targets: Vec<f64> = Vec::with_capacity(mine.len());
    for s in &mine {
        for p in &layout.placements {
            entries.push(p.offset + index(p, s.player, s.opponent) as u32);
        }
        let features = linear_features(s.player, s.opponent);
        linear.extend(features[..linear_len].iter().map(|&x| f64::from(x)));
        targets.push(f64::from(s.score) * f64::from(DISC));
    }
    // How often each weight occurs, and the linear features' scale.
    let mut counts = vec![0f64; per_phase];
    for &e in &entries {
        counts[e as usize] += 1.0;
    }
    let mut linear_scale = vec![0f64; linear_len];
    for x in linear.chunks_exact(linear_len) {
        for (k, v) in x.iter().enumerate() {
            linear_scale[k] += v * v;
        }
    }
    let mut gradient = vec![0f64; per_phase];
    // A step moves each weight by its share of the mean error; with every sample touching
    // about `placements + linear` weights, the share is 1 / that.
    let rate = 1.0 / (placements + linear_len) as f64;
    let first_linear = per_phase - linear_len;
    let mut rms = 0.0;
    for _ in 0..epochs {
        gradient.iter_mut().for_each(|g| *g = 0.0);
        let mut squared = 0.0;
        for (i, target) in targets.iter().enumerate() {
            let row = &entries[i * placements..(i + 1) * placements];
            let features = &linear[i * linear_len..(i + 1) * linear_len];
            let mut predicted: f64 = row.iter().map(|&e| w[e as usize]).sum();
            for (k, x) in features.iter().enumerate() {
                predicted += w[first_linear + k] * x;
            }
            let error = target - predicted;
            squared += error * error;
            for &e in row {
                gradient[e as usize] += error;
            }
            for (k, x) in features.iter().enumerate() {
                gradient[first_linear + k] += error * x;
            }
        }
        rms = (squared / targets.len() as f64).sqrt() / f64::from(DISC);
        match prior {
            // Rare configurations are pulled towards zero (the "+ 4").
            None => {
                for (e, g) in gradient[..first_linear].iter().enumerate() {
                    w[e] += rate * g / (counts[e] + 4.0);
                }
            }
            // ... or towards the prior, with the weight of `pull` samples.
            Some((prior, pull)) => {
                for (e, g) in gradient[..first_linear].iter().enumerate() {
                    w[e] += rate * (g + pull * (prior[e] - w[e])) / (counts[e] + pull);
                }
            }
        }
        for (k, scale) in linear_scale.iter().enumerate() {
            let e = first_linear + k;
            w[e] += rate * gradient[e] / scale.max(1.0);
        }
    }
    (w, rms, mine.len())
}
