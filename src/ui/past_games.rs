//! "Past games": the games played to their end, newest first — when, who played (levels by their
//! names, online players by theirs), the result and the board — each to open on the board for
//! analysis (between two people, so nothing plays by itself) or to copy as a GGF record; and the
//! whole list as one GGF file.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::main_menu::GameStarted;
use super::{Dialog, Screen, UiPass, words};
use crate::ai::Level;
use crate::audio::UiClick;
use crate::game::online::Online;
use crate::game::past_games::PastGames;
use crate::game::{Controller, LoadRequested, MatchSettings};
use crate::i18n::Texts;
use crate::past_games::{Ending, GamesStore, PastGame, date_text};
use crate::rules::{Player, Variant};
use crate::tr;

pub fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        past_games_window
            .in_set(UiPass::Windows)
            .run_if(in_state(Dialog::PastGames)),
    );
}

/// A side's name as the list shows it: a level's in the player's language, a chosen one as it
/// is, else the colour's.
pub fn side_name(texts: &Texts, name: &str, side: Player) -> String {
    if name.is_empty() {
        words::player(texts, side)
    } else if let Ok(level) = name.parse::<Level>() {
        words::level_name(texts, level)
    } else {
        name.to_string()
    }
}

/// The result as the list shows it: the score for a game the board decided, else how it was won.
pub fn result_text(texts: &Texts, past: &PastGame) -> String {
    let winner = past.winner().map_or("black", words::key);
    match (past.ending, past.game.outcome()) {
        (Ending::Board, Some(outcome)) => words::outcome(texts, &outcome, past.game.variant()),
        (Ending::Board, None) => tr!(texts, "past-unfinished"),
        (Ending::Resigned(_), _) => tr!(texts, "online-over-resigned", player = winner),
        (Ending::Time(_), _) => tr!(texts, "wins-on-time", player = winner),
        (Ending::Abandoned(_), _) => tr!(texts, "online-over-abandoned", player = winner),
    }
}

/// What the window's buttons lead to.
#[derive(bevy::ecs::system::SystemParam)]
struct PastActions<'w> {
    load: MessageWriter<'w, LoadRequested>,
    clicks: MessageWriter<'w, UiClick>,
    players: ResMut<'w, MatchSettings>,
    next_screen: ResMut<'w, NextState<Screen>>,
    next_dialog: ResMut<'w, NextState<Dialog>>,
    started: ResMut<'w, GameStarted>,
}

fn past_games_window(
    mut contexts: EguiContexts,
    past: Res<PastGames>,
    online: Res<Online>,
    (texts, panel): (Res<Texts>, Res<super::SidePanel>),
    mut act: PastActions,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let texts = &*texts;
    let games: Vec<&PastGame> = past.kept.games().collect();
    let mut open = true;
    let mut chosen: Option<PastGame> = None;
    egui::Window::new(tr!(texts, "past-title"))
        .id(egui::Id::new("past-games"))
        .order(egui::Order::Foreground)
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .min_width(super::fitting_width(ctx, 560.0))
        .anchor(egui::Align2::CENTER_CENTER, super::over_board(&panel))
        .show(ctx, |ui| {
            if games.is_empty() {
                ui.label(tr!(texts, "past-none"));
            } else {
                ui.label(tr!(texts, "past-count", count = games.len()));
            }
            rating_line(ui, texts, &past.kept);
            if let Some(GamesStore::Dir(dir)) = &past.store {
                ui.label(
                    egui::RichText::new(tr!(
                        texts,
                        "past-file",
                        path = dir.join(crate::past_games::FILE_NAME).display().to_string()
                    ))
                    .weak(),
                );
            }
            if let Some(error) = &past.error {
                ui.colored_label(
                    crate::ui::ink(ui, egui::Color32::from_rgb(240, 120, 100)),
                    tr!(texts, "past-not-written", error = error.clone()),
                );
            }
            ui.separator();
            super::scroll_to_fit(ui, 60.0, |ui| {
                egui::Grid::new("past-list")
                    .num_columns(4)
                    .striped(true)
                    .spacing([12.0, 6.0])
                    .show(ui, |ui| {
                        for &game in &games {
                            game_row(ui, texts, game, !online.active(), &mut chosen);
                            ui.end_row();
                        }
                    });
            });
            ui.separator();
            ui.horizontal(|ui| {
                if !games.is_empty() && ui.button(tr!(texts, "past-copy-all")).clicked() {
                    act.clicks.write(UiClick);
                    ui.ctx().copy_text(past.kept.to_text());
                }
                if ui.button(tr!(texts, "past-close")).clicked() {
                    act.clicks.write(UiClick);
                    act.next_dialog.set(Dialog::None);
                }
            });
        });
    if let Some(game) = chosen {
        act.clicks.write(UiClick);
        *act.players = MatchSettings {
            black: Controller::Human,
            white: Controller::Human,
            clock: None,
            variant: game.game.variant(),
        };
        act.load.write(LoadRequested(game.game));
        act.next_screen.set(Screen::Playing);
        act.next_dialog.set(Dialog::None);
        act.started.0 = true;
    } else if !open {
        act.next_dialog.set(Dialog::None);
    }
    Ok(())
}

/// The player's rating against the levels (from their games against them on 8×8), or how to get
/// one; and the levels' scale.
fn rating_line(ui: &mut egui::Ui, texts: &Texts, kept: &crate::past_games::GamesKept) {
    match kept.rating_against_levels() {
        Some((rating, count)) => {
            ui.label(tr!(
                texts,
                "past-rating",
                rating = format!("{:.0}", rating.elo),
                error = format!("{:.0}", rating.error),
                count = count
            ));
        }
        None => {
            ui.label(tr!(texts, "past-rating-none"));
        }
    }
    ui.label(
        egui::RichText::new(tr!(
            texts,
            "past-rating-scale",
            beginner = format!("{:.0}", Level::Beginner.rating()),
            maximum = format!("{:.0}", Level::Maximum.rating())
        ))
        .weak(),
    );
}

/// Seconds the local time is ahead of UTC at `secs` since 1970: the machine's time zone on the
/// desktop, the browser's in the browser; 0 (UTC) where neither can say.
pub fn local_offset(secs: u64) -> i64 {
    #[cfg(target_arch = "wasm32")]
    {
        let date = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(secs as f64 * 1000.0));
        // Minutes UTC is ahead of local time.
        -(date.get_timezone_offset() as i64) * 60
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        use chrono::{Offset, TimeZone};
        i64::try_from(secs)
            .ok()
            .and_then(|secs| chrono::Local.timestamp_opt(secs, 0).single())
            .map_or(0, |time| i64::from(time.offset().fix().local_minus_utc()))
    }
}

/// One game's row: when, who, the result and the board, then its buttons.
fn game_row(
    ui: &mut egui::Ui,
    texts: &Texts,
    game: &PastGame,
    can_open: bool,
    chosen: &mut Option<PastGame>,
) {
    // `2026-11-26T09:31:03Z` → `2026-11-26 10:31` in Paris.
    let local = game
        .ended_at
        .saturating_add_signed(local_offset(game.ended_at));
    let date = date_text(local);
    let when = tr!(texts, "past-when", day = &date[..10], time = &date[11..16]);
    ui.label(egui::RichText::new(when).monospace());
    ui.label(tr!(
        texts,
        "past-players",
        black = side_name(texts, &game.black, Player::Black),
        white = side_name(texts, &game.white, Player::White)
    ));
    let variant = game.game.variant();
    let result = result_text(texts, game);
    if variant == Variant::STANDARD {
        ui.label(result);
    } else {
        let rules = words::rules_name(texts, variant.opening, variant.goal);
        let board = words::board_name(texts, variant);
        ui.label(format!("{result} · {board} {rules}"));
    }
    ui.horizontal(|ui| {
        let open = ui
            .add_enabled(can_open, egui::Button::new(tr!(texts, "past-open")))
            .on_disabled_hover_text(tr!(texts, "past-open-online"));
        if open.clicked() {
            *chosen = Some(game.clone());
        }
        if ui
            .small_button(tr!(texts, "past-copy"))
            .on_hover_text(tr!(texts, "past-copy-hint"))
            .clicked()
        {
            ui.ctx().copy_text(game.to_ggf());
        }
    });
}
