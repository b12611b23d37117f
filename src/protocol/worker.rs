//! The one-line text form of the engine's jobs and reports, in which they cross into and out of
//! the browser's engine worker: space-separated fields. A position carries its variant as `<size>:<rules>` (`10:anti`), then its two square
//! sets as 64 hexadecimal digits each (highest word first), then the side to move.

use std::fmt::Write as _;
use std::time::Duration;

use crate::ai::MoveScore;
use crate::ai::jobs::{Job, MoveReview, PlacedMove, Report};
use crate::rules::bits::SquareSet;
use crate::rules::{Player, Position, Square, Variant};

impl Job {
    /// The job as one line of text (for the browser's engine worker).
    pub fn to_line(&self) -> String {
        match self {
            Job::Review { moves, depth } => {
                let mut line = format!("review {}", depth.key());
                for m in moves {
                    let position = position_to_text(&m.position).replace(' ', ":");
                    let _ = write!(line, " {}:{position}:{}", m.index, m.square);
                }
                line
            }
            Job::VariantMove {
                position,
                level,
                seed,
                budget,
            } => {
                let budget = budget.map_or("-".to_string(), |b| b.as_millis().to_string());
                format!(
                    "vmove {} {level} {seed} {budget}",
                    position_to_text(position)
                )
            }
            Job::VariantHints { position } => format!("vhints {}", position_to_text(position)),
        }
    }

    /// Reads [`Job::to_line`]'s form.
    pub fn parse(line: &str) -> Result<Job, String> {
        let mut words = line.split_whitespace();
        let kind = words.next().ok_or("empty job")?;
        let words: Vec<&str> = words.collect();
        match (kind, words.as_slice()) {
            ("vmove", [variant, player, opponent, side, level, seed, budget]) => {
                Ok(Job::VariantMove {
                    position: position_from_text(variant, player, opponent, side)?,
                    level: level.parse()?,
                    seed: seed.parse().map_err(|_| format!("bad seed '{seed}'"))?,
                    budget: parse_budget(budget)?,
                })
            }
            ("vhints", [variant, player, opponent, side]) => Ok(Job::VariantHints {
                position: position_from_text(variant, player, opponent, side)?,
            }),
            ("review", [depth, moves @ ..]) => Ok(Job::Review {
                depth: depth.parse()?,
                moves: moves
                    .iter()
                    .map(|m| parse_placed(m))
                    .collect::<Result<_, _>>()?,
            }),
            _ => Err(format!("unknown job '{line}'")),
        }
    }
}

impl Report {
    /// The report as one line of text (from the browser's engine worker).
    pub fn to_line(&self) -> String {
        match self {
            Report::Review(r) => format!(
                "review {} {} {} {} {} {} {}",
                r.index,
                side_letter(r.player),
                r.eval_black,
                r.loss,
                u8::from(r.exact),
                r.best,
                if r.line.is_empty() {
                    "-".to_string()
                } else {
                    r.line
                        .iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join(",")
                }
            ),
            Report::Placed(None) => "placed -".into(),
            Report::Placed(Some(cell)) => format!("placed {cell}"),
            // Each move's score crosses without its line: the game shows the moves' scores.
            Report::VariantHints { depth, scores } => {
                let mut line = format!("vhints {depth}");
                for m in scores {
                    let _ = write!(line, " {}:{}:{}", m.square, m.score, u8::from(m.exact));
                }
                line
            }
            Report::Failed(why) => format!("failed {}", why.replace('\n', " ")),
            Report::Done => "done".into(),
        }
    }

    /// Reads [`Report::to_line`]'s form.
    pub fn parse(line: &str) -> Result<Report, String> {
        let (kind, rest) = line.split_once(' ').unwrap_or((line, ""));
        let words: Vec<&str> = rest.split_whitespace().collect();
        match (kind, words.as_slice()) {
            ("review", [index, side, eval, loss, exact, best, line]) => {
                Ok(Report::Review(MoveReview {
                    index: parse_number(index)?,
                    player: parse_side(side)?,
                    eval_black: parse_number(eval)?,
                    loss: parse_number(loss)?,
                    exact: parse_flag(exact)?,
                    best: parse_cell(best)?,
                    line: match *line {
                        "-" => Vec::new(),
                        _ => line.split(',').map(parse_cell).collect::<Result<_, _>>()?,
                    },
                }))
            }
            ("placed", ["-"]) => Ok(Report::Placed(None)),
            ("placed", [cell]) => Ok(Report::Placed(Some(parse_cell(cell)?))),
            ("vhints", [depth, scores @ ..]) => Ok(Report::VariantHints {
                depth: parse_number(depth)?,
                scores: scores
                    .iter()
                    .map(|s| parse_variant_score(s))
                    .collect::<Result<_, _>>()?,
            }),
            ("failed", _) => Ok(Report::Failed(rest.to_string())),
            ("done", []) => Ok(Report::Done),
            _ => Err(format!("unknown report '{line}'")),
        }
    }
}

/// `<size>:<rules>[:<shape>] <player hex> <opponent hex> <side>`: a variant position in one line's
/// words (the worker's jobs, `reversi selfplay --size`'s samples); the shape (`cross`, `octagon`,
/// `a1,h8`) only when the board is not square.
pub fn position_to_text(position: &Position) -> String {
    let hex = |set: SquareSet| {
        set.0
            .iter()
            .rev()
            .map(|w| format!("{w:016x}"))
            .collect::<String>()
    };
    let variant = position.variant;
    let shape = if variant.is_square() {
        String::new()
    } else {
        format!(
            ":{}",
            crate::rules::shape::written(variant.size(), variant.holes())
        )
    };
    format!(
        "{}:{}{shape} {} {} {}",
        variant.size(),
        variant.rules_name(),
        hex(position.player),
        hex(position.opponent),
        side_letter(position.to_move)
    )
}

/// Reads [`position_to_text`]'s four words.
pub fn position_from_text(
    variant: &str,
    player: &str,
    opponent: &str,
    side: &str,
) -> Result<Position, String> {
    let mut parts = variant.splitn(3, ':');
    let (Some(size), Some(rules)) = (parts.next(), parts.next()) else {
        return Err(format!("bad variant '{variant}'"));
    };
    let size: u32 = size
        .parse()
        .map_err(|_| format!("bad variant '{variant}'"))?;
    let mut variant = Variant::parse(size, rules).map_err(|e| e.to_string())?;
    if let Some(shape) = parts.next() {
        variant = variant
            .with_shape_of_its_size(shape)
            .map_err(|e| e.to_string())?;
    }
    let bits = |text: &str| -> Result<SquareSet, String> {
        let bad = || format!("bad bits '{text}'");
        if text.len() != 64 || !text.is_ascii() {
            return Err(bad());
        }
        let mut words = [0u64; 4];
        for (i, word) in words.iter_mut().rev().enumerate() {
            *word = u64::from_str_radix(&text[16 * i..16 * i + 16], 16).map_err(|_| bad())?;
        }
        Ok(SquareSet(words))
    };
    let to_move = parse_side(side)?;
    let (player, opponent) = (bits(player)?, bits(opponent)?);
    let (black, white) = match to_move {
        Player::Black => (player, opponent),
        Player::White => (opponent, player),
    };
    Position::from_colours(variant, black, white, to_move)
        .ok_or_else(|| "a square holds two discs, or a disc is off the board".to_string())
}

/// A budget in milliseconds, or `-` for none.
fn parse_budget(text: &str) -> Result<Option<Duration>, String> {
    match text {
        "-" => Ok(None),
        ms => ms
            .parse()
            .map(|ms| Some(Duration::from_millis(ms)))
            .map_err(|_| format!("bad budget '{ms}'")),
    }
}

fn parse_cell(text: &str) -> Result<Square, String> {
    text.parse().map_err(|e| format!("{e}"))
}

fn parse_variant_score(text: &str) -> Result<MoveScore, String> {
    let parts: Vec<&str> = text.split(':').collect();
    let [cell, score, exact] = parts.as_slice() else {
        return Err(format!("bad score '{text}'"));
    };
    let square = parse_cell(cell)?;
    Ok(MoveScore {
        square,
        score: parse_number(score)?,
        exact: parse_flag(exact)?,
        pv: vec![square],
    })
}

fn parse_placed(text: &str) -> Result<PlacedMove, String> {
    // `<index>:<variant>:<player>:<opponent>:<side>:<square>`, the variant's own `:`s kept.
    let bad = || format!("bad placed move '{text}'");
    let (index, rest) = text.split_once(':').ok_or_else(bad)?;
    let mut fields = rest.rsplitn(5, ':');
    let (Some(square), Some(side), Some(opponent), Some(player), Some(variant)) = (
        fields.next(),
        fields.next(),
        fields.next(),
        fields.next(),
        fields.next(),
    ) else {
        return Err(bad());
    };
    Ok(PlacedMove {
        index: parse_number(index)?,
        position: position_from_text(variant, player, opponent, side)?,
        square: parse_cell(square)?,
    })
}

fn side_letter(player: Player) -> char {
    match player {
        Player::Black => 'b',
        Player::White => 'w',
    }
}

fn parse_side(text: &str) -> Result<Player, String> {
    match text {
        "b" => Ok(Player::Black),
        "w" => Ok(Player::White),
        _ => Err(format!("bad side '{text}'")),
    }
}

fn parse_number<T: std::str::FromStr>(text: &str) -> Result<T, String> {
    text.parse().map_err(|_| format!("bad number '{text}'"))
}

fn parse_flag(text: &str) -> Result<bool, String> {
    match text {
        "0" => Ok(false),
        "1" => Ok(true),
        _ => Err(format!("bad flag '{text}'")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Level;
    use crate::ai::jobs::ReviewDepth;

    #[test]
    fn jobs_round_trip_through_text() {
        let game =
            crate::rules::notation::parse_transcript("f5d6c3d3c4", crate::rules::Variant::STANDARD)
                .unwrap();
        let position = game.position();
        let jobs = [
            Job::VariantMove {
                position,
                level: Level::Expert,
                seed: 42,
                budget: Some(Duration::from_millis(1500)),
            },
            Job::VariantMove {
                position: Position::start(Variant::parse(10, "anti").unwrap()),
                level: Level::Beginner,
                seed: u64::MAX,
                budget: None,
            },
            Job::VariantHints { position },
            Job::VariantHints {
                position: Position::start("10x10 anti cross".parse().unwrap()),
            },
            Job::VariantMove {
                position: Position::start("8x8 othello a1,h8".parse().unwrap()),
                level: Level::Novice,
                seed: 3,
                budget: None,
            },
            Job::Review {
                moves: vec![],
                depth: ReviewDepth::Quick,
            },
            Job::Review {
                depth: ReviewDepth::Deep,
                moves: vec![
                    PlacedMove {
                        index: 0,
                        position: Position::start(Variant::STANDARD),
                        square: "f5".parse().unwrap(),
                    },
                    PlacedMove {
                        index: 4,
                        position: game.position(),
                        square: "h8".parse().unwrap(),
                    },
                    PlacedMove {
                        index: 7,
                        position: Position::start(Variant::parse(10, "anti").unwrap()),
                        square: "j10".parse().unwrap(),
                    },
                    PlacedMove {
                        index: 9,
                        position: Position::start("10x10 othello octagon".parse().unwrap()),
                        square: "d1".parse().unwrap(),
                    },
                ],
            },
        ];
        for job in jobs {
            assert_eq!(
                Job::parse(&job.to_line()),
                Ok(job.clone()),
                "{}",
                job.to_line()
            );
        }
    }

    #[test]
    fn reports_round_trip_through_text() {
        let reports = [
            Report::Placed(None),
            Report::Placed(Some("j10".parse().unwrap())),
            Report::VariantHints {
                depth: 3,
                scores: vec![
                    MoveScore {
                        square: "d3".parse().unwrap(),
                        score: -250,
                        exact: false,
                        pv: vec!["d3".parse().unwrap()],
                    },
                    MoveScore {
                        square: "p16".parse().unwrap(),
                        score: 1200,
                        exact: true,
                        pv: vec!["p16".parse().unwrap()],
                    },
                ],
            },
            Report::VariantHints {
                depth: 1,
                scores: vec![],
            },
            Report::Review(MoveReview {
                index: 12,
                player: Player::White,
                eval_black: -430,
                loss: 800,
                exact: true,
                best: "j10".parse().unwrap(),
                line: ["j10", "a1", "p16"].map(|s| s.parse().unwrap()).to_vec(),
            }),
            Report::Review(MoveReview {
                index: 0,
                player: Player::Black,
                eval_black: 0,
                loss: 0,
                exact: false,
                best: "f5".parse().unwrap(),
                line: vec![],
            }),
            Report::Failed("unknown job 'x'".into()),
            Report::Done,
        ];
        for report in reports {
            assert_eq!(Report::parse(&report.to_line()), Ok(report.clone()));
        }
    }

    #[test]
    fn bad_text_is_an_error_not_a_panic() {
        let start = position_to_text(&Position::start(Variant::STANDARD));
        for line in [
            "".to_string(),
            // The 8×8-only forms are no jobs.
            "move 0000000810000000 0000001008000000 Expert 1 -".into(),
            "hints 0000000810000000 0000001008000000".into(),
            "vmove".into(),
            format!("vmove {start} Expert 1"),
            format!("vmove {start} Grandmaster 1 -"),
            format!("vmove {start} Expert one -"),
            format!("vmove {start} Expert 1 soon"),
            "vmove 8:othello zz 0 b Expert 1 -".into(),
            "vmove 9:chess 0 0 b Expert 1 -".into(),
            "vhints 8:othello".into(),
            "review 1:2:3".into(),
            "review 0:0:0:x:f5".into(),
            "fly away".into(),
        ] {
            assert!(Job::parse(&line).is_err(), "{line:?}");
        }
        for line in [
            "",
            "move a8",
            "hints 1 d3:1:1:",
            "placed",
            "placed z99",
            "vhints",
            "vhints 1 d3:1:2",
            "vhints 1 d3:x:1",
            "review 1 b 2 3",
            "review 1 b 2 3 0 f5",
            "review 1 b 2 3 0 f5 f5,z9",
            "review 1 b 2 3 0 f5 f5,",
            "done now",
        ] {
            assert!(Report::parse(line).is_err(), "{line:?}");
        }
    }
}
