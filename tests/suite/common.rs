//! Helpers shared by the integration tests.

use proptest::prelude::*;
use reversi::rules::{Game, NotationError, VGame, Variant, squares};

/// Seeded random play: the same seed always gives the same moves (a small linear congruential
/// generator, so the games never depend on a library's random numbers).
pub struct RandomPlay(u64);

impl RandomPlay {
    pub fn new(seed: u64) -> RandomPlay {
        RandomPlay(seed)
    }

    /// Plays one legal move of `game`, chosen uniformly; the game must not be over.
    pub fn play(&mut self, game: &mut Game) {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let moves = game.legal_moves();
        let pick = ((self.0 >> 33) % u64::from(moves.count_ones())) as usize;
        game.play(squares(moves).nth(pick).unwrap()).unwrap();
    }
}

impl RandomPlay {
    /// Plays one legal move of a game of any variant, chosen uniformly; the game must not be over.
    #[allow(dead_code)]
    pub fn play_variant(&mut self, game: &mut VGame) {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let moves = game.position().legal_cells();
        let pick = ((self.0 >> 33) % moves.len() as u64) as usize;
        game.play(moves[pick]).unwrap();
    }
}

/// [`random_game`] on `variant`. Not every test crate uses it.
#[allow(dead_code)]
pub fn random_vgame(variant: Variant, seed: u64, moves: usize, undos: usize) -> VGame {
    let mut game = VGame::new(variant);
    let mut random = RandomPlay::new(seed);
    while !game.is_over() && game.history().len() < moves {
        random.play_variant(&mut game);
    }
    for _ in 0..undos {
        game.undo();
    }
    game
}

/// A game of `moves` seeded random moves (fewer if it ends first), then `undos` of them taken back
/// (they stay as redo moves). Not every test crate uses it.
#[allow(dead_code)]
pub fn random_game(seed: u64, moves: usize, undos: usize) -> Game {
    let mut game = Game::new();
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
        BadToken { token: quoted, at }
        | BadCell {
            token: quoted, at, ..
        }
        | BadSide { text: quoted, at }
        | TrailingText { text: quoted, at } => {
            prop_assert!(
                from(*at).starts_with(quoted.as_str()),
                "{:?}: {}",
                text,
                message
            );
            Some(*at)
        }
        BadBoardChar { ch, at } => {
            prop_assert_eq!(chars.get(*at), Some(ch), "{:?}: {}", text, message);
            Some(*at)
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
            Some(*at)
        }
        IllegalCell { cell, at, .. } => {
            prop_assert!(
                from(*at)
                    .to_ascii_lowercase()
                    .starts_with(&cell.to_string()),
                "{:?}: {}",
                text,
                message
            );
            Some(*at)
        }
        IllegalPass { at, .. } | Ggf { at, .. } => {
            prop_assert!(*at <= chars.len(), "{:?}: {}", text, message);
            Some(*at)
        }
        BoardTooShort { squares } => {
            prop_assert!(*squares < 64);
            None
        }
        MissingSide => None,
        BoardSize { .. } => {
            prop_assert!(message.contains("n×n squares"), "{}", message);
            return Ok(());
        }
    };
    match at {
        Some(at) => {
            let place = format!("character {}", at + 1);
            prop_assert!(message.contains(&place), "{:?}: {}", text, message);
        }
        None => prop_assert!(message.contains("64"), "{}", message),
    }
    Ok(())
}
