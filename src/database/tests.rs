use super::search::{Query, Target, Winner, map_square, unmap_square};
use super::*;

fn sample_db(per_year: usize) -> Database {
    let mut db = Database::default();
    let report = db.add_files(&sample::files(7, 2001..=2003, per_year), |_, _| {});
    assert!(
        report.refused.is_empty() && report.rejected.is_empty(),
        "{report}"
    );
    db
}

/// Every position of every game (after 0, 1, … moves, settled), as (Black's, White's discs,
/// Black to move).
fn positions(game: &DbGame) -> Vec<(u64, u64, bool)> {
    (0..=game.len())
        .map(|ply| {
            let (b, black) = position_at(game, ply).unwrap();
            let (x, o) = if black {
                (b.player, b.opponent)
            } else {
                (b.opponent, b.player)
            };
            (x, o, black)
        })
        .collect()
}

#[test]
fn the_database_file_reads_back_what_was_written() {
    let db = sample_db(40);
    assert_eq!(db.games.len(), 120);
    assert_eq!(db.players.len(), sample::PLAYERS.len());
    assert_eq!(db.player(1), "Bertin Léa");
    assert_eq!(db.tournament(3), "Noordzee Toernooi");
    let bytes = db.to_bytes();
    assert_eq!(Database::from_bytes(&bytes).unwrap(), db);
    let dir = std::env::temp_dir().join(format!("reversi-db-{}", std::process::id()));
    let path = dir.join(FILE_NAME);
    db.store(&path).unwrap();
    assert_eq!(Database::load(&path).unwrap(), Some(db));
    std::fs::remove_dir_all(dir).unwrap();
    assert_eq!(Database::load(Path::new("/nonexistent/games.db")), Ok(None));
}

#[test]
fn a_damaged_database_file_is_an_error_never_a_panic() {
    let bytes = sample_db(3).to_bytes();
    for cut in 0..bytes.len() {
        assert!(Database::from_bytes(&bytes[..cut]).is_err(), "cut at {cut}");
    }
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(Database::from_bytes(&longer).is_err());
    let mut off_board = bytes.clone();
    let last = off_board.len() - 1;
    off_board[last] = 64;
    assert!(Database::from_bytes(&off_board).is_err());
}

#[test]
fn adding_the_same_files_twice_adds_each_game_once() {
    let files = sample::files(3, 2010..=2010, 25);
    let mut db = Database::default();
    assert_eq!(db.add_files(&files, |_, _| {}).added, 25);
    let again = db.add_files(&files, |_, _| {});
    assert_eq!((again.added, again.duplicates), (0, 25));
    assert_eq!(db.games.len(), 25);
}

#[test]
fn damaged_files_are_refused_with_the_reason_and_the_rest_kept() {
    let mut files = sample::files(5, 2020..=2021, 10);
    // A file cut short, one with an illegal game, a names file of the wrong length and a file
    // of another kind.
    files[0].1.truncate(100);
    let second = &mut files[1].1;
    second[16 + 68 + 8] = 11; // game 2's first move: a1
    files.push(("WTHOR2.JOU".into(), vec![0; 30]));
    files.push(("notes.txt".into(), b"hello".to_vec()));
    let mut db = Database::default();
    let mut calls = Vec::new();
    let report = db.add_files(&files, |done, total| calls.push((done, total)));
    assert_eq!(calls.last(), Some(&(files.len(), files.len())));
    assert_eq!(report.added, 9, "{report}");
    let refused: Vec<&str> = report.refused.iter().map(|(f, _)| f.as_str()).collect();
    assert_eq!(refused, ["WTH_2020.wtb", "WTHOR2.JOU", "notes.txt"]);
    assert!(
        report.refused[0].1.contains("promises 10 games"),
        "{report}"
    );
    assert_eq!(report.rejected.len(), 1);
    assert_eq!(
        (report.rejected[0].0.as_str(), report.rejected[0].1),
        ("WTH_2021.wtb", 2)
    );
    assert!(report.rejected[0].2.contains("a1 is not legal"), "{report}");
    // The good names files were still read.
    assert_eq!(db.players.len(), sample::PLAYERS.len());
}

#[test]
fn names_are_read_as_latin_1_and_cut_at_their_end() {
    let names = vec!["Léa".to_string(), String::new(), "A".repeat(30)];
    let bytes = names::write_names(&names, 20);
    assert_eq!(bytes.len(), 16 + 60);
    assert_eq!(
        read_names(&bytes, 20).unwrap(),
        ["Léa".to_string(), String::new(), "A".repeat(19)]
    );
    assert!(read_names(&bytes[..40], 20).is_err());
    assert!(read_names(&bytes[..10], 20).is_err());
}

#[test]
fn symmetries_map_squares_as_the_board_maps_discs() {
    let board = Board::start().play("f5".parse().unwrap());
    for s in 0..8 {
        let image = board.symmetries()[s];
        let mapped =
            crate::rules::squares(board.player).fold(0u64, |acc, sq| acc | map_square(s, sq).bit());
        assert_eq!(mapped, image.player, "symmetry {s}");
        for sq in Sq::all() {
            assert_eq!(unmap_square(s, map_square(s, sq)), sq);
        }
    }
    // Worked by hand: f5 under the identity, the mirrors, the half turn, the diagonal mirrors
    // and the quarter turns.
    let f5: Sq = "f5".parse().unwrap();
    let images: Vec<String> = (0..8).map(|s| map_square(s, f5).to_string()).collect();
    assert_eq!(images, ["f5", "c5", "f4", "c4", "e6", "d6", "e3", "d3"]);
}

#[test]
fn a_position_search_finds_exactly_the_games_that_pass_through_it_in_any_image() {
    let db = sample_db(60);
    let all: Vec<Vec<(u64, u64, bool)>> = db.games.iter().map(positions).collect();
    // Positions taken from games at several plies; naive answer: every game with any image of
    // it at any ply.
    for (g, ply) in [(0, 0), (5, 4), (17, 9), (33, 14), (90, 30), (119, 1)] {
        let (board, black) = position_at(&db.games[g], ply).unwrap();
        let target = Target::new(board, black);
        let images: Vec<(u64, u64)> = target
            .board
            .symmetries()
            .iter()
            .map(|b| {
                if target.black_to_move {
                    (b.player, b.opponent)
                } else {
                    (b.opponent, b.player)
                }
            })
            .collect();
        let naive: Vec<usize> = (0..db.games.len())
            .rev()
            .filter(|&i| {
                all[i]
                    .iter()
                    .any(|&(x, o, bl)| bl == target.black_to_move && images.contains(&(x, o)))
            })
            .collect();
        let hits = db.search(&Query {
            position: Some(target),
            ..Query::default()
        });
        let found: Vec<usize> = hits.iter().map(|h| h.game).collect();
        assert_eq!(found, naive, "game {g} ply {ply}");
        assert!(found.contains(&g));
        for hit in hits {
            let at = hit.at.unwrap();
            let (b, bl) = position_at(&db.games[hit.game], at.ply).unwrap();
            assert_eq!(bl, target.black_to_move);
            assert_eq!(b, target.board.symmetries()[at.symmetry]);
        }
    }
}

/// Two games that reach the same position by different move orders, the second also rotated.
#[test]
fn a_position_search_finds_transpositions_and_rotated_games() {
    let line = |text: &str| -> Vec<Sq> {
        text.as_bytes()
            .chunks(2)
            .map(|m| std::str::from_utf8(m).unwrap().parse().unwrap())
            .collect()
    };
    // f5 d6 c3 d3 c4 and c4 ... : find a second order of the same five squares by trying them.
    let first = line("f5d6c3d3c4");
    let mut orders = Vec::new();
    permute(&first, &mut Vec::new(), &mut orders);
    let end = |moves: &[Sq]| -> Option<Board> {
        let mut b = Board::start();
        for &m in moves {
            if !b.is_legal(m) {
                return None;
            }
            b = b.play(m);
        }
        Some(b)
    };
    let goal = end(&first).unwrap();
    let other = orders
        .into_iter()
        .find(|o| *o != first && end(o) == Some(goal))
        .expect("the Tiger's squares in another order");
    let rotated: Vec<Sq> = other.iter().map(|&m| map_square(3, m)).collect();
    let games: Vec<wthor::WthorGame> = [first.clone(), other, rotated]
        .into_iter()
        .map(|moves| wthor::WthorGame {
            tournament: 0,
            black: 0,
            white: 1,
            black_discs: 32,
            theoretical: 32,
            moves,
        })
        .collect();
    let header = wthor::Header {
        created: (2026, 1, 1),
        year: 1999,
        game_type: 0,
        depth: 0,
    };
    let mut db = Database::default();
    db.add_files(
        &[("WTH_1999.wtb".into(), wthor::write(&header, &games))],
        |_, _| {},
    );
    let hits = db.search(&Query {
        position: Some(Target::new(goal, false)),
        ..Query::default()
    });
    assert_eq!(hits.len(), 3);
    assert_eq!(hits[0].at.unwrap().symmetry, 3);
}

fn permute(left: &[Sq], prefix: &mut Vec<Sq>, out: &mut Vec<Vec<Sq>>) {
    if left.is_empty() {
        out.push(prefix.clone());
    }
    for i in 0..left.len() {
        let mut rest = left.to_vec();
        let next = rest.remove(i);
        prefix.push(next);
        permute(&rest, prefix, out);
        prefix.pop();
    }
}

#[test]
fn filters_by_player_tournament_year_and_result_match_a_plain_scan() {
    let db = sample_db(50);
    let query = Query {
        player: "LEA".into(),
        tournament: "porto".into(),
        from_year: Some(2002),
        to_year: Some(2003),
        winner: Some(Winner::Black),
        position: None,
    };
    let naive: Vec<usize> = (0..db.games.len())
        .rev()
        .filter(|&i| {
            let g = &db.games[i];
            (g.black == 1 || g.white == 1)
                && g.tournament == 2
                && (2002..=2003).contains(&g.year)
                && g.black_discs > 32
        })
        .collect();
    let found: Vec<usize> = db.search(&query).iter().map(|h| h.game).collect();
    assert!(!naive.is_empty());
    assert_eq!(found, naive);
    assert_eq!(db.search(&Query::default()).len(), db.games.len());
}

#[test]
fn move_statistics_count_every_game_through_the_position_by_its_next_move() {
    let db = sample_db(80);
    let ratings = db.ratings();
    let start = Target::new(Board::start(), true);
    let stats = db.move_stats(start, &ratings);
    let total: usize = stats.iter().map(|s| s.games).sum();
    assert_eq!(total, db.games.len());
    for s in &stats {
        assert_eq!(s.wins + s.draws + s.losses, s.games);
        let naive = db
            .games
            .iter()
            .filter(|g| g.move_at(0) == Some(s.square))
            .count();
        assert_eq!(s.games, naive, "{}", s.square);
        let ranked: Vec<f64> = s.best_players.iter().map(|p| p.1).collect();
        assert!(ranked.windows(2).all(|w| w[0] >= w[1]));
    }
    // After f5, the moves of games that began d3, c4 or e6 count on the board as it is.
    let f5 = Board::start().play("f5".parse().unwrap());
    let after = db.move_stats(Target::new(f5, false), &ratings);
    let total: usize = after.iter().map(|s| s.games).sum();
    assert_eq!(total, db.games.len());
    for s in &after {
        assert!(f5.is_legal(s.square), "{}", s.square);
    }
}

#[test]
fn a_game_opens_on_the_rules_board_and_copies_as_ggf() {
    let db = sample_db(2);
    let game = &db.games[0];
    let played = game.to_game().unwrap();
    assert!(played.is_over());
    assert_eq!(played.placements().count(), game.len());
    let ggf = db.ggf(game).unwrap();
    assert!(ggf.starts_with("(;GM[Othello]PC["), "{ggf}");
    assert!(ggf.contains("DT[2001]"), "{ggf}");
    let back = crate::rules::notation::parse_ggf(&ggf).unwrap();
    assert_eq!(back.history(), played.history());
}
