//! "Tournament": a tournament on this device. Without one, its setting up: the players (people at
//! this device by name, the AI's levels), a round robin or a Swiss tournament, the clock, on the
//! board chosen in the main menu. With one: the round being played, each game to play or its
//! result, the standings and the crosstable; the standings and the games to copy; ending it.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::main_menu::{GameStarted, MenuChoices, clock_picker};
use super::navigation::GameOverDismissed;
use super::{Dialog, Screen, SidePanel, UiPass, words};
use crate::ai::Level;
use crate::audio::UiClick;
use crate::game::NewGameRequested;
use crate::game::tournament::Tournaments;
use crate::i18n::Texts;
use crate::rules::tournament::{Results, TieBreaks, points_text, standings};
use crate::tournament::{Entrant, Format, MOST_ENTRANTS, SetupError, Tournament};
use crate::tr;

pub fn plugin(app: &mut App) {
    app.init_resource::<Setup>().add_systems(
        EguiPrimaryContextPass,
        tournament_window
            .in_set(UiPass::Windows)
            .run_if(in_state(Dialog::Tournament)),
    );
}

/// The tournament being set up.
#[derive(Resource, Debug)]
pub struct Setup {
    pub entrants: Vec<Entrant>,
    /// The name being typed.
    pub name: String,
    pub level: Level,
    pub swiss: bool,
    pub rounds: usize,
    pub clock: Option<u32>,
    pub problem: Option<SetupError>,
    /// "End the tournament" asked once: a second click ends it.
    pub ending: bool,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup {
            entrants: Vec::new(),
            name: String::new(),
            level: Level::Intermediate,
            swiss: false,
            rounds: 3,
            clock: None,
            problem: None,
            ending: false,
        }
    }
}

/// Opens the window at start (`--tournament`), with `players` (names and levels separated by
/// commas; a level's name stands for the level) filled in for a tournament not yet started.
pub fn open_at_start(app: &mut App, players: &str) {
    let entrants = players
        .split(',')
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(|p| {
            p.parse()
                .map_or_else(|_| Entrant::Person(p.to_string()), Entrant::Level)
        })
        .take(MOST_ENTRANTS)
        .collect();
    app.insert_resource(Setup {
        entrants,
        ..Setup::default()
    })
    .insert_state(Dialog::Tournament);
}

/// An entrant's name as shown: a level's in the player's language.
pub fn entrant_name(texts: &Texts, entrant: &Entrant) -> String {
    match entrant {
        Entrant::Person(name) => name.clone(),
        Entrant::Level(level) => words::level_name(texts, *level),
    }
}

/// What the window's buttons lead to.
#[derive(bevy::ecs::system::SystemParam)]
struct TournamentActions<'w> {
    new_game: MessageWriter<'w, NewGameRequested>,
    clicks: MessageWriter<'w, UiClick>,
    next_screen: ResMut<'w, NextState<Screen>>,
    next_dialog: ResMut<'w, NextState<Dialog>>,
    started: ResMut<'w, GameStarted>,
    dismissed: ResMut<'w, GameOverDismissed>,
}

fn tournament_window(
    mut contexts: EguiContexts,
    mut tournaments: ResMut<Tournaments>,
    mut setup: ResMut<Setup>,
    choices: Res<MenuChoices>,
    (texts, panel): (Res<Texts>, Res<SidePanel>),
    mut act: TournamentActions,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let texts = &*texts;
    let mut open = true;
    let mut play = None;
    egui::Window::new(tr!(texts, "tournament-title"))
        .id(egui::Id::new("tournament"))
        .order(egui::Order::Foreground)
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .min_width(super::fitting_width(ctx, 520.0))
        .anchor(egui::Align2::CENTER_CENTER, super::over_board(&panel))
        .show(ctx, |ui| {
            if let Some(error) = &tournaments.error {
                ui.colored_label(
                    super::ink(ui, egui::Color32::from_rgb(240, 120, 100)),
                    tr!(texts, "tournament-not-kept", error = error.clone()),
                );
            }
            super::scroll_to_fit(ui, 60.0, |ui| match &tournaments.current {
                None => setup_form(ui, texts, &mut setup, &choices),
                Some(t) => play = progress(ui, texts, t, &tournaments),
            });
            ui.separator();
            ui.horizontal_wrapped(|ui| {
                buttons(ui, texts, &mut tournaments, &mut setup, &choices, &mut act)
            });
        });
    if let Some(pair) = play
        && let Some(settings) = tournaments.start(pair)
    {
        act.clicks.write(UiClick);
        act.new_game.write(NewGameRequested(settings));
        act.next_screen.set(Screen::Playing);
        act.next_dialog.set(Dialog::None);
        act.started.0 = true;
        act.dismissed.0 = false;
    } else if !open {
        act.next_dialog.set(Dialog::None);
    }
    Ok(())
}

/// The players, the format and the clock of a tournament to start.
fn setup_form(ui: &mut egui::Ui, texts: &Texts, setup: &mut Setup, choices: &MenuChoices) {
    ui.label(tr!(texts, "tournament-intro"));
    ui.label(
        egui::RichText::new(tr!(
            texts,
            "tournament-board",
            board = words::board_name(texts, choices.variant),
            rules = words::rules_name(texts, choices.variant.opening, choices.variant.goal)
        ))
        .weak(),
    );
    ui.separator();
    ui.label(
        egui::RichText::new(tr!(
            texts,
            "tournament-players",
            count = setup.entrants.len()
        ))
        .strong(),
    );
    let mut remove = None;
    for (i, entrant) in setup.entrants.iter().enumerate() {
        ui.horizontal(|ui| {
            ui.label(format!("{}. {}", i + 1, entrant_name(texts, entrant)));
            if ui
                .small_button("×")
                .on_hover_text(tr!(texts, "tournament-remove"))
                .clicked()
            {
                remove = Some(i);
            }
        });
    }
    if let Some(i) = remove {
        setup.entrants.remove(i);
        setup.problem = None;
    }
    let full = setup.entrants.len() >= MOST_ENTRANTS;
    ui.horizontal(|ui| {
        let edit = ui.add(
            egui::TextEdit::singleline(&mut setup.name)
                .hint_text(tr!(texts, "tournament-name-hint"))
                .desired_width(180.0),
        );
        let entered = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        let add = ui.add_enabled(
            !full && !setup.name.trim().is_empty(),
            egui::Button::new(tr!(texts, "tournament-add-person")),
        );
        if add.clicked() || entered && !full && !setup.name.trim().is_empty() {
            let name = setup.name.trim().to_string();
            setup.entrants.push(Entrant::Person(name));
            setup.name.clear();
            setup.problem = None;
        }
    });
    ui.horizontal(|ui| {
        egui::ComboBox::from_id_salt("tournament-level")
            .selected_text(words::level_name(texts, setup.level))
            .width(160.0)
            .show_ui(ui, |ui| {
                for level in Level::ALL {
                    ui.selectable_value(&mut setup.level, level, words::level_name(texts, level));
                }
            });
        let level = setup.level;
        let taken = setup.entrants.contains(&Entrant::Level(level));
        if ui
            .add_enabled(
                !full && !taken,
                egui::Button::new(tr!(texts, "tournament-add-level")),
            )
            .clicked()
        {
            setup.entrants.push(Entrant::Level(level));
            setup.problem = None;
        }
    });
    ui.separator();
    ui.horizontal_wrapped(|ui| {
        ui.radio_value(
            &mut setup.swiss,
            false,
            tr!(texts, "tournament-round-robin"),
        );
        ui.radio_value(&mut setup.swiss, true, tr!(texts, "tournament-swiss"));
        if setup.swiss {
            let most = (setup.entrants.len() + setup.entrants.len() % 2)
                .saturating_sub(1)
                .max(1);
            setup.rounds = setup.rounds.clamp(1, most);
            ui.add(egui::DragValue::new(&mut setup.rounds).range(1..=most));
            ui.label(tr!(texts, "tournament-rounds-label", count = setup.rounds));
        }
    });
    let about = if setup.swiss {
        tr!(texts, "tournament-swiss-about")
    } else {
        tr!(texts, "tournament-round-robin-about")
    };
    ui.label(egui::RichText::new(about).weak());
    ui.horizontal(|ui| {
        ui.label(tr!(texts, "menu-clock"));
        clock_picker(ui, texts, &mut setup.clock);
    });
    if let Some(problem) = &setup.problem {
        let text = match problem {
            SetupError::Entrants(_) => tr!(texts, "tournament-need-players", most = MOST_ENTRANTS),
            SetupError::SameName(name) => tr!(texts, "tournament-same-name", name = name.clone()),
            SetupError::NoName => tr!(texts, "tournament-no-name"),
            SetupError::Rounds(_) => tr!(texts, "tournament-too-many-rounds"),
        };
        ui.colored_label(super::ink(ui, egui::Color32::from_rgb(240, 120, 100)), text);
    }
}

/// The round being played and the standings; returns the pairing whose Play was clicked.
fn progress(
    ui: &mut egui::Ui,
    texts: &Texts,
    t: &Tournament,
    tournaments: &Tournaments,
) -> Option<(usize, usize)> {
    let name = |i: usize| entrant_name(texts, &t.entrants[i]);
    let mut play = None;
    // The results once a frame, for the heading, the standings and the crosstable.
    let results = t.results();
    match t.current_round() {
        Some(round) => {
            ui.label(
                egui::RichText::new(tr!(
                    texts,
                    "tournament-round",
                    round = round.number + 1,
                    rounds = t.rounds()
                ))
                .strong(),
            );
            egui::Grid::new("tournament-round")
                .num_columns(2)
                .spacing([16.0, 6.0])
                .show(ui, |ui| {
                    for &((black, white), score) in &round.games {
                        ui.label(tr!(
                            texts,
                            "past-players",
                            black = name(black),
                            white = name(white)
                        ));
                        let live = tournaments.live()
                            && tournaments
                                .playing
                                .is_some_and(|p| p.pair == (black, white));
                        match score {
                            Some(s) => ui.label(format!("{}–{}", s.black, s.white)),
                            None if live => ui.label(tr!(texts, "tournament-being-played")),
                            None => {
                                let button = ui.button(tr!(texts, "tournament-play"));
                                if button.clicked() {
                                    play = Some((black, white));
                                }
                                button
                            }
                        };
                        ui.end_row();
                    }
                });
            if let Some(bye) = round.bye {
                ui.label(match t.format {
                    Format::RoundRobin => tr!(texts, "tournament-rests", player = name(bye)),
                    Format::Swiss { .. } => tr!(texts, "tournament-bye", player = name(bye)),
                });
            }
        }
        None => {
            let table = standings(&results, TieBreaks::Woc);
            let winners: Vec<String> = table
                .iter()
                .filter(|s| s.place == 1)
                .map(|s| name(s.player))
                .collect();
            ui.label(
                egui::RichText::new(tr!(
                    texts,
                    "tournament-over",
                    winner = winners.join(" · "),
                    count = winners.len()
                ))
                .strong(),
            );
        }
    }
    ui.separator();
    standings_grid(ui, texts, t, &results);
    egui::CollapsingHeader::new(tr!(texts, "tournament-crosstable"))
        .id_salt(egui::Id::new("tournament-crosstable"))
        .default_open(t.entrants.len() <= 8)
        .show(ui, |ui| crosstable_grid(ui, texts, t, &results));
    ui.label(egui::RichText::new(tr!(texts, "tournament-tie-breaks")).weak());
    play
}

/// The standings: place, player, points, games, discs and Brightwell quotient.
fn standings_grid(ui: &mut egui::Ui, texts: &Texts, t: &Tournament, results: &Results) {
    egui::Grid::new("tournament-standings")
        .num_columns(6)
        .striped(true)
        .spacing([14.0, 4.0])
        .show(ui, |ui| {
            for head in heads(texts) {
                ui.label(egui::RichText::new(head).strong());
            }
            ui.end_row();
            for row in standings_rows(texts, t, results) {
                for cell in row {
                    ui.label(cell);
                }
                ui.end_row();
            }
        });
}

/// The standings' column heads.
fn heads(texts: &Texts) -> [String; 6] {
    [
        tr!(texts, "tournament-place"),
        tr!(texts, "tournament-player"),
        tr!(texts, "tournament-points"),
        tr!(texts, "tournament-games"),
        tr!(texts, "tournament-discs"),
        tr!(texts, "tournament-bq"),
    ]
}

/// The standings' rows as text: place (`=` when shared), player, points, games, discs, quotient.
pub fn standings_rows(texts: &Texts, t: &Tournament, results: &Results) -> Vec<[String; 6]> {
    let table = standings(results, TieBreaks::Woc);
    let mut previous = 0;
    table
        .iter()
        .map(|s| {
            let place = if s.place == previous {
                "=".to_string()
            } else {
                s.place.to_string()
            };
            previous = s.place;
            [
                place,
                entrant_name(texts, &t.entrants[s.player]),
                points_text(s.half_points),
                s.games.to_string(),
                s.discs.to_string(),
                s.brightwell.to_string(),
            ]
        })
        .collect()
}

/// Each player's points against each other player, in the standings' order.
fn crosstable_grid(ui: &mut egui::Ui, texts: &Texts, t: &Tournament, results: &Results) {
    let order: Vec<usize> = standings(results, TieBreaks::Woc)
        .iter()
        .map(|s| s.player)
        .collect();
    egui::Grid::new("tournament-crosstable-grid")
        .num_columns(order.len() + 1)
        .striped(true)
        .show(ui, |ui| {
            ui.label("");
            for i in 1..=order.len() {
                ui.label(egui::RichText::new(i.to_string()).strong());
            }
            ui.end_row();
            for (row, &p) in order.iter().enumerate() {
                ui.label(format!(
                    "{}. {}",
                    row + 1,
                    entrant_name(texts, &t.entrants[p])
                ));
                for &q in &order {
                    ui.label(cross_cell(results, p, q));
                }
                ui.end_row();
            }
        });
}

/// `p`'s points against `q` over their games ("1½"), "·" on the diagonal, empty if they have not met.
fn cross_cell(results: &Results, p: usize, q: usize) -> String {
    match results.against(p, q) {
        _ if p == q => "·".to_string(),
        (_, 0) => String::new(),
        (halves, _) => points_text(halves),
    }
}

/// The standings and crosstable as text, to copy.
fn standings_text(texts: &Texts, t: &Tournament) -> String {
    let mut text = format!("{}\n", tr!(texts, "tournament-title"));
    text.push_str(&heads(texts).join("\t"));
    text.push('\n');
    let results = t.results();
    for row in standings_rows(texts, t, &results) {
        text.push_str(&row.join("\t"));
        text.push('\n');
    }
    text.push_str(&format!("\n{}\n", tr!(texts, "tournament-crosstable")));
    let order: Vec<usize> = standings(&results, TieBreaks::Woc)
        .iter()
        .map(|s| s.player)
        .collect();
    for (row, &p) in order.iter().enumerate() {
        let cells: Vec<String> = order.iter().map(|&q| cross_cell(&results, p, q)).collect();
        text.push_str(&format!(
            "{}. {}\t{}\n",
            row + 1,
            entrant_name(texts, &t.entrants[p]),
            cells.join("\t")
        ));
    }
    text.push_str(&format!("\n{}\n", tr!(texts, "tournament-tie-breaks")));
    text
}

/// Start and Close while setting up; copying, ending and closing once started.
fn buttons(
    ui: &mut egui::Ui,
    texts: &Texts,
    tournaments: &mut Tournaments,
    setup: &mut Setup,
    choices: &MenuChoices,
    act: &mut TournamentActions,
) {
    match &tournaments.current {
        None => {
            let ready = setup.entrants.len() >= 2;
            if ui
                .add_enabled(ready, egui::Button::new(tr!(texts, "tournament-start")))
                .clicked()
            {
                act.clicks.write(UiClick);
                let format = if setup.swiss {
                    Format::Swiss {
                        rounds: setup.rounds,
                    }
                } else {
                    Format::RoundRobin
                };
                match Tournament::new(setup.entrants.clone(), format, setup.clock, choices.variant)
                {
                    Ok(t) => {
                        tournaments.current = Some(t);
                        tournaments.keep();
                        setup.problem = None;
                    }
                    Err(problem) => setup.problem = Some(problem),
                }
            }
        }
        Some(t) => {
            if ui.button(tr!(texts, "tournament-copy-standings")).clicked() {
                act.clicks.write(UiClick);
                ui.ctx().copy_text(standings_text(texts, t));
            }
            if !t.played.is_empty() && ui.button(tr!(texts, "tournament-copy-games")).clicked() {
                act.clicks.write(UiClick);
                ui.ctx().copy_text(t.ggf());
            }
            let end = if setup.ending {
                tr!(texts, "tournament-end-sure")
            } else {
                tr!(texts, "tournament-end")
            };
            if ui.button(end).clicked() {
                act.clicks.write(UiClick);
                if setup.ending {
                    tournaments.current = None;
                    tournaments.playing = None;
                    tournaments.keep();
                    *setup = Setup::default();
                } else {
                    setup.ending = true;
                }
            }
        }
    }
    if ui.button(tr!(texts, "past-close")).clicked() {
        act.clicks.write(UiClick);
        setup.ending = false;
        act.next_dialog.set(Dialog::None);
    }
}
