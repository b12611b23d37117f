//! Helpers shared by the integration tests.

use reversi::rules::{Game, squares};

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
