//! `reversi net`: the features file's form, a network checked against its float model's outputs
//! (as `train/` exports them), a network read wherever an evaluation is.

use std::path::PathBuf;

use crate::common::run_reversi as run;
use reversi::ai::net::{LINEAR, Net, feature_rows};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("reversi-net-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A network of small pseudo-random weights (a linear congruential sequence).
fn some_net() -> Net {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = |spread: i64| -> i64 {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((state >> 33) as i64 % (2 * spread + 1)) - spread
    };
    let (h, h2, b) = (16, 8, 4);
    let embed = (0..feature_rows() * h).map(|_| next(30) as i16).collect();
    let bias0 = (0..h).map(|_| next(100) as i32).collect();
    let w1 = (0..b * h2 * (h + LINEAR))
        .map(|_| next(60) as i16)
        .collect();
    let b1 = (0..b * h2).map(|_| next(4000) as i32).collect();
    let w2 = (0..b * h2).map(|_| next(300) as i16).collect();
    let b2 = (0..b).map(|_| next(20_000) as i32).collect();
    Net::new(h, h2, b, embed, bias0, w1, b1, w2, b2).unwrap()
}

/// Positions of the start of a game and a little after, as sample lines (mover, opponent, label).
const SAMPLES: &str = "\
0000000810000000 0000001008000000 0
0000001818080000 0000000004000000 -3
00003e1280080c04 0000c06c7e763010 2
";

#[test]
fn features_hold_a_record_of_fixed_size_per_position() {
    let dir = scratch("features");
    let samples = dir.join("s.txt");
    std::fs::write(&samples, SAMPLES).unwrap();
    let out = dir.join("s.feat");
    let (code, stdout, stderr) = run(&[
        "net",
        "features",
        samples.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    assert!(stdout.contains("3 positions, 54 rows each"), "{stdout}");
    let bytes = std::fs::read(&out).unwrap();
    assert_eq!(&bytes[..8], b"RVNFEAT1");
    assert_eq!(u32::from_le_bytes(bytes[8..12].try_into().unwrap()), 54);
    assert_eq!(
        u32::from_le_bytes(bytes[12..16].try_into().unwrap()),
        feature_rows() as u32
    );
    let record = 8 + 8 + 54 * 4 + LINEAR + 2;
    assert_eq!(bytes.len(), 16 + 3 * record);
    // The third position's record: its discs, then its disc count and label at the end.
    let third = &bytes[16 + 2 * record..];
    assert_eq!(
        u64::from_le_bytes(third[..8].try_into().unwrap()),
        0x0000_3e12_8008_0c04
    );
    assert_eq!(
        third[record - 2] as u32,
        (0x0000_3e12_8008_0c04u64 | 0x0000_c06c_7e76_3010).count_ones()
    );
    assert_eq!(third[record - 1] as i8, 2);
    // A bad sample line is refused with its place.
    std::fs::write(&samples, "0000000810000000 0000000810000000 0\n").unwrap();
    let (code, _, stderr) = run(&[
        "net",
        "features",
        samples.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_ne!(code, Some(0));
    assert!(stderr.contains("line 1"), "{stderr}");
}

#[test]
fn verify_passes_the_float_models_outputs_and_fails_a_wrong_one() {
    let dir = scratch("verify");
    let net = some_net();
    let file = dir.join("n.bin");
    std::fs::write(&file, net.to_bytes()).unwrap();
    let mut check = String::new();
    for line in SAMPLES.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        let p = u64::from_str_radix(words[0], 16).unwrap();
        let o = u64::from_str_radix(words[1], 16).unwrap();
        check += &format!(
            "{} {} {:.6}\n",
            words[0],
            words[1],
            net.evaluate_float(p, o)
        );
    }
    let outputs = dir.join("n.check");
    std::fs::write(&outputs, &check).unwrap();
    let (code, stdout, stderr) = run(&[
        "net",
        "verify",
        file.to_str().unwrap(),
        outputs.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    assert!(
        stdout.contains("3 positions") && stdout.contains("0 outside the rounding bound"),
        "{stdout}"
    );
    // One output half a disc off: outside any rounding.
    let first: Vec<&str> = check.lines().next().unwrap().split_whitespace().collect();
    let off: f64 = first[2].parse::<f64>().unwrap() + 0.5;
    let wrong = check.replacen(first[2], &format!("{off:.6}"), 1);
    std::fs::write(&outputs, wrong).unwrap();
    let (code, stdout, _) = run(&[
        "net",
        "verify",
        file.to_str().unwrap(),
        outputs.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(1), "{stdout}");
    assert!(stdout.contains("1 outside"), "{stdout}");
    // A network is an evaluation wherever one is read: the midgame bench searches with it.
    let (code, stdout, stderr) = run(&[
        "bench",
        "--midgame",
        "--depth",
        "2",
        "--threads",
        "1",
        "--eval",
        file.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    assert!(stdout.contains("total depth 2"), "{stdout}");
    // And `net check` reports it beside the shipped tables.
    let samples = dir.join("s.txt");
    std::fs::write(&samples, SAMPLES).unwrap();
    let (code, stdout, stderr) = run(&[
        "net",
        "check",
        file.to_str().unwrap(),
        samples.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{stdout}{stderr}");
    assert!(
        stdout.contains("3 positions") && stdout.contains("rich tables rms"),
        "{stdout}"
    );
}

#[test]
fn a_file_that_is_no_network_is_refused_by_name() {
    let dir = scratch("bad");
    let file = dir.join("bad.bin");
    std::fs::write(&file, b"RVNET001 and then nothing sensible").unwrap();
    let (code, _, stderr) = run(&[
        "net",
        "verify",
        file.to_str().unwrap(),
        file.to_str().unwrap(),
    ]);
    assert_ne!(code, Some(0));
    assert!(stderr.contains("bad.bin"), "{stderr}");
}
