//! A room's rules without sockets or a store: seats, turns, clocks, resignations and records.

use super::*;

fn room(clock: Option<ClockSpec>) -> Room {
    let mut room = Room::new(
        "ABCDEFGHJK".into(),
        Variant::STANDARD,
        clock,
        "Ana".into(),
        "t0".into(),
        ColourChoice::Black,
        false,
        "127.0.0.1".into(),
        0,
    );
    room.join("Bo".into(), "t1".into(), 0).unwrap();
    room
}

#[test]
fn only_the_seat_to_move_moves_and_only_once() {
    let mut room = room(None);
    assert_eq!(
        room.play(1, 0, 1, "f5", 10).unwrap_err().0,
        ErrorCode::NotYourTurn
    );
    assert_eq!(
        room.play(0, 0, 1, "a1", 10).unwrap_err().0,
        ErrorCode::Illegal
    );
    assert_eq!(
        room.play(0, 1, 1, "f5", 10).unwrap_err().0,
        ErrorCode::WrongPly
    );
    assert_eq!(room.play(0, 0, 1, "f5", 10), Ok(true));
    assert_eq!(
        room.play(0, 0, 1, "f5", 11),
        Ok(false),
        "a repeat is acknowledged"
    );
    assert_eq!(room.placed.len(), 1);
    assert_eq!(
        room.play(0, 0, 2, "f5", 11).unwrap_err().0,
        ErrorCode::WrongPly
    );
    assert_eq!(
        room.play(0, 1, 2, "d6", 11).unwrap_err().0,
        ErrorCode::NotYourTurn
    );
    assert_eq!(room.play(1, 1, 1, "d6", 12), Ok(true));
    assert_eq!(room.state(Some(0), 12, 1000).moves, "f5d6");
}

#[test]
fn clocks_run_for_the_side_to_move_and_flag_it() {
    let spec = ClockSpec {
        base_ms: 10_000,
        increment_ms: 1_000,
    };
    let mut room = room(Some(spec));
    room.play(0, 0, 1, "f5", 4_000).unwrap();
    assert_eq!(room.time_left(Colour::Black, 9_000), 7_000);
    assert_eq!(room.time_left(Colour::White, 9_000), 5_000);
    assert!(!room.adjudicate(13_999, u64::MAX));
    assert!(room.adjudicate(14_000, u64::MAX));
    let Status::Over(ending) = room.status() else {
        panic!("the game goes on")
    };
    assert_eq!(
        (ending.winner, ending.reason),
        (Some(Colour::Black), EndReason::Time)
    );
    assert_eq!(ending.score, [4, 1]);
}

#[test]
fn a_player_away_past_the_grace_loses() {
    let mut room = room(None);
    room.set_connected(1, false, 100);
    assert_eq!(
        room.state(Some(0), 600, 1000).players[1].reconnect_ms,
        Some(500)
    );
    assert!(!room.adjudicate(1099, 1000));
    room.set_connected(1, true, 1050);
    assert!(!room.adjudicate(5000, 1000));
    room.set_connected(1, false, 6000);
    assert!(room.adjudicate(7000, 1000));
    assert_eq!(
        room.ending.map(|e| (e.winner, e.reason)),
        Some((Some(Colour::Black), EndReason::Abandoned))
    );
}

#[test]
fn a_take_back_returns_to_before_the_askers_move() {
    let mut room = room(None);
    room.play(0, 0, 1, "f5", 1).unwrap();
    room.play(1, 1, 2, "d6", 2).unwrap();
    assert_eq!(
        room.answer_take_back(1, true, 3).unwrap_err().0,
        ErrorCode::NothingToAnswer
    );
    room.ask_take_back(0, 2, 3).unwrap();
    room.answer_take_back(1, false, 4).unwrap();
    assert_eq!(room.placed.len(), 2);
    room.ask_take_back(0, 2, 5).unwrap();
    assert_eq!(
        room.answer_take_back(0, true, 6).unwrap_err().0,
        ErrorCode::NothingToAnswer
    );
    room.answer_take_back(1, true, 6).unwrap();
    assert_eq!(
        room.placed.len(),
        0,
        "Black's f5 and White's reply are gone"
    );
    assert_eq!(room.running(), Some(Colour::Black));
    room.play(0, 0, 3, "d3", 7).unwrap();
    room.ask_take_back(1, 1, 8).unwrap_err();
}

#[test]
fn a_rematch_swaps_the_colours() {
    let mut room = room(None);
    assert!(room.offer_rematch(0, 1).is_err());
    room.resign(1, 2).unwrap();
    assert_eq!(room.ending.unwrap().winner, Some(Colour::Black));
    assert_eq!(room.offer_rematch(0, 3), Ok(false));
    assert_eq!(room.offer_rematch(1, 4), Ok(true));
    assert_eq!((room.colour(0), room.game_no), (Colour::White, 2));
    assert_eq!(room.play(1, 0, 9, "f5", 5), Ok(true));
}

#[test]
fn a_record_restores_the_same_room() {
    let spec = ClockSpec {
        base_ms: 60_000,
        increment_ms: 0,
    };
    let mut room = room(Some(spec));
    for (ply, (seat, square)) in [(0, "f5"), (1, "d6"), (0, "c3")].into_iter().enumerate() {
        room.play(
            seat,
            ply as u32,
            ply as u64,
            square,
            1000 * ply as u64 + 1000,
        )
        .unwrap();
    }
    let record = room.record(5_000);
    let json = serde_json::to_string(&record).unwrap();
    let back = Room::restore(serde_json::from_str(&json).unwrap(), room.placed.clone(), 0).unwrap();
    assert_eq!(back.game, room.game);
    // White's clock: 60 s, less 1 s for d6 and the 2 s it has run since c3.
    assert_eq!(back.time_left(Colour::White, 0), 57_000);
    assert_eq!(back.seats[0].as_ref().unwrap().token, "t0");
    assert!(!back.seats[0].as_ref().unwrap().connected);
}
