//! Automatic save and resume: the game in progress, the players and the settings are written to
//! the config directory shortly after they change (and on exit), and restored at start. A save
//! that cannot be read is moved aside and the player is told, never a crash.

use bevy::prelude::*;

use crate::game::clock::{Clocks, ClocksAfterReset};
use crate::game::lesson::{LessonsDone, PutAside};
use crate::game::online::{Online, Session};
use crate::game::practice::OpeningsLearned;
use crate::game::puzzle::PuzzlesSolved;
use crate::game::{BoardReset, Controller, CurrentGame, GameSettings, Generation, MatchSettings};
use crate::i18n::Language;
use crate::save::{Loaded, OnlineSeat, SaveData, SavedPlayer, Store};

/// Seconds without further changes before the save is written.
const SAVE_DELAY_SECS: f32 = 0.5;
/// While a clock runs, the save is refreshed this often (seconds), so a restart loses little time.
const CLOCK_SAVE_SECS: f32 = 2.0;

/// Where saves go; `None` turns saving off (no config directory, a scripted run, or a test).
#[derive(Resource, Clone, Debug, Default)]
pub struct SaveDir(pub Option<Store>);

/// What the player is told about saving (a save moved aside, a failed write).
#[derive(Resource, Clone, Debug, Default)]
pub struct SaveNotice(pub Option<SaveProblem>);

/// A problem with the saved game (the error texts are the system's or the save reader's).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveProblem {
    /// The save could not be restored; it was kept as `moved_to`, or, when it could not be moved
    /// aside, left as it was with saving off for this run.
    NotRestored {
        error: String,
        moved_to: Option<String>,
    },
    /// The save could not be written.
    NotWritten { error: String },
}

/// A saved game was restored at start.
#[derive(Message, Clone, Copy, Debug)]
pub struct GameRestored;

#[derive(Resource, Default)]
struct Pending {
    /// Seconds since the last unsaved change, when there is one.
    since: Option<f32>,
    /// Seconds since the last write.
    since_write: f32,
    restored: bool,
    /// The online seat last seen (a new or lost seat is a change to save).
    online: Option<OnlineSeat>,
}

pub fn plugin(app: &mut App) {
    app.init_resource::<SaveDir>()
        .init_resource::<SaveNotice>()
        .init_resource::<Pending>()
        .add_message::<GameRestored>()
        .add_systems(Startup, restore)
        .add_systems(Last, (note_changes, write_when_due).chain());
}

fn to_saved(controller: Controller) -> SavedPlayer {
    match controller {
        // An online game is kept as a game between two people on this device.
        Controller::Human | Controller::Remote => SavedPlayer::Human,
        Controller::Ai(level) => SavedPlayer::Ai(level),
    }
}

fn from_saved(player: SavedPlayer) -> Controller {
    match player {
        SavedPlayer::Human => Controller::Human,
        SavedPlayer::Ai(level) => Controller::Ai(level),
    }
}

/// What is saved: the game in progress (the one put aside while a lesson runs, or while another
/// line is explored from one of its positions), the players,
/// the settings, the lessons completed, the puzzles solved and the openings learned.
#[derive(bevy::ecs::system::SystemParam)]
struct Saved<'w> {
    game: Res<'w, CurrentGame>,
    players: Res<'w, MatchSettings>,
    settings: Res<'w, GameSettings>,
    clocks: Res<'w, Clocks>,
    aside: Res<'w, PutAside>,
    lessons: Res<'w, LessonsDone>,
    puzzles: Res<'w, PuzzlesSolved>,
    openings: Res<'w, OpeningsLearned>,
    online: Option<Res<'w, Online>>,
    what_if: Res<'w, crate::game::analysis::WhatIf>,
}

impl Saved<'_> {
    fn changed(&self) -> bool {
        self.game.is_changed()
            || self.players.is_changed()
            || self.settings.is_changed()
            || self.lessons.is_changed()
            || self.puzzles.is_changed()
            || self.openings.is_changed()
    }

    /// The online game's seat, while there is one.
    fn online_seat(&self) -> Option<OnlineSeat> {
        self.online.as_ref()?.0.as_ref()?.seat()
    }

    fn snapshot(&self) -> SaveData {
        let (game, players, clocks) = match &self.aside.0 {
            Some((game, players, clocks)) => (game, players, clocks),
            None => (
                self.what_if.game_or(&self.game.0),
                &*self.players,
                &*self.clocks,
            ),
        };
        let settings = &self.settings;
        SaveData {
            lessons: self.lessons.0.clone(),
            puzzles: self.puzzles.0.clone(),
            openings: self.openings.0.clone(),
            clock: players.clock,
            clock_left: clocks
                .limit
                .map(|_| (clocks.black, clocks.white, clocks.flagged)),
            game: game.clone(),
            black: to_saved(players.black),
            white: to_saved(players.white),
            volume: settings.volume,
            muted: settings.muted,
            animation_speed: settings.animation_speed,
            show_legal_moves: settings.show_legal_moves,
            show_hints: settings.show_hints,
            ai_move_delay: settings.ai_move_delay,
            theme: settings.theme.key().to_string(),
            view: settings.view.key().to_string(),
            ui: settings.ui_mode.key().to_string(),
            text_scale: settings.text_scale,
            language: settings
                .language
                .map_or(String::new(), |l| l.code().to_string()),
            analysis_depth: settings.review_depth.key().to_string(),
            online: self.online_seat(),
        }
    }
}

/// What a restored save replaces.
#[derive(bevy::ecs::system::SystemParam)]
struct Restorable<'w> {
    game: ResMut<'w, CurrentGame>,
    players: ResMut<'w, MatchSettings>,
    settings: ResMut<'w, GameSettings>,
    generation: ResMut<'w, Generation>,
    clocks: ResMut<'w, ClocksAfterReset>,
    lessons: ResMut<'w, LessonsDone>,
    puzzles: ResMut<'w, PuzzlesSolved>,
    openings: ResMut<'w, OpeningsLearned>,
    online: Option<ResMut<'w, Online>>,
}

fn restore(
    mut dir: ResMut<SaveDir>,
    restorable: Restorable,
    mut notice: ResMut<SaveNotice>,
    mut pending: ResMut<Pending>,
    mut reset: MessageWriter<BoardReset>,
    mut restored: MessageWriter<GameRestored>,
) {
    let Restorable {
        mut game,
        mut players,
        mut settings,
        mut generation,
        clocks: mut restored_clocks,
        mut lessons,
        mut puzzles,
        mut openings,
        online,
    } = restorable;
    pending.restored = true;
    let Some(store) = &dir.0 else { return };
    match store.load() {
        Loaded::Nothing => {}
        Loaded::Save(data) => {
            *players = MatchSettings {
                black: from_saved(data.black),
                white: from_saved(data.white),
                clock: data.clock,
                variant: data.game.variant(),
            };
            game.0 = data.game;
            lessons.0 = data.lessons;
            puzzles.0 = data.puzzles;
            openings.0 = data.openings;
            *settings = GameSettings {
                volume: data.volume,
                muted: data.muted,
                animation_speed: data.animation_speed,
                show_legal_moves: data.show_legal_moves,
                show_hints: data.show_hints,
                ai_move_delay: data.ai_move_delay,
                // A theme this build does not know (a newer build's) falls back to the classic one.
                theme: data.theme.parse().unwrap_or_default(),
                // Likewise a view it does not know: the 3D one.
                view: data.view.parse().unwrap_or_default(),
                // And menus of a look it does not know: dark ones.
                ui_mode: data.ui.parse().unwrap_or_default(),
                text_scale: data.text_scale,
                // A language this build does not speak follows the system's.
                language: data
                    .language
                    .parse()
                    .ok()
                    .filter(|l| *l != Language::Pseudo),
                // And a depth it does not know: the normal one.
                review_depth: data.analysis_depth.parse().unwrap_or_default(),
            };
            generation.0 += 1;
            reset.write(BoardReset);
            restored.write(GameRestored);
            // An online game goes on: the seat is taken back with its token.
            if let (Some(seat), Some(mut online)) = (&data.online, online) {
                online.0 = Some(Session::resume(seat));
                pending.online = data.online.clone();
            }
            restored_clocks.0 = data.clock_left.map(|(black, white, flagged)| Clocks {
                limit: data.clock,
                black,
                white,
                flagged,
            });
        }
        Loaded::MovedAside { error, moved_to } => {
            if moved_to.is_none() {
                // Writing now would replace the damaged save: saving stays off for this run.
                dir.0 = None;
            }
            notice.0 = Some(SaveProblem::NotRestored {
                error: error.to_string(),
                moved_to: moved_to.map(|p| p.to_string()),
            });
        }
    }
    // Whatever was restored (or not) is what is on disk now: nothing to write yet.
    pending.since = None;
}

fn note_changes(saved: Saved, mut pending: ResMut<Pending>, time: Res<Time>) {
    if !pending.restored {
        return;
    }
    pending.since_write += time.delta_secs();
    let seat = saved.online_seat();
    let seat_changed = seat != pending.online;
    if seat_changed {
        pending.online = seat;
    }
    if saved.changed() || seat_changed {
        pending.since = Some(0.0);
    } else if let Some(since) = &mut pending.since {
        *since += time.delta_secs();
    }
}

fn write(dir: &SaveDir, data: &SaveData, notice: &mut SaveNotice) {
    if let Some(store) = &dir.0
        && let Err(e) = store.store(data)
    {
        notice.0 = Some(SaveProblem::NotWritten {
            error: e.to_string(),
        });
    }
}

/// Writes the save when changes have settled, every few seconds while a clock runs, and on exit.
fn write_when_due(
    mut exits: MessageReader<AppExit>,
    dir: Res<SaveDir>,
    saved: Saved,
    mut pending: ResMut<Pending>,
    mut notice: ResMut<SaveNotice>,
) {
    let clocks = &saved.clocks;
    let clock_running =
        clocks.limit.is_some() && clocks.flagged.is_none() && !saved.game.0.is_over();
    let quiet = pending.since.is_some_and(|s| s >= SAVE_DELAY_SECS);
    let clock_due = clock_running && pending.since_write >= CLOCK_SAVE_SECS;
    let exiting = exits.read().count() > 0 && (pending.since.is_some() || clock_running);
    if quiet || clock_due || exiting {
        pending.since = None;
        pending.since_write = 0.0;
        write(&dir, &saved.snapshot(), &mut notice);
    }
}
