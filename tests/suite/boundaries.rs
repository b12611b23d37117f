//! Every place where another program's or a player's text meets the code, fuzzed in process: GTP
//! lines (server) and answers (client), the engine worker's job and report lines, weights files,
//! link queries, `solve` files, training samples and puzzle sets. Never a panic; rejected input changes
//! nothing; what is accepted reads back as written.

use proptest::prelude::*;
use reversi::ai::Level;
use reversi::ai::jobs::{Job, MoveReview, PlacedMove, Report};
use reversi::ai::pattern::Weights;
use reversi::ai::train::Sample;
use reversi::protocol::gtp::Server;
use reversi::protocol::gtp_client::{parse_answer, parse_move};
use reversi::rules::{Board, Player, Sq, Variant};

/// Cases per property unless a property says otherwise.
const CASES: u32 = 2000;

fn board() -> impl Strategy<Value = Board> {
    (any::<u64>(), any::<u64>()).prop_map(|(a, b)| Board {
        player: a & !b,
        opponent: b & !a,
    })
}

fn square() -> impl Strategy<Value = Sq> {
    (0u8..64).prop_map(|i| Sq::all().nth(usize::from(i)).unwrap())
}

fn player() -> impl Strategy<Value = Player> {
    prop_oneof![Just(Player::Black), Just(Player::White)]
}

fn level() -> impl Strategy<Value = Level> {
    prop::sample::select(Level::ALL.to_vec())
}

/// A position of any variant: discs strewn over its board (possibly in no reachable shape).
fn variant_position() -> impl Strategy<Value = reversi::rules::Position> {
    use reversi::rules::bits::{Bits, SquareSet};
    use reversi::rules::{Goal, Opening, Position, Variant};
    (
        prop::sample::select(Variant::SIZES.to_vec()),
        any::<bool>(),
        any::<bool>(),
        any::<[u64; 4]>(),
        any::<[u64; 4]>(),
        player(),
        0u8..4,
    )
        .prop_map(|(size, free, anti, a, b, to_move, shape)| {
            let opening = if free && size % 2 == 0 {
                Opening::Free
            } else {
                Opening::Othello
            };
            let goal = if anti {
                Goal::FewestDiscs
            } else {
                Goal::MostDiscs
            };
            let mut variant = Variant::new(size, opening, goal).unwrap();
            // A quarter of the 10×10 boards are the cross, a quarter the octagon.
            if size == 10 && shape >= 2 {
                variant = variant
                    .with_shape(["cross", "octagon"][shape as usize - 2])
                    .unwrap();
            }
            let full = variant.all_squares().fold(SquareSet::EMPTY, |s, c| {
                s | SquareSet::bit(variant.index(c).unwrap())
            });
            let (a, b) = (SquareSet(a) & full, SquareSet(b) & full);
            Position::from_colours(variant, a & !b, b & !a, to_move).unwrap()
        })
}

fn cell() -> impl Strategy<Value = reversi::rules::Square> {
    (0u8..16, 0u8..16).prop_map(|(file, rank)| reversi::rules::Square::new(file, rank))
}

fn review_depth() -> impl Strategy<Value = reversi::ai::jobs::ReviewDepth> {
    prop::sample::select(reversi::ai::jobs::ReviewDepth::ALL.to_vec())
}

fn job() -> impl Strategy<Value = Job> {
    let placed = (0usize..200, variant_position(), cell()).prop_map(|(index, position, square)| {
        PlacedMove {
            index,
            position,
            square,
        }
    });
    prop_oneof![
        (prop::collection::vec(placed, 0..6), review_depth())
            .prop_map(|(moves, depth)| Job::Review { moves, depth }),
        (
            variant_position(),
            level(),
            any::<u64>(),
            prop::option::of(any::<u32>())
        )
            .prop_map(|(position, level, seed, budget)| Job::VariantMove {
                position,
                level,
                seed,
                budget: budget.map(|ms| std::time::Duration::from_millis(ms.into())),
            }),
        variant_position().prop_map(|position| Job::VariantHints { position }),
    ]
}

fn report() -> impl Strategy<Value = Report> {
    prop_oneof![
        (
            0usize..200,
            player(),
            any::<i32>(),
            any::<i32>(),
            any::<bool>(),
            cell(),
            prop::collection::vec(cell(), 0..8)
        )
            .prop_map(|(index, player, eval_black, loss, exact, best, line)| {
                Report::Review(MoveReview {
                    index,
                    player,
                    eval_black,
                    loss,
                    exact,
                    best,
                    line,
                })
            }),
        "[^\n]{0,40}".prop_map(Report::Failed),
        Just(Report::Done),
        prop::option::of(cell()).prop_map(Report::Placed),
        (
            any::<u32>(),
            prop::collection::vec((cell(), any::<i32>(), any::<bool>()), 0..6)
        )
            .prop_map(|(depth, scores)| Report::VariantHints {
                depth,
                scores: scores
                    .into_iter()
                    .map(|(square, score, exact)| reversi::ai::MoveScore {
                        square,
                        score,
                        exact,
                        pv: vec![square]
                    })
                    .collect()
            }),
    ]
}

/// Words of the worker's lines, rearranged and damaged.
fn worker_line() -> impl Strategy<Value = String> {
    let word = prop_oneof![
        prop::sample::select(vec![
            "move",
            "hints",
            "review",
            "vmove",
            "vhints",
            "placed",
            "10:anti",
            "10:othello:cross",
            "8:anti:a1,h8",
            "8:anti:d4",
            "6:classic",
            "0000000000000000000000000000000000000000000000000000000810000000",
            "done",
            "failed",
            "-",
            "b",
            "w",
            "0",
            "1",
            "Expert",
            "beginner",
            "f5",
            "z9",
            "0000000810000000",
            "0000001008000000",
            "ffffffffffffffff",
        ])
        .prop_map(str::to_string),
        "[0-9a-f]{1,17}",
        "[a-z0-9:]{0,20}",
        ".{0,8}",
    ];
    prop::collection::vec(word, 0..8).prop_map(|words| words.join(" "))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES))]

    #[test]
    fn worker_jobs_round_trip(job in job()) {
        prop_assert_eq!(Job::parse(&job.to_line()), Ok(job));
    }

    #[test]
    fn worker_reports_round_trip(report in report()) {
        prop_assert_eq!(Report::parse(&report.to_line()), Ok(report));
    }

    /// Any line: an error, or a job (report) that writes back to a line read as the same.
    #[test]
    fn worker_lines_are_read_or_refused(line in worker_line()) {
        if let Ok(job) = Job::parse(&line) {
            prop_assert_eq!(Job::parse(&job.to_line()), Ok(job));
        }
        if let Ok(report) = Report::parse(&line) {
            prop_assert_eq!(Report::parse(&report.to_line()), Ok(report));
        }
    }

    /// A program's answer: `=` gives its text, `?` and anything else an error; never a panic.
    #[test]
    fn gtp_answers_are_read_or_refused(id in prop::option::of(0u32..1000), text in "[^\n]{0,20}", noise in ".{0,12}") {
        let id = id.map_or(String::new(), |id| id.to_string());
        prop_assert_eq!(parse_answer(&format!("={id} {text}")), Ok(text.trim().to_string()));
        let refused = parse_answer(&format!("?{id} {text}")).unwrap_err();
        prop_assert!(refused.starts_with("it answered '?"), "{}", refused);
        match parse_answer(&noise) {
            Ok(_) => prop_assert!(noise.starts_with('=')),
            Err(_) => prop_assert!(!noise.starts_with('=')),
        }
        // A move: a square or pass, in any case, and nothing else.
        match parse_move(&noise) {
            Ok(Some(square)) => prop_assert_eq!(square.to_string(), noise.to_ascii_lowercase()),
            Ok(None) => prop_assert!(noise.eq_ignore_ascii_case("pass")),
            Err(why) => prop_assert!(why.contains("is not a move")),
        }
    }

    #[test]
    fn gtp_moves_are_read_in_either_case(square in square(), upper in any::<bool>()) {
        let text = square.to_string();
        let text = if upper { text.to_ascii_uppercase() } else { text };
        prop_assert_eq!(parse_move(&text), Ok(Some(square)));
    }
}

/// Lines near GTP's own: its commands with arguments good and bad, ids, comments and noise.
fn gtp_line() -> impl Strategy<Value = String> {
    // Every command the server knows, a blank and one it does not.
    let mut commands = reversi::protocol::gtp::COMMANDS.to_vec();
    commands.extend(["", "fly"]);
    let command = prop::sample::select(commands);
    let argument = prop_oneof![
        prop::sample::select(vec![
            "black", "b", "W", "white", "pass", "PASS", "8", "6", "othello", "go", "f5", "D3",
            "c4", "e6", "z9", "a0", "-1", "1e9", "NaN", "inf", "0", "300",
        ])
        .prop_map(str::to_string),
        any::<u32>().prop_map(|n| n.to_string()),
        "[ -~]{0,6}",
        "[\u{0}-\u{1f}\u{7f}\u{a0}\u{2028}]{1,3}",
    ];
    (
        prop::option::of(0u32..100),
        command,
        prop::collection::vec(argument, 0..4),
        prop::option::of("#.{0,10}"),
    )
        .prop_map(|(id, command, args, comment)| {
            let id = id.map_or(String::new(), |id| format!("{id} "));
            format!(
                "{id}{command} {}{}",
                args.join(" "),
                comment.unwrap_or_default()
            )
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES))]

    /// Every line gets one well-formed answer (`=` or `?`, the id echoed, one blank line at its
    /// end and none inside) or none for a blank line; a refused command changes nothing.
    #[test]
    fn gtp_lines_are_answered_and_refusals_change_nothing(line in gtp_line(), setup in 0usize..6) {
        let mut server = Server::new(Level::Beginner, 1);
        for m in ["f5", "d6", "c3", "d3", "c4"].iter().take(setup) {
            let colour = if server.game().history().len().is_multiple_of(2) { "b" } else { "w" };
            server.respond(&format!("play {colour} {m}"));
        }
        let before = server.game().clone();
        let (answer, goes_on) = server.respond(&line);
        let Some(answer) = answer else {
            let visible = line.split('#').next().unwrap();
            prop_assert!(visible.chars().all(|c| c.is_whitespace() || c.is_control()), "{:?}", line);
            return Ok(());
        };
        prop_assert!(answer.starts_with('=') || answer.starts_with('?'), "{:?}", answer);
        prop_assert!(answer.ends_with("\n\n"), "{:?}", answer);
        prop_assert!(!answer[..answer.len() - 2].contains("\n\n"), "{:?}", answer);
        let mut words: Vec<&str> = line.split('#').next().unwrap().split_whitespace().collect();
        if let Some(id) = words.first().and_then(|w| w.parse::<u64>().ok()) {
            prop_assert!(answer[1..].starts_with(&id.to_string()), "{:?} {:?}", line, answer);
            words.remove(0);
        }
        if answer.starts_with('?') {
            prop_assert_eq!(server.game(), &before, "{:?}", line);
        }
        prop_assert_eq!(goes_on, words.first() != Some(&"quit"));
    }
}

#[test]
fn weights_files_are_read_or_refused_never_a_panic() {
    let shipped = reversi::ai::pattern::shipped()
        .expect("the shipped weights")
        .clone();
    let bytes = shipped.to_bytes();
    assert_eq!(Weights::from_bytes(&bytes).as_ref(), Ok(&shipped));
    let mut cases = 0;
    // Every header truncation and a spread of body truncations.
    for len in (0..64).chain((64..bytes.len()).step_by(997)) {
        assert!(Weights::from_bytes(&bytes[..len]).is_err(), "{len} bytes");
        cases += 1;
    }
    // Every header byte changed, and body values taken past the limit or to any value.
    for at in 0..16.min(bytes.len()) {
        let mut changed = bytes.clone();
        changed[at] ^= 0x5a;
        assert!(Weights::from_bytes(&changed).is_err(), "header byte {at}");
        cases += 1;
    }
    // The extreme values of a weight: i16::MIN has no positive counterpart (its `abs` overflowed).
    for value in [i16::MIN, i16::MAX, i16::MIN + 1] {
        let mut changed = bytes.clone();
        changed[16..18].copy_from_slice(&value.to_le_bytes());
        let why = Weights::from_bytes(&changed).unwrap_err();
        assert!(why.contains("beyond"), "{value}: {why}");
        cases += 1;
    }
    let mut runner = proptest::test_runner::TestRunner::new(ProptestConfig::with_cases(300));
    runner
        .run(
            &(
                16..bytes.len(),
                any::<u8>(),
                prop::collection::vec(any::<u8>(), 0..40),
            ),
            |(at, byte, noise)| {
                let mut changed = bytes.clone();
                changed[at] = byte;
                // A body byte changed: read as the same layout, or refused for a weight too large.
                match Weights::from_bytes(&changed) {
                    Ok(weights) => prop_assert_eq!(weights.to_bytes(), changed),
                    Err(why) => prop_assert!(why.contains("beyond"), "{}", why),
                }
                // Noise alone, or after a valid header: refused.
                prop_assert!(Weights::from_bytes(&noise).is_err());
                let mut short = bytes[..16].to_vec();
                short.extend(&noise);
                prop_assert!(Weights::from_bytes(&short).is_err());
                Ok(())
            },
        )
        .unwrap();
    cases += 300;
    assert!(cases > 350);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES))]

    #[test]
    fn samples_round_trip(board in board(), score in -64i8..=64) {
        let sample = Sample { player: board.player, opponent: board.opponent, score };
        prop_assert_eq!(Sample::parse(&sample.to_line()), Ok(sample));
    }

    /// A sample line: read only when it is two disjoint bitboards and a score in −64..=64.
    #[test]
    fn sample_lines_are_read_or_refused(
        board in board(),
        overlap in any::<u64>(),
        score in prop_oneof![-130i32..130, any::<i32>()],
        noise in prop_oneof![Just(String::new()), Just(" ".to_string()), ".{0,6}"],
    ) {
        let opponent = if overlap % 4 == 0 { board.opponent | overlap } else { board.opponent };
        let line = format!("{:x} {opponent:016x} {score}{noise}", board.player);
        // The score is what follows the second word, read whole (the noise may extend it).
        let tail = format!("{score}{noise}");
        let score = tail.trim().parse::<i8>().ok().filter(|s| (-64..=64).contains(s));
        let valid = board.player & opponent == 0 && score.is_some();
        match Sample::parse(&line) {
            Ok(sample) => {
                prop_assert!(valid, "{:?}", line);
                prop_assert_eq!(sample, Sample { player: board.player, opponent, score: score.unwrap() });
            }
            Err(_) => prop_assert!(!valid, "{:?}", line),
        }
    }
}

/// A scratch file for one case.
fn scratch(name: &str, bytes: &[u8]) -> std::path::PathBuf {
    let path =
        std::env::temp_dir().join(format!("reversi-boundaries-{}-{name}", std::process::id()));
    std::fs::write(&path, bytes).unwrap();
    path
}

/// The reference reading of a file a line at a time: `read` gives `Some(None)` for a line to skip,
/// `Some(Some(item))` for an item and `None` for a bad line (numbered from 1), where reading stops.
fn line_by_line<T>(
    text: &str,
    read: impl Fn(usize, &str) -> Option<Option<T>>,
) -> (Vec<T>, Option<usize>) {
    let mut items = Vec::new();
    for (n, line) in text.lines().enumerate() {
        match read(n + 1, line) {
            Some(item) => items.extend(item),
            None => return (items, Some(n + 1)),
        }
    }
    (items, None)
}

/// Lines of a `solve` file: positions good and bad, comments, blank lines, FFO-style tails.
fn solve_file_line() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("---------------------------OX------XO--------------------------- X".to_string()),
        Just(
            "OOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOO- X ; g1 ; +2"
                .to_string()
        ),
        "[-XO*]{60,66} [XO*]",
        Just("f5d6c3 ; a transcript".to_string()),
        Just("(;GM[Othello]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[f5];)".to_string()),
        "#.{0,20}",
        Just(String::new()),
        "[ -~]{0,30}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// A `solve` file gives its positions with their lines, or names the first bad line: the same
    /// as reading each line alone.
    #[test]
    fn solve_files_are_read_or_name_their_first_bad_line(lines in prop::collection::vec(solve_file_line(), 0..6)) {
        let text = lines.join("\n");
        let path = scratch("solve", text.as_bytes());
        let name = path.display().to_string();
        let read = reversi::cli::read_positions(std::slice::from_ref(&name), Variant::STANDARD);
        std::fs::remove_file(&path).unwrap();
        let (expected, first_bad) = line_by_line(&text, |n, line| {
            // A GGF record keeps its `;`s; elsewhere they start a comment.
            let board = match line.trim_start().starts_with('(') {
                true => line.trim(),
                false => line.split(';').next().unwrap().trim(),
            };
            if board.is_empty() || board.starts_with('#') {
                return Some(None);
            }
            let position = reversi::cli::read_board(board, Variant::STANDARD).ok()?;
            Some(Some((format!("{name}:{n}"), position)))
        });
        match (read, first_bad) {
            (Ok(positions), None) => prop_assert_eq!(positions, expected),
            (Err(why), Some(line)) => {
                let named = format!("{name}, line {line}:");
                prop_assert!(why.starts_with(&named), "{}", why);
            }
            (read, bad) => prop_assert!(false, "{:?} against a first bad line {:?}", read, bad),
        }
    }

    /// Sample files: the samples, or the first bad line named.
    #[test]
    fn sample_files_are_read_or_name_their_first_bad_line(lines in prop::collection::vec(prop_oneof![
        (board(), -64i8..=64).prop_map(|(b, score)| Sample { player: b.player, opponent: b.opponent, score }.to_line()),
        "#.{0,10}",
        Just(String::new()),
        "[0-9a-f ]{0,20}",
    ], 0..6)) {
        let text = lines.join("\n");
        let path = scratch("samples", text.as_bytes());
        let read = reversi::cli::read_samples(std::slice::from_ref(&path));
        std::fs::remove_file(&path).unwrap();
        let (expected, first_bad) = line_by_line(&text, |_, line| {
            if line.trim().is_empty() || line.starts_with('#') {
                return Some(None);
            }
            Sample::parse(line).ok().map(Some)
        });
        match (read, first_bad) {
            (Ok(samples), None) => prop_assert_eq!(samples, expected),
            (Err(why), Some(line)) => {
                let named = format!("line {line}:");
                prop_assert!(why.contains(&named), "{}", why);
            }
            (read, bad) => prop_assert!(false, "{:?} against a first bad line {:?}", read, bad),
        }
    }
}

/// Puzzle lines: real puzzles (from the shipped set), the same with a word changed, dropped or
/// added, and noise.
fn puzzle_line() -> impl Strategy<Value = String> {
    let set = reversi::ai::puzzles::shipped();
    let real = (0..set.len()).prop_map(move |i| set[i].to_line());
    let word = prop_oneof![
        "[a-j][0-9]{1,2}:[+-]?[0-9]{1,3}",
        "move|score|play",
        "[xXoO-]{60,66}",
        "[a-z:0-9_]{1,12}",
    ];
    prop_oneof![
        real.clone(),
        (real.clone(), any::<prop::sample::Index>(), word.clone()).prop_map(|(line, at, word)| {
            let mut words: Vec<String> = line.split(' ').map(String::from).collect();
            let i = at.index(words.len());
            words[i] = word;
            words.join(" ")
        }),
        (real.clone(), any::<prop::sample::Index>()).prop_map(|(line, at)| {
            let mut words: Vec<&str> = line.split(' ').collect();
            words.remove(at.index(words.len()));
            words.join(" ")
        }),
        (real, word).prop_map(|(line, word)| format!("{line} {word}")),
        ".{0,40}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES))]

    /// A puzzle line is read or refused, never a panic; what is read writes back as it was read,
    /// and its proof holds together (the moves scored are the legal moves, one answer).
    #[test]
    fn puzzle_lines_are_read_or_refused(line in puzzle_line()) {
        use reversi::ai::puzzles::Puzzle;
        if let Ok(puzzle) = Puzzle::parse(&line) {
            prop_assert_eq!(Puzzle::parse(&puzzle.to_line()), Ok(puzzle.clone()));
            let mut legal = puzzle.position.legal_squares();
            let mut scored: Vec<_> = puzzle.scores.iter().map(|&(s, _)| s).collect();
            legal.sort();
            scored.sort();
            prop_assert_eq!(legal, scored);
            prop_assert!(puzzle.kind().is_some());
        }
    }

    /// A puzzle set is read whole, or its first bad line is named.
    #[test]
    fn puzzle_sets_are_read_or_name_their_first_bad_line(lines in prop::collection::vec(prop_oneof![
        puzzle_line(),
        "#.{0,10}",
        Just(String::new()),
    ], 0..5)) {
        use reversi::ai::puzzles::{Puzzle, parse_set};
        let text = lines.join("\n");
        let (expected, first_bad) = line_by_line(&text, |_, line| {
            if line.trim().is_empty() || line.trim_start().starts_with('#') {
                return Some(None);
            }
            Puzzle::parse(line).ok().map(Some)
        });
        match (parse_set(&text), first_bad) {
            (Ok(set), None) => prop_assert_eq!(set, expected),
            (Err(why), Some(line)) => prop_assert_eq!(why.line, line),
            (read, bad) => prop_assert!(false, "{:?} against a first bad line {:?}", read, bad),
        }
    }
}

#[test]
fn a_solve_file_that_is_not_text_names_its_line() {
    let path = scratch("binary", b"# positions\n\xff\xfe\n");
    let name = path.display().to_string();
    let why =
        reversi::cli::read_positions(std::slice::from_ref(&name), Variant::STANDARD).unwrap_err();
    std::fs::remove_file(&path).unwrap();
    assert_eq!(why, format!("{name}, line 2: not UTF-8 text"));
}

#[cfg(feature = "game")]
mod links {
    use super::*;
    use reversi::game::{Controller, MatchSettings};

    fn side() -> impl Strategy<Value = (String, Controller)> {
        prop_oneof![
            Just(("human".to_string(), Controller::Human)),
            Just(("HUMAN".to_string(), Controller::Human)),
            level().prop_map(|l| (l.name().to_ascii_lowercase(), Controller::Ai(l))),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(CASES))]

        /// A link naming both sides (and a clock of 1–30 minutes) gives that game, in any order
        /// of its keys, unknown keys skipped.
        #[test]
        fn links_give_the_game_they_name(black in side(), white in side(), clock in prop::option::of(1u64..=30), swap in any::<bool>()) {
            let mut pairs = vec![format!("black={}", black.0), format!("white={}", white.0), "ref=x".to_string()];
            if let Some(minutes) = clock {
                pairs.push(format!("clock={minutes}"));
            }
            if swap {
                pairs.reverse();
            }
            let settings = MatchSettings::from_query(&format!("?{}", pairs.join("&"))).unwrap();
            prop_assert_eq!(settings.black, black.1);
            prop_assert_eq!(settings.white, white.1);
            prop_assert_eq!(settings.clock, clock.map(|m| std::time::Duration::from_secs(60 * m)));
        }

        /// Any other query: a game only when both sides are named well; never a panic.
        #[test]
        fn link_queries_are_read_or_refused(query in "[?]?((black|white|clock|size|shape|x)=[a-zA-Z0-9%,]{0,8}&?){0,5}|.{0,30}") {
            if let Some(settings) = MatchSettings::from_query(&query) {
                prop_assert!(query.contains("black=") && query.contains("white="), "{}", query);
                if let Some(clock) = settings.clock {
                    prop_assert!((60..=1800).contains(&clock.as_secs()));
                }
            }
        }
    }
}

/// Opening books: the shipped book's first positions as a book, the same cut short, with a byte changed or bytes
/// added, and noise; and its text form with a line changed.
fn book_bytes() -> impl Strategy<Value = Vec<u8>> {
    use reversi::ai::book::Book;
    // The shipped book's first positions: the whole is thousands.
    let shipped = reversi::ai::book::shipped().expect("the shipped book reads");
    let some = Book::new(shipped.settings, shipped.entries()[..64].to_vec()).to_bytes();
    let real = Just(some);
    prop_oneof![
        real.clone(),
        (real.clone(), any::<prop::sample::Index>())
            .prop_map(|(b, at)| b[..at.index(b.len())].to_vec()),
        (real.clone(), any::<prop::sample::Index>(), any::<u8>()).prop_map(|(mut b, at, byte)| {
            let i = at.index(b.len());
            b[i] = byte;
            b
        }),
        (real, prop::collection::vec(any::<u8>(), 1..40)).prop_map(|(mut b, extra)| {
            b.extend(extra);
            b
        }),
        prop::collection::vec(any::<u8>(), 0..80),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// A book is read or refused with what is wrong, never a panic; what is read writes back as
    /// read, and its every move is legal.
    #[test]
    fn opening_books_are_read_or_refused(bytes in book_bytes(), at in any::<prop::sample::Index>(), word in "[-+xXoO0-9a-z]{0,70}") {
        use reversi::ai::book::Book;
        match Book::from_bytes(&bytes) {
            Ok(book) => {
                prop_assert_eq!(Book::from_bytes(&book.to_bytes()), Ok(book.clone()));
                if let Some(entry) = book.entries().first() {
                    let board = entry.board();
                    for m in book.moves(&board) {
                        prop_assert!(board.legal_moves() & m.square.bit() != 0);
                    }
                }
                let text = book.to_text();
                let mut lines: Vec<&str> = text.lines().collect();
                let i = at.index(lines.len());
                lines[i] = &word;
                if let Ok(changed) = Book::from_text(&lines.join("\n")) {
                    prop_assert_eq!(Book::from_text(&changed.to_text()), Ok(changed.clone()));
                }
            }
            Err(why) => prop_assert!(!why.is_empty()),
        }
    }
}
