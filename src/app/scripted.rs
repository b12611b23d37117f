//! What a scripted run does frame by frame: the game of `--moves` with its last move played live,
//! a lesson's, a puzzle's or a practice line's tries (`--try`), the room of `--join`, the review
//! of `--review-at`, and the screenshot taken once all of it is done.

use std::path::PathBuf;
use std::time::Duration;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};

use crate::game::practice::{PracticeLine, PracticeRequest};
use crate::game::{PlaceRequested, Requester};
use crate::rules::{Game, Player, Square, Variant, notation};

/// Frame at which `--screenshot` captures, or plays the scripted last move: the scene needs ~20
/// frames on software renderers.
pub(super) const WARM_UP_FRAMES: u32 = 40;
/// Frames after which a screenshot not yet captured is asked for again.
pub(super) const RECAPTURE_FRAMES: u32 = 50;
/// Game time per frame in screenshot mode, so captures are the same however slow the renderer.
pub(super) const SCREENSHOT_FRAME_TIME: Duration = Duration::from_millis(20);

/// A game given on the command line: everything but its last move, then that move played live.
#[derive(Resource, Clone, Debug)]
pub(super) struct ScriptedStart {
    pub(super) before_last: Game,
    pub(super) last: Option<Square>,
}

impl ScriptedStart {
    pub(super) fn from_transcript(text: &str, variant: Variant) -> Result<ScriptedStart, String> {
        let mut before_last = notation::parse_transcript(text, variant)
            .map_err(|e| format!("bad --moves ({variant}): {e}"))?;
        let last = before_last.undo();
        Ok(ScriptedStart { before_last, last })
    }
}

pub(super) fn play_scripted_last_move(
    mut frame: Local<u32>,
    start: Res<ScriptedStart>,
    mut place: MessageWriter<PlaceRequested>,
) {
    *frame += 1;
    if *frame == WARM_UP_FRAMES
        && let Some(square) = start.last
    {
        place.write(PlaceRequested {
            square,
            by: Requester::Human,
        });
    }
}

/// Frames between two scripted tries in a lesson or a puzzle.
pub(super) const TRY_FRAMES: u32 = 40;

/// What the command line opens on the board.
#[derive(Clone, Copy, Debug)]
pub(super) enum Coach {
    /// A lesson, 1-based.
    Lesson(u8),
    /// A puzzle of the shipped set, 0-based.
    Puzzle(usize),
    /// Opening practice: the line, the player's colour.
    Practice(PracticeLine, Player),
}

/// A lesson or puzzle opened from the command line, and the squares clicked in it.
#[derive(Resource, Clone, Debug)]
pub(super) struct ScriptedCoach {
    pub(super) start: Coach,
    pub(super) tries: Vec<Square>,
}

/// Opens the lesson or puzzle at once, then clicks its squares one by one after the warm-up.
pub(super) fn run_scripted_coach(
    mut frame: Local<u32>,
    script: Res<ScriptedCoach>,
    mut lessons: MessageWriter<crate::game::lesson::LessonRequest>,
    mut puzzles: MessageWriter<crate::game::puzzle::PuzzleRequest>,
    mut practice: MessageWriter<PracticeRequest>,
    mut place: MessageWriter<PlaceRequested>,
) {
    *frame += 1;
    if *frame == 1 {
        match script.start {
            Coach::Lesson(n) => {
                lessons.write(crate::game::lesson::LessonRequest::Start(n));
            }
            Coach::Puzzle(i) => {
                puzzles.write(crate::game::puzzle::PuzzleRequest::Start(i));
            }
            Coach::Practice(line, colour) => {
                practice.write(PracticeRequest::Start(line, colour));
            }
        }
    }
    let after = frame.saturating_sub(WARM_UP_FRAMES);
    if *frame >= WARM_UP_FRAMES
        && after.is_multiple_of(TRY_FRAMES)
        && let Some(&square) = script.tries.get((after / TRY_FRAMES) as usize)
    {
        place.write(PlaceRequested {
            square,
            by: Requester::Human,
        });
    }
}

#[derive(Resource)]
pub(super) struct ScreenshotTo {
    pub(super) path: PathBuf,
    pub(super) frame: u32,
}

/// At a fixed frame, capture the window, save it, then quit; a scripted review's frames count
/// from when it is done. A capture that has not come [`RECAPTURE_FRAMES`] later (a frame the
/// window lost) is asked for again.
pub(super) fn take_screenshot(
    mut commands: Commands,
    mut frame: Local<u32>,
    target: Res<ScreenshotTo>,
    (review, analysis): (
        Option<Res<ScriptedReview>>,
        Option<Res<crate::game::analysis::Analysis>>,
    ),
) {
    // A scripted review, or an analysis running, is waited for: the picture shows it done.
    if review.is_some_and(|r| r.stage != ReviewStage::Done) || analysis.is_some_and(|a| a.running) {
        return;
    }
    *frame += 1;
    if *frame >= target.frame && (*frame - target.frame).is_multiple_of(RECAPTURE_FRAMES) {
        commands
            .spawn(Screenshot::primary_window())
            .observe(save_to_disk(target.path.clone()))
            .observe(
                |_: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
                    exit.write(AppExit::Success);
                },
            );
    }
}

/// A room named on the command line (`--join`: its server, its code or `new`, the board for a new
/// one), joined or opened on the first frame.
#[derive(Resource, Default)]
pub(super) struct JoinAtStart(pub(super) Option<(String, String, Variant)>);

pub(super) fn join_at_start(
    mut join: ResMut<JoinAtStart>,
    mut requests: MessageWriter<crate::game::online::OnlineRequest>,
) {
    use crate::game::online::OnlineRequest;
    match join.0.take() {
        Some((server, code, variant)) if code == "new" => {
            requests.write(OnlineRequest::Create {
                server,
                name: String::new(),
                colour: crate::net::ColourChoice::Random,
                variant,
                clock: None,
                public: false,
            });
        }
        Some((server, code, _)) => {
            requests.write(OnlineRequest::Join {
                server,
                code,
                name: String::new(),
            });
        }
        None => {}
    }
}

/// Where a scripted review is (`--review-at`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ReviewStage {
    /// For the game's last move to be played and shown.
    Waiting,
    /// For the analysis.
    Analysing,
    /// Stepped back; the move of another line to play, a few frames on.
    Stepped(u32),
    Done,
}

/// `--review-at N [--what-if SQUARE]`: the game analysed, then the position after N placed moves,
/// and another line's move there.
#[derive(Resource, Debug)]
pub(super) struct ScriptedReview {
    pub(super) plays: usize,
    pub(super) what_if: Option<Square>,
    pub(super) stage: ReviewStage,
}

pub(super) fn run_scripted_review(
    mut frame: Local<u32>,
    mut script: ResMut<ScriptedReview>,
    analysis: Res<crate::game::analysis::Analysis>,
    what_if: Res<crate::game::analysis::WhatIf>,
    (mut analyse, mut jump, mut place): (
        MessageWriter<crate::game::analysis::AnalyseRequested>,
        MessageWriter<crate::game::JumpRequested>,
        MessageWriter<PlaceRequested>,
    ),
) {
    *frame += 1;
    script.stage = match script.stage {
        // The last move lands at the warm-up's end; its flips take a few dozen frames.
        ReviewStage::Waiting if *frame > WARM_UP_FRAMES + TRY_FRAMES => {
            analyse.write(crate::game::analysis::AnalyseRequested(None));
            ReviewStage::Analysing
        }
        ReviewStage::Analysing if !analysis.running && !analysis.reviews.is_empty() => {
            jump.write(crate::game::JumpRequested {
                plays: script.plays,
            });
            ReviewStage::Stepped(*frame)
        }
        ReviewStage::Stepped(at) if *frame >= at + TRY_FRAMES => match script.what_if {
            Some(square) if !what_if.active() => {
                place.write(PlaceRequested {
                    square,
                    by: Requester::Human,
                });
                ReviewStage::Stepped(*frame)
            }
            // The explored move scored.
            Some(_) if what_if.reviews.is_empty() => ReviewStage::Stepped(at),
            _ => ReviewStage::Done,
        },
        stage => stage,
    };
}
