use super::*;

/// The game where each side always plays its first legal square, to the end; `skip` moves of
/// another choice first, so that games differ.
fn finished(skip: usize) -> Game {
    let mut game = Game::new(Variant::STANDARD);
    let mut i = 0;
    while !game.is_over() {
        let moves = game.position().legal_squares();
        let pick = if i < skip { moves.len() - 1 } else { 0 };
        game.play(moves[pick]).unwrap();
        i += 1;
    }
    game
}

fn club() -> Tournament {
    Tournament::new(
        vec![
            Entrant::Person("Ana".into()),
            Entrant::Person("Bruno".into()),
            Entrant::Level(Level::Expert),
        ],
        Format::RoundRobin,
        Some(5),
        Variant::STANDARD,
    )
    .unwrap()
}

/// Plays every pending game of the current round with [`finished`] games.
fn play_round(t: &mut Tournament, seed: usize) {
    let round = t.current_round().unwrap();
    for (i, ((b, w), score)) in round.games.into_iter().enumerate() {
        if score.is_none() {
            t.record((b, w), finished(seed + i), None).unwrap();
        }
    }
}

#[test]
fn a_round_robin_of_three_has_three_rounds_with_one_resting_in_each() {
    let mut t = club();
    assert_eq!(t.rounds(), 3);
    let mut rested = Vec::new();
    for r in 0..3 {
        let round = t.current_round().unwrap();
        assert_eq!(round.number, r);
        assert_eq!(round.games.len(), 1);
        rested.push(round.bye.unwrap());
        play_round(&mut t, r);
    }
    rested.sort();
    assert_eq!(rested, [0, 1, 2]);
    assert!(t.is_over());
    assert_eq!(t.results().games.len(), 3);
    // A rest is no bye: no points for it.
    assert_eq!(t.results().byes, Vec::<usize>::new());
    assert!(t.record((0, 1), finished(0), None).is_err(), "over");
}

#[test]
fn only_a_pending_game_of_the_round_is_recorded_and_only_when_over() {
    let mut t = club();
    let ((b, w), _) = t.current_round().unwrap().games[0];
    assert!(
        t.record((w, b), finished(0), None).is_err(),
        "colours swapped"
    );
    assert!(
        t.record((b, w), Game::new(Variant::STANDARD), None)
            .is_err(),
        "not over"
    );
    t.record((b, w), finished(0), None).unwrap();
    assert!(t.record((b, w), finished(1), None).is_err(), "twice");
}

#[test]
fn a_game_lost_on_time_is_completed_and_recorded_by_the_rule() {
    let mut t = club();
    let ((b, w), _) = t.current_round().unwrap().games[0];
    let whole = finished(3);
    let mut cut = Game::new(Variant::STANDARD);
    for &m in &whole.history()[..20] {
        if let crate::rules::Move::Play(square) = m {
            cut.play(square).unwrap();
        }
    }
    // Black ran out of time after 20 moves; the completion is the rest of the same game.
    let loser = Player::Black;
    t.record((b, w), cut.clone(), Some((loser, whole.clone())))
        .unwrap();
    let expected = defaulted_score(&whole, loser).unwrap();
    assert_eq!(t.played[0].score, expected);
    assert!(expected.white > expected.black);
    // Read back: the same.
    assert_eq!(Tournament::from_text(&t.to_text()).unwrap(), t);
    // A completion that is not the game's continuation is refused.
    let mut t = club();
    assert!(t.record((b, w), cut, Some((loser, finished(0)))).is_err());
}

#[test]
fn a_tournament_reads_back_as_it_was_kept() {
    let mut t = club();
    play_round(&mut t, 0);
    play_round(&mut t, 2);
    let text = t.to_text();
    assert!(text.starts_with(MAGIC), "{text}");
    assert!(
        text.contains("person: Ana\n") && text.contains("level: Expert\n"),
        "{text}"
    );
    assert!(
        text.contains("clock: 5\n") && text.contains("format: round-robin\n"),
        "{text}"
    );
    assert_eq!(Tournament::from_text(&text).unwrap(), t);
}

#[test]
fn a_damaged_text_is_refused_with_what_is_wrong() {
    let mut t = club();
    play_round(&mut t, 0);
    let good = t.to_text();
    let last = good.lines().last().unwrap().to_string();
    let score = last
        .split(" score ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .to_string();
    let first = &last.split(" moves ").nth(1).unwrap()[..2];
    let cases = [
        (good[..good.len() - 1].to_string(), "cut short"),
        (
            good.replace(&format!("score {score}"), "score 64-0"),
            "not the game's",
        ),
        (
            good.replace(&format!("moves {first}"), "moves a1"),
            "its moves",
        ),
        (
            good.replace("round 1 ", "round 2 "),
            "a game of round 2 while round 1",
        ),
        (good.replace("clock: 5", "clock: five"), "is not minutes"),
        (good.replace("person: Bruno", "person: Ana"), "SameName"),
        (good.replace(MAGIC, "# something else"), "first line"),
        (good.clone() + "nonsense\n", "is not 'key: value'"),
    ];
    for (text, why) in cases {
        let error = Tournament::from_text(&text).unwrap_err();
        assert!(error.contains(why), "{why}: {error}");
    }
}

#[test]
fn a_damaged_file_is_kept_aside_and_a_good_one_read_back() {
    let dir = std::env::temp_dir().join(format!("reversi-club-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(load(&dir), Ok(None));
    let mut t = club();
    play_round(&mut t, 0);
    store(&dir, Some(&t)).unwrap();
    assert_eq!(load(&dir), Ok(Some(t.clone())));
    std::fs::write(
        dir.join(FILE_NAME),
        "# reversi tournament on this device 1\nformat: x\n",
    )
    .unwrap();
    let error = load(&dir).unwrap_err();
    assert!(error.contains("'x' is not a format"), "{error}");
    assert!(error.contains("tournament.txt.damaged"), "{error}");
    assert!(dir.join("tournament.txt.damaged").exists());
    assert_eq!(load(&dir), Ok(None));
    store(&dir, None).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_swiss_tournament_pairs_by_the_standings_with_a_bye_each_round() {
    let entrants: Vec<Entrant> = ["Ana", "Bruno", "Carla", "Dirk", "Elena"]
        .iter()
        .map(|n| Entrant::Person(n.to_string()))
        .collect();
    let mut t = Tournament::new(
        entrants,
        Format::Swiss { rounds: 3 },
        None,
        Variant::STANDARD,
    )
    .unwrap();
    let mut byes = Vec::new();
    for r in 0..3 {
        let round = t.current_round().unwrap();
        assert_eq!((round.number, round.games.len()), (r, 2));
        byes.push(round.bye.unwrap());
        play_round(&mut t, r * 2);
    }
    assert!(t.is_over());
    byes.dedup();
    assert_eq!(byes.len(), 3, "a different player's bye each round");
    // A bye is a win: three byes, six games of one point each.
    let halves: u32 = t.results().half_points().iter().sum();
    assert_eq!(halves, 2 * (6 + 3));
    assert_eq!(Tournament::from_text(&t.to_text()).unwrap(), t);
}

#[test]
fn a_tournament_needs_two_to_sixteen_named_players_and_rounds_they_can_play() {
    let person = |n: &str| Entrant::Person(n.into());
    let new = |e: Vec<Entrant>, f| Tournament::new(e, f, None, Variant::STANDARD);
    assert_eq!(
        new(vec![person("Ana")], Format::RoundRobin),
        Err(SetupError::Entrants(1))
    );
    assert_eq!(
        new(vec![person("Ana"), person(" ana")], Format::RoundRobin),
        Err(SetupError::SameName(" ana".into()))
    );
    assert_eq!(
        new(vec![person("Ana"), person(" ")], Format::RoundRobin),
        Err(SetupError::NoName)
    );
    assert_eq!(
        new(
            vec![person("Ana"), Entrant::Level(Level::Expert)],
            Format::Swiss { rounds: 2 }
        ),
        Err(SetupError::Rounds(2))
    );
    let many: Vec<Entrant> = (0..17).map(|i| person(&format!("P{i}"))).collect();
    assert_eq!(new(many, Format::RoundRobin), Err(SetupError::Entrants(17)));
}

#[test]
fn the_game_on_the_board_is_kept_until_it_is_recorded() {
    let mut t = club();
    let ((b, w), _) = t.current_round().unwrap().games[0];
    t.in_play = Some((b, w));
    let text = t.to_text();
    assert!(
        text.contains(&format!("playing: {} {}\n", b + 1, w + 1)),
        "{text}"
    );
    assert_eq!(Tournament::from_text(&text).unwrap(), t);
    t.record((b, w), finished(0), None).unwrap();
    assert_eq!(t.in_play, None);
    assert!(!t.to_text().contains("playing:"));
    // A game in play that is no game still to play is refused.
    let error = Tournament::from_text(&(t.to_text() + &format!("playing: {} {}\n", b + 1, w + 1)))
        .unwrap_err();
    assert!(error.contains("not one still to play"), "{error}");
}
