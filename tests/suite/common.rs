//! Helpers shared by the integration tests.

use proptest::prelude::*;
use reversi::rules::bits::Bits;
use reversi::rules::{Game, NotationError, Position, Variant};

/// Seeded random play: the same seed always gives the same moves (a small linear congruential
/// generator, so the games never depend on a library's random numbers).
pub struct RandomPlay(u64);

impl RandomPlay {
    pub fn new(seed: u64) -> RandomPlay {
        RandomPlay(seed)
    }

    /// Plays one legal move of `game`, chosen uniformly among its legal squares (a1 first); the
    /// game must not be over.
    pub fn play(&mut self, game: &mut Game) {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let moves = game.position().legal_squares();
        let pick = ((self.0 >> 33) % moves.len() as u64) as usize;
        game.play(moves[pick]).unwrap();
    }
}

/// A game of `variant` of `moves` seeded random moves (fewer if it ends first), then `undos` of
/// them taken back (they stay as redo moves). Not every test crate uses it.
#[allow(dead_code)]
pub fn random_game(variant: Variant, seed: u64, moves: usize, undos: usize) -> Game {
    let mut game = Game::new(variant);
    let mut random = RandomPlay::new(seed);
    while !game.is_over() && game.history().len() < moves {
        random.play(&mut game);
    }
    for _ in 0..undos {
        game.undo();
    }
    game
}

/// That `error`, from reading `text`, names the place of what it complains about: the quoted
/// token, character or square starts at the character the message names. Not every test crate
/// uses it.
#[allow(dead_code)]
pub fn check_place(text: &str, error: &NotationError) -> Result<(), TestCaseError> {
    use NotationError::*;
    let message = error.to_string();
    let chars: Vec<char> = text.chars().collect();
    let from = |at: usize| chars[at.min(chars.len())..].iter().collect::<String>();
    let at = match error {
        BadToken {
            token: quoted, at, ..
        }
        | BadSide { text: quoted, at } => {
            prop_assert!(
                from(*at).starts_with(quoted.as_str()),
                "{:?}: {}",
                text,
                message
            );
            *at
        }
        BadBoardChar { ch, at } => {
            prop_assert_eq!(chars.get(*at), Some(ch), "{:?}: {}", text, message);
            *at
        }
        IllegalMove { square, at, .. } => {
            prop_assert!(
                from(*at)
                    .to_ascii_lowercase()
                    .starts_with(&square.to_string()),
                "{:?}: {}",
                text,
                message
            );
            *at
        }
        IllegalPass { at, .. } | Ggf { at, .. } => {
            prop_assert!(*at <= chars.len(), "{:?}: {}", text, message);
            *at
        }
        MissingSide => {
            prop_assert!(message.contains("side to move is missing"), "{}", message);
            return Ok(());
        }
        BoardSize { .. } => {
            prop_assert!(message.contains("n×n squares"), "{}", message);
            return Ok(());
        }
        // The shape's error names its square instead of a place in the text.
        Shape(_) => {
            prop_assert!(message.contains("shape"), "{}", message);
            return Ok(());
        }
    };
    let place = format!("character {}", at + 1);
    prop_assert!(message.contains(&place), "{:?}: {}", text, message);
    Ok(())
}

/// The engine's 8×8 bitboard of `game`'s position (the game must be 8×8). Not every test crate
/// uses it.
#[allow(dead_code)]
pub fn board_of(game: &Game) -> reversi::rules::Board {
    game.position().to_board().expect("an 8×8 game")
}

/// Plain minimax to the end: the exact margin for the side to move (the solvers' reference). Not
/// every test crate uses it.
#[allow(dead_code)]
pub fn minimax(position: &Position) -> i32 {
    let moves = position.legal_squares();
    if moves.is_empty() {
        let passed = position.pass();
        if passed.legal_squares().is_empty() {
            let (mine, theirs) = (
                position.player.count() as i32,
                position.opponent.count() as i32,
            );
            return reversi::rules::score::final_margin(
                mine,
                theirs,
                position.empties() as i32,
                position.variant.goal,
            );
        }
        return -minimax(&passed);
    }
    moves
        .into_iter()
        .map(|c| -minimax(&position.play(c)))
        .max()
        .unwrap()
}

/// The `reversi` binary run with `args`: its exit code and its output (stdout, stderr).
pub fn run_reversi(args: &[&str]) -> (Option<i32>, String, String) {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_reversi"))
        .args(args)
        .output()
        .unwrap();
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (
        output.status.code(),
        text(&output.stdout),
        text(&output.stderr),
    )
}
