//! Game clocks: an optional time control per game (minutes per player, as in online play). The
//! side to move's clock runs while it may move (not while discs animate); a player whose time runs
//! out loses the game.

use std::time::Duration;

use bevy::prelude::*;

use super::Phase;
use super::{BoardReset, CurrentGame, GameSystems, MatchSettings};
use crate::rules::Player;

/// Both players' remaining time, and who ran out, if anyone.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clocks {
    /// The time each player started with; `None` when the game has no clock.
    pub limit: Option<Duration>,
    pub black: Duration,
    pub white: Duration,
    /// The player whose time ran out (that player lost).
    pub flagged: Option<Player>,
}

impl Clocks {
    /// Fresh clocks for a game with this time control.
    pub fn new(limit: Option<Duration>) -> Clocks {
        let start = limit.unwrap_or_default();
        Clocks {
            limit,
            black: start,
            white: start,
            flagged: None,
        }
    }

    pub fn remaining(&self, player: Player) -> Duration {
        match player {
            Player::Black => self.black,
            Player::White => self.white,
        }
    }

    fn remaining_mut(&mut self, player: Player) -> &mut Duration {
        match player {
            Player::Black => &mut self.black,
            Player::White => &mut self.white,
        }
    }
}

/// A player ran out of time and lost.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeForfeit {
    pub loser: Player,
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Clocks>()
        .init_resource::<ClocksAfterReset>()
        .add_message::<TimeForfeit>()
        .add_systems(
            Update,
            (reset_on_new_game, tick)
                .chain()
                .after(super::TurnFlow)
                .in_set(GameSystems::Turn),
        );
}

/// Clock readings for the game the next board reset brings (a game restored from the save, a game
/// back from a lesson), instead of full clocks.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct ClocksAfterReset(pub Option<Clocks>);

/// A new or loaded game starts with full clocks for the players' time control, or with the
/// readings it was put away with.
fn reset_on_new_game(
    mut resets: MessageReader<BoardReset>,
    players: Res<MatchSettings>,
    mut clocks: ResMut<Clocks>,
    mut after: ResMut<ClocksAfterReset>,
) {
    if resets.read().count() > 0 {
        *clocks = after.0.take().unwrap_or_else(|| Clocks::new(players.clock));
    }
}

fn tick(
    time: Res<Time>,
    phase: Res<Phase>,
    game: Res<CurrentGame>,
    mut clocks: ResMut<Clocks>,
    mut forfeits: MessageWriter<TimeForfeit>,
) {
    if clocks.limit.is_none() || clocks.flagged.is_some() || game.0.is_over() {
        return;
    }
    if !matches!(*phase, Phase::WaitingForHuman | Phase::AiToMove) {
        return;
    }
    let player = game.0.to_move();
    let left = clocks.remaining_mut(player);
    *left = left.saturating_sub(time.delta());
    if left.is_zero() {
        clocks.flagged = Some(player);
        forfeits.write(TimeForfeit { loser: player });
    }
}

/// "4:07", or "0:09.3" in the last ten seconds.
pub fn format_clock(left: Duration) -> String {
    let secs = left.as_secs();
    if secs < 10 {
        format!("0:{:04.1}", left.as_secs_f32())
    } else {
        format!("{}:{:02}", secs / 60, secs % 60)
    }
}
