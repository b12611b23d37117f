//! The crash test's own parts: the audit fed faulty databases, the server's line read whole.

use super::*;
use crate::net::ColourChoice;
use crate::server::room::Room;

fn dump(moves: &[(u32, u32, &str, u64)], clocks_ms: [u64; 2]) -> Dump {
    let mut record = Room::new(
        "AAAAAAAAAA".into(),
        Variant::STANDARD,
        Some(CLOCK),
        "Ana".into(),
        "secret".into(),
        ColourChoice::Black,
        false,
        "127.0.0.1".into(),
        0,
    )
    .record(0);
    record.clocks_ms = clocks_ms;
    Dump {
        record,
        finished_unix_ms: None,
        moves: moves
            .iter()
            .map(|&(game, ply, square, id)| (game, ply, square.parse().unwrap(), id))
            .collect(),
    }
}

/// The audit of `dumps` against clients shown `shown` (game 1 of room AAAAAAAAAA) who sent
/// the ids 1–9, with the server up for `up_ms`.
fn audit_of(dumps: &[Dump], shown: &[&str], up_ms: u64) -> Report {
    let shown = shown.iter().map(|s| s.parse().unwrap()).collect();
    let seen = HashMap::from([("AAAAAAAAAA".to_string(), BTreeMap::from([(1, shown)]))]);
    let sent = HashMap::from([("AAAAAAAAAA".to_string(), (1..10).collect())]);
    let mut report = Report::default();
    audit(
        dumps,
        &seen,
        &sent,
        Duration::from_millis(up_ms),
        &mut report,
    );
    report
}

#[test]
fn the_audit_finds_lost_doubled_illegal_and_overcharged() {
    let full = [600_000 + 1_000, 600_000 + 1_000];
    let good = dump(&[(1, 0, "f5", 1), (1, 1, "d6", 2)], full);
    let report = audit_of(std::slice::from_ref(&good), &["f5", "d6"], 1_000);
    assert!(report.passed(), "{}", report.text());
    assert_eq!(report.acknowledged, 2);

    // A move the clients saw applied is not written.
    let report = audit_of(std::slice::from_ref(&good), &["f5", "d6", "c3"], 1_000);
    assert_eq!((report.lost, report.passed()), (1, false));

    // One client move written twice (its id at two plies).
    let twice = dump(&[(1, 0, "f5", 1), (1, 1, "d6", 2), (1, 2, "c3", 1)], full);
    let report = audit_of(&[twice], &["f5", "d6"], 1_000);
    assert_eq!((report.doubled, report.passed()), (1, false));

    // A game that does not replay, and a move no client sent.
    let illegal = dump(&[(1, 0, "a1", 1)], full);
    assert!(!audit_of(&[illegal], &[], 1_000).faults.is_empty());
    let stranger = dump(&[(1, 0, "f5", 77)], full);
    assert!(!audit_of(&[stranger], &["f5"], 1_000).faults.is_empty());

    // 3 s charged to the clocks of a server that ran 2 s; more time than the rule gives.
    let slow = dump(&[(1, 0, "f5", 1), (1, 1, "d6", 2)], [599_000, 599_000]);
    assert!(audit_of(std::slice::from_ref(&slow), &["f5", "d6"], 4_000).passed());
    assert!(!audit_of(&[slow], &["f5", "d6"], 2_000).passed());
    let rich = dump(&[(1, 0, "f5", 1)], [601_001, 600_000]);
    assert!(!audit_of(&[rich], &["f5"], 1_000).passed());
}

#[test]
fn the_address_is_read_from_the_whole_line() {
    let line = "reversi serve: listening on http://127.0.0.1:41234 (WebSocket at /ws); 0 \
                unfinished rooms loaded";
    assert_eq!(listening_address(line).as_deref(), Some("127.0.0.1:41234"));
    // A line cut inside the address does not pass for one.
    assert_eq!(
        listening_address("reversi serve: listening on http://127"),
        None
    );
    assert_eq!(listening_address("reversi serve: stopping"), None);
}
