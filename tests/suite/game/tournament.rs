//! A tournament on this device: its game started from a pairing, played without take-backs,
//! recorded when it ends (on the board, or on time by the rule), kept and read back, and kept in
//! the past games under the players' names.

use super::*;
use reversi::game::clock::Clocks;
use reversi::game::past_games::PastGames;
use reversi::game::tournament::Tournaments;
use reversi::tournament::{Entrant, Format, Store, Tournament};

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("reversi-club-game-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// The headless game with a tournament of Ana and Bruno (people at this device) and Novice, kept
/// in `dir`, its clock `minutes` a player.
fn app_with_tournament(dir: &std::path::Path, minutes: Option<u32>) -> App {
    let mut app = headless_app(MatchSettings::two_humans());
    let entrants = vec![
        Entrant::Person("Ana".into()),
        Entrant::Person("Bruno".into()),
        Entrant::Level(Level::Novice),
    ];
    let t = Tournament::new(entrants, Format::RoundRobin, minutes, Variant::STANDARD).unwrap();
    let mut tournaments = Tournaments::new(Some(Store::Dir(dir.to_path_buf())));
    tournaments.current = Some(t);
    tournaments.keep();
    app.insert_resource(tournaments);
    app
}

/// Starts the current round's game between the two people, as the window's Play does; returns
/// the pair (Black, White).
fn play_people(app: &mut App) -> (usize, usize) {
    let mut tournaments = app.world_mut().resource_mut::<Tournaments>();
    let t = tournaments.current.as_ref().unwrap();
    // Round after round until the people's game: each round of three has one game and a rest.
    let round = t.current_round().unwrap();
    let (pair, _) = round.games[0];
    let settings = tournaments.start(pair).unwrap();
    app.world_mut().write_message(NewGameRequested(settings));
    settle(app);
    pair
}

#[test]
fn a_tournament_game_is_played_without_take_backs_and_recorded_under_the_players_names() {
    let dir = scratch("board");
    let mut app = app_with_tournament(&dir, None);
    // Round 1 of Berger's tables for three: the player at place 0 meets place 2, 1 rests; with
    // Novice the third, some rounds hold the level: play rounds until Ana meets Bruno.
    let pair = loop {
        let pair = play_people(&mut app);
        let people = |i: usize| i < 2;
        if people(pair.0) && people(pair.1) {
            break pair;
        }
        // A game with Novice: the level plays its side by itself; play the people's moves with the
        // first legal square until the game ends.
        let finished = run_until(&mut app, Duration::from_secs(60), |app| {
            let game = rules(app);
            if game.is_over() {
                return true;
            }
            let to_move = game.to_move();
            let human = app.world().resource::<MatchSettings>().controller(to_move)
                == game::Controller::Human;
            if human && *app.world().resource::<Phase>() == Phase::WaitingForHuman {
                place(app, game.position().legal_squares()[0]);
            }
            false
        });
        assert!(finished, "the game against Novice ended");
        settle(&mut app);
    };
    let tournaments = app.world().resource::<Tournaments>();
    assert!(tournaments.live());
    // The game on the board is kept with the tournament: a restart goes on with it as its game.
    let again = Tournaments::new(Some(Store::Dir(dir.clone())));
    assert_eq!(again.playing.map(|p| p.pair), Some(pair));
    assert!(again.live());
    // Black wipes White out in nine moves; an undo halfway changes nothing.
    let script = parse_transcript("f5d6c5f4e7f6g5e6e3").unwrap();
    for (i, m) in script.history().iter().enumerate() {
        let Move::Play(square) = m else { continue };
        place(&mut app, *square);
        settle(&mut app);
        if i == 4 {
            app.world_mut().write_message(reversi::game::UndoRequested);
            settle(&mut app);
            assert_eq!(
                rules(&app).history().len(),
                5,
                "no take-back in a tournament game"
            );
        }
    }
    assert_eq!(rules(&app), script);
    let tournaments = app.world().resource::<Tournaments>();
    assert!(!tournaments.live(), "recorded");
    let t = tournaments.current.as_ref().unwrap();
    let last = t.played.last().unwrap();
    assert_eq!((last.black, last.white), pair);
    assert_eq!((last.score.black, last.score.white), (64, 0));
    // Kept at once, and read back the same.
    assert_eq!(reversi::tournament::load(&dir), Ok(Some(t.clone())));
    // The past games keep it under the people's names.
    let past = app.world().resource::<PastGames>();
    let newest = past.kept.games().next().unwrap();
    let names = ["Ana", "Bruno"];
    assert_eq!(
        (newest.black.as_str(), newest.white.as_str()),
        (names[pair.0], names[pair.1])
    );
    // A game started outside the tournament is not its game.
    app.world_mut()
        .write_message(NewGameRequested(MatchSettings::two_humans()));
    settle(&mut app);
    assert!(app.world().resource::<Tournaments>().playing.is_none());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_tournament_game_lost_on_time_is_completed_and_recorded_by_the_rule() {
    let dir = scratch("time");
    let mut app = app_with_tournament(&dir, Some(1));
    // Whatever the first pairing, its person to move lets the clock run out; a level never does,
    // so find a round whose Black is a person.
    let pair = play_people(&mut app);
    let black_is_person = pair.0 < 2;
    if !black_is_person {
        // Novice is Black: it moves; then White (a person) waits.
        let moved = run_until(&mut app, Duration::from_secs(30), |app| {
            rules(app).history().len() == 1
        });
        assert!(moved);
    }
    let loser = rules(&app).to_move();
    // A minute of frames of 100 ms.
    for _ in 0..620 {
        app.update();
    }
    assert_eq!(app.world().resource::<Clocks>().flagged, Some(loser));
    // Advanced completes the game a move a job, off the frame; then it is recorded.
    let recorded = run_until(&mut app, Duration::from_secs(120), |app| {
        app.world()
            .resource::<Tournaments>()
            .current
            .as_ref()
            .is_some_and(|t| t.played.last().is_some_and(|g| g.defaulted.is_some()))
    });
    assert!(recorded, "the completion ended and was recorded");
    let t = app
        .world()
        .resource::<Tournaments>()
        .current
        .clone()
        .unwrap();
    let last = t.played.last().unwrap();
    let (loser_player, completed) = last.defaulted.clone().expect("a default");
    assert_eq!(loser_player, loser);
    assert!(completed.is_over());
    let winner_discs = match loser {
        Player::Black => last.score.white,
        Player::White => last.score.black,
    };
    assert!(winner_discs >= 33, "{:?}", last.score);
    assert_eq!(
        Some(last.score),
        reversi::rules::tournament::defaulted_score(&completed, loser)
    );
    assert_eq!(reversi::tournament::load(&dir), Ok(Some(t)));
    std::fs::remove_dir_all(&dir).unwrap();
}
