//! "Game database": the tournament games the player added ([`crate::database`]), found by player,
//! tournament, years, result and the board's position; each opens on the board to step through
//! with the analysis, or copies as GGF. Files are added here too, with a progress bar.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::analysis::AnalysisOpen;
use super::main_menu::GameStarted;
use super::{Dialog, Screen, UiPass};
use crate::audio::UiClick;
use crate::database::search::{Hit, Query, Target, Winner};
use crate::database::{Database, DbGame};
use crate::game::database::{GameDatabase, PickFilesRequested};
use crate::game::{CurrentGame, LoadRequested, MatchSettings};
use crate::i18n::Texts;
use crate::rules::{Game, Move, Player};
use crate::tr;

/// The most games listed; the count says how many more were found.
const LISTED: usize = 200;

/// The window's fields, and the last search's answer.
#[derive(Resource, Debug, Default)]
pub struct DatabaseForm {
    pub player: String,
    pub tournament: String,
    pub from_year: String,
    pub to_year: String,
    pub winner: Option<Winner>,
    /// Only the games through the position on the board.
    pub here: bool,
    /// Where the desktop's folder picker stands.
    pub folder: super::folder_picker::FolderPicker,
    /// The height of the part for adding files, as last drawn: the list of games leaves it room.
    add_height: f32,
    /// The last search: its query, the games' count then, the games found and its time in ms.
    found: Option<(Query, usize, Vec<Hit>, f64)>,
}

/// The database game last opened: its players, tournament, year and score as the side panel
/// shows them, and its moves, so that the line shows only while the board follows that game.
#[derive(Resource, Debug, Default)]
pub struct Replaying(pub Option<(String, Vec<Move>)>);

impl Replaying {
    /// The line for `game`: while its moves and those ahead of it are the opened game's.
    pub fn label(&self, game: &Game) -> Option<&str> {
        let (label, moves) = self.0.as_ref()?;
        let ahead = game.redo_stack().iter().rev();
        let same = game.history().len() + game.redo_stack().len() == moves.len()
            && game.history().iter().chain(ahead).eq(moves.iter());
        same.then_some(label.as_str())
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<DatabaseForm>()
        .init_resource::<Replaying>()
        .add_systems(
            EguiPrimaryContextPass,
            database_window
                .in_set(UiPass::Windows)
                .run_if(in_state(Dialog::Database)),
        );
}

impl DatabaseForm {
    /// The query the fields make, `game`'s position for "here".
    pub fn query(&self, game: &Game) -> Query {
        let year = |text: &str| text.trim().parse().ok();
        let position = game.position();
        Query {
            player: self.player.clone(),
            tournament: self.tournament.clone(),
            from_year: year(&self.from_year),
            to_year: year(&self.to_year),
            winner: self.winner,
            position: self
                .here
                .then(|| position.to_board())
                .flatten()
                .map(|board| Target::new(board, position.to_move == Player::Black)),
        }
    }

    /// The games found for `query`, searched again only when it or the database changed.
    pub fn found(&mut self, db: &Database, query: Query) -> &[Hit] {
        self.found_timed(db, query).0
    }

    /// [`DatabaseForm::found`] and the time its search took, in milliseconds.
    fn found_timed(&mut self, db: &Database, query: Query) -> (&[Hit], f64) {
        let fresh = self
            .found
            .as_ref()
            .is_some_and(|(q, n, ..)| *q == query && *n == db.games.len());
        if !fresh {
            let started = web_time::Instant::now();
            let hits = db.search(&query);
            let ms = started.elapsed().as_secs_f64() * 1e3;
            self.found = Some((query, db.games.len(), hits, ms));
        }
        let (_, _, hits, ms) = self.found.as_ref().expect("just searched");
        (hits, *ms)
    }
}

/// What the window's buttons lead to.
#[derive(bevy::ecs::system::SystemParam)]
pub struct OpenGame<'w> {
    load: MessageWriter<'w, LoadRequested>,
    clicks: MessageWriter<'w, UiClick>,
    players: ResMut<'w, MatchSettings>,
    analysis: ResMut<'w, AnalysisOpen>,
    next_screen: ResMut<'w, NextState<Screen>>,
    next_dialog: ResMut<'w, NextState<Dialog>>,
    started: ResMut<'w, GameStarted>,
    replaying: ResMut<'w, Replaying>,
}

impl OpenGame<'_> {
    /// Opens a game found on the board between two people, at the position searched for (else
    /// at its start), the rest of its moves to step through with the analysis open.
    pub fn open(&mut self, texts: &Texts, db: &Database, game: &DbGame, hit: &Hit) {
        let Some(mut opened) = game.oriented(hit.at) else {
            return;
        };
        let moves = opened.history().to_vec();
        // Taken back to the position found, the rest kept to redo (as a jump does).
        let plays = hit.at.map_or(0, |f| f.ply);
        while opened.plays() > plays && opened.undo().is_some() {}
        let label = tr!(
            texts,
            "db-replaying",
            black = db.player(game.black),
            white = db.player(game.white),
            tournament = db.tournament(game.tournament),
            year = game.year.to_string(),
            score = format!("{}–{}", game.black_discs, 64 - game.black_discs)
        );
        self.replaying.0 = Some((label, moves));
        self.clicks.write(UiClick);
        *self.players = MatchSettings::two_humans();
        self.load.write(LoadRequested(opened));
        self.analysis.0 = true;
        self.next_screen.set(Screen::Playing);
        self.next_dialog.set(Dialog::None);
        self.started.0 = true;
    }
}

fn database_window(
    mut contexts: EguiContexts,
    mut database: ResMut<GameDatabase>,
    mut form: ResMut<DatabaseForm>,
    (texts, panel, game): (Res<Texts>, Res<super::SidePanel>, Res<CurrentGame>),
    mut act: OpenGame,
    mut pick: MessageWriter<PickFilesRequested>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let texts = &*texts;
    let mut open = true;
    let mut chosen: Option<Hit> = None;
    let mut close = false;
    egui::Window::new(tr!(texts, "db-title"))
        .id(egui::Id::new("game-database"))
        .order(egui::Order::Foreground)
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .min_width(super::fitting_width(ctx, 640.0))
        .max_width(super::fitting_width(ctx, 760.0))
        // On a phone the window is as tall as the screen: centred on it, over the panel too.
        .anchor(
            egui::Align2::CENTER_CENTER,
            if ctx.content_rect().width() < NARROW {
                [0.0, 0.0]
            } else {
                super::over_board(&panel)
            },
        )
        .show(ctx, |ui| {
            // A shared handle: the window draws the games while the resource may change.
            let shared = database.games().and(database.db.clone());
            match shared {
                None => {
                    ui.label(tr!(texts, "db-none"));
                }
                Some(db) => {
                    let (from, to) = years(&db);
                    ui.label(tr!(
                        texts,
                        "db-count",
                        count = db.games.len(),
                        from = from,
                        to = to
                    ));
                    ui.separator();
                    filters(ui, texts, &mut form, game.0.position().to_board().is_some());
                    let query = form.query(&game.0);
                    let (hits, ms) = form.found_timed(&db, query);
                    let count = hits.len();
                    let hits: Vec<Hit> = hits.iter().take(LISTED).copied().collect();
                    ui.label(
                        egui::RichText::new(tr!(
                            texts,
                            "db-found",
                            count = count,
                            shown = hits.len(),
                            ms = texts.decimal(ms, 1)
                        ))
                        .strong(),
                    );
                    // Stacked, the filters above the list take more of its room.
                    let above = if narrow(ui) { 250.0 } else { 110.0 };
                    super::scroll_to_fit(ui, form.add_height + above, |ui| {
                        // The scroll bar beside the rows, not over their buttons.
                        ui.set_min_width(ui.available_width());
                        results(ui, texts, &db, &hits, &mut chosen);
                    });
                }
            }
            ui.separator();
            let top = ui.cursor().top();
            add_section(ui, texts, (&mut database, &mut form), &mut pick);
            form.add_height = ui.cursor().top() - top;
            ui.separator();
            if ui.button(tr!(texts, "db-close")).clicked() {
                close = true;
            }
        });
    if let Some(hit) = chosen
        && let Some(db) = database.games()
    {
        act.open(texts, db, &db.games[hit.game], &hit);
    } else if !open || close {
        act.clicks.write(UiClick);
        act.next_dialog.set(Dialog::None);
    }
    Ok(())
}

/// The first and last year of the games.
fn years(db: &Database) -> (u16, u16) {
    let first = db.games.iter().map(|g| g.year).min().unwrap_or(0);
    let last = db.games.iter().map(|g| g.year).max().unwrap_or(0);
    (first, last)
}

/// Whether the window is as narrow as a phone held upright: fields and games go one under another.
fn narrow(ui: &egui::Ui) -> bool {
    ui.ctx().content_rect().width() < NARROW
}

/// Below this width (in points) the window stacks its rows.
const NARROW: f32 = 620.0;

fn filters(ui: &mut egui::Ui, texts: &Texts, form: &mut DatabaseForm, standard: bool) {
    let narrow = narrow(ui);
    egui::Grid::new("db-filters")
        .num_columns(if narrow { 2 } else { 4 })
        .spacing([10.0, 6.0])
        .show(ui, |ui| {
            ui.label(tr!(texts, "db-player"));
            ui.add(egui::TextEdit::singleline(&mut form.player).desired_width(170.0));
            if narrow {
                ui.end_row();
            }
            ui.label(tr!(texts, "db-tournament"));
            ui.add(egui::TextEdit::singleline(&mut form.tournament).desired_width(170.0));
            ui.end_row();
            ui.label(tr!(texts, "db-years"));
            ui.horizontal(|ui| {
                ui.add(egui::TextEdit::singleline(&mut form.from_year).desired_width(48.0));
                ui.label("–");
                ui.add(egui::TextEdit::singleline(&mut form.to_year).desired_width(48.0));
            });
            if narrow {
                ui.end_row();
            }
            ui.label(tr!(texts, "db-result"));
            let name = |w: Option<Winner>| match w {
                None => tr!(texts, "db-result-any"),
                Some(Winner::Black) => tr!(texts, "db-result-black"),
                Some(Winner::White) => tr!(texts, "db-result-white"),
                Some(Winner::Draw) => tr!(texts, "db-result-draw"),
            };
            egui::ComboBox::from_id_salt("db-result")
                .selected_text(name(form.winner))
                .show_ui(ui, |ui| {
                    for w in [
                        None,
                        Some(Winner::Black),
                        Some(Winner::White),
                        Some(Winner::Draw),
                    ] {
                        ui.selectable_value(&mut form.winner, w, name(w));
                    }
                });
            ui.end_row();
        });
    ui.add_enabled(
        standard,
        egui::Checkbox::new(&mut form.here, tr!(texts, "db-here")),
    );
}

fn results(
    ui: &mut egui::Ui,
    texts: &Texts,
    db: &Database,
    hits: &[Hit],
    chosen: &mut Option<Hit>,
) {
    let narrow = narrow(ui);
    egui::Grid::new("db-results")
        .num_columns(if narrow { 2 } else { 5 })
        .striped(true)
        .spacing([12.0, 4.0])
        .show(ui, |ui| {
            for hit in hits {
                let game = &db.games[hit.game];
                let players = tr!(
                    texts,
                    "past-players",
                    black = db.player(game.black),
                    white = db.player(game.white)
                );
                let score =
                    egui::RichText::new(format!("{}–{}", game.black_discs, 64 - game.black_discs))
                        .monospace();
                if narrow {
                    // Where and when small above who and the score.
                    ui.vertical(|ui| {
                        let at = format!("{} · {}", game.year, db.tournament(game.tournament));
                        ui.label(egui::RichText::new(at).small().weak());
                        ui.horizontal(|ui| {
                            ui.label(players);
                            ui.label(score);
                        });
                    });
                } else {
                    ui.label(egui::RichText::new(game.year.to_string()).monospace());
                    ui.label(db.tournament(game.tournament));
                    ui.label(players);
                    ui.label(score);
                }
                game_buttons(ui, texts, db, hit, chosen);
                ui.end_row();
            }
        });
}

/// A game's Replay and GGF buttons.
fn game_buttons(
    ui: &mut egui::Ui,
    texts: &Texts,
    db: &Database,
    hit: &Hit,
    chosen: &mut Option<Hit>,
) {
    let game = &db.games[hit.game];
    ui.horizontal(|ui| {
        if ui
            .button(tr!(texts, "db-open"))
            .on_hover_text(tr!(texts, "db-open-hint"))
            .clicked()
        {
            *chosen = Some(*hit);
        }
        if ui
            .small_button(tr!(texts, "past-copy"))
            .on_hover_text(tr!(texts, "past-copy-hint"))
            .clicked()
            && let Some(ggf) = db.ggf(game)
        {
            ui.ctx().copy_text(ggf);
        }
    });
}

/// Adding files: a folder or file on the desktop, with the progress and what the last addition
/// did; where the files are kept.
fn add_section(
    ui: &mut egui::Ui,
    texts: &Texts,
    (database, form): (&mut GameDatabase, &mut DatabaseForm),
    pick: &mut MessageWriter<PickFilesRequested>,
) {
    // Closed once there are games: the list takes the room.
    egui::CollapsingHeader::new(egui::RichText::new(tr!(texts, "db-add-title")).strong())
        .id_salt(egui::Id::new("db-add"))
        .default_open(database.games().is_none())
        .show(ui, |ui| add_files(ui, texts, (database, form), pick));
    outcome(ui, texts, database);
}

/// Choosing the files: the browser's picker, or the desktop's folder picker, or the progress.
fn add_files(
    ui: &mut egui::Ui,
    texts: &Texts,
    (database, form): (&mut GameDatabase, &mut DatabaseForm),
    pick: &mut MessageWriter<PickFilesRequested>,
) {
    if cfg!(target_arch = "wasm32") {
        ui.label(tr!(texts, "db-add-browser"));
        if ui.button(tr!(texts, "db-add-pick")).clicked() {
            pick.write(PickFilesRequested);
        }
    } else if let Some((done, total)) = database.progress() {
        let part = if total == 0 {
            0.0
        } else {
            done as f32 / total as f32
        };
        ui.add(egui::ProgressBar::new(part).show_percentage().text(tr!(
            texts,
            "db-adding",
            done = done,
            total = total
        )));
    } else {
        ui.label(tr!(texts, "db-add-how"));
        if let Some(folder) = form.folder.show(ui, texts) {
            database.add_paths(vec![folder]);
        }
    }
}

/// What the last addition did, why the file failed, where the database is kept.
fn outcome(ui: &mut egui::Ui, texts: &Texts, database: &GameDatabase) {
    if let Some(report) = &database.report {
        ui.label(tr!(
            texts,
            "db-added",
            added = report.added,
            duplicates = report.duplicates
        ));
        for (file, why) in &report.refused {
            ui.colored_label(
                super::ink(ui, egui::Color32::from_rgb(240, 120, 100)),
                tr!(
                    texts,
                    "db-refused",
                    file = file.clone(),
                    reason = why.clone()
                ),
            );
        }
        if !report.rejected.is_empty() {
            ui.label(tr!(texts, "db-rejected", count = report.rejected.len()));
        }
    }
    if let Some(error) = &database.error {
        ui.colored_label(
            super::ink(ui, egui::Color32::from_rgb(240, 120, 100)),
            tr!(texts, "db-error", error = error.clone()),
        );
    }
    if let Some(path) = &database.path {
        let kept = tr!(texts, "db-kept", path = path.display().to_string());
        ui.add(egui::Label::new(egui::RichText::new(kept).weak()).wrap());
    }
}

/// Opens the window as the run starts (`--database`), searching for the games through the
/// position on the board when one was given, and with `open_first` the newest game found.
pub fn open_at_start(app: &mut App, open_first: bool) {
    let started = app.world().resource::<GameStarted>().0;
    app.insert_resource(DatabaseForm {
        here: started,
        ..default()
    })
    .insert_state(Dialog::Database);
    if open_first {
        app.add_systems(
            Update,
            open_newest.run_if(bevy::ecs::schedule::common_conditions::run_once),
        );
    }
}

fn open_newest(
    database: Res<GameDatabase>,
    mut form: ResMut<DatabaseForm>,
    (game, texts): (Res<CurrentGame>, Res<Texts>),
    mut act: OpenGame,
) {
    let Some(db) = database.games() else {
        return;
    };
    let query = form.query(&game.0);
    if let Some(&hit) = form.found(db, query).first() {
        act.open(&texts, db, &db.games[hit.game], &hit);
    }
}
