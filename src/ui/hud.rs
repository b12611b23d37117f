//! The side panel (the variant, disc counts, whose turn, AI status, move list, buttons) and what is
//! drawn over the board (coordinate labels a–p / 1–16 for the board's size, the pass banner).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::analysis::AnalysisOpen;
use super::main_menu::GameStarted;
use super::navigation::FocusFirst;
use super::on_board::hint_colour;
use super::{Dialog, Screen, SidePanel, UiPass, words};
use crate::audio::UiClick;
use crate::game::ai_player::AiSearch;
use crate::game::board::{BoardCamera, square_centre};
use crate::game::clock::{Clocks, format_clock};
use crate::game::hints::Hints;
use crate::game::online::{Online, OnlineRequest};
use crate::game::turn::Phase;
use crate::game::{
    BoardReset, Controller, CurrentGame, GameSettings, GameSystems, MatchSettings,
    NewGameRequested, Passed, RedoRequested, UndoRequested,
};
use crate::i18n::Texts;
use crate::rules::{Goal, Move, Player, Square, Variant};
use crate::tr;

/// Seconds the pass banner stays up.
const BANNER_SECS: f32 = 2.5;
/// Width of the side panel, in logical pixels.
const PANEL_WIDTH: f32 = 250.0;
/// Distance of the coordinate labels beyond the board's edge (onto the frame), in world units.
const LABEL_OFFSET: f32 = 0.35;
const LABEL_COLOUR: egui::Color32 = egui::Color32::from_rgb(240, 222, 190);
/// The frame of a hint the opening book gives.
const BOOK_GOLD: egui::Color32 = egui::Color32::from_rgb(230, 185, 60);

/// The pass banner: who passed ("White has no move — passes") and the seconds it stays up.
#[derive(Resource, Clone, Debug, Default)]
pub struct PassBanner(pub Option<(Player, f32)>);

/// A message over the board that outlives a board reset, and the seconds it stays up.
#[derive(Resource, Clone, Debug, Default)]
pub struct Announcement(pub Option<(Notice, f32)>);

/// What an [`Announcement`] says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notice {
    /// A pasted record switched the game to its board and rules.
    SwitchedTo(Variant),
}

impl Announcement {
    pub fn show(&mut self, notice: Notice) {
        self.0 = Some((notice, 2.0 * BANNER_SECS));
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<PassBanner>()
        .init_resource::<Announcement>()
        .add_systems(Update, track_events.in_set(GameSystems::Input))
        .add_systems(
            EguiPrimaryContextPass,
            (
                side_panel
                    .in_set(UiPass::Panel)
                    .run_if(not(in_state(Screen::Lesson)))
                    .run_if(not(in_state(Screen::Puzzle)))
                    .run_if(not(in_state(Screen::Practice))),
                board_overlay.in_set(UiPass::Overlay),
            ),
        );
}

/// Pass banners; a restored game goes straight to the board (unless a lesson was asked for); each new game focuses its dialogs'
/// first buttons again.
fn track_events(
    time: Res<Time>,
    (mut passes, mut resets, mut restored): (
        MessageReader<Passed>,
        MessageReader<BoardReset>,
        MessageReader<crate::autosave::GameRestored>,
    ),
    (mut banner, mut announcement): (ResMut<PassBanner>, ResMut<Announcement>),
    (mut next_screen, mut started, mut focus_first): (
        ResMut<NextState<Screen>>,
        ResMut<GameStarted>,
        ResMut<FocusFirst>,
    ),
    (game, mut choices, screen): (
        Res<CurrentGame>,
        ResMut<super::main_menu::MenuChoices>,
        Res<State<Screen>>,
    ),
) {
    if restored.read().count() > 0 {
        // A lesson (or game) opened by the command line or a link keeps its screen.
        if **screen == Screen::MainMenu && matches!(*next_screen, NextState::Unchanged) {
            next_screen.set(Screen::Playing);
        }
        started.0 = true;
        // The menu offers the restored game's board and rules again.
        choices.variant = game.variant();
    }
    for pass in passes.read() {
        banner.0 = Some((pass.player, BANNER_SECS));
    }
    if resets.read().count() > 0 {
        banner.0 = None;
        focus_first.0 = true;
    }
    count_down(&mut banner.0, time.delta_secs());
    count_down(&mut announcement.0, time.delta_secs());
}

/// Takes `seconds` off what is shown, and takes it down when its time is up.
fn count_down<T>(shown: &mut Option<(T, f32)>, seconds: f32) {
    if let Some((_, left)) = shown {
        *left -= seconds;
        if *left <= 0.0 {
            *shown = None;
        }
    }
}

/// The name a side goes by in the panel: "You" against the computer or a friend online, its
/// colour when two players share the board or a game online is watched, the level of the
/// computer.
fn controller_name(texts: &Texts, player: Player, players: &MatchSettings) -> String {
    match players.controller(player) {
        Controller::Human if players.single_human().is_some() => tr!(texts, "panel-you"),
        Controller::Human => words::player(texts, player),
        Controller::Ai(level) => tr!(texts, "panel-ai", level = words::level_name(texts, level)),
        // Both sides online: a game being watched.
        Controller::Remote if players.controller(player.opponent()) == Controller::Remote => {
            words::player(texts, player)
        }
        Controller::Remote => tr!(texts, "panel-online-friend"),
    }
}

/// What the side panel shows of the game.
#[derive(bevy::ecs::system::SystemParam)]
struct GameView<'w, 's> {
    game: Res<'w, CurrentGame>,
    players: Res<'w, MatchSettings>,
    phase: Res<'w, Phase>,
    clocks: Res<'w, Clocks>,
    hints: Res<'w, Hints>,
    searches: Query<'w, 's, &'static AiSearch>,
}

/// What the side panel's buttons lead to.
#[derive(bevy::ecs::system::SystemParam)]
struct PanelActions<'w> {
    new_game: MessageWriter<'w, NewGameRequested>,
    undo: MessageWriter<'w, UndoRequested>,
    redo: MessageWriter<'w, RedoRequested>,
    clicks: MessageWriter<'w, UiClick>,
    next_screen: ResMut<'w, NextState<Screen>>,
    next_dialog: ResMut<'w, NextState<Dialog>>,
    analysis: ResMut<'w, AnalysisOpen>,
    focus_first: ResMut<'w, FocusFirst>,
    online: Res<'w, Online>,
    online_requests: MessageWriter<'w, OnlineRequest>,
    place: MessageWriter<'w, crate::game::PlaceRequested>,
    explorer: super::explorer::Explorer<'w>,
    keys: Res<'w, super::navigation::KeysShown>,
}

fn side_panel(
    mut contexts: EguiContexts,
    view: GameView,
    mut settings: ResMut<GameSettings>,
    mut act: PanelActions,
    mut panel: ResMut<SidePanel>,
    texts: Res<Texts>,
) -> Result {
    let texts = &*texts;
    let GameView {
        game,
        players,
        phase,
        clocks,
        hints,
        searches,
    } = view;
    let ctx = contexts.ctx_mut()?;
    let game = &game.0;
    // Under the board (a portrait window) the buttons stand in a grid of three a row, each as
    // wide as a third of the panel, so that no row holds one button alone.
    let portrait = panel.height > 0.0;
    super::side_panel(ctx, egui::Id::new("hud"), PANEL_WIDTH, &mut panel, |ui| {
        let third = (ui.available_width() - 2.0 * ui.spacing().item_spacing.x) / 3.0;
        let width = if portrait { third.floor() } else { 0.0 };
        let button = |text: String| egui::Button::new(text).min_size(egui::vec2(width, 0.0));
        ui.add_space(8.0);
        ui.heading(tr!(texts, "app-name"));
        let variant = game.variant();
        ui.label(
            egui::RichText::new(format!(
                "{} · {}",
                words::board_name(texts, variant),
                words::rules_name(texts, variant.opening, variant.goal)
            ))
            .strong(),
        )
        .on_hover_text(words::rules_summary(texts, variant));
        if variant.goal == Goal::FewestDiscs {
            ui.label(egui::RichText::new(tr!(texts, "panel-fewest-wins")).strong());
        }
        ui.separator();
        let counts = game.counts();
        egui::Grid::new("score")
            .num_columns(4)
            // The names take what the disc counts (and the clocks) leave.
            .max_col_width(PANEL_WIDTH * if clocks.limit.is_some() { 0.4 } else { 0.55 })
            .spacing([12.0, 6.0])
            .show(ui, |ui| {
                for (player, count) in
                    [(Player::Black, counts.black), (Player::White, counts.white)]
                {
                    let to_move = !game.is_over() && player == game.to_move();
                    let (fill, stroke) = match player {
                        Player::Black => {
                            (egui::Color32::from_gray(15), egui::Color32::from_gray(120))
                        }
                        Player::White => {
                            (egui::Color32::from_gray(235), egui::Color32::from_gray(120))
                        }
                    };
                    let (rect, _) =
                        ui.allocate_exact_size(egui::vec2(18.0, 18.0), egui::Sense::hover());
                    ui.painter()
                        .circle(rect.center(), 8.0, fill, egui::Stroke::new(1.0, stroke));
                    let name = format!(
                        "{}{}",
                        if to_move { "▶ " } else { "" },
                        controller_name(texts, player, &players)
                    );
                    // A long name (a long language, large text) is cut short, in full on
                    // hover, so the counts stay in the panel.
                    ui.add(
                        egui::Label::new(egui::RichText::new(name).size(16.0).strong_if(to_move))
                            .truncate(),
                    );
                    ui.label(egui::RichText::new(count.to_string()).size(20.0).strong());
                    if clocks.limit.is_some() {
                        let left = clocks.remaining(player);
                        let mut text = egui::RichText::new(format_clock(left))
                            .monospace()
                            .size(16.0);
                        if left.as_secs() < 10 {
                            text = text
                                .color(crate::ui::ink(ui, egui::Color32::from_rgb(240, 90, 80)));
                        }
                        ui.label(text.strong_if(to_move));
                    }
                    ui.end_row();
                }
            });
        ui.separator();
        let to_move = words::key(game.to_move());
        let status = match (*phase, game.outcome()) {
            _ if clocks.flagged.is_some() => {
                let loser = clocks.flagged.expect("checked");
                tr!(texts, "wins-on-time", player = words::key(loser.opponent()))
            }
            (_, Some(outcome)) => words::outcome(texts, &outcome, variant),
            (Phase::AiToMove, _) if !searches.is_empty() => {
                tr!(texts, "status-thinking", player = to_move)
            }
            (Phase::AiToMove, _) => tr!(texts, "status-ai-to-move", player = to_move),
            _ => tr!(texts, "status-to-move", player = to_move),
        };
        ui.horizontal(|ui| {
            if !searches.is_empty() {
                ui.spinner();
            }
            ui.add(egui::Label::new(egui::RichText::new(status).size(15.0)).wrap());
        });
        if game.position().placing() {
            ui.add(egui::Label::new(tr!(texts, "panel-free-opening", player = to_move)).wrap());
        }
        if let Some(name) = crate::rules::openings::opening_name(game) {
            let name = texts.opening(name);
            ui.label(egui::RichText::new(tr!(texts, "panel-opening", name = name)).italics());
        }
        if let Some(replayed) = act.explorer.replaying(game) {
            ui.add(egui::Label::new(egui::RichText::new(replayed).weak()).wrap());
        }
        ui.separator();
        if let Some(session) = &act.online.0 {
            super::online::panel_section(
                ui,
                texts,
                session,
                &mut act.online_requests,
                &mut act.clicks,
            );
            ui.separator();
        }
        // Online, the game is the server's: no new game, undo, hints or analysis until it ends.
        let online_playing = act.online.0.as_ref().is_some_and(|s| {
            s.state
                .as_ref()
                .is_none_or(|state| !matches!(state.status, crate::net::Status::Over(_)))
        });
        ui.horizontal_wrapped(|ui| {
            if !online_playing && ui.add(button(tr!(texts, "panel-new-game"))).clicked() {
                act.clicks.write(UiClick);
                act.new_game.write(NewGameRequested(*players));
            }
            if ui.add(button(tr!(texts, "panel-menu"))).clicked() {
                act.clicks.write(UiClick);
                act.next_screen.set(Screen::MainMenu);
                act.focus_first.0 = true;
            }
            if ui.add(button(tr!(texts, "menu-settings"))).clicked() {
                act.clicks.write(UiClick);
                act.next_dialog.set(Dialog::Settings);
            }
            if ui
                .add(button(tr!(texts, "panel-record")))
                .on_hover_text(tr!(texts, "panel-record-tip"))
                .clicked()
            {
                act.clicks.write(UiClick);
                act.next_dialog.set(Dialog::Record);
            }
            if !online_playing
                && ui
                    .add(button(tr!(texts, "panel-analysis")))
                    .on_hover_text(tr!(texts, "panel-analysis-tip"))
                    .clicked()
            {
                act.clicks.write(UiClick);
                act.analysis.0 = true;
            }
        });
        let local = act.online.0.is_none();
        ui.horizontal(|ui| {
            let can_undo = local && game.history().iter().any(|m| matches!(m, Move::Play(_)));
            let undo = ui.add_enabled(can_undo, button(tr!(texts, "panel-undo")));
            if undo.on_hover_text(tr!(texts, "panel-undo-tip")).clicked() {
                act.clicks.write(UiClick);
                act.undo.write(UndoRequested);
            }
            let can_redo = local && !game.redo_stack().is_empty();
            let redo = ui.add_enabled(can_redo, button(tr!(texts, "panel-redo")));
            if redo.on_hover_text(tr!(texts, "panel-redo-tip")).clicked() {
                act.clicks.write(UiClick);
                act.redo.write(RedoRequested);
            }
        });
        // Online, no hints: the game is between two people.
        if local {
            ui.horizontal(|ui| {
                // Written back only on a change, so the autosave sees real changes only.
                let mut show = settings.show_hints;
                if ui
                    .checkbox(&mut show, act.keys.name(tr!(texts, "panel-hints"), "H"))
                    .changed()
                {
                    settings.show_hints = show;
                }
                if settings.show_hints && !hints.scores.is_empty() {
                    let exact = hints.scores.iter().all(|m| m.exact);
                    ui.label(if exact {
                        tr!(texts, "panel-hints-solved")
                    } else {
                        tr!(texts, "panel-hints-depth", depth = hints.depth)
                    });
                }
            });
            super::explorer::section(
                ui,
                texts,
                game,
                &players,
                &mut act.explorer,
                (&mut act.place, &mut act.clicks),
            );
        }
        ui.separator();
        ui.label(egui::RichText::new(tr!(texts, "panel-moves")).strong());
        egui::ScrollArea::vertical()
            .stick_to_bottom(true)
            .show(ui, |ui| {
                move_list(ui, texts, game.history(), game.redo_stack());
            });
    });
    Ok(())
}

trait StrongIf {
    fn strong_if(self, strong: bool) -> Self;
}

impl StrongIf for egui::RichText {
    fn strong_if(self, strong: bool) -> Self {
        if strong { self.strong() } else { self }
    }
}

/// The transcript, numbered, passes shown: "1. f5  2. d6  3. c3 …". The current position's move
/// is bold; moves taken back (that redo would replay) are greyed.
fn move_list(ui: &mut egui::Ui, texts: &Texts, history: &[Move], redo: &[Move]) {
    // Squares such as j10 and move numbers past 99 need wider columns: fewer of them.
    let long = history.len() + redo.len() > 99
        || history
            .iter()
            .chain(redo)
            .any(|m| matches!(m, Move::Play(c) if c.rank >= 9));
    let columns = if long { 3 } else { 4 };
    let moves = history
        .iter()
        .map(|m| (m, false))
        .chain(redo.iter().rev().map(|m| (m, true)));
    egui::Grid::new("moves")
        .num_columns(columns)
        .spacing([10.0, 2.0])
        .show(ui, |ui| {
            let mut number = 0;
            for (i, (m, taken_back)) in moves.enumerate() {
                let text = match m {
                    Move::Play(square) => {
                        number += 1;
                        format!("{number}. {square}")
                    }
                    Move::Pass => tr!(texts, "move-pass"),
                };
                let current = !taken_back && i + 1 == history.len();
                let mut label = egui::RichText::new(text).monospace().strong_if(current);
                if taken_back {
                    label = label.weak();
                }
                ui.label(label);
                if i % columns == columns - 1 {
                    ui.end_row();
                }
            }
        });
}

/// Coordinate labels on the frame and the pass banner, drawn over the 3D board.
fn board_overlay(
    mut contexts: EguiContexts,
    (banner, announcement): (Res<PassBanner>, Res<Announcement>),
    panel: Res<SidePanel>,
    hints: Res<Hints>,
    game: Res<CurrentGame>,
    camera: Single<(&Camera, &GlobalTransform), With<BoardCamera>>,
    texts: Res<Texts>,
) -> Result {
    let size = game.variant().size();
    let ctx = contexts.ctx_mut()?;
    let painter = ctx.layer_painter(egui::LayerId::background());
    let (camera, transform) = *camera;
    let font = egui::FontId::proportional(16.0);
    let on_screen = |world: Vec3| super::board_point(ctx, camera, transform, world);
    // Each label over a soft dark shadow, so that it reads on every frame and with either look of
    // the menus (light menus draw light text thinner).
    let label = |world: Vec3, text: String| {
        if let Some(screen) = on_screen(world) {
            painter.text(
                screen + egui::vec2(1.0, 1.0),
                egui::Align2::CENTER_CENTER,
                &text,
                font.clone(),
                egui::Color32::from_black_alpha(160),
            );
            painter.text(
                screen,
                egui::Align2::CENTER_CENTER,
                text,
                font.clone(),
                LABEL_COLOUR,
            );
        }
    };
    for (world, text) in super::on_board::coordinate_labels(game.variant(), LABEL_OFFSET) {
        label(world, text);
    }
    // Hints: each legal square's expected final disc difference, the best in blue, worse moves
    // towards orange (a pair told apart with any colour vision, and the number says it anyway);
    // exact (solved) values are underlined, the opening book's framed in gold.
    // The opening book's moves show the book's value instead, framed in gold.
    let book: Vec<(Square, i32)> = if hints.scores.is_empty() {
        Vec::new()
    } else {
        super::explorer::book_moves(&game.0).map_or_else(Vec::new, |view| view.moves)
    };
    // Each hint's score shown (hundredths of a disc), and whether it is the book's.
    let shown: Vec<(i32, bool)> = hints
        .scores
        .iter()
        .map(|hint| match book.iter().find(|(s, _)| *s == hint.square) {
            Some(&(_, value)) => (value * 100, true),
            None => (hint.score, false),
        })
        .collect();
    if let Some(best) = shown.iter().map(|s| s.0).max() {
        for (hint, &(score, in_book)) in hints.scores.iter().zip(&shown) {
            let Some(screen) = on_screen(square_centre(hint.square, size)) else {
                continue;
            };
            let loss = ((best - score) as f32 / 100.0 / 8.0).clamp(0.0, 1.0);
            let colour = hint_colour(loss);
            let discs = score as f32 / 100.0;
            let text = if hint.exact || in_book {
                format!("{:+}", discs.round() as i32)
            } else {
                format!("{discs:+.1}")
            };
            let galley = painter.layout_no_wrap(text, egui::FontId::proportional(15.0), colour);
            let at = screen - galley.size() / 2.0;
            let rect = egui::Rect::from_min_size(at, galley.size()).expand(3.0);
            painter.rect_filled(rect, 3.0, egui::Color32::from_black_alpha(170));
            if in_book {
                painter.rect_stroke(
                    rect.expand(1.0),
                    3.0,
                    egui::Stroke::new(2.0, BOOK_GOLD),
                    egui::StrokeKind::Outside,
                );
            }
            if hint.exact {
                painter.line_segment(
                    [
                        rect.left_bottom() + egui::vec2(3.0, -2.0),
                        rect.right_bottom() + egui::vec2(-3.0, -2.0),
                    ],
                    egui::Stroke::new(1.5, colour),
                );
            }
            painter.galley(at, galley, colour);
        }
    }
    let pass = banner
        .0
        .map(|(player, _)| tr!(texts, "pass-banner", player = words::key(player)));
    let notice = announcement.0.map(|(notice, _)| match notice {
        Notice::SwitchedTo(variant) => words::switched_to(&texts, variant),
    });
    for (i, text) in [pass, notice].into_iter().flatten().enumerate() {
        egui::Area::new(egui::Id::new(("banner", i)))
            .anchor(
                egui::Align2::CENTER_TOP,
                [super::over_board(&panel)[0], 24.0 + 56.0 * i as f32],
            )
            .interactable(false)
            .show(ctx, |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    ui.label(egui::RichText::new(text).size(22.0).strong());
                });
            });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Level;
    use crate::i18n::Language;

    #[test]
    fn two_players_on_one_board_are_named_by_their_colours() {
        let texts = Texts::new(Language::English);
        let two = MatchSettings::two_humans();
        assert_eq!(controller_name(&texts, Player::Black, &two), "Black");
        assert_eq!(controller_name(&texts, Player::White, &two), "White");
        let against = MatchSettings::human_vs_ai(Player::White, Level::Expert);
        assert_eq!(controller_name(&texts, Player::White, &against), "You");
        assert_eq!(
            controller_name(&texts, Player::Black, &against),
            "AI · Expert"
        );
    }
}
