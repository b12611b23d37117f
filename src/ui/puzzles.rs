//! Endgame puzzles: their list by grade with the puzzle of the day and the player's progress (a
//! dialog), the puzzle's panel beside the board (the task, what the last try showed, the score
//! question, the buttons), and what a puzzle draws on the board: the regions of empty squares as
//! its hint, the move tried, and once solved every move's exact result on its square.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::navigation::FocusFirst;
use super::on_board::{FOUND, HINT, WRONG};
use super::{Dialog, OnScreen, Screen, SidePanel, UiPass, menu_button, words};
use crate::ai::puzzles::{self, Ask, Grade, Kind, Puzzle};
use crate::audio::UiClick;
use crate::game::board::BoardCamera;
use crate::game::puzzle::{PuzzleFeedback, PuzzleRequest, PuzzleRun, PuzzleStage, PuzzlesSolved};
use crate::i18n::Texts;
use crate::rules::Square;
use crate::rules::bits::Bits;
use crate::tr;

/// Width of the puzzle's panel, in logical pixels, as the lessons'.
const PANEL_WIDTH: f32 = 330.0;

/// A draw, and the hint's odd regions.
const EVEN: egui::Color32 = egui::Color32::from_rgb(255, 210, 90);

pub fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (
            puzzle_panel
                .in_set(UiPass::Panel)
                .run_if(in_state(Screen::Puzzle)),
            puzzle_board
                .in_set(UiPass::Overlay)
                .run_if(in_state(Screen::Puzzle)),
            puzzle_list
                .in_set(UiPass::Windows)
                .run_if(in_state(Dialog::Puzzles)),
        ),
    )
    .add_systems(OnExit(Screen::Puzzle), leave_puzzle);
}

/// Leaving the puzzle screen (for the menu) brings back the game put aside.
fn leave_puzzle(mut requests: MessageWriter<PuzzleRequest>) {
    requests.write(PuzzleRequest::Leave);
}

/// Today's date where the player is, in days since 1970-01-01: the puzzle of the day changes at
/// local midnight.
fn local_day() -> i64 {
    let now = crate::game::past_games::now_secs();
    (now as i64 + super::past_games::local_offset(now)).div_euclid(86_400)
}

/// Today's puzzle where the player is: its index in the shipped set.
pub fn today() -> usize {
    puzzles::daily(local_day(), puzzles::shipped().len())
}

/// The puzzle a link or the command line names (`--puzzle`, `?puzzle=`): its index, or `None`
/// for the list.
pub fn named(choice: crate::cli::args::PuzzleChoice) -> Option<usize> {
    use crate::cli::args::PuzzleChoice;
    match choice {
        PuzzleChoice::List => None,
        PuzzleChoice::Daily => Some(today()),
        PuzzleChoice::Number(n) => Some(n - 1),
    }
}

/// What the puzzle screens' buttons lead to.
#[derive(bevy::ecs::system::SystemParam)]
struct PuzzleActions<'w> {
    requests: MessageWriter<'w, PuzzleRequest>,
    clicks: MessageWriter<'w, UiClick>,
    next_screen: ResMut<'w, NextState<Screen>>,
    next_dialog: ResMut<'w, NextState<Dialog>>,
    focus_first: ResMut<'w, FocusFirst>,
}

impl PuzzleActions<'_> {
    fn open(&mut self, index: usize) {
        self.clicks.write(UiClick);
        self.requests.write(PuzzleRequest::Start(index));
        self.next_screen.set(Screen::Puzzle);
        self.next_dialog.set(Dialog::None);
        self.focus_first.0 = true;
    }
}

fn grade_name(texts: &Texts, grade: Grade) -> String {
    match grade {
        Grade::Easy => tr!(texts, "puzzles-easy"),
        Grade::Medium => tr!(texts, "puzzles-medium"),
        Grade::Hard => tr!(texts, "puzzles-hard"),
    }
}

/// The list: the progress, the puzzle of the day, then each grade's puzzles as numbered buttons
/// (solved ones green); the puzzle of the day has the focus.
fn puzzle_list(
    mut contexts: EguiContexts,
    solved: Res<PuzzlesSolved>,
    mut act: PuzzleActions,
    (texts, panel): (Res<Texts>, Res<SidePanel>),
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let texts = &*texts;
    let set = puzzles::shipped();
    let daily = today();
    egui::Window::new(tr!(texts, "puzzles-title"))
        .id(egui::Id::new("puzzles"))
        .order(egui::Order::Foreground)
        .collapsible(false)
        .resizable(false)
        .min_width(super::fitting_width(ctx, 460.0))
        .max_width(super::fitting_width(ctx, 460.0))
        .anchor(egui::Align2::CENTER_CENTER, super::over_board(&panel))
        .show(ctx, |ui| {
            ui.label(tr!(
                texts,
                "puzzles-progress",
                solved = solved.0.0.len(),
                total = set.len()
            ));
            if let Some(puzzle) = set.get(daily) {
                let today = ui.button(
                    egui::RichText::new(tr!(
                        texts,
                        "puzzles-daily",
                        number = daily + 1,
                        grade = grade_name(texts, puzzle.grade()),
                        empties = puzzle.empties()
                    ))
                    .size(16.0),
                );
                if act.focus_first.0 {
                    today.request_focus();
                    act.focus_first.0 = false;
                }
                if today.clicked() {
                    act.open(daily);
                }
            }
            ui.separator();
            super::scroll_to_fit(ui, 60.0, |ui| {
                for grade in Grade::ALL {
                    let of: Vec<usize> = (0..set.len())
                        .filter(|&i| set[i].grade() == grade)
                        .collect();
                    let done = of
                        .iter()
                        .filter(|&&i| solved.0.0.contains(&(i as u16 + 1)))
                        .count();
                    let heading = tr!(
                        texts,
                        "puzzles-grade",
                        grade = grade_name(texts, grade),
                        solved = done,
                        total = of.len()
                    );
                    egui::CollapsingHeader::new(egui::RichText::new(heading).strong())
                        .id_salt(grade)
                        .default_open(grade == Grade::Easy)
                        .show(ui, |ui| {
                            ui.horizontal_wrapped(|ui| {
                                for &i in &of {
                                    number_button(ui, texts, &set[i], i, &solved, &mut act);
                                }
                            });
                        });
                }
            });
            ui.separator();
            ui.vertical_centered(|ui| {
                if menu_button(ui, &tr!(texts, "puzzles-close"), &mut act.clicks).clicked() {
                    act.next_dialog.set(Dialog::None);
                }
            });
        });
    Ok(())
}

/// A puzzle's button in the list: its number, ticked and green once solved; its empties and how
/// many moves fall short on hover.
fn number_button(
    ui: &mut egui::Ui,
    texts: &Texts,
    puzzle: &Puzzle,
    index: usize,
    solved: &PuzzlesSolved,
    act: &mut PuzzleActions,
) {
    let done = solved.0.0.contains(&(index as u16 + 1));
    let mut label = egui::RichText::new(format!("{}", index + 1)).monospace();
    if done {
        label = label.color(crate::ui::ink(ui, FOUND));
    }
    // The words on hover are made only while hovered: the list holds hundreds of buttons.
    let button = ui
        .add_sized([44.0, 26.0], egui::Button::new(label))
        .on_hover_ui(|ui| {
            ui.label(tr!(
                texts,
                "puzzles-about",
                empties = puzzle.empties(),
                wrong = puzzle.wrong_moves(),
                moves = puzzle.scores.len()
            ));
        });
    if button.clicked() {
        act.open(index);
    }
}

/// The task in words: whose move, what makes the answer unique, and the score question.
fn task_text(texts: &Texts, puzzle: &Puzzle) -> String {
    let side = words::player(texts, puzzle.position.to_move);
    let mut text = match puzzle.kind() {
        Some(Kind::OnlyWin) => tr!(texts, "puzzle-task-win", side = side),
        Some(Kind::OnlyDraw) => tr!(texts, "puzzle-task-draw", side = side),
        _ => tr!(texts, "puzzle-task-best", side = side),
    };
    if puzzle.ask == Ask::Score {
        text.push(' ');
        text.push_str(&tr!(texts, "puzzle-task-score"));
    }
    text
}

/// A move's result as a sentence's end: "wins 36–28", "draws 32–32", "loses 30–34" (for the
/// side to move).
fn result_text(texts: &Texts, puzzle: &Puzzle, margin: i32) -> String {
    let (black, white) = puzzle.final_discs(margin);
    let outcome = match margin.signum() {
        1 => "win",
        0 => "draw",
        _ => "loss",
    };
    tr!(
        texts,
        "puzzle-result",
        outcome = outcome,
        black = black,
        white = white
    )
}

/// What the last try showed, and its colour.
fn feedback_text(
    texts: &Texts,
    puzzle: &Puzzle,
    feedback: PuzzleFeedback,
) -> (String, egui::Color32) {
    let answer = puzzle.answer().to_string();
    match feedback {
        PuzzleFeedback::NotLegal(square) => (
            tr!(texts, "puzzle-not-legal", square = square.to_string()),
            WRONG,
        ),
        PuzzleFeedback::Short { square, score } => (
            tr!(
                texts,
                "puzzle-short",
                square = square.to_string(),
                result = result_text(texts, puzzle, score)
            ),
            WRONG,
        ),
        PuzzleFeedback::RightMove => (tr!(texts, "puzzle-right-move", square = answer), FOUND),
        PuzzleFeedback::WrongScore(margin) => {
            let (black, white) = puzzle.final_discs(margin);
            (
                tr!(texts, "puzzle-wrong-score", black = black, white = white),
                WRONG,
            )
        }
        PuzzleFeedback::Solved => (
            tr!(
                texts,
                "puzzle-solved",
                square = answer,
                result = result_text(texts, puzzle, puzzle.best_score()),
                side = words::player(texts, puzzle.position.to_move)
            ),
            FOUND,
        ),
    }
}

/// The puzzle's panel: which puzzle, the task, what the last try showed, the score question, the
/// hint and the buttons.
fn puzzle_panel(
    mut contexts: EguiContexts,
    run: Res<PuzzleRun>,
    mut act: PuzzleActions,
    mut panel: ResMut<SidePanel>,
    texts: Res<Texts>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let texts = &*texts;
    let Some(state) = &run.0 else {
        return Ok(());
    };
    let puzzle = state.puzzle();
    let total = puzzles::shipped().len();
    super::side_panel(
        ctx,
        egui::Id::new("puzzle"),
        PANEL_WIDTH,
        &mut panel,
        |ui| {
            ui.add_space(8.0);
            let heading = tr!(
                texts,
                "puzzle-heading",
                number = state.index + 1,
                total = total
            );
            ui.heading(heading);
            let mut about = tr!(
                texts,
                "puzzle-about",
                grade = grade_name(texts, puzzle.grade()),
                empties = puzzle.empties()
            );
            if today() == state.index {
                about = format!("{about} · {}", tr!(texts, "puzzle-of-the-day"));
            }
            ui.label(egui::RichText::new(about).weak());
            ui.separator();
            ui.label(
                egui::RichText::new(task_text(texts, puzzle))
                    .strong()
                    .size(15.0),
            );
            if let Some(feedback) = state.feedback {
                ui.add_space(4.0);
                let (text, colour) = feedback_text(texts, puzzle, feedback);
                egui::Frame::group(ui.style()).show(ui, |ui| {
                    ui.label(egui::RichText::new(text).color(crate::ui::ink(ui, colour)));
                });
            }
            if state.stage == PuzzleStage::Scoring {
                ui.horizontal_wrapped(|ui| {
                    for (i, margin) in puzzle.score_options(state.index).into_iter().enumerate() {
                        let (black, white) = puzzle.final_discs(margin);
                        let button =
                            ui.button(egui::RichText::new(format!("{black}–{white}")).size(17.0));
                        if i == 0 && act.focus_first.0 {
                            button.request_focus();
                            act.focus_first.0 = false;
                        }
                        if button.clicked() {
                            act.clicks.write(UiClick);
                            act.requests.write(PuzzleRequest::Choose(i));
                        }
                    }
                });
            }
            if state.hint && state.stage == PuzzleStage::Trying {
                let regions = puzzles::regions(&puzzle.position);
                let answer = puzzle.answer().index(8).unwrap_or(0);
                let sizes: Vec<String> = regions.iter().map(|r| r.count().to_string()).collect();
                let holding = regions
                    .iter()
                    .find(|r| r.contains(answer))
                    .map_or(0, |r| r.count());
                ui.label(
                    egui::RichText::new(tr!(
                        texts,
                        "puzzle-hint-regions",
                        regions = sizes.join(", "),
                        number = sizes.len(),
                        count = holding
                    ))
                    .color(crate::ui::ink(ui, HINT)),
                );
            }
            if state.stage == PuzzleStage::Solved {
                let next = menu_button(ui, &tr!(texts, "puzzle-next"), &mut act.clicks);
                if act.focus_first.0 {
                    next.request_focus();
                    act.focus_first.0 = false;
                }
                if next.clicked() {
                    act.requests.write(PuzzleRequest::Next);
                    act.focus_first.0 = true;
                }
            }
            ui.separator();
            ui.horizontal_wrapped(|ui| {
                if state.stage == PuzzleStage::Trying
                    && ui.button(tr!(texts, "puzzle-hint")).clicked()
                {
                    act.clicks.write(UiClick);
                    act.requests.write(PuzzleRequest::Hint);
                }
                if ui.button(tr!(texts, "puzzle-restart")).clicked() {
                    act.clicks.write(UiClick);
                    act.requests.write(PuzzleRequest::Restart);
                }
                if state.stage != PuzzleStage::Solved
                    && ui.button(tr!(texts, "puzzle-skip")).clicked()
                {
                    act.clicks.write(UiClick);
                    act.requests.write(PuzzleRequest::Next);
                }
            });
            ui.horizontal_wrapped(|ui| {
                if ui.button(tr!(texts, "puzzle-all")).clicked() {
                    act.clicks.write(UiClick);
                    act.next_dialog.set(Dialog::Puzzles);
                    act.focus_first.0 = true;
                }
                if ui.button(tr!(texts, "puzzle-to-menu")).clicked() {
                    act.clicks.write(UiClick);
                    act.next_screen.set(Screen::MainMenu);
                    act.focus_first.0 = true;
                }
            });
        },
    );
    Ok(())
}

/// What a puzzle draws over the board: the hint's regions (the one holding the answer in blue,
/// the others outlined by parity), a cross on a square that is no move, the move tried, and once
/// solved every legal move's result for the side to move, in discs, on its square.
fn puzzle_board(
    mut contexts: EguiContexts,
    run: Res<PuzzleRun>,
    camera: Single<(&Camera, &GlobalTransform), With<BoardCamera>>,
) -> Result {
    let Some(state) = &run.0 else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let (camera, transform) = *camera;
    let Some(screen) = OnScreen::new(ctx, camera, transform, 8) else {
        return Ok(());
    };
    let painter = ctx.layer_painter(egui::LayerId::background());
    let puzzle = state.puzzle();
    if state.hint && state.stage == PuzzleStage::Trying {
        let answer = puzzle.answer().index(8).unwrap_or(0);
        for region in puzzles::regions(&puzzle.position) {
            let colour = if region.contains(answer) {
                HINT
            } else if region.count() % 2 == 1 {
                EVEN.gamma_multiply(0.8)
            } else {
                egui::Color32::from_gray(200)
            };
            for i in region.iter() {
                screen.ring(&painter, Square::from_index(i, 8), colour, 3.0, 0.8);
            }
        }
    }
    match state.feedback {
        Some(PuzzleFeedback::NotLegal(square)) if state.stage == PuzzleStage::Trying => {
            screen.cross(&painter, square, WRONG);
        }
        Some(PuzzleFeedback::Short { square, score }) if state.stage == PuzzleStage::Trying => {
            screen.ring(&painter, square, WRONG, 4.0, 0.85);
            label(&screen, &painter, square, score);
        }
        _ => {}
    }
    if state.stage == PuzzleStage::Solved {
        for &(square, score) in &puzzle.scores {
            label(&screen, &painter, square, score);
        }
        screen.ring(&painter, puzzle.answer(), FOUND, 4.0, 0.95);
    }
    Ok(())
}

/// A move's result on its square: `+4` in green for a win, `0` in amber, `−6` in red.
fn label(screen: &OnScreen, painter: &egui::Painter, square: Square, score: i32) {
    let Some(at) = screen.at(square) else { return };
    let (text, colour) = match score.signum() {
        1 => (format!("+{score}"), FOUND),
        0 => ("0".to_string(), EVEN),
        _ => (format!("−{}", -score), WRONG),
    };
    let size = (screen.radius * 0.8).clamp(10.0, 28.0);
    painter.circle_filled(
        at,
        screen.radius * 0.62,
        egui::Color32::from_black_alpha(170),
    );
    painter.text(
        at,
        egui::Align2::CENTER_CENTER,
        text,
        egui::FontId::proportional(size),
        colour,
    );
}
