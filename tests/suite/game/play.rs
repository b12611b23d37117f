//! Playing a game: placements, flips, passes, the end, boards of every size and rules, undo and redo.

use super::*;

#[test]
fn the_board_has_64_squares_and_the_four_starting_discs() {
    let mut app = headless_app(MatchSettings::two_humans());
    assert_eq!(count::<With<BoardSquare>>(&mut app), 64);
    assert_eq!(count::<With<Disc>>(&mut app), 4);
    assert_discs_match(&mut app);
}

/// The variants the board tests run on.
const BOARDS: [&str; 6] = ["8x8", "6x6", "7x7", "10x10", "16x16", "8x8 anti"];

#[test]
fn a_legal_placement_spawns_one_disc_and_flips_exactly_the_outflanked_discs() {
    for name in BOARDS {
        let variant: Variant = name.parse().unwrap();
        let mut app = headless_app(MatchSettings::two_humans().on(variant));
        // One felt tile per square of the board.
        assert_eq!(
            count::<With<BoardSquare>>(&mut app),
            variant.squares() as usize
        );
        // Play the greediest moves until some move outflanks at least three discs.
        let greediest = |app: &App| {
            let position = rules(app).position();
            position
                .legal_squares()
                .into_iter()
                .max_by_key(|&c| position.flips(c).count())
                .unwrap()
        };
        loop {
            let most = greediest(&app);
            if rules(&app).position().flips(most).count() >= 3 {
                break;
            }
            place(&mut app, most);
            settle(&mut app);
        }
        let before = rules(&app).position();
        let square = greediest(&app);
        let mut flipped: Vec<Square> = variant.squares_of(before.flips(square)).collect();
        assert!(flipped.len() >= 3);
        place(&mut app, square);
        app.update();
        assert_eq!(
            count::<With<Disc>>(&mut app),
            (before.black() | before.white()).count() as usize + 1,
            "{name}"
        );
        assert_eq!(count::<With<DropAnimation>>(&mut app), 1);
        let mut query = app
            .world_mut()
            .query_filtered::<&Disc, With<FlipAnimation>>();
        let mut animated: Vec<Square> = query.iter(app.world()).map(|d| d.square).collect();
        animated.sort();
        flipped.sort();
        assert_eq!(
            animated, flipped,
            "{name}: exactly the outflanked discs flip"
        );
        assert_eq!(*app.world().resource::<Phase>(), Phase::Animating);
        settle(&mut app);
        assert_eq!(count::<With<FlipAnimation>>(&mut app), 0);
        assert_discs_match(&mut app);
    }
}

#[test]
fn an_illegal_placement_changes_nothing() {
    for name in BOARDS {
        let variant: Variant = name.parse().unwrap();
        let mut app = headless_app(MatchSettings::two_humans().on(variant));
        let before = rules(&app);
        let last = variant.size() as u8 - 1;
        // Corners, a centre disc, a square next to no disc, a square off this board.
        let squares = [
            Square::new(0, 0),
            Square::new(last, last),
            Square::new(last / 2, last / 2),
            Square::new(1, 1),
            Square::new(last + 1, 0),
        ];
        for square in squares {
            place(&mut app, square);
            settle(&mut app);
        }
        assert_eq!(rules(&app), before, "{name}");
        assert_eq!(count::<With<Disc>>(&mut app), 4);
        assert_eq!(count::<With<FlipAnimation>>(&mut app), 0);
        assert_discs_match(&mut app);
    }
}

#[test]
fn a_scripted_game_with_a_forced_pass_reaches_game_over_with_the_right_score() {
    // A seeded random game with a forced pass, played through the ECS.
    let script = game_with_a_pass();
    let mut app = headless_app(MatchSettings::two_humans());
    app.init_resource::<Seen>()
        .add_systems(Last, record_messages);
    for m in script.history() {
        if let Move::Play(square) = m {
            place(&mut app, *square);
            settle(&mut app);
        }
    }
    assert_eq!(rules(&app), script);
    let seen = app.world().resource::<Seen>();
    let passers: Vec<Player> = {
        let mut position = script.start();
        let mut passers = Vec::new();
        for m in script.history() {
            match m {
                Move::Play(s) => position = position.play(*s),
                Move::Pass => {
                    passers.push(position.to_move);
                    position = position.pass();
                }
            }
        }
        passers
    };
    assert_eq!(seen.passes, passers, "each forced pass was announced");
    assert_eq!(seen.ended, vec![script.outcome().unwrap()]);
    assert_eq!(*app.world().resource::<Phase>(), Phase::GameOver);
    assert_discs_match(&mut app);
}

/// What the game announced, in order.
#[derive(Resource, Default)]
struct Seen {
    passes: Vec<Player>,
    ended: Vec<reversi::rules::Outcome>,
}

fn record_messages(
    mut seen: ResMut<Seen>,
    mut passes: MessageReader<Passed>,
    mut ended: MessageReader<GameEnded>,
) {
    seen.passes.extend(passes.read().map(|p| p.player));
    seen.ended.extend(ended.read().map(|e| e.outcome));
}

#[test]
fn a_wipe_out_ends_the_game_early_at_64_to_0() {
    let mut app = headless_app(MatchSettings::two_humans());
    let script = parse_transcript("f5d6c5f4e7f6g5e6e3").unwrap();
    for m in script.history() {
        if let Move::Play(square) = m {
            place(&mut app, *square);
            settle(&mut app);
        }
    }
    assert_eq!(*app.world().resource::<Phase>(), Phase::GameOver);
    let outcome = rules(&app).outcome().unwrap();
    assert_eq!(
        reversi::ui::words::outcome(
            &reversi::i18n::Texts::new(reversi::i18n::Language::English),
            &outcome,
            Variant::STANDARD
        ),
        "Black wins 64–0"
    );
    assert_discs_match(&mut app);
}

/// Under Anti-reversi the winner has fewer discs: its count comes first with the reason, so that
/// "Black wins 17–47" does not read like a loss.
#[test]
fn an_anti_reversi_win_is_worded_with_its_reason() {
    use reversi::rules::{Counts, Outcome, Player};
    let outcome = Outcome {
        winner: Some(Player::Black),
        discs: Counts {
            black: 17,
            white: 47,
        },
        margin: 30,
    };
    let anti = Variant::parse(8, "anti").unwrap();
    let words = |language| {
        reversi::ui::words::outcome(&reversi::i18n::Texts::new(language), &outcome, anti)
    };
    use reversi::i18n::Language;
    assert_eq!(
        words(Language::English),
        "Black wins with fewer discs, 17–47"
    );
    assert_eq!(
        words(Language::Dutch),
        "Zwart wint met minder stenen, 17–47"
    );
    assert_eq!(
        words(Language::Portuguese),
        "Preto vence com menos discos, 17–47"
    );
    assert_eq!(
        words(Language::Italian),
        "Vince il Nero con meno pedine, 17–47"
    );
}

#[test]
fn three_ai_vs_ai_games_leave_no_entities_behind() {
    let mut app = headless_app(MatchSettings::ai_vs_ai(Level::Beginner, Level::Novice));
    // Entities besides the discs (each a parent and its two halves), two frames into each game
    // and at its end; the discs themselves are checked against the board by `assert_discs_match`.
    let others = |app: &mut App| {
        let position = rules(app).position();
        let discs = (position.black() | position.white()).count() as usize;
        count::<Without<IsResource>>(app) - 3 * discs
    };
    let (mut at_start, mut at_end) = (Vec::new(), Vec::new());
    for _ in 0..3 {
        app.world_mut()
            .write_message(NewGameRequested(MatchSettings::ai_vs_ai(
                Level::Beginner,
                Level::Novice,
            )));
        app.update();
        app.update();
        assert_discs_match(&mut app);
        at_start.push(others(&mut app));
        let finished = run_until(&mut app, Duration::from_secs(120), |app| {
            *app.world().resource::<Phase>() == Phase::GameOver
        });
        assert!(finished, "the game ended");
        settle(&mut app);
        assert_discs_match(&mut app);
        at_end.push(others(&mut app));
    }
    assert!(at_start.iter().all(|&c| c == at_start[0]), "{at_start:?}");
    assert!(at_end.iter().all(|&c| c == at_end[0]), "{at_end:?}");
    // At the end no search or animation of the game is left over.
    assert!(at_end[0] <= at_start[0], "{at_start:?} {at_end:?}");
}

/// A new two-player game on `variant`, its board built and its discs those of the rules.
fn new_game_on(app: &mut App, variant: Variant) {
    app.world_mut()
        .write_message(NewGameRequested(MatchSettings::two_humans().on(variant)));
    app.update();
    app.update();
    assert_eq!(rules(app).variant(), variant);
    assert_discs_match(app);
}

#[test]
fn games_on_boards_of_other_sizes_rebuild_the_board_and_leave_nothing_behind() {
    let mut app = headless_app(MatchSettings::two_humans());
    // Entities besides the discs and the tiles, and the tiles, at each game's start.
    let counts = |app: &mut App| {
        let position = rules(app).position();
        let discs = (position.black() | position.white()).count() as usize;
        let tiles = count::<With<BoardSquare>>(app);
        (count::<Without<IsResource>>(app) - 3 * discs - tiles, tiles)
    };
    let mut others = Vec::new();
    for size in [8, 10, 6, 8, 10, 6, 7, 16, 8] {
        let variant = Variant::new(size, Default::default(), Default::default()).unwrap();
        new_game_on(&mut app, variant);
        let (rest, tiles) = counts(&mut app);
        assert_eq!(tiles, (size * size) as usize, "{size}×{size} tiles");
        // A few moves, so discs and markers come and go.
        for _ in 0..3 {
            let square = rules(&app).position().legal_squares()[0];
            place(&mut app, square);
            settle(&mut app);
        }
        assert_discs_match(&mut app);
        others.push(rest);
    }
    assert!(others.iter().all(|&c| c == others[0]), "{others:?}");
}

#[test]
fn boards_of_other_shapes_are_built_from_their_squares_and_leave_nothing_behind() {
    use reversi::game::board::BoardPart;
    let mut app = headless_app(MatchSettings::two_humans());
    let mut seen: Vec<(Variant, usize)> = Vec::new();
    for name in [
        "8x8",
        "10x10 othello cross",
        "10x10 othello octagon",
        "8x8 othello a1,h8,c6",
        "10x10",
        "10x10 othello cross",
        "10x10 othello octagon",
        "8x8 othello a1,h8,c6",
        "8x8",
    ] {
        let variant: Variant = name.parse().unwrap();
        new_game_on(&mut app, variant);
        // A tile for every square of the board and none where a square is off, and one frame
        // and one grid, which on a shaped board follow its outline.
        let tiles: Vec<Square> = {
            let mut query = app.world_mut().query::<&BoardSquare>();
            query.iter(app.world()).map(|t| t.0).collect()
        };
        assert_eq!(tiles.len(), variant.squares() as usize, "{name}");
        assert!(tiles.iter().all(|&t| variant.index(t).is_some()), "{name}");
        let parts = count::<With<BoardPart>>(&mut app);
        assert_eq!(parts, tiles.len() + 2, "{name}");
        for _ in 0..3 {
            let square = rules(&app).position().legal_squares()[0];
            place(&mut app, square);
            settle(&mut app);
        }
        assert_discs_match(&mut app);
        let total = count::<Without<IsResource>>(&mut app);
        // The same board a second time: the same number of entities.
        if let Some(&(_, before)) = seen.iter().find(|(v, _)| *v == variant) {
            assert_eq!(total, before, "{name}: entities the second time");
        }
        seen.push((variant, total));
    }
}

#[test]
fn ai_vs_ai_games_on_other_boards_and_shapes_end_with_the_rules_outcome() {
    for name in [
        "10x10",
        "8x8 anti",
        "6x6 classic",
        "10x10 othello cross",
        "10x10 anti octagon",
    ] {
        let variant: Variant = name.parse().unwrap();
        let players = MatchSettings::ai_vs_ai(Level::Beginner, Level::Novice).on(variant);
        let mut app = headless_app(players);
        app.init_resource::<Seen>()
            .add_systems(Last, record_messages);
        let finished = run_until(&mut app, Duration::from_secs(300), |app| {
            *app.world().resource::<Phase>() == Phase::GameOver
        });
        assert!(finished, "{name}: the game ended");
        settle(&mut app);
        let game = rules(&app);
        assert_eq!(game.variant(), variant);
        assert!(game.is_over());
        // Replaying the moves by the rules gives the same game, and the outcome announced.
        let mut replay = Game::new(variant);
        for m in game.history() {
            if let Move::Play(cell) = m {
                replay.play(*cell).unwrap();
            }
        }
        assert_eq!(replay, game, "{name}");
        let seen = app.world().resource::<Seen>();
        assert_eq!(seen.ended, vec![replay.outcome().unwrap()], "{name}");
        assert_discs_match(&mut app);
    }
}

#[test]
fn the_classic_opening_places_four_discs_in_the_centre_through_input() {
    let variant: Variant = "8x8 classic".parse().unwrap();
    let mut app = headless_app(MatchSettings::two_humans().on(variant));
    assert_eq!(count::<With<Disc>>(&mut app), 0, "the board starts empty");
    // A square outside the centre is refused during the placements.
    place(&mut app, sq("c3"));
    settle(&mut app);
    assert!(rules(&app).history().is_empty());
    // Keyboard: the cursor starts on d3; up one row is d4, a centre square.
    press_key(&mut app, KeyCode::ArrowDown);
    press_key(&mut app, KeyCode::Enter);
    settle(&mut app);
    assert_eq!(rules(&app).history(), [Move::Play(sq("d4"))]);
    for (i, square) in ["e4", "e5", "d5"].into_iter().enumerate() {
        place(&mut app, sq(square));
        app.update();
        assert_eq!(
            count::<With<DropAnimation>>(&mut app),
            1,
            "{square} drops in"
        );
        assert_eq!(
            count::<With<FlipAnimation>>(&mut app),
            0,
            "placements flip nothing"
        );
        assert_eq!(count::<With<Disc>>(&mut app), i + 2);
        settle(&mut app);
    }
    let game = rules(&app);
    assert_eq!(game.history().len(), 4);
    assert!(!game.position().placing());
    assert_discs_match(&mut app);
    // Then an ordinary move, which flips.
    let square = game.position().legal_squares()[0];
    place(&mut app, square);
    app.update();
    assert!(count::<With<FlipAnimation>>(&mut app) > 0);
    settle(&mut app);
    assert_eq!(count::<With<Disc>>(&mut app), 5);
    assert_discs_match(&mut app);
}

#[test]
fn a_new_game_mid_animation_snaps_the_discs_to_the_start() {
    let mut app = headless_app(MatchSettings::two_humans());
    place(&mut app, sq("f5"));
    app.update();
    assert!(count::<With<FlipAnimation>>(&mut app) > 0);
    app.world_mut()
        .write_message(NewGameRequested(MatchSettings::two_humans()));
    app.update();
    app.update();
    assert_eq!(
        count::<With<FlipAnimation>>(&mut app) + count::<With<DropAnimation>>(&mut app),
        0
    );
    assert_discs_match(&mut app);
}

fn game_with_a_pass() -> Game {
    let mut random = RandomPlay::new(1);
    loop {
        let mut game = Game::new(Variant::STANDARD);
        while !game.is_over() {
            random.play(&mut game);
        }
        if game.history().contains(&Move::Pass) {
            return game;
        }
    }
}

#[test]
fn undo_and_redo_walk_a_game_across_passes_and_the_discs_follow() {
    let script = game_with_a_pass();
    let mut app = headless_app(MatchSettings::two_humans());
    for m in script.history() {
        if let Move::Play(square) = m {
            place(&mut app, *square);
            settle(&mut app);
        }
    }
    // The same walk on the rules alone is the reference.
    let mut reference = script.clone();
    let mut steps = 0;
    while reference.undo().is_some() {
        app.world_mut().write_message(reversi::game::UndoRequested);
        settle(&mut app);
        assert_eq!(
            rules(&app).position(),
            reference.position(),
            "after {} undos",
            steps + 1
        );
        assert_eq!(rules(&app).history(), reference.history());
        assert_discs_match(&mut app);
        steps += 1;
    }
    assert_eq!(
        rules(&app).position(),
        Game::new(Variant::STANDARD).position()
    );
    while reference.redo().is_some() {
        app.world_mut().write_message(reversi::game::RedoRequested);
        settle(&mut app);
        assert_eq!(rules(&app).history(), reference.history());
        assert_discs_match(&mut app);
    }
    assert_eq!(rules(&app).position(), script.position());
    assert_eq!(*app.world().resource::<Phase>(), Phase::GameOver);
}

#[test]
fn against_the_ai_one_undo_takes_back_the_human_move_and_the_reply() {
    let mut app = headless_app(MatchSettings::human_vs_ai(Player::Black, Level::Novice));
    place(&mut app, sq("f5"));
    assert!(run_until(&mut app, Duration::from_secs(20), |app| rules(
        app
    )
    .history()
    .len()
        == 2));
    settle(&mut app);
    let after_reply = rules(&app);
    app.world_mut().write_message(reversi::game::UndoRequested);
    settle(&mut app);
    assert!(rules(&app).history().is_empty());
    assert_eq!(rules(&app).to_move(), Player::Black);
    assert_discs_match(&mut app);
    app.world_mut().write_message(reversi::game::RedoRequested);
    settle(&mut app);
    assert_eq!(rules(&app).history(), after_reply.history());
    assert_eq!(*app.world().resource::<Phase>(), Phase::WaitingForHuman);
    assert_discs_match(&mut app);
}
