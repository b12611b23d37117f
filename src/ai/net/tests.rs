use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use super::*;
use crate::ai::endgame::tests::random_positions;

/// A network of random weights of a trained one's sizes: table values within ±`spread`, so
/// that the accumulator crosses both ends of CReLU's range.
fn random_net(seed: u64, hidden: usize, hidden2: usize, buckets: usize, spread: i16) -> Net {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut i16s =
        |n: usize, s: i16| -> Vec<i16> { (0..n).map(|_| rng.random_range(-s..=s)).collect() };
    let embed = i16s(feature_rows() * hidden, spread);
    let w1 = i16s(buckets * hidden2 * (hidden + LINEAR), 120);
    let w2 = i16s(buckets * hidden2, 300);
    let mut rng = StdRng::seed_from_u64(seed + 1);
    let mut i32s =
        |n: usize, s: i32| -> Vec<i32> { (0..n).map(|_| rng.random_range(-s..=s)).collect() };
    let bias0 = i32s(hidden, 200);
    let b1 = i32s(buckets * hidden2, 8000);
    let b2 = i32s(buckets, 40_000);
    Net::new(hidden, hidden2, buckets, embed, bias0, w1, b1, w2, b2).unwrap()
}

#[test]
fn buckets_cut_the_disc_counts_into_even_stretches_in_order() {
    for buckets in [1, 2, 4, 8, 13, 61] {
        let of: Vec<usize> = (4..=64).map(|d| bucket(d, buckets)).collect();
        assert_eq!(of[0], 0);
        assert_eq!(*of.last().unwrap(), buckets - 1);
        assert!(of.windows(2).all(|w| w[1] == w[0] || w[1] == w[0] + 1));
        for b in 0..buckets {
            let len = of.iter().filter(|&&x| x == b).count();
            assert!(
                len >= 61 / buckets && len <= 61_usize.div_ceil(buckets),
                "{buckets}: {b} has {len}"
            );
        }
    }
    assert_eq!(bucket(0, 8), 0);
}

#[test]
fn a_position_is_read_through_54_rows_each_inside_the_table() {
    assert_eq!(pattern::reads(FEATURES), 54);
    assert_eq!(feature_rows(), 285_363);
    for (p, o) in random_positions(1, 20) {
        let mut rows = [0u32; MAX_READS];
        let n = pattern::rows(FEATURES, p, o, &mut rows);
        assert_eq!(n, 54);
        assert!(rows[..n].iter().all(|&r| (r as usize) < feature_rows()));
        #[cfg(target_arch = "x86_64")]
        if std::is_x86_feature_detected!("bmi2") {
            let mut fast = [0u32; MAX_READS];
            // SAFETY: BMI2 was detected.
            assert_eq!(unsafe { pattern::rows_bmi2(FEATURES, p, o, &mut fast) }, n);
            assert_eq!(fast, rows, "pext gathers other rows");
        }
    }
}

#[test]
fn the_fast_path_gives_the_portable_integers() {
    let net = random_net(2, 32, 16, 8, 150);
    for (p, o) in random_positions(3, 30) {
        assert_eq!(
            net.evaluate_fast(p, o),
            net.evaluate(p, o),
            "{p:016x} {o:016x}"
        );
    }
}

#[test]
fn the_integer_network_gives_the_float_model_within_rounding() {
    let net = random_net(4, 16, 16, 8, 40);
    let mut worst = 0f64;
    let mut clipped = [0usize; 2];
    for (p, o) in random_positions(5, 40) {
        let bound = net.rounding_bound(p, o) + 1e-9;
        let float = net.evaluate_float(p, o);
        let integer = net.evaluate(p, o) as f64 / DISC as f64;
        if float.abs() >= 63.99 {
            clipped[float.is_sign_positive() as usize] += 1;
            continue;
        }
        let error = (integer - float).abs();
        assert!(
            error <= bound,
            "{p:016x} {o:016x}: {integer} against {float} (bound {bound})"
        );
        worst = worst.max(error / bound);
    }
    // The random weights reach beyond ±64 rarely: most positions were compared.
    assert!(clipped.iter().sum::<usize>() < 200, "{clipped:?}");
    assert!(worst > 0.0);
}

#[test]
fn a_file_reads_back_the_same_network_plain_or_gzipped() {
    let net = random_net(6, 16, 8, 4, 100);
    let bytes = net.to_bytes();
    assert_eq!(Net::read(&bytes).unwrap(), net);
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    std::io::Write::write_all(&mut gz, &bytes).unwrap();
    let gz = gz.finish().unwrap();
    assert_eq!(Net::read(&gz).unwrap(), net);
}

#[test]
fn a_damaged_file_is_refused_never_read() {
    let net = random_net(7, 16, 8, 2, 100);
    let bytes = net.to_bytes();
    // Cut short anywhere in the header and at a few places in the weights.
    for cut in (0..40).chain([bytes.len() / 2, bytes.len() - 4, bytes.len() - 1]) {
        assert!(Net::read(&bytes[..cut]).is_err(), "cut at {cut}");
    }
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(Net::read(&longer).unwrap_err().contains("after"));
    let mut other = bytes.clone();
    other[7] = b'9';
    assert!(Net::read(&other).unwrap_err().contains("version"));
    // Another number of rows than the features have.
    let mut rows = bytes.clone();
    rows[20..24].copy_from_slice(&1000u32.to_le_bytes());
    assert!(Net::read(&rows).unwrap_err().contains("rows"));
    // An accumulator no multiple of 16.
    let mut width = bytes.clone();
    width[8..12].copy_from_slice(&24u32.to_le_bytes());
    assert!(Net::read(&width).is_err());
    // A pattern weights file is not a network.
    let weights = pattern::shipped().unwrap().to_bytes();
    assert!(Net::read(&weights).is_err());
}

#[test]
fn the_evaluation_stays_inside_64_discs_with_extreme_weights() {
    let net = random_net(8, 16, 16, 8, 300);
    for (p, o) in random_positions(9, 10) {
        let v = net.evaluate(p, o);
        assert!(v.abs() < 64 * DISC);
    }
}
