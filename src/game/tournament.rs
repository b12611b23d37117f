//! A tournament on this device in the game ([`crate::tournament`]): the one kept, the game of it
//! on the board, and its result recorded when that game ends — on the board, or on time, when the
//! engine completes it for both sides and it is recorded by the rule. While a tournament game is
//! being played there are no hints and no take-backs; the past games keep it under the players'
//! names.

use bevy::prelude::*;

use super::clock::TimeForfeit;
use super::online::Online;
use super::puzzle::Coaching;
use super::{Controller, CurrentGame, GameEnded, GameSystems, MatchSettings, NewGameRequested};
use crate::ai::Level;
use crate::tournament::{Entrant, Store, Tournament};

/// The level that completes a game lost on time, playing both sides.
pub const COMPLETION: Level = Level::Advanced;

/// The game of the tournament on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Playing {
    /// Black's and White's players.
    pub pair: (usize, usize),
    /// Its result is recorded (the game is over).
    pub recorded: bool,
    /// Its new game has been asked for and not yet begun.
    starting: bool,
}

/// The tournament kept on this device, where, and the game of it being played.
#[derive(Resource, Debug, Default)]
pub struct Tournaments {
    /// `None` keeps nothing (a scripted run, or a test that sets none).
    pub store: Option<Store>,
    pub current: Option<Tournament>,
    pub playing: Option<Playing>,
    /// Why the kept tournament could not be read (it was kept aside), or a write failed.
    pub error: Option<String>,
}

impl Tournaments {
    /// The tournament kept in `store`, read back.
    pub fn new(store: Option<Store>) -> Tournaments {
        let (current, error) = match store.as_ref().map(Store::load) {
            Some(Ok(current)) => (current, None),
            Some(Err(why)) => (None, Some(why)),
            None => (None, None),
        };
        // A game of it left on the board: the saved game resumed at start is that game.
        let playing = current
            .as_ref()
            .and_then(|t| t.in_play)
            .map(|pair| Playing {
                pair,
                recorded: false,
                starting: false,
            });
        Tournaments {
            store,
            current,
            error,
            playing,
        }
    }

    /// The tournament of a run of the game: kept where the save is; a screenshot's run (no save)
    /// shows the player's, read without changing anything, and keeps none; a scripted one has none.
    pub fn for_run(save: Option<&crate::save::Store>, scripted: bool) -> Tournaments {
        match save {
            Some(crate::save::Store::Dir(dir)) => Tournaments::new(Some(Store::Dir(dir.clone()))),
            Some(crate::save::Store::Browser) => Tournaments::new(Some(Store::Browser)),
            None if scripted => Tournaments::default(),
            None => Tournaments {
                current: crate::save::config_dir()
                    .and_then(|dir| {
                        std::fs::read_to_string(dir.join(crate::tournament::FILE_NAME)).ok()
                    })
                    .and_then(|text| Tournament::from_text(&text).ok()),
                ..Tournaments::default()
            },
        }
    }

    /// Writes the tournament (or forgets it, when there is none).
    pub fn keep(&mut self) {
        if let Some(store) = &self.store {
            self.error = store.store(self.current.as_ref()).err();
        }
    }

    /// Whether a game of the tournament is being played now (not yet over).
    pub fn live(&self) -> bool {
        self.playing.is_some_and(|p| !p.recorded && !p.starting)
    }

    /// The players' names of the game being played (Black's, White's), for the past games.
    pub fn names(&self) -> Option<(String, String)> {
        let (playing, t) = (self.playing?, self.current.as_ref()?);
        let (b, w) = playing.pair;
        Some((t.entrants[b].name(), t.entrants[w].name()))
    }

    /// Starts the game of `pair` in the current round: the settings it is played with (a person
    /// at this device, or the level), to be asked for with a [`NewGameRequested`].
    pub fn start(&mut self, pair: (usize, usize)) -> Option<MatchSettings> {
        let t = self.current.as_mut()?;
        t.in_play = Some(pair);
        let controller = |i: usize| match t.entrants[i] {
            Entrant::Person(_) => Controller::Human,
            Entrant::Level(level) => Controller::Ai(level),
        };
        let settings = MatchSettings {
            black: controller(pair.0),
            white: controller(pair.1),
            clock: t
                .clock_minutes
                .map(|m| std::time::Duration::from_secs(60 * u64::from(m))),
            variant: t.variant,
        };
        self.playing = Some(Playing {
            pair,
            recorded: false,
            starting: true,
        });
        self.keep();
        Some(settings)
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Tournaments>().add_systems(
        Update,
        (
            follow_new_games.before(GameSystems::Turn),
            record_result.after(super::KeepFinished),
        ),
    );
}

/// A new game other than the tournament's own ends the tournament game (its pairing stays to be
/// played).
fn follow_new_games(mut requests: MessageReader<NewGameRequested>, mut t: ResMut<Tournaments>) {
    for _ in requests.read() {
        match &mut t.playing {
            Some(playing) if playing.starting => playing.starting = false,
            Some(_) => {
                t.playing = None;
                if let Some(current) = t.current.as_mut()
                    && current.in_play.take().is_some()
                {
                    t.keep();
                }
            }
            None => {}
        }
    }
}

/// Records the tournament game's result when it ends.
fn record_result(
    (mut ended, mut forfeits): (MessageReader<GameEnded>, MessageReader<TimeForfeit>),
    game: Res<CurrentGame>,
    (coaching, online): (Coaching, Res<Online>),
    mut t: ResMut<Tournaments>,
) {
    let board_end = ended.read().count() > 0;
    let flag = forfeits.read().last().map(|f| f.loser);
    if !(board_end || flag.is_some()) || coaching.active() || online.active() || !t.live() {
        return;
    }
    let Some(playing) = t.playing else { return };
    let game = game.0.clone();
    // Lost on time: the engine plays both sides to the end for the recorded score.
    let defaulted = flag.map(|loser| {
        let seed = game.history().len() as u64;
        (loser, crate::ai::front::play_out(&game, COMPLETION, seed))
    });
    let recorded = match t.current.as_mut() {
        Some(current) => current.record(playing.pair, game, defaulted),
        None => Err("no tournament".to_string()),
    };
    t.playing = Some(Playing {
        recorded: true,
        ..playing
    });
    match recorded {
        Ok(()) => t.keep(),
        Err(why) => t.error = Some(why),
    }
}
