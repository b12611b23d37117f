//! Opening practice: the list of openings with the colour to play and the player's progress (a
//! dialog), the practice's panel beside the board (the line, whose move it is, the book's verdict
//! on the last move, the line's end, the buttons), and on the board a ring on the move the book or
//! the line preferred after a mistake.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::navigation::FocusFirst;
use super::on_board::{FOUND, HINT, WRONG};
use super::{Dialog, OnScreen, Screen, SidePanel, UiPass, menu_button, words};
use crate::ai::book::practice::Verdict;
use crate::audio::UiClick;
use crate::game::CurrentGame;
use crate::game::board::BoardCamera;
use crate::game::practice::{
    Judged, OpeningsLearned, Practice, PracticeLine, PracticeRequest, PracticeRun,
};
use crate::i18n::Texts;
use crate::rules::Player;
use crate::rules::openings::names;
use crate::tr;

/// Width of the practice's panel, in logical pixels, as the lessons'.
const PANEL_WIDTH: f32 = 330.0;

/// A fine move, neither the best nor a mistake.
const FINE: egui::Color32 = egui::Color32::from_rgb(255, 210, 90);

/// The colour chosen in the list, for the next line.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PracticeColour(pub Player);

impl Default for PracticeColour {
    fn default() -> Self {
        PracticeColour(Player::Black)
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<PracticeColour>()
        .add_systems(
            EguiPrimaryContextPass,
            (
                practice_panel
                    .in_set(UiPass::Panel)
                    .run_if(in_state(Screen::Practice)),
                practice_board
                    .in_set(UiPass::Overlay)
                    .run_if(in_state(Screen::Practice)),
                practice_list
                    .in_set(UiPass::Windows)
                    .run_if(in_state(Dialog::Practice)),
            ),
        )
        .add_systems(OnExit(Screen::Practice), leave_practice);
}

/// Leaving the practice screen (for the menu) brings back the game put aside.
fn leave_practice(mut requests: MessageWriter<PracticeRequest>) {
    requests.write(PracticeRequest::Leave);
}

/// What the practice screens' buttons lead to.
#[derive(bevy::ecs::system::SystemParam)]
struct PracticeActions<'w> {
    requests: MessageWriter<'w, PracticeRequest>,
    clicks: MessageWriter<'w, UiClick>,
    next_screen: ResMut<'w, NextState<Screen>>,
    next_dialog: ResMut<'w, NextState<Dialog>>,
    focus_first: ResMut<'w, FocusFirst>,
}

impl PracticeActions<'_> {
    fn open(&mut self, line: PracticeLine, colour: Player) {
        self.clicks.write(UiClick);
        self.requests.write(PracticeRequest::Start(line, colour));
        self.next_screen.set(Screen::Practice);
        self.next_dialog.set(Dialog::None);
        self.focus_first.0 = true;
    }
}

/// A line's name in the language shown.
fn line_name(texts: &Texts, line: PracticeLine) -> String {
    match line {
        PracticeLine::Named(name) => texts.opening(name),
        PracticeLine::AnyBook => tr!(texts, "practice-any"),
    }
}

/// The list: what practice is, the colour, "any book line", then every named opening (learned
/// ones ticked and green).
fn practice_list(
    mut contexts: EguiContexts,
    learned: Res<OpeningsLearned>,
    mut colour: ResMut<PracticeColour>,
    mut act: PracticeActions,
    (texts, panel): (Res<Texts>, Res<SidePanel>),
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let texts = &*texts;
    let names = names();
    egui::Window::new(tr!(texts, "practice-title"))
        .id(egui::Id::new("practice"))
        .order(egui::Order::Foreground)
        .collapsible(false)
        .resizable(false)
        .min_width(super::fitting_width(ctx, 520.0))
        .max_width(super::fitting_width(ctx, 520.0))
        .anchor(egui::Align2::CENTER_CENTER, super::over_board(&panel))
        .show(ctx, |ui| {
            ui.label(tr!(texts, "practice-intro"));
            ui.label(
                egui::RichText::new(tr!(
                    texts,
                    "practice-progress",
                    learned = learned.0.0.len(),
                    total = names.len()
                ))
                .strong(),
            );
            ui.horizontal(|ui| {
                ui.label(tr!(texts, "practice-colour"));
                for player in [Player::Black, Player::White] {
                    let chosen = colour.0 == player;
                    let side = match player {
                        Player::Black => tr!(texts, "menu-black"),
                        Player::White => tr!(texts, "menu-white"),
                    };
                    if ui.selectable_label(chosen, side).clicked() && !chosen {
                        act.clicks.write(UiClick);
                        colour.0 = player;
                    }
                }
            });
            let any = ui.button(egui::RichText::new(tr!(texts, "practice-any")).size(16.0));
            if act.focus_first.0 {
                any.request_focus();
                act.focus_first.0 = false;
            }
            if any
                .on_hover_text(tr!(texts, "practice-any-about"))
                .clicked()
            {
                act.open(PracticeLine::AnyBook, colour.0);
            }
            ui.separator();
            super::scroll_to_fit(ui, 60.0, |ui| {
                ui.horizontal_wrapped(|ui| {
                    for name in &names {
                        let done = learned.0.0.contains(name);
                        let mut text = egui::RichText::new(if done {
                            format!("✔ {}", texts.opening(name))
                        } else {
                            texts.opening(name)
                        });
                        if done {
                            text = text.color(crate::ui::ink(ui, FOUND));
                        }
                        let mut button = ui.button(text);
                        if done {
                            button = button.on_hover_text(tr!(texts, "practice-learned"));
                        }
                        if button.clicked() {
                            act.open(PracticeLine::Named(name), colour.0);
                        }
                    }
                });
            });
            ui.separator();
            ui.vertical_centered(|ui| {
                if menu_button(ui, &tr!(texts, "practice-close"), &mut act.clicks).clicked() {
                    act.next_dialog.set(Dialog::None);
                }
            });
        });
    Ok(())
}

/// The book's verdict on the player's last move, and its colour.
fn verdict_text(texts: &Texts, judged: &Judged) -> (String, egui::Color32) {
    let square = judged.square.to_string();
    match judged.verdict {
        Verdict::Best { value } => (
            tr!(
                texts,
                "practice-best",
                square = square,
                value = format!("{value:+}")
            ),
            FOUND,
        ),
        Verdict::Fine { loss, best, .. } => (
            tr!(
                texts,
                "practice-fine",
                square = square,
                loss = loss,
                best = best.to_string()
            ),
            FINE,
        ),
        Verdict::Mistake {
            loss,
            best,
            best_value,
            ..
        } => (
            tr!(
                texts,
                "practice-mistake",
                square = square,
                loss = loss,
                best = best.to_string(),
                value = format!("{best_value:+}")
            ),
            WRONG,
        ),
        Verdict::Unknown => (
            tr!(texts, "practice-unknown", square = square),
            egui::Color32::GRAY,
        ),
    }
}

/// The text under the line's name: whose move it is, or how the line ended.
fn state_text(texts: &Texts, practice: &Practice, players_turn: bool) -> String {
    let line = line_name(texts, practice.line);
    if practice.learned() {
        tr!(texts, "practice-done-learned", line = line)
    } else if practice.over {
        tr!(
            texts,
            "practice-done-mistakes",
            mistakes = practice.mistakes
        )
    } else if players_turn {
        tr!(texts, "practice-your-move")
    } else {
        tr!(texts, "practice-waiting")
    }
}

fn practice_panel(
    mut contexts: EguiContexts,
    run: Res<PracticeRun>,
    game: Res<CurrentGame>,
    mut act: PracticeActions,
    mut panel: ResMut<SidePanel>,
    texts: Res<Texts>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let texts = &*texts;
    let Some(practice) = &run.0 else {
        return Ok(());
    };
    let players_turn = run.players_turn(&game.0);
    super::side_panel(
        ctx,
        egui::Id::new("practice-panel"),
        PANEL_WIDTH,
        &mut panel,
        |ui| {
            ui.add_space(8.0);
            ui.heading(tr!(texts, "practice-title"));
            let line = line_name(texts, practice.line);
            let player = words::key(practice.colour);
            ui.label(
                egui::RichText::new(tr!(texts, "practice-as", line = line, player = player))
                    .strong(),
            );
            if let Some(name) = crate::rules::openings::opening_name(&game.0) {
                let name = texts.opening(name);
                ui.label(egui::RichText::new(tr!(texts, "panel-opening", name = name)).italics());
            }
            ui.separator();
            let state = state_text(texts, practice, players_turn);
            let colour = if practice.learned() {
                FOUND
            } else {
                ui.visuals().text_color()
            };
            ui.label(
                egui::RichText::new(state)
                    .size(15.0)
                    .strong()
                    .color(crate::ui::ink(ui, colour)),
            );
            if let Some(judged) = &practice.last {
                ui.add_space(4.0);
                let (text, colour) = verdict_text(texts, judged);
                egui::Frame::group(ui.style()).show(ui, |ui| {
                    ui.label(egui::RichText::new(text).color(crate::ui::ink(ui, colour)));
                    if let (PracticeLine::Named(name), Some(square)) =
                        (practice.line, judged.line_move)
                    {
                        let line = texts.opening(name);
                        let square = square.to_string();
                        ui.label(
                            egui::RichText::new(tr!(
                                texts,
                                "practice-line-move",
                                line = line,
                                square = square
                            ))
                            .color(crate::ui::ink(ui, HINT)),
                        );
                    }
                });
            }
            ui.separator();
            ui.horizontal_wrapped(|ui| {
                let again = ui.button(tr!(texts, "practice-again"));
                if practice.over && act.focus_first.0 {
                    again.request_focus();
                    act.focus_first.0 = false;
                }
                if again.clicked() {
                    act.clicks.write(UiClick);
                    act.requests.write(PracticeRequest::Again);
                }
                if ui.button(tr!(texts, "practice-other")).clicked() {
                    act.clicks.write(UiClick);
                    act.next_dialog.set(Dialog::Practice);
                    act.focus_first.0 = true;
                }
                if ui.button(tr!(texts, "practice-to-menu")).clicked() {
                    act.clicks.write(UiClick);
                    act.next_screen.set(Screen::MainMenu);
                    act.focus_first.0 = true;
                }
            });
        },
    );
    Ok(())
}

/// After a move the book or the line did not prefer: the move ringed in its verdict's colour, the
/// book's better move (and the line's own) in blue while its square is empty.
fn practice_board(
    mut contexts: EguiContexts,
    run: Res<PracticeRun>,
    game: Res<CurrentGame>,
    camera: Single<(&Camera, &GlobalTransform), With<BoardCamera>>,
) -> Result {
    let Some(judged) = run.0.as_ref().and_then(|p| p.last) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let (camera, transform) = *camera;
    let Some(screen) = OnScreen::new(ctx, camera, transform, 8) else {
        return Ok(());
    };
    let painter = ctx.layer_painter(egui::LayerId::background());
    let better = match judged.verdict {
        Verdict::Mistake { best, .. } => {
            screen.ring(&painter, judged.square, WRONG, 4.0, 0.85);
            Some(best)
        }
        Verdict::Fine { best, .. } => {
            screen.ring(&painter, judged.square, FINE, 3.0, 0.85);
            Some(best)
        }
        Verdict::Best { .. } | Verdict::Unknown => None,
    };
    // Once the computer has answered, a square it took is no longer a move to show.
    let position = game.0.position();
    for square in better
        .map(crate::rules::Square::from_sq)
        .into_iter()
        .chain(judged.line_move)
        .filter(|&square| position.colour_at(square).is_none())
    {
        screen.ring(&painter, square, HINT, 4.0, 0.95);
    }
    Ok(())
}
