//! The game-over dialog: the result (on the board, or on time), the disc counts, and Rematch, New
//! game or a look at the final board. It opens by itself when a game ends in front of the player.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::navigation::FocusFirst;
pub use super::navigation::GameOverDismissed;
use super::{Dialog, Screen, SidePanel, UiPass, menu_button, words};
use crate::audio::UiClick;
use crate::game::clock::Clocks;
use crate::game::turn::Phase;
use crate::game::{BoardReset, CurrentGame, GameSystems, MatchSettings, NewGameRequested};
use crate::i18n::Texts;
use crate::tr;

pub fn plugin(app: &mut App) {
    app.init_resource::<GameOverDismissed>()
        .add_systems(Update, open_when_the_game_ends.after(GameSystems::Phase))
        .add_systems(
            EguiPrimaryContextPass,
            game_over_dialog
                .in_set(UiPass::Windows)
                .run_if(in_state(Dialog::GameOver))
                .run_if(in_state(Screen::Playing)),
        );
}

/// Opens the dialog when the game is over in front of the player (no other dialog open, not
/// dismissed), and closes it when the game goes on (an undo, a new game) or the menu is opened.
fn open_when_the_game_ends(
    phase: Res<Phase>,
    (screen, dialog): (Res<State<Screen>>, Res<State<Dialog>>),
    mut next_dialog: ResMut<NextState<Dialog>>,
    mut resets: MessageReader<BoardReset>,
    mut dismissed: ResMut<GameOverDismissed>,
) {
    if resets.read().count() > 0 {
        dismissed.0 = false;
    }
    let over = *phase == Phase::GameOver && **screen == Screen::Playing;
    match **dialog {
        Dialog::None if over && !dismissed.0 => next_dialog.set(Dialog::GameOver),
        Dialog::GameOver if !over => next_dialog.set(Dialog::None),
        _ => {}
    }
}

/// What the dialog's buttons lead to.
#[derive(bevy::ecs::system::SystemParam)]
struct GameOverActions<'w> {
    new_game: MessageWriter<'w, NewGameRequested>,
    clicks: MessageWriter<'w, UiClick>,
    next_screen: ResMut<'w, NextState<Screen>>,
    next_dialog: ResMut<'w, NextState<Dialog>>,
    dismissed: ResMut<'w, GameOverDismissed>,
    focus_first: ResMut<'w, FocusFirst>,
    tournaments: Res<'w, crate::game::tournament::Tournaments>,
}

fn game_over_dialog(
    mut contexts: EguiContexts,
    game: Res<CurrentGame>,
    players: Res<MatchSettings>,
    clocks: Res<Clocks>,
    mut act: GameOverActions,
    (texts, panel): (Res<Texts>, Res<SidePanel>),
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let texts = &*texts;
    // The result: on the board or on time.
    let (title, lines) = if let Some(loser) = clocks.flagged {
        let counts = game.0.counts();
        (
            tr!(texts, "wins-on-time", player = words::key(loser.opponent())),
            vec![
                tr!(texts, "over-out-of-time", player = words::key(loser)),
                tr!(
                    texts,
                    "over-discs",
                    black = counts.black,
                    white = counts.white
                ),
            ],
        )
    } else if let Some(outcome) = game.0.outcome() {
        let mut lines = Vec::new();
        if let Some(human) = players.single_human() {
            lines.push(match outcome.winner {
                Some(w) if w == human => tr!(texts, "over-you-win"),
                Some(_) => tr!(texts, "over-ai-wins"),
                None => tr!(texts, "over-draw"),
            });
        }
        let variant = game.0.variant();
        let empties = variant.squares() - outcome.discs.black - outcome.discs.white;
        let anti = variant.goal == crate::rules::Goal::FewestDiscs;
        let (black, white) = (outcome.discs.black, outcome.discs.white);
        lines.push(match (empties, anti) {
            (0, _) => tr!(texts, "over-discs", black = black, white = white),
            (_, false) => tr!(
                texts,
                "over-discs-empties-to-winner",
                black = black,
                white = white,
                empty = empties
            ),
            (_, true) => tr!(
                texts,
                "over-discs-empties",
                black = black,
                white = white,
                empty = empties
            ),
        });
        if anti {
            lines.push(tr!(texts, "over-anti"));
        }
        (words::outcome(texts, &outcome, variant), lines)
    } else {
        return Ok(());
    };
    // A tournament's game: its score as recorded (a game lost on time by the rule), and the way
    // back to the tournament instead of a rematch.
    let recorded = act
        .tournaments
        .playing
        .filter(|p| p.recorded)
        .and_then(|p| {
            let t = act.tournaments.current.as_ref()?;
            t.played.iter().rev().find(|g| (g.black, g.white) == p.pair)
        })
        .map(|g| g.score);
    let mut lines = lines;
    if let Some(score) = recorded {
        lines.push(tr!(
            texts,
            "tournament-recorded",
            black = score.black,
            white = score.white
        ));
    }
    egui::Window::new(tr!(texts, "over-title"))
        .id(egui::Id::new("game-over"))
        .collapsible(false)
        .auto_sized()
        .max_width(super::fitting_width(ctx, 560.0))
        // Above the board, in the middle of the part the side panel leaves: the final position
        // stays in view.
        .anchor(
            egui::Align2::CENTER_TOP,
            [super::over_board(&panel)[0], 12.0],
        )
        .show(ctx, |ui| {
            super::scroll_to_fit(ui, 0.0, |ui| {
                ui.vertical_centered(|ui| {
                    ui.label(egui::RichText::new(title).size(28.0).strong());
                    for line in lines {
                        ui.label(line);
                    }
                    ui.add_space(8.0);
                    let first = if recorded.is_some() {
                        menu_button(ui, &tr!(texts, "tournament-back"), &mut act.clicks)
                    } else {
                        menu_button(ui, &tr!(texts, "over-rematch"), &mut act.clicks)
                    };
                    if act.focus_first.0 {
                        first.request_focus();
                        act.focus_first.0 = false;
                    }
                    if first.clicked() && recorded.is_some() {
                        act.dismissed.0 = true;
                        act.next_dialog.set(Dialog::Tournament);
                    } else if first.clicked() {
                        act.new_game.write(NewGameRequested(*players));
                        act.dismissed.0 = false;
                    }
                    if menu_button(ui, &tr!(texts, "over-new-game"), &mut act.clicks).clicked() {
                        act.next_screen.set(Screen::MainMenu);
                        act.focus_first.0 = true;
                    }
                    if menu_button(ui, &tr!(texts, "over-look"), &mut act.clicks).clicked() {
                        act.dismissed.0 = true;
                        act.next_dialog.set(Dialog::None);
                    }
                });
            });
        });
    Ok(())
}
