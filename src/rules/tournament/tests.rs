use super::pairing::{gauntlet, round_robin, swiss_round};
use super::rating::{Outcome, expected, performance, ratings};
use super::*;
use crate::rules::notation::parse_board;

const MOST: Goal = Goal::MostDiscs;

fn game(black: usize, white: usize, b: u32, w: u32) -> GameResult {
    GameResult::new(black, white, Score { black: b, white: w }, MOST)
}

fn results(players: usize, games: &[GameResult]) -> Results {
    Results {
        games: games.to_vec(),
        ..Results::new(players, Variant::STANDARD)
    }
}

/// Six players, three Swiss rounds (A = 0 … F = 5), worked by hand:
///
/// | game | Black | White | score |
/// |------|-------|-------|-------|
/// | 1 | A | C | 33–31 |
/// | 2 | B | F | 60–4  |
/// | 3 | D | E | 40–24 |
/// | 4 | A | D | 33–31 |
/// | 5 | B | E | 50–14 |
/// | 6 | C | F | 40–24 |
/// | 7 | A | E | 24–40 |
/// | 8 | B | C | 30–34 |
/// | 9 | D | F | 38–26 |
///
/// Points: A, B, C and D 2, E 1, F 0. Discs: A 33+33+24 = 90, B 60+50+30 = 140,
/// C 31+40+34 = 105, D 40+31+38 = 109, E 24+14+40 = 78, F 4+24+26 = 54.
/// Opponents' points: A (C, D, E) 5, B (F, E, C) 3, C (A, F, B) 4, D (E, A, F) 3, E (D, B, A) 6,
/// F (B, C, D) 6. Brightwell quotients (discs + 6 × opponents' points): A 90 + 30 = 120,
/// B 140 + 18 = 158, C 105 + 24 = 129, D 109 + 18 = 127, E 78 + 36 = 114, F 54 + 36 = 90.
fn swiss_example() -> Results {
    results(
        6,
        &[
            game(0, 2, 33, 31),
            game(1, 5, 60, 4),
            game(3, 4, 40, 24),
            game(0, 3, 33, 31),
            game(1, 4, 50, 14),
            game(2, 5, 40, 24),
            game(0, 4, 24, 40),
            game(1, 2, 30, 34),
            game(3, 5, 38, 26),
        ],
    )
}

#[test]
fn points_discs_and_brightwell_quotients_of_the_worked_swiss_example() {
    let results = swiss_example();
    assert_eq!(results.half_points(), [4, 4, 4, 4, 2, 0]);
    assert_eq!(results.disc_counts(), [90, 140, 105, 109, 78, 54]);
    assert_eq!(
        brightwell_quotients(&results),
        [120, 158, 129, 127, 114, 90]
    );
}

#[test]
fn the_brightwell_quotient_puts_c_above_d_who_has_more_discs() {
    let results = swiss_example();
    let order = |t| -> Vec<usize> { standings(&results, t).iter().map(|s| s.player).collect() };
    // The World Othello Championship's order: C's stronger opponents outweigh D's four discs.
    assert_eq!(order(TieBreaks::Woc), [1, 2, 3, 0, 4, 5]);
    // Disc count first: D (109) before C (105).
    assert_eq!(order(TieBreaks::Discs), [1, 3, 2, 0, 4, 5]);
    let places: Vec<usize> = standings(&results, TieBreaks::Woc)
        .iter()
        .map(|s| s.place)
        .collect();
    assert_eq!(places, [1, 2, 3, 4, 5, 6]);
}

/// Four players, a round robin (A = 0 … D = 3): A 33–31 B, C 34–30 A, A 35–29 D, B 34–30 C,
/// B 33–31 D, C 40–24 D. Points: A 2, B 2, C 2, D 0. Discs: A 33+30+35 = 98, B 31+34+33 = 98,
/// C 34+30+40 = 104, D 29+31+24 = 84. Quotients: A 98 + 6 × 4 = 122, B 122, C 104 + 24 = 128,
/// D 84 + 36 = 120. A and B are level on points, quotient and discs: A beat B, so A is second.
#[test]
fn the_game_between_two_players_level_on_everything_else_decides() {
    let results = results(
        4,
        &[
            game(0, 1, 33, 31),
            game(2, 0, 34, 30),
            game(0, 3, 35, 29),
            game(1, 2, 34, 30),
            game(1, 3, 33, 31),
            game(2, 3, 40, 24),
        ],
    );
    assert_eq!(brightwell_quotients(&results), [122, 122, 128, 120]);
    let table = standings(&results, TieBreaks::Woc);
    let rows: Vec<(usize, usize, u32)> = table
        .iter()
        .map(|s| (s.player, s.place, s.head_to_head))
        .collect();
    assert_eq!(rows, [(2, 1, 0), (0, 2, 2), (1, 3, 0), (3, 4, 0)]);
}

#[test]
fn players_level_on_everything_share_a_place() {
    // Each won with Black, 40–24: one point and 64 discs each, a quotient of 64 + 6 × (1 + 1) = 76
    // (the opponent met twice counts twice), and one point each in the games between them.
    let results = results(2, &[game(0, 1, 40, 24), game(1, 0, 40, 24)]);
    let table = standings(&results, TieBreaks::Woc);
    assert_eq!(table[0].place, 1);
    assert_eq!(table[1].place, 1);
    assert_eq!(table[0].brightwell, 76);
    assert_eq!(points_text(table[0].half_points), "1");
    assert_eq!(points_text(5), "2½");
    assert_eq!(points_text(1), "½");
}

#[test]
fn a_bye_counts_a_win_half_the_board_and_six_times_the_players_own_points() {
    // Three players: A beats B 40–24, B beats C 36–28, C has a bye.
    let mut results = results(3, &[game(0, 1, 40, 24), game(1, 2, 36, 28)]);
    results.byes.push(2);
    assert_eq!(results.half_points(), [2, 2, 2]);
    assert_eq!(results.disc_counts(), [40, 60, 60]);
    // A: 40 + 6 × 1 (B) = 46. B: 60 + 6 × (1 + 1) = 72. C: 28 + 6 × 1 (B) + 32 + 6 × 1 (its own) = 72.
    assert_eq!(brightwell_quotients(&results), [46, 72, 72]);
}

#[test]
fn draws_are_half_a_point_and_fewest_discs_count_the_other_way() {
    let results = results(2, &[game(0, 1, 32, 32)]);
    assert_eq!(results.half_points(), [1, 1]);
    // Anti-reversi: Black's 20 against 44 is Black's win; the disc count is the opponent's.
    let anti: Variant = "8 anti".parse().unwrap();
    let won = GameResult::new(
        0,
        1,
        Score {
            black: 20,
            white: 44,
        },
        anti.goal,
    );
    let results = Results {
        games: vec![won],
        ..Results::new(2, anti)
    };
    assert_eq!(results.half_points(), [2, 0]);
    assert_eq!(results.disc_counts(), [44, 20]);
}

/// Black 40, White 23 and a1 empty, where neither side can move: the game is over, Black wins
/// 41–23 (the empty square to the winner).
fn finished_game() -> Game {
    let board = "-XXXXXXX XXOOOOOO XXXOOOOO XXXXOOOO XOXXXOOO XOXXXXOO XXXXXXXO XXXXXXXX O";
    let position = parse_board(board, Variant::STANDARD).unwrap();
    let game = Game::from_position(position);
    assert!(game.is_over());
    game
}

#[test]
fn a_defaulted_game_keeps_a_completed_result_larger_than_the_smallest_win() {
    let game = finished_game();
    assert_eq!(
        recorded_score(&game),
        Some(Score {
            black: 41,
            white: 23
        })
    );
    // White lost on time; the completed game is Black's 41–23, more than 33–31: it stands.
    assert_eq!(
        defaulted_score(&game, Player::White),
        Some(Score {
            black: 41,
            white: 23
        })
    );
}

#[test]
fn a_defaulted_game_whose_completion_the_defaulter_wins_is_the_smallest_win() {
    // Black lost on time in the same position: White, the winner, gets 33–31.
    assert_eq!(
        defaulted_score(&finished_game(), Player::Black),
        Some(Score {
            black: 31,
            white: 33
        })
    );
    assert_eq!(smallest_win(Variant::STANDARD), (33, 31));
    assert_eq!(smallest_win("7".parse().unwrap()), (25, 24));
    assert_eq!(smallest_win("8 anti".parse().unwrap()), (31, 33));
    // Not over yet: no score.
    assert_eq!(
        defaulted_score(&Game::new(Variant::STANDARD), Player::Black),
        None
    );
}

#[test]
fn a_round_robin_meets_everyone_once_with_balanced_colours() {
    for players in 2..=13 {
        let rounds = round_robin(players);
        let mut met = vec![vec![0; players]; players];
        let mut blacks = vec![0i32; players];
        let mut rests = vec![0; players];
        for round in &rounds {
            let mut seen = vec![false; players];
            for &(b, w) in &round.games {
                assert!(!seen[b] && !seen[w], "{players}: a player twice in a round");
                seen[b] = true;
                seen[w] = true;
                met[b][w] += 1;
                met[w][b] += 1;
                blacks[b] += 1;
            }
            if let Some(p) = round.bye {
                assert!(!seen[p]);
                rests[p] += 1;
            }
            assert_eq!(
                seen.iter().filter(|&&s| s).count() + usize::from(round.bye.is_some()),
                players
            );
        }
        for a in 0..players {
            for (b, &times) in met[a].iter().enumerate() {
                assert_eq!(times, usize::from(a != b), "{players}: {a} met {b}");
            }
            let games = players as i32 - 1;
            assert!(
                (2 * blacks[a] - games).abs() <= 1,
                "{players}: {a} had Black {} times of {games}",
                blacks[a]
            );
            assert_eq!(rests[a], players % 2, "{players}: {a} rested");
        }
    }
}

#[test]
fn a_gauntlet_plays_the_first_against_each_other_with_both_colours() {
    let rounds = gauntlet(4);
    assert_eq!(rounds.len(), 3);
    assert_eq!(rounds[1].games, [(0, 2), (2, 0)]);
}

/// Plays Swiss rounds where the lower player number always wins 40–24, ranking by the standings.
fn play_swiss(players: usize, rounds: usize) -> Results {
    let mut results = Results::new(players, Variant::STANDARD);
    for r in 0..rounds {
        let ranked: Vec<usize> = if r == 0 {
            (0..players).collect()
        } else {
            standings(&results, TieBreaks::Woc)
                .iter()
                .map(|s| s.player)
                .collect()
        };
        let round = swiss_round(r, &ranked, &results.games, &results.byes);
        assert_eq!(round.games.len(), players / 2);
        assert_eq!(round.bye.is_some(), players % 2 == 1);
        for (b, w) in round.games {
            let (bs, ws) = if b < w { (40, 24) } else { (24, 40) };
            results.games.push(game(b, w, bs, ws));
        }
        results.byes.extend(round.bye);
    }
    results
}

#[test]
fn swiss_rounds_pair_the_leaders_without_rematches_and_give_each_bye_once() {
    let results = play_swiss(7, 5);
    let mut met = std::collections::HashSet::new();
    for g in &results.games {
        assert!(
            met.insert((g.black.min(g.white), g.black.max(g.white))),
            "a rematch: {g:?}"
        );
    }
    let mut byes = results.byes.clone();
    byes.sort();
    byes.dedup();
    assert_eq!(
        byes.len(),
        5,
        "five byes to five players: {:?}",
        results.byes
    );
    // The first round pairs 0–1, 2–3, 4–5 (6 rests, the lowest); the second pairs the winners.
    let first: Vec<(usize, usize)> = results.games[..3]
        .iter()
        .map(|g| (g.black.min(g.white), g.black.max(g.white)))
        .collect();
    assert_eq!(first, [(0, 1), (2, 3), (4, 5)]);
    assert_eq!(results.byes[0], 6);
    let second: Vec<(usize, usize)> = results.games[3..6]
        .iter()
        .map(|g| (g.black.min(g.white), g.black.max(g.white)))
        .collect();
    assert!(second.contains(&(0, 2)), "{second:?}");
}

#[test]
fn swiss_colours_alternate_and_stay_balanced() {
    let results = play_swiss(8, 6);
    for p in 0..8 {
        let blacks = results.games.iter().filter(|g| g.black == p).count() as i32;
        let whites = results.games.iter().filter(|g| g.white == p).count() as i32;
        assert_eq!(blacks + whites, 6);
        assert!(
            (blacks - whites).abs() <= 2,
            "{p}: {blacks} Black, {whites} White"
        );
    }
}

#[test]
fn a_swiss_round_with_every_pairing_met_allows_the_fewest_rematches() {
    // Two players who have met: they meet again rather than not at all.
    let played = [game(0, 1, 40, 24)];
    let round = swiss_round(1, &[0, 1], &played, &[]);
    assert_eq!(round.games.len(), 1);
    // Black goes to the one who had White.
    assert_eq!(round.games[0], (1, 0));
}

#[test]
fn ratings_follow_the_scores() {
    // A scores 75 % against B in 400 games: about 191 Elo apart (the prior pulls a little in).
    let mut games = Vec::new();
    for i in 0..400 {
        games.push(Outcome {
            first: 0,
            second: 1,
            score: if i % 4 == 0 { 0.0 } else { 1.0 },
        });
    }
    let r = ratings(2, &games);
    let gap = r[0].elo - r[1].elo;
    assert!((gap - 190.8).abs() < 5.0, "{gap}");
    assert!((r[0].elo + r[1].elo).abs() < 1e-6);
    assert!(r[0].error > 20.0 && r[0].error < 60.0, "{:?}", r[0]);
    assert!((expected(r[0].elo, r[1].elo) - 0.75).abs() < 0.01);
    // Fewer games, wider error bars; a player who won everything still has a finite rating.
    let r2 = ratings(2, &games[..40]);
    assert!(r2[0].error > r[0].error);
    let all_won = ratings(
        2,
        &[Outcome {
            first: 0,
            second: 1,
            score: 1.0,
        }; 10],
    );
    assert!(
        all_won[0].elo.is_finite() && all_won[0].elo > 100.0,
        "{all_won:?}"
    );
    // Three players in a chain: A > B > C.
    let chain = [
        Outcome {
            first: 0,
            second: 1,
            score: 1.0,
        },
        Outcome {
            first: 0,
            second: 1,
            score: 0.5,
        },
        Outcome {
            first: 1,
            second: 2,
            score: 1.0,
        },
        Outcome {
            first: 1,
            second: 2,
            score: 0.5,
        },
    ];
    let r3 = ratings(3, &chain);
    assert!(r3[0].elo > r3[1].elo && r3[1].elo > r3[2].elo, "{r3:?}");
}

#[test]
fn a_performance_against_known_ratings() {
    // Half the points against players rated 1500 on average: 1500.
    let games = [(1400.0, 1.0), (1600.0, 0.0), (1500.0, 0.5)];
    let p = performance(&games);
    assert!((p.elo - 1500.0).abs() < 1.0, "{p:?}");
    // Winning every game rates above the strongest beaten, finite.
    let p = performance(&[(1400.0, 1.0), (1600.0, 1.0)]);
    assert!(p.elo > 1600.0 && p.elo < 2200.0, "{p:?}");
    // No games: the prior alone.
    assert_eq!(performance(&[]).elo, 0.0);
}
