//! The game put aside while a puzzle or opening practice has the board, and brought back when it
//! ends: its board, its players and its clocks.

use bevy::prelude::*;

use super::clock::{Clocks, ClocksAfterReset};
use super::lesson::PutAside;
use super::{CurrentGame, LoadRequested, MatchSettings};

/// What putting the game aside and bringing it back change.
#[derive(bevy::ecs::system::SystemParam)]
pub struct Aside<'w> {
    pub game: Res<'w, CurrentGame>,
    pub players: ResMut<'w, MatchSettings>,
    pub load: MessageWriter<'w, LoadRequested>,
    aside: ResMut<'w, PutAside>,
    clocks: Res<'w, Clocks>,
    returning: ResMut<'w, ClocksAfterReset>,
}

impl Aside<'_> {
    /// Puts the game in progress aside, unless `coached` (a puzzle or practice already has the
    /// board) or a game is aside already.
    pub fn keep(&mut self, coached: bool) {
        if !coached && self.aside.0.is_none() {
            self.aside.0 = Some((self.game.0.clone(), *self.players, *self.clocks));
        }
    }

    /// Brings the game put aside back, with its players and clocks.
    pub fn bring_back(&mut self) {
        if let Some((game, players, clocks)) = self.aside.0.take() {
            *self.players = players;
            self.load.write(LoadRequested(game));
            self.returning.0 = Some(clocks);
        }
    }
}
