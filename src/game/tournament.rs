//! A tournament on this device in the game ([`crate::tournament`]): the one kept, the game of it
//! on the board, and its result recorded when that game ends — on the board, or on time, when the
//! engine completes it for both sides and it is recorded by the rule. While a tournament game is
//! being played there are no hints and no take-backs; the past games keep it under the players'
//! names.

use bevy::prelude::*;

use super::clock::TimeForfeit;
use super::compute::Computation;
use super::online::Online;
use super::puzzle::Coaching;
use super::{Controller, CurrentGame, GameEnded, GameSystems, MatchSettings, NewGameRequested};
use crate::ai::Level;
use crate::ai::jobs::{Job, Report};
use crate::rules::{Game, Player};
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
    app.init_resource::<Tournaments>()
        .init_resource::<Completing>()
        .add_systems(
            Update,
            (
                follow_new_games.before(GameSystems::Turn),
                (record_result, complete_defaulted)
                    .chain()
                    .after(super::KeepFinished),
            ),
        );
}

/// A tournament game lost on time while [`COMPLETION`] plays both sides to its end: a move a
/// job, off the frame (in the browser, in the engine's worker, so the page's own module carries
/// no engine); the result is recorded when it ends.
#[derive(Resource, Default)]
pub struct Completing(Option<Completion>);

struct Completion {
    loser: Player,
    /// The game as played, and its completion so far.
    played: Game,
    game: Game,
    seed: u64,
    job: Option<Computation>,
}

impl Completing {
    /// Whether a game lost on time is being completed.
    pub fn active(&self) -> bool {
        self.0.is_some()
    }
}

/// Plays the completion on, a move a job, and records the game once it is over. A job that
/// fails moves by the quick rule the AI player falls back on, so the completion always ends.
fn complete_defaulted(mut completing: ResMut<Completing>, mut t: ResMut<Tournaments>) {
    let Some(c) = completing.0.as_mut() else {
        return;
    };
    if !t.live() {
        // The player left the game for another: its pairing stays to be played.
        completing.0 = None;
        return;
    }
    if !c.game.is_over() {
        let Some(job) = &c.job else {
            c.job = Some(Computation::start(Job::VariantMove {
                position: c.game.position(),
                level: COMPLETION,
                seed: c.seed.wrapping_add(c.game.history().len() as u64),
                budget: None,
            }));
            return;
        };
        for report in job.reports() {
            let square = match report {
                Report::Placed(square) => square,
                Report::Failed(why) => {
                    warn!("the completion's search failed ({why}); playing a quick move");
                    super::ai_player::fallback_move(&c.game.position())
                }
                _ => continue,
            };
            if let Some(square) = square {
                let _ = c.game.play(square);
            }
            c.job = None;
            break;
        }
        return;
    }
    let Some(Completion {
        loser,
        played,
        game,
        ..
    }) = completing.0.take()
    else {
        return;
    };
    let Some(playing) = t.playing else { return };
    let recorded = match t.current.as_mut() {
        Some(current) => current.record(playing.pair, played, Some((loser, game))),
        None => Err("no tournament".to_string()),
    };
    finish_recording(&mut t, playing, recorded);
}

fn finish_recording(t: &mut Tournaments, playing: Playing, recorded: Result<(), String>) {
    t.playing = Some(Playing {
        recorded: true,
        ..playing
    });
    match recorded {
        Ok(()) => t.keep(),
        Err(why) => t.error = Some(why),
    }
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

/// Records the tournament game's result when it ends; a game lost on time is first completed
/// ([`Completing`]).
fn record_result(
    (mut ended, mut forfeits): (MessageReader<GameEnded>, MessageReader<TimeForfeit>),
    game: Res<CurrentGame>,
    (coaching, online): (Coaching, Res<Online>),
    mut t: ResMut<Tournaments>,
    mut completing: ResMut<Completing>,
) {
    let board_end = ended.read().count() > 0;
    let flag = forfeits.read().last().map(|f| f.loser);
    if !(board_end || flag.is_some())
        || coaching.active()
        || online.active()
        || !t.live()
        || completing.active()
    {
        return;
    }
    let Some(playing) = t.playing else { return };
    let game = game.0.clone();
    if let Some(loser) = flag {
        completing.0 = Some(Completion {
            loser,
            seed: game.history().len() as u64,
            played: game.clone(),
            game,
            job: None,
        });
        return;
    }
    let recorded = match t.current.as_mut() {
        Some(current) => current.record(playing.pair, game, None),
        None => Err("no tournament".to_string()),
    };
    finish_recording(&mut t, playing, recorded);
}
