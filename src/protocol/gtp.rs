//! The Go Text Protocol (GTP version 2) as Othello programs speak it (GRhino's `gtp-rhino`, Edax's
//! `-gtp` mode, the Quarry board), server side: [`Server`] is `reversi gtp`, a level of this engine
//! behind the protocol. The client side, for `reversi match`, is [`super::gtp_client`].
//!
//! Othello in GTP: `boardsize 8` (or any size the variants have: 4, 6, 7, 8, 10, 12, 14, 16, which
//! starts a new game on that board), vertices `a1`–`h8` (`a1`–`p16` on bigger boards; either case;
//! a1 is the top left, as in Othello notation), colours `black`/`b` and `white`/`w`. `set_game`
//! takes `Othello`, `Reversi` (the classic free opening) or `Anti-reversi`, keeping the board size.
//! A forced pass is not a move: each side passes by itself, as GRhino does, and `genmove` for a
//! side with no move answers `pass`. `reversi-book off` makes `genmove` search from the first
//! move, without the opening book (`reversi-book on`, the default: as the level plays).

use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use crate::ai::Level;
use crate::rules::{Game, Goal, Opening, Player, Square, Variant};

/// The commands [`Server`] answers, as `list_commands` lists them.
pub const COMMANDS: [&str; 20] = [
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "reg_genmove",
    "undo",
    "showboard",
    "final_score",
    "time_settings",
    "time_left",
    "list_games",
    "set_game",
    "reversi-book",
];

/// `black`, `b`, `white` or `w`, in any case.
fn parse_colour(text: &str) -> Result<Player, String> {
    match text.to_ascii_lowercase().as_str() {
        "b" | "black" => Ok(Player::Black),
        "w" | "white" => Ok(Player::White),
        _ => Err(format!("invalid color '{text}'")),
    }
}

/// The colour as GTP writes it.
pub(crate) fn colour_word(player: Player) -> &'static str {
    match player {
        Player::Black => "black",
        Player::White => "white",
    }
}

/// One command line in GTP's form: comments (`#` on) dropped, control characters other than tabs
/// dropped, tabs made spaces; then an optional numeric id, the command and its arguments. `None`
/// for a line with nothing left.
fn parse_line(line: &str) -> Option<(Option<u64>, Vec<&str>)> {
    let line = line.split('#').next().unwrap_or("");
    let mut words = line
        .split(|c: char| c.is_whitespace() || (c.is_control() && c != '\t'))
        .filter(|w| !w.is_empty())
        .peekable();
    let id = words.peek().and_then(|w| w.parse::<u64>().ok());
    if id.is_some() {
        words.next();
    }
    let words: Vec<&str> = words.collect();
    if words.is_empty() && id.is_none() {
        return None;
    }
    Some((id, words))
}

/// `reversi gtp`: one game of `level` behind GTP. Every command is answered (`=` or `?` with the
/// reason, then a blank line); a line that is not a command it knows is answered with an error,
/// never by stopping.
pub struct Server {
    game: Game,
    level: Level,
    seed: u64,
    /// Each side's time left (black, white) once `time_settings` or `time_left` gave one: the
    /// level's moves then spend at most [`crate::ai::clock_share`] of it.
    clock: [Option<Duration>; 2],
    /// Whether `genmove` may answer from the opening book, as the level does (`reversi-book`).
    book: bool,
}

impl Server {
    pub fn new(level: Level, seed: u64) -> Server {
        Server {
            game: Game::new(Variant::STANDARD),
            level,
            seed,
            clock: [None; 2],
            book: true,
        }
    }

    /// The game as the controller set it up.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The full response to one input line (`None` for a blank or comment line), and whether the
    /// session goes on (false after `quit`).
    pub fn respond(&mut self, line: &str) -> (Option<String>, bool) {
        let Some((id, words)) = parse_line(line) else {
            return (None, true);
        };
        let (command, args) = match words.split_first() {
            Some((command, args)) => (*command, args),
            None => ("", &[][..]),
        };
        let answer = self.run(command, args);
        let id = id.map_or(String::new(), |id| id.to_string());
        let text = match answer {
            Ok(text) if text.is_empty() => format!("={id}\n\n"),
            Ok(text) => format!("={id} {text}\n\n"),
            Err(text) => format!("?{id} {text}\n\n"),
        };
        (Some(text), command != "quit")
    }

    fn run(&mut self, command: &str, args: &[&str]) -> Result<String, String> {
        match command {
            "protocol_version" => Ok("2".into()),
            "name" => Ok(crate::protocol::nboard::ENGINE_NAME.into()),
            "version" => Ok(format!("{} ({})", env!("CARGO_PKG_VERSION"), self.level)),
            "known_command" => Ok(args
                .first()
                .is_some_and(|c| COMMANDS.contains(c))
                .to_string()),
            "list_commands" => Ok(COMMANDS.join("\n")),
            "quit" => Ok(String::new()),
            "boardsize" => match args.first().map(|a| a.parse::<u32>()) {
                Some(Ok(size)) => match self.game.variant().with_size(size) {
                    Ok(variant) => {
                        self.game = Game::new(variant);
                        Ok(String::new())
                    }
                    Err(_) => Err("unacceptable size".into()),
                },
                _ => Err("syntax error".into()),
            },
            "clear_board" => {
                self.game = Game::new(self.game.variant());
                Ok(String::new())
            }
            // Accepted for controllers that send it; Othello has no komi.
            "komi" => Ok(String::new()),
            "time_settings" => self.time_settings(args),
            "time_left" => self.time_left(args),
            "play" => self.play(args),
            "genmove" => self.genmove(args, true),
            "reg_genmove" => self.genmove(args, false),
            // The extension Quarry uses to pick the game.
            "list_games" => Ok("Othello\nReversi\nAnti-reversi".into()),
            "set_game" => {
                let (opening, goal) = match args.join(" ").to_ascii_lowercase().as_str() {
                    "othello" => (Opening::Othello, Goal::MostDiscs),
                    "reversi" => (Opening::Free, Goal::MostDiscs),
                    "anti-reversi" | "antireversi" => (Opening::Othello, Goal::FewestDiscs),
                    _ => return Err("unsupported game".into()),
                };
                let variant = Variant::new(self.game.variant().size(), opening, goal)
                    .map_err(|_| "unsupported game on this board size".to_string())?;
                self.game = Game::new(variant);
                Ok(String::new())
            }
            "undo" => match self.game.undo() {
                Some(_) => Ok(String::new()),
                None => Err("cannot undo".into()),
            },
            "showboard" => Ok(self.diagram()),
            "final_score" => match self.game.outcome() {
                Some(outcome) => Ok(match outcome.winner {
                    Some(Player::Black) => format!("B+{}", outcome.margin),
                    Some(Player::White) => format!("W+{}", -outcome.margin),
                    None => "0".into(),
                }),
                None => Err("the game is not over".into()),
            },
            "reversi-book" => match args {
                ["on"] => {
                    self.book = true;
                    Ok(String::new())
                }
                ["off"] => {
                    self.book = false;
                    Ok(String::new())
                }
                _ => Err("expected reversi-book on or off".into()),
            },
            "" => Err("syntax error".into()),
            _ => Err("unknown command".into()),
        }
    }

    /// `play <colour> <vertex|pass>`: a move of the side to move, or the pass of a side that has
    /// none (already made, since passes make themselves).
    fn play(&mut self, args: &[&str]) -> Result<String, String> {
        let [colour, vertex] = args else {
            return Err("syntax error".into());
        };
        let colour = parse_colour(colour)?;
        if vertex.eq_ignore_ascii_case("pass") {
            return if self.has_no_move(colour) {
                Ok(String::new())
            } else {
                Err("illegal move".into())
            };
        }
        let cell: Square = vertex
            .parse()
            .ok()
            .filter(|c: &Square| c.index(self.game.variant().size()).is_some())
            .ok_or_else(|| "invalid coordinate".to_string())?;
        if colour != self.game.to_move() {
            return Err("illegal move".into());
        }
        self.game
            .play(cell)
            .map(|_| String::new())
            .map_err(|_| "illegal move".into())
    }

    /// `time_settings <main> <byo-yomi> <stones>` (seconds): each side's clock starts at the main
    /// time; no main time with no byo-yomi stones means no limit. (Byo-yomi periods are not
    /// planned for: the share of the main time leaves a reserve.)
    fn time_settings(&mut self, args: &[&str]) -> Result<String, String> {
        let numbers: Result<Vec<u64>, _> = args.iter().map(|a| a.parse()).collect();
        let Ok(&[main, byo_yomi, stones]) = numbers.as_deref() else {
            return Err("syntax error".into());
        };
        self.clock = match (main, byo_yomi, stones) {
            (0, _, 0) => [None; 2],
            (0, period, stones) => [Some(Duration::from_secs(period) / stones as u32); 2],
            (main, ..) => [Some(Duration::from_secs(main)); 2],
        };
        Ok(String::new())
    }

    /// `time_left <colour> <seconds> <stones>`: that side's clock now.
    fn time_left(&mut self, args: &[&str]) -> Result<String, String> {
        let [colour, seconds, _stones] = args else {
            return Err("syntax error".into());
        };
        let colour = parse_colour(colour)?;
        let seconds: f64 = seconds.parse().map_err(|_| "syntax error".to_string())?;
        if !seconds.is_finite() || seconds < 0.0 {
            return Err("syntax error".into());
        }
        self.clock[colour as usize] = Some(Duration::from_secs_f64(seconds));
        Ok(String::new())
    }

    /// `genmove <colour>`: the level's move, played (`play`) or only named (`reg_genmove`); `pass`
    /// for a side with no move.
    fn genmove(&mut self, args: &[&str], play: bool) -> Result<String, String> {
        let [colour] = args else {
            return Err("syntax error".into());
        };
        let colour = parse_colour(colour)?;
        if self.has_no_move(colour) {
            return Ok("pass".into());
        }
        if colour != self.game.to_move() {
            return Err(format!("it is {}'s turn", colour_word(self.game.to_move())));
        }
        let seed = self
            .seed
            .wrapping_mul(31)
            .wrapping_add(self.game.history().len() as u64);
        let cancel = Arc::new(AtomicBool::new(false));
        let position = self.game.position();
        let left = self.clock[colour as usize];
        let budget = left.map(|left| crate::ai::clock_share(left, position.empties()));
        let started = Instant::now();
        let tuning = crate::ai::Tuning {
            no_book: !self.book,
            ..Default::default()
        };
        let cell =
            crate::ai::front::choose_move_with(&position, self.level, seed, cancel, budget, tuning)
                .ok_or("no move")?;
        // Until the controller says otherwise, the clock runs down by the time taken.
        self.clock[colour as usize] = left.map(|left| left.saturating_sub(started.elapsed()));
        if play {
            self.game.play(cell).map_err(|e| e.to_string())?;
        }
        Ok(cell.to_string().to_ascii_uppercase())
    }

    /// Whether `colour` has no move now: the game is over, or it is the other side's turn in a
    /// position where `colour` would have to pass.
    fn has_no_move(&self, colour: Player) -> bool {
        let position = self.game.position();
        if colour == self.game.to_move() {
            !position.has_move()
        } else {
            !position.pass().has_move()
        }
    }

    /// The board as text: files across, ranks down, `X` black, `O` white, `.` empty.
    fn diagram(&self) -> String {
        let position = self.game.position();
        let n = position.variant.size();
        let files: String = (0..n)
            .map(|f| format!(" {}", (b'a' + f as u8) as char))
            .collect();
        let mut text = format!("{} to move\n  {files}", position.to_move);
        for index in 0..position.variant.cells() {
            let cell = Square::from_index(index, n);
            if cell.file == 0 {
                text.push_str(&format!("\n{:>2}", cell.rank + 1));
            }
            text.push_str(match position.colour_at(cell) {
                Some(Player::Black) => " X",
                Some(Player::White) => " O",
                None => " .",
            });
        }
        text
    }
}

/// `reversi gtp`: serves GTP on stdin/stdout until `quit` or the end of the input.
pub fn run_stdio(level: Level, seed: u64) {
    let mut server = Server::new(level, seed);
    let mut stdout = std::io::stdout();
    super::read_lines(std::io::stdin().lock(), |line| {
        let (answer, go_on) = match line {
            Some(line) => server.respond(line),
            // Answered like any other command it cannot read, not fatal.
            None => (Some("? not UTF-8 text\n\n".to_string()), true),
        };
        if let Some(answer) = answer {
            let _ = stdout.write_all(answer.as_bytes());
            let _ = stdout.flush();
        }
        go_on
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answers(server: &mut Server, lines: &[&str]) -> Vec<String> {
        lines
            .iter()
            .filter_map(|line| server.respond(line).0)
            .collect()
    }

    #[test]
    fn reversi_book_switches_the_opening_book() {
        let book = crate::ai::book::shipped().expect("the shipped book reads");
        let within = Level::Expert
            .book_within()
            .expect("Expert plays from the book");
        let mut server = Server::new(Level::Expert, 5);
        // With the book (the default) the first move is the book's choice for the move's seed.
        let chosen = book
            .choose(&crate::rules::Board::start(), within, 5 * 31)
            .expect("the book knows the start");
        assert_eq!(
            answers(&mut server, &["reg_genmove black"]),
            vec![format!("= {}\n\n", chosen.to_string().to_ascii_uppercase())]
        );
        assert_eq!(
            answers(&mut server, &["reversi-book maybe", "reversi-book off"]),
            vec!["? expected reversi-book on or off\n\n", "=\n\n"]
        );
        assert!(!server.book);
        // Without it the level searches, here within a short clock.
        let (reply, _) = server.respond("time_left black 1 0");
        assert_eq!(reply.as_deref(), Some("=\n\n"));
        let (reply, _) = server.respond("genmove black");
        let square: Square = reply
            .unwrap()
            .trim_start_matches("= ")
            .trim()
            .parse()
            .unwrap();
        assert!(server.game.history() == [crate::rules::Move::Play(square)]);
        assert_eq!(answers(&mut server, &["reversi-book on"]), vec!["=\n\n"]);
        assert!(server.book);
    }

    #[test]
    fn lines_are_read_as_gtp_says() {
        assert_eq!(parse_line("  # only a comment"), None);
        assert_eq!(parse_line(""), None);
        assert_eq!(
            parse_line("7 play\tblack d3 # the first move"),
            Some((Some(7), vec!["play", "black", "d3"]))
        );
        assert_eq!(parse_line("name\r"), Some((None, vec!["name"])));
        assert_eq!(parse_line("12"), Some((Some(12), vec![])));
    }

    #[test]
    fn answers_carry_the_id_and_end_with_a_blank_line() {
        let mut server = Server::new(Level::Beginner, 1);
        assert_eq!(
            answers(
                &mut server,
                &["1 protocol_version", "name", "2 bogus", "", "3"]
            ),
            vec![
                "=1 2\n\n".to_string(),
                "= Reversi\n\n".to_string(),
                "?2 unknown command\n\n".to_string(),
                "?3 syntax error\n\n".to_string(),
            ]
        );
        assert_eq!(
            answers(&mut server, &["known_command genmove", "known_command fly"]),
            vec!["= true\n\n", "= false\n\n"]
        );
        assert_eq!(
            answers(
                &mut server,
                &["list_games", "set_game Othello", "set_game chess"]
            ),
            vec![
                "= Othello\nReversi\nAnti-reversi\n\n",
                "=\n\n",
                "? unsupported game\n\n"
            ]
        );
        assert_eq!(server.respond("quit"), (Some("=\n\n".into()), false));
    }

    #[test]
    fn moves_are_checked_and_played() {
        let mut server = Server::new(Level::Beginner, 1);
        let replies = answers(
            &mut server,
            &[
                "boardsize 8",
                "boardsize 19",
                "boardsize x",
                "play black d3",
                "play black c3", // not Black's turn
                "play white d3", // taken
                "play white z9",
                "play green c3",
                "play white",
                "play white pass", // White has a move
                "play w C3",
            ],
        );
        assert_eq!(
            replies,
            vec![
                "=\n\n",
                "? unacceptable size\n\n",
                "? syntax error\n\n",
                "=\n\n",
                "? illegal move\n\n",
                "? illegal move\n\n",
                "? invalid coordinate\n\n",
                "? invalid color 'green'\n\n",
                "? syntax error\n\n",
                "? illegal move\n\n",
                "=\n\n",
            ]
        );
        assert_eq!(crate::rules::notation::transcript(&server.game), "d3c3");
        assert_eq!(answers(&mut server, &["undo"]), vec!["=\n\n"]);
        assert_eq!(crate::rules::notation::transcript(&server.game), "d3");
        assert_eq!(
            answers(&mut server, &["undo", "undo", "clear_board"]),
            vec!["=\n\n", "? cannot undo\n\n", "=\n\n"]
        );
    }

    #[test]
    fn genmove_plays_a_legal_move_and_passes_only_when_forced() {
        let mut server = Server::new(Level::Novice, 3);
        assert_eq!(
            answers(&mut server, &["genmove white"]),
            vec!["? it is black's turn\n\n"]
        );
        // `reg_genmove` names the move without playing it.
        let (named, _) = server.respond("reg_genmove black");
        assert!(named.unwrap().starts_with("= "));
        assert!(server.game.history().is_empty());
        let (reply, _) = server.respond("genmove black");
        let reply = reply.unwrap();
        let square: Square = reply.trim_start_matches("= ").trim().parse().unwrap();
        assert_eq!(server.game.history(), &[crate::rules::Move::Play(square)]);
        // After d3 c3 e6 d2 b2 b3 d1 e1 a3 c1 Black has no move: the pass makes itself, and
        // `genmove black` or `play black pass` answer it.
        let mut server = Server::new(Level::Novice, 3);
        server.game =
            crate::rules::notation::parse_transcript("d3c3e6d2b2b3d1e1a3c1", Variant::STANDARD)
                .unwrap();
        assert_eq!(server.game.to_move(), Player::White);
        assert_eq!(
            answers(
                &mut server,
                &["genmove black", "play black pass", "play white pass"]
            ),
            vec!["= pass\n\n", "=\n\n", "? illegal move\n\n"]
        );
        assert_eq!(
            answers(&mut server, &["final_score"]),
            vec!["? the game is not over\n\n"]
        );
    }

    #[test]
    fn the_clock_is_set_by_time_settings_and_time_left_and_runs_down() {
        let mut server = Server::new(Level::Advanced, 1);
        assert_eq!(server.clock, [None; 2]);
        let secs = Duration::from_secs;
        let replies = answers(
            &mut server,
            &[
                "time_settings 300 0 0",
                "time_settings 300",
                "time_settings 300 x 0 0",
                "time_left green 10 0",
                "time_left white -1 0",
                "time_left white 12.5 0",
            ],
        );
        assert_eq!(
            replies,
            vec![
                "=\n\n",
                "? syntax error\n\n",
                "? syntax error\n\n",
                "? invalid color 'green'\n\n",
                "? syntax error\n\n",
                "=\n\n"
            ]
        );
        assert_eq!(
            server.clock,
            [Some(secs(300)), Some(Duration::from_millis(12_500))]
        );
        // The mover's clock runs down by the time its move took.
        assert!(server.respond("genmove black").0.unwrap().starts_with("= "));
        assert!(server.clock[0].unwrap() < secs(300));
        assert_eq!(server.clock[1], Some(Duration::from_millis(12_500)));
        // Byo-yomi only: each move gets a period's share; neither: no limit.
        answers(&mut server, &["time_settings 0 30 10"]);
        assert_eq!(server.clock, [Some(secs(3)); 2]);
        answers(&mut server, &["time_settings 0 30 0"]);
        assert_eq!(server.clock, [None; 2]);
    }

    #[test]
    fn final_score_gives_the_empties_to_the_winner() {
        let mut server = Server::new(Level::Beginner, 1);
        // The shortest game: Black wipes White out after nine moves, 13–0 with 51 empties.
        server.game =
            crate::rules::notation::parse_transcript("f5d6c5f4e7f6g5e6e3", Variant::STANDARD)
                .unwrap();
        assert!(server.game.is_over());
        assert_eq!(answers(&mut server, &["final_score"]), vec!["= B+64\n\n"]);
        assert_eq!(
            answers(&mut server, &["genmove white", "genmove black"]),
            vec!["= pass\n\n", "= pass\n\n"]
        );
    }

    #[test]
    fn showboard_draws_the_position() {
        let mut server = Server::new(Level::Beginner, 1);
        let (reply, _) = server.respond("showboard");
        let reply = reply.unwrap();
        assert!(reply.starts_with("= Black to move\n   a b c d e f g h\n"));
        assert!(reply.contains("\n 4 . . . O X . . .\n 5 . . . X O . . .\n"));
    }
}
