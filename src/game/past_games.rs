//! The games played, in the game: every game that ends while it is played here — by the board,
//! on time, or online by the board, a resignation, time or abandonment — is added to the games
//! kept ([`crate::past_games`]) with its players' names, and written at once. A game that is only
//! opened again (restored at start, loaded from the list or a record, undone and redone) is not
//! added twice, and lessons and puzzles are not games.

use bevy::prelude::*;

use super::clock::TimeForfeit;
use super::lesson::{NewestLost, newest_lost};
use super::online::Online;
use super::puzzle::Coaching;
use super::tournament::Tournaments;
use super::{Controller, CurrentGame, GameEnded, GameSystems, MatchSettings};
use crate::net::{Colour, EndReason, Status};
use crate::past_games::{Ending, GamesKept, GamesStore, PastGame};

/// The games kept, where they are kept, and why the last write failed (if it did).
#[derive(Resource, Debug, Default)]
pub struct PastGames {
    /// `None` keeps nothing (no config directory, a scripted run, or a test that sets none).
    pub store: Option<GamesStore>,
    pub kept: GamesKept,
    pub error: Option<String>,
    /// Whether the online game was last seen over, to notice when it ends.
    online_over: bool,
}

impl PastGames {
    pub fn new(store: Option<GamesStore>) -> PastGames {
        let kept = store.as_ref().map(GamesStore::load).unwrap_or_default();
        PastGames {
            store,
            kept,
            ..PastGames::default()
        }
    }

    /// Adds `game` unless it is the newest game kept already, and writes the games.
    fn add(&mut self, game: PastGame) {
        if self.kept.is_newest(&game.game) {
            return;
        }
        self.kept.add(&game);
        if let Some(store) = &self.store {
            self.error = store.store(&self.kept).err();
        }
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<PastGames>()
        .init_resource::<NewestLost>()
        .add_systems(First, keep_newest_lost)
        .add_systems(
            Update,
            record_endings
                .in_set(super::KeepFinished)
                .after(GameSystems::Turn),
        );
}

/// The lessons' review of the learner's newest lost game follows the games kept.
fn keep_newest_lost(past: Res<PastGames>, mut newest: ResMut<NewestLost>) {
    if past.is_changed() {
        newest.0 = newest_lost(&past.kept);
    }
}

/// Now, in seconds since 1970 (the page's clock in the browser).
pub(crate) fn now_secs() -> u64 {
    web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// The name a side of a game on this device is kept under: a level's name, or none for a person.
fn local_name(controller: Controller) -> String {
    match controller {
        Controller::Ai(level) => level.name().to_string(),
        Controller::Human | Controller::Remote => String::new(),
    }
}

fn record_endings(
    (mut ended, mut forfeits): (MessageReader<GameEnded>, MessageReader<TimeForfeit>),
    (game, players): (Res<CurrentGame>, Res<MatchSettings>),
    (coaching, online, tournaments): (Coaching, Res<Online>, Res<Tournaments>),
    mut past: ResMut<PastGames>,
) {
    let board_end = ended.read().count() > 0;
    let flag = forfeits.read().last().map(|f| f.loser);
    let state = online.0.as_ref().and_then(|s| s.state.as_ref());
    let online_end = match state.map(|s| &s.status) {
        Some(Status::Over(ending)) => Some(*ending),
        _ => None,
    };
    let new_online_end = online_end.filter(|_| !past.online_over);
    past.online_over = online_end.is_some();
    if coaching.active() {
        return;
    }
    let ending = if let Some(end) = new_online_end {
        let loser = end.winner.map(|w| w.player().opponent());
        match (end.reason, loser) {
            (EndReason::Resigned, Some(l)) => Some(Ending::Resigned(l)),
            (EndReason::Time, Some(l)) => Some(Ending::Time(l)),
            (EndReason::Abandoned, Some(l)) => Some(Ending::Abandoned(l)),
            _ => Some(Ending::Board),
        }
    } else if let Some(loser) = flag {
        Some(Ending::Time(loser))
    } else {
        board_end.then_some(Ending::Board)
    };
    let Some(ending) = ending else { return };
    // Online, the names the players chose; here, the levels' names.
    let (black, white) = match state {
        Some(state) => {
            let name = |c: Colour| {
                state
                    .players
                    .iter()
                    .find(|p| p.colour == Some(c))
                    .map_or(String::new(), |p| p.name.clone())
            };
            (name(Colour::Black), name(Colour::White))
        }
        // A tournament's game under its players' names; else the levels'.
        None => tournaments
            .names()
            .filter(|_| tournaments.live())
            .unwrap_or_else(|| (local_name(players.black), local_name(players.white))),
    };
    past.add(PastGame {
        game: game.0.clone(),
        black,
        white,
        ended_at: now_secs(),
        ending,
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Player;

    #[test]
    fn a_game_is_kept_once() {
        let mut past = PastGames::new(None);
        let mut game = crate::rules::Game::new(crate::rules::Variant::STANDARD);
        game.play("f5".parse().unwrap()).unwrap();
        let entry = PastGame {
            game,
            black: String::new(),
            white: "Expert".into(),
            ended_at: 0,
            ending: Ending::Resigned(Player::White),
        };
        past.add(entry.clone());
        past.add(entry.clone());
        assert_eq!(past.kept.games().collect::<Vec<_>>(), vec![&entry]);
        assert_eq!(past.error, None);
    }
}
