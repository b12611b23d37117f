//! "Learn to play": the list of lessons with the learner's progress (a dialog), the lesson's panel
//! beside the board (its sentences, the task, what the last try showed, the hint and the lesson's
//! buttons), and what a lesson draws on the board: squares found, discs marked, the lines that do
//! and do not outflank, and the hint.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::game_over::GameOverDismissed;
use super::main_menu::GameStarted;
use super::navigation::FocusFirst;
use super::on_board::{FOUND, HINT, WRONG};
use super::{Dialog, Screen, SidePanel, UiPass, menu_button};
use crate::audio::UiClick;
use crate::game::CurrentGame;
use crate::game::board::BoardCamera;
use crate::game::lesson::{Feedback, LessonRequest, LessonRun, LessonsDone, Run, Stage};
use crate::i18n::Texts;
use crate::lessons::{self, COURSES, Course, LESSONS, Task, Verdict};
use crate::rules::Square;
use crate::{tr, tr_id};

/// Width of the lesson's panel, in logical pixels: wider than the game's, for its sentences.
const PANEL_WIDTH: f32 = 330.0;

use feedback::{MARKED, MISSED, feedback_text, hint_text};

pub fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (
            lesson_panel
                .in_set(UiPass::Panel)
                .run_if(in_state(Screen::Lesson)),
            lesson_board
                .in_set(UiPass::Overlay)
                .run_if(in_state(Screen::Lesson)),
            lesson_list
                .in_set(UiPass::Windows)
                .run_if(in_state(Dialog::Lessons)),
        ),
    )
    .add_systems(OnExit(Screen::Lesson), leave_lesson)
    .add_systems(Update, review::dock_for_reviews);
}

/// Leaving the lesson screen (for the menu) brings back the game put aside.
fn leave_lesson(mut requests: MessageWriter<LessonRequest>) {
    requests.write(LessonRequest::Leave);
}

/// What the lesson screens' buttons lead to.
#[derive(bevy::ecs::system::SystemParam)]
struct LessonActions<'w> {
    requests: MessageWriter<'w, LessonRequest>,
    clicks: MessageWriter<'w, UiClick>,
    next_screen: ResMut<'w, NextState<Screen>>,
    next_dialog: ResMut<'w, NextState<Dialog>>,
    started: ResMut<'w, GameStarted>,
    dismissed: ResMut<'w, GameOverDismissed>,
    focus_first: ResMut<'w, FocusFirst>,
}

impl LessonActions<'_> {
    fn open(&mut self, number: u8) {
        self.requests.write(LessonRequest::Start(number));
        self.next_screen.set(Screen::Lesson);
        self.next_dialog.set(Dialog::None);
        self.focus_first.0 = true;
    }
}

/// The list of lessons: each with its title and whether it is done; the next one to do has the
/// focus.
fn lesson_list(
    mut contexts: EguiContexts,
    done: Res<LessonsDone>,
    mut act: LessonActions,
    (texts, panel): (Res<Texts>, Res<SidePanel>),
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let texts = &*texts;
    let next = done.0.next();
    egui::Window::new(tr!(texts, "lessons-title"))
        .id(egui::Id::new("lessons"))
        // In front of the main menu it is opened from.
        .order(egui::Order::Foreground)
        .collapsible(false)
        .resizable(false)
        .min_width(super::fitting_width(ctx, 420.0))
        .anchor(egui::Align2::CENTER_CENTER, super::over_board(&panel))
        .show(ctx, |ui| {
            super::scroll_to_fit(ui, 60.0, |ui| {
                for course in &COURSES {
                    let finished = course.lessons().filter(|n| done.0.0.contains(n)).count();
                    ui.heading(tr_id!(texts, course.title));
                    ui.label(tr!(
                        texts,
                        "lessons-progress",
                        done = finished,
                        total = course.count
                    ));
                    egui::Grid::new(egui::Id::new(("lesson-list", course.first)))
                        .num_columns(3)
                        .spacing([10.0, 8.0])
                        .show(ui, |ui| {
                            for number in course.lessons() {
                                lesson_row(ui, texts, number, &done, next, &mut act);
                                ui.end_row();
                            }
                        });
                    ui.add_space(6.0);
                }
            });
            ui.separator();
            ui.vertical_centered(|ui| {
                if menu_button(ui, &tr!(texts, "lessons-close"), &mut act.clicks).clicked() {
                    act.next_dialog.set(Dialog::None);
                }
            });
        });
    Ok(())
}

/// A lesson's row in the list: its number (a tick once done), its title, and Open or Again.
fn lesson_row(
    ui: &mut egui::Ui,
    texts: &Texts,
    number: u8,
    done: &LessonsDone,
    next: Option<u8>,
    act: &mut LessonActions,
) {
    let lesson = &LESSONS[number as usize - 1];
    let place = Course::of(number).map_or(number, |(_, place)| place);
    let finished = done.0.0.contains(&number);
    ui.label(
        egui::RichText::new(if finished {
            "✔".to_string()
        } else {
            format!("{place}.")
        })
        .color(if finished {
            FOUND
        } else {
            ui.visuals().text_color()
        }),
    );
    ui.label(tr_id!(texts, lesson.title));
    let label = if finished {
        tr!(texts, "lessons-again")
    } else {
        tr!(texts, "lessons-open")
    };
    let button = ui.button(label);
    if act.focus_first.0 && next.unwrap_or(1) == number {
        button.request_focus();
        act.focus_first.0 = false;
    }
    if button.clicked() {
        act.clicks.write(UiClick);
        act.open(number);
    }
}

/// The lesson's panel on the right: the lesson, its task, what the last try showed, its buttons.
fn lesson_panel(
    mut contexts: EguiContexts,
    run: Res<LessonRun>,
    game: Res<CurrentGame>,
    mut act: LessonActions,
    mut panel: ResMut<SidePanel>,
    texts: Res<Texts>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let texts = &*texts;
    let Some(run) = &run.0 else {
        return Ok(());
    };
    let (course, place) = Course::of(run.number).unwrap_or((&COURSES[0], run.number));
    let lesson = run.lesson();
    let step = run.current();
    let position = game.0.position();
    super::side_panel(
        ctx,
        egui::Id::new("lesson"),
        PANEL_WIDTH,
        &mut panel,
        |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                ui.add_space(8.0);
                ui.label(
                    egui::RichText::new(tr!(
                        texts,
                        "lesson-heading",
                        course = tr_id!(texts, course.title),
                        number = place,
                        total = course.count
                    ))
                    .weak(),
                );
                ui.heading(tr_id!(texts, lesson.title));
                // The lesson's idea, as readable as the task under it.
                let strong = ui.visuals().strong_text_color();
                ui.label(
                    egui::RichText::new(tr_id!(texts, lesson.intro))
                        .size(15.0)
                        .color(crate::ui::ink(ui, strong)),
                );
                ui.separator();
                if lesson.steps.len() > 1 {
                    ui.label(
                        egui::RichText::new(tr!(
                            texts,
                            "lesson-step",
                            step = run.step + 1,
                            steps = lesson.steps.len()
                        ))
                        .weak(),
                    );
                }
                if run.stage != Stage::Complete {
                    ui.label(
                        egui::RichText::new(review::step_text(texts, run))
                            .strong()
                            .size(15.0),
                    );
                }
                task_buttons(ui, texts, run, &mut act);
                if let Some(feedback) = &run.feedback {
                    ui.add_space(4.0);
                    let (text, colour) = feedback_text(texts, run, feedback, &position);
                    egui::Frame::group(ui.style()).show(ui, |ui| {
                        ui.label(egui::RichText::new(text).color(crate::ui::ink(ui, colour)));
                    });
                }
                if run.hint && run.stage == Stage::Trying {
                    ui.label(
                        egui::RichText::new(hint_text(texts, run)).color(crate::ui::ink(ui, HINT)),
                    );
                }
                if run.stage == Stage::Complete {
                    ui.add_space(6.0);
                    ui.label(
                        egui::RichText::new(tr!(texts, "lesson-complete"))
                            .strong()
                            .size(17.0)
                            .color(crate::ui::ink(ui, FOUND)),
                    );
                    if (run.number as usize) < LESSONS.len() {
                        let next = menu_button(ui, &tr!(texts, "lesson-next"), &mut act.clicks);
                        if act.focus_first.0 {
                            next.request_focus();
                            act.focus_first.0 = false;
                        }
                        if next.clicked() {
                            act.requests.write(LessonRequest::Skip);
                            act.focus_first.0 = true;
                        }
                    }
                }
                ui.separator();
                ui.horizontal_wrapped(|ui| {
                    if run.stage == Stage::Trying
                        && !matches!(step.task, Task::FirstGame)
                        && ui.button(tr!(texts, "lesson-hint")).clicked()
                    {
                        act.clicks.write(UiClick);
                        act.requests.write(LessonRequest::Hint);
                    }
                    if ui.button(tr!(texts, "lesson-restart")).clicked() {
                        act.clicks.write(UiClick);
                        act.requests.write(LessonRequest::Restart);
                    }
                    if run.stage != Stage::Complete
                        && (run.number as usize) < LESSONS.len()
                        && ui.button(tr!(texts, "lesson-skip")).clicked()
                    {
                        act.clicks.write(UiClick);
                        act.requests.write(LessonRequest::Skip);
                    }
                });
                ui.horizontal_wrapped(|ui| {
                    if ui.button(tr!(texts, "lesson-all")).clicked() {
                        act.clicks.write(UiClick);
                        act.next_dialog.set(Dialog::Lessons);
                        act.focus_first.0 = true;
                    }
                    if ui.button(tr!(texts, "lesson-to-menu")).clicked() {
                        act.clicks.write(UiClick);
                        act.next_screen.set(Screen::MainMenu);
                        act.focus_first.0 = true;
                    }
                });
            });
        },
    );
    Ok(())
}

/// The buttons of a task answered in the panel: a score's options, the first game.
fn task_buttons(ui: &mut egui::Ui, texts: &Texts, run: &Run, act: &mut LessonActions) {
    if run.stage != Stage::Trying {
        return;
    }
    match run.current().task {
        Task::Score(options) => {
            ui.horizontal_wrapped(|ui| {
                for (i, (black, white)) in options.iter().enumerate() {
                    let button =
                        ui.button(egui::RichText::new(format!("{black}–{white}")).size(17.0));
                    if i == 0 && act.focus_first.0 {
                        button.request_focus();
                        act.focus_first.0 = false;
                    }
                    if button.clicked() {
                        act.clicks.write(UiClick);
                        act.requests.write(LessonRequest::Choose(i));
                    }
                }
            });
        }
        Task::FirstGame => {
            let play = menu_button(ui, &tr!(texts, "lesson-play-first-game"), &mut act.clicks);
            if act.focus_first.0 {
                play.request_focus();
                act.focus_first.0 = false;
            }
            ui.label(egui::RichText::new(tr_id!(texts, run.current().done)).weak());
            if play.clicked() {
                act.requests.write(LessonRequest::FirstGame);
                act.next_screen.set(Screen::Playing);
                act.started.0 = true;
                act.dismissed.0 = false;
            }
        }
        _ => {}
    }
}

/// What the lesson draws over the board.
fn lesson_board(
    mut contexts: EguiContexts,
    run: Res<LessonRun>,
    game: Res<CurrentGame>,
    camera: Single<(&Camera, &GlobalTransform), With<BoardCamera>>,
) -> Result {
    let Some(run) = &run.0 else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let painter = ctx.layer_painter(egui::LayerId::background());
    let (camera, transform) = *camera;
    let position = game.0.position();
    let Some(screen) = super::OnScreen::new(ctx, camera, transform, position.variant.size()) else {
        return Ok(());
    };
    let (at, radius) = (|cell: Square| screen.at(cell), screen.radius);
    let ring = |cell: Square, colour: egui::Color32, width: f32, scale: f32| {
        screen.ring(&painter, cell, colour, width, scale);
    };
    let cross = |cell: Square, colour: egui::Color32| screen.cross(&painter, cell, colour);
    // The lines from a square: those that outflank in solid green up to the anchoring disc, those
    // that do not in dashed red up to where they stop.
    let lines = |from: Square, only_outflanking: bool| {
        for line in lessons::lines(&position, from) {
            let outflanks = line.outflanks();
            if only_outflanking && !outflanks {
                continue;
            }
            let (Some(a), Some(b)) = (at(from), line.end().and_then(at)) else {
                continue;
            };
            if outflanks {
                painter.line_segment([a, b], egui::Stroke::new(5.0, FOUND));
                for &disc in &line.run {
                    ring(disc, FOUND, 3.0, 0.7);
                }
            } else {
                painter.add(egui::Shape::dashed_line(
                    &[a, b],
                    egui::Stroke::new(4.0, WRONG),
                    10.0,
                    7.0,
                ));
                // Where the line stops: an empty square (a hollow ring) or the edge.
                if line.gap.is_some() {
                    painter.circle_stroke(b, radius * 0.3, egui::Stroke::new(3.0, WRONG));
                }
            }
        }
    };
    let task = run.current().task;
    for &cell in &run.progress.found {
        ring(cell, FOUND, 4.0, 0.85);
    }
    if let Task::Predict { play, .. } = task {
        ring(lessons::cell(play), MARKED, 3.0, 0.9);
    }
    for &cell in &run.progress.marked {
        if let Some(p) = at(cell) {
            painter.circle_filled(p, radius * 0.22, MARKED);
        }
        ring(cell, MARKED, 3.0, 0.6);
    }
    if run.stage == Stage::Trying
        && let Some(Feedback::Try(verdict)) = &run.feedback
    {
        match verdict {
            Verdict::NotLegal(square, _) => {
                cross(*square, WRONG);
                lines(*square, false);
            }
            Verdict::NotThisSquare(square) => cross(*square, WRONG),
            Verdict::NotThisMove(square) => {
                ring(*square, MISSED, 4.0, 0.85);
                lines(*square, true);
            }
            Verdict::Predicted { missed, wrongly } => {
                if let Task::Predict { play, .. } = task {
                    lines(lessons::cell(play), false);
                }
                for &cell in missed {
                    ring(cell, MISSED, 4.0, 0.95);
                }
                for &cell in wrongly {
                    cross(cell, WRONG);
                }
            }
            _ => {}
        }
    }
    if run.hint && run.stage == Stage::Trying {
        match task {
            Task::Predict { play, .. } => lines(lessons::cell(play), true),
            _ => {
                for cell in task.answers(&position, &run.progress) {
                    if !run.progress.found.contains(&cell) {
                        ring(cell, HINT, 4.0, 0.75);
                        if let Some(p) = at(cell) {
                            painter.circle_filled(p, radius * 0.15, HINT);
                        }
                    }
                }
            }
        }
    }
    Ok(())
}

mod feedback;
mod review;
#[cfg(test)]
mod tests;
