//! "Play a friend": the dialog that creates or joins a room on a room server, and the online part
//! of the side panel (the room's code and link, both players and their connections, the server's
//! clocks, the take-back and rematch answers, resign and leave).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::main_menu::{GameStarted, MenuChoices};
use super::{Dialog, Screen, UiPass, words};
use crate::audio::UiClick;
use crate::game::lobby::{Listing, Lobby, LobbyRequested};
use crate::game::online::{Link, Online, OnlineRequest, Session};
use crate::i18n::Texts;
use crate::net::client::invitation_link;
use crate::net::{ClockSpec, Colour, ColourChoice, EndReason, ErrorCode, OpenRoom, Status};
use crate::rules::{Player, Variant};
use crate::tr;

/// What the dialog holds between frames.
#[derive(Resource, Clone, Debug)]
pub struct OnlineForm {
    /// The server's WebSocket address (the page's own server in the browser).
    pub server: String,
    pub name: String,
    pub colour: ColourChoice,
    /// Minutes a side; 0 for no clock.
    pub minutes: u32,
    /// A code or a link to join.
    pub code: String,
    /// List the room among the server's open rooms.
    pub public: bool,
}

impl Default for OnlineForm {
    fn default() -> Self {
        OnlineForm {
            server: default_server(),
            name: String::new(),
            colour: ColourChoice::Random,
            minutes: 0,
            code: String::new(),
            public: true,
        }
    }
}

/// The page's own server in the browser; `reversi serve`'s default address on the desktop.
fn default_server() -> String {
    #[cfg(target_arch = "wasm32")]
    if let Some(origin) = web_sys::window().and_then(|w| w.location().origin().ok()) {
        return crate::net::client::url_for_origin(&origin);
    }
    crate::net::client::DEFAULT_SERVER.to_string()
}

/// The clocks offered, in minutes a side (0: none).
const MINUTES: [u32; 6] = [0, 1, 3, 5, 10, 30];

pub fn plugin(app: &mut App) {
    app.init_resource::<OnlineForm>().add_systems(
        EguiPrimaryContextPass,
        online_dialog
            .in_set(UiPass::Windows)
            .run_if(in_state(Dialog::Online)),
    );
}

#[derive(bevy::ecs::system::SystemParam)]
struct DialogActions<'w> {
    requests: MessageWriter<'w, OnlineRequest>,
    lobby: MessageWriter<'w, LobbyRequested>,
    clicks: MessageWriter<'w, UiClick>,
    next_screen: ResMut<'w, NextState<Screen>>,
    next_dialog: ResMut<'w, NextState<Dialog>>,
    started: ResMut<'w, GameStarted>,
}

impl DialogActions<'_> {
    fn go(&mut self, request: OnlineRequest) {
        self.clicks.write(UiClick);
        self.requests.write(request);
        self.started.0 = true;
        self.next_dialog.set(Dialog::None);
        self.next_screen.set(Screen::Playing);
    }
}

fn online_dialog(
    mut contexts: EguiContexts,
    mut form: ResMut<OnlineForm>,
    choices: Res<MenuChoices>,
    online: Res<Online>,
    mut act: DialogActions,
    (texts, panel, lobby): (Res<Texts>, Res<super::SidePanel>, Res<Lobby>),
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let texts = &*texts;
    let form = &mut *form;
    // The open rooms of the server named, asked for when the dialog opens or the server changes.
    let server = form.server.trim().to_string();
    if lobby.listing == Listing::NotAsked || (lobby.server != server && !server.is_empty()) {
        act.lobby.write(LobbyRequested(server.clone()));
    }
    egui::Window::new(tr!(texts, "online-title"))
        .id(egui::Id::new("online"))
        .order(egui::Order::Foreground)
        .collapsible(false)
        .resizable(false)
        .min_width(super::fitting_width(ctx, 380.0))
        .anchor(egui::Align2::CENTER_CENTER, super::over_board(&panel))
        .show(ctx, |ui| {
            if let Some(session) = &online.0
                && let Link::Failed(code) = session.link
            {
                ui.colored_label(
                    crate::ui::ink(ui, egui::Color32::from_rgb(240, 110, 90)),
                    failure(texts, code),
                );
                ui.separator();
            }
            ui.horizontal(|ui| {
                ui.label(tr!(texts, "online-name"));
                ui.add(
                    egui::TextEdit::singleline(&mut form.name)
                        .char_limit(crate::net::MAX_NAME_CHARS),
                );
            });
            // The server's address is for the few who host their own: folded away.
            if cfg!(not(target_arch = "wasm32")) {
                egui::CollapsingHeader::new(tr!(texts, "online-server"))
                    .id_salt(egui::Id::new("online-server"))
                    .default_open(false)
                    .show(ui, |ui| {
                        ui.text_edit_singleline(&mut form.server);
                    });
            }
            ui.separator();
            ui.label(egui::RichText::new(tr!(texts, "online-create-heading")).strong());
            ui.horizontal(|ui| {
                ui.label(tr!(texts, "online-colour"));
                for (choice, label) in [
                    (ColourChoice::Black, words::player(texts, Player::Black)),
                    (ColourChoice::White, words::player(texts, Player::White)),
                    (ColourChoice::Random, tr!(texts, "online-colour-random")),
                ] {
                    ui.radio_value(&mut form.colour, choice, label);
                }
            });
            ui.horizontal_wrapped(|ui| {
                ui.label(tr!(texts, "online-clock"));
                for minutes in MINUTES {
                    let label = if minutes == 0 {
                        tr!(texts, "online-clock-none")
                    } else {
                        tr!(texts, "online-clock-minutes", minutes = minutes)
                    };
                    ui.radio_value(&mut form.minutes, minutes, label);
                }
            });
            let variant = choices.variant;
            ui.label(tr!(
                texts,
                "online-board",
                board = format!(
                    "{} {}",
                    words::board_name(texts, variant),
                    words::rules_name(texts, variant.opening, variant.goal)
                )
            ));
            ui.checkbox(&mut form.public, tr!(texts, "online-public"));
            if ui.button(tr!(texts, "online-create")).clicked() {
                act.go(OnlineRequest::Create {
                    public: form.public,
                    server: form.server.trim().to_string(),
                    name: form.name.trim().to_string(),
                    colour: form.colour,
                    variant,
                    clock: (form.minutes > 0).then(|| ClockSpec {
                        base_ms: u64::from(form.minutes) * 60_000,
                        increment_ms: 0,
                    }),
                });
            }
            ui.separator();
            ui.label(egui::RichText::new(tr!(texts, "online-join-heading")).strong());
            if let Some(code) = open_rooms(ui, texts, &lobby, &mut act) {
                act.go(OnlineRequest::Join {
                    server: server.clone(),
                    code,
                    name: form.name.trim().to_string(),
                });
            }
            ui.horizontal(|ui| {
                ui.label(tr!(texts, "online-code"));
                ui.text_edit_singleline(&mut form.code);
            });
            let invitation = crate::net::client::read_invitation(&form.code);
            ui.horizontal(|ui| {
                let join = ui.add_enabled(
                    invitation.is_some(),
                    egui::Button::new(tr!(texts, "online-join")),
                );
                let watch = ui.add_enabled(
                    invitation.is_some(),
                    egui::Button::new(tr!(texts, "online-watch")),
                );
                let Some((link_server, code)) = invitation else {
                    return;
                };
                let server = link_server.unwrap_or_else(|| server.clone());
                if join.clicked() {
                    act.go(OnlineRequest::Join {
                        server,
                        code,
                        name: form.name.trim().to_string(),
                    });
                } else if watch.clicked() {
                    act.go(OnlineRequest::Watch { server, code });
                }
            });
            ui.separator();
            if ui.button(tr!(texts, "lessons-close")).clicked() {
                act.clicks.write(UiClick);
                act.next_dialog.set(Dialog::None);
            }
        });
    Ok(())
}

/// The server's open rooms, each with a button to join it, and a button to ask again; the code of
/// the room chosen.
fn open_rooms(
    ui: &mut egui::Ui,
    texts: &Texts,
    lobby: &Lobby,
    act: &mut DialogActions,
) -> Option<String> {
    let mut chosen = None;
    ui.horizontal(|ui| {
        ui.label(tr!(texts, "online-open-rooms"));
        if ui.small_button(tr!(texts, "online-refresh")).clicked() {
            act.clicks.write(UiClick);
            act.lobby.write(LobbyRequested(lobby.server.clone()));
        }
    });
    match &lobby.listing {
        Listing::NotAsked | Listing::Loading => {
            ui.spinner();
        }
        Listing::Failed => {
            ui.label(tr!(texts, "online-open-rooms-failed"));
        }
        Listing::Rooms(rooms) if rooms.is_empty() => {
            ui.label(tr!(texts, "online-open-rooms-none"));
        }
        Listing::Rooms(rooms) => {
            egui::ScrollArea::vertical()
                .max_height(140.0)
                .show(ui, |ui| {
                    for room in rooms {
                        ui.horizontal(|ui| {
                            if ui.button(tr!(texts, "online-join")).clicked() {
                                chosen = Some(room.room.clone());
                            }
                            let name = shown_name(texts, &room.name, Some(room.colour));
                            ui.label(egui::RichText::new(name).strong());
                            let yours = colour_key(room.colour.other());
                            let terms = open_room_terms(texts, room);
                            let you_play = tr!(texts, "online-you-play", player = yours);
                            ui.add(egui::Label::new(format!("{terms} · {you_play}")).wrap());
                        });
                    }
                });
        }
    }
    chosen
}

/// A listed room's board, rules and clock, in words.
fn open_room_terms(texts: &Texts, room: &OpenRoom) -> String {
    let board = match room.variant.parse::<Variant>() {
        Ok(variant) => {
            let rules = words::rules_name(texts, variant.opening, variant.goal);
            format!("{} {rules}", words::board_name(texts, variant))
        }
        Err(_) => room.variant.clone(),
    };
    let clock = match room.clock {
        Some(clock) if clock.increment_ms > 0 => tr!(
            texts,
            "online-clock-increment",
            minutes = clock.base_ms.div_ceil(60_000),
            seconds = clock.increment_ms.div_ceil(1000)
        ),
        Some(clock) => tr!(
            texts,
            "online-clock-minutes",
            minutes = clock.base_ms.div_ceil(60_000)
        ),
        None => tr!(texts, "menu-no-clock"),
    };
    format!("{board} · {clock}")
}

/// Why a room could not be opened or kept.
fn failure(texts: &Texts, code: ErrorCode) -> String {
    match code {
        ErrorCode::UnknownRoom => tr!(texts, "online-failed-unknown-room"),
        ErrorCode::RoomFull => tr!(texts, "online-failed-room-full"),
        ErrorCode::Version => tr!(texts, "online-failed-version"),
        ErrorCode::TooManyRooms => tr!(texts, "online-failed-too-many"),
        ErrorCode::Replaced => tr!(texts, "online-failed-replaced"),
        ErrorCode::BadToken => tr!(texts, "online-failed-bad-token"),
        _ => tr!(texts, "online-failed-bad-room"),
    }
}

fn colour_key(colour: Colour) -> &'static str {
    words::key(colour.player())
}

/// A player's name as shown: the one chosen, else the colour's.
fn shown_name(texts: &Texts, name: &str, colour: Option<Colour>) -> String {
    if name.is_empty() {
        colour.map_or_else(String::new, |c| words::player(texts, c.player()))
    } else {
        name.to_string()
    }
}

fn clock_text(ms: u64) -> String {
    let seconds = ms.div_ceil(1000);
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

/// Both players (the local one first and marked, when there is one) with their connections and
/// clocks.
fn players_grid(
    ui: &mut egui::Ui,
    texts: &Texts,
    session: &Session,
    state: &crate::net::RoomState,
    me: Option<usize>,
) {
    let order = match me {
        Some(me) => [me, 1 - me],
        None => [0, 1],
    };
    egui::Grid::new("online-players")
        .num_columns(3)
        .spacing([8.0, 4.0])
        .show(ui, |ui| {
            for seat in order {
                let player = &state.players[seat];
                // Green while connected, grey while away.
                let colour = if player.connected || Some(seat) == me {
                    egui::Color32::from_rgb(90, 220, 120)
                } else {
                    egui::Color32::from_rgb(140, 140, 140)
                };
                let (rect, _) =
                    ui.allocate_exact_size(egui::vec2(10.0, 10.0), egui::Sense::hover());
                ui.painter().circle_filled(rect.center(), 4.5, colour);
                let mut name = shown_name(texts, &player.name, player.colour);
                if Some(seat) == me {
                    name = tr!(texts, "online-you", name = name);
                }
                ui.label(egui::RichText::new(name).strong());
                if let Some(ms) = player.colour.and_then(|c| session.time_left_ms(c)) {
                    let colour = player.colour.expect("a clock has a colour");
                    let text = egui::RichText::new(clock_text(ms)).monospace();
                    ui.label(if state.running == Some(colour) {
                        text.strong()
                    } else {
                        text
                    });
                }
                ui.end_row();
            }
        });
}

/// The panel of an onlooker: the players, how the game stands, and the way out.
fn watching_section(
    ui: &mut egui::Ui,
    texts: &Texts,
    session: &Session,
    state: &crate::net::RoomState,
    ask: &mut impl FnMut(OnlineRequest),
) {
    let line = if session.watching_instead {
        tr!(texts, "online-watching-instead")
    } else {
        tr!(texts, "online-watching")
    };
    ui.add(egui::Label::new(egui::RichText::new(line).strong()).wrap());
    players_grid(ui, texts, session, state, None);
    let status = match &state.status {
        Status::Waiting => Some(tr!(texts, "online-waiting-second")),
        Status::Playing => None,
        Status::Over(ending) => over_line(texts, ending),
    };
    if let Some(status) = status {
        ui.add(egui::Label::new(status).wrap());
    }
    if ui.button(tr!(texts, "online-leave")).clicked() {
        ask(OnlineRequest::Leave);
    }
}

/// How a game that did not end on the board ended.
fn over_line(texts: &Texts, ending: &crate::net::Ending) -> Option<String> {
    let winner = ending.winner.map_or("", colour_key);
    match ending.reason {
        EndReason::Board => None,
        EndReason::Resigned => Some(tr!(texts, "online-over-resigned", player = winner)),
        EndReason::Time => Some(tr!(texts, "online-over-time", player = winner)),
        EndReason::Abandoned => Some(tr!(texts, "online-over-abandoned", player = winner)),
    }
}

/// The online part of the side panel.
pub fn panel_section(
    ui: &mut egui::Ui,
    texts: &Texts,
    session: &Session,
    requests: &mut MessageWriter<OnlineRequest>,
    clicks: &mut MessageWriter<UiClick>,
) {
    let mut ask = |request: OnlineRequest| {
        clicks.write(UiClick);
        requests.write(request);
    };
    if let Some(room) = &session.room {
        ui.horizontal_wrapped(|ui| {
            let shown = format!("{}-{}", &room[..5], &room[5..]);
            ui.label(tr!(texts, "online-room", code = shown));
            if ui
                .button(tr!(texts, "online-copy-link"))
                .on_hover_text(invitation_link(&session.server, room))
                .clicked()
            {
                ui.ctx().copy_text(invitation_link(&session.server, room));
            }
        });
    }
    let link = match session.link {
        Link::Connecting if session.room.is_none() => Some(tr!(texts, "online-connecting")),
        Link::Connecting | Link::Lost { .. } => Some(tr!(texts, "online-reconnecting")),
        Link::Failed(code) => Some(failure(texts, code)),
        Link::Open => None,
    };
    if let Some(line) = link {
        ui.horizontal(|ui| {
            if !matches!(session.link, Link::Failed(_)) {
                ui.spinner();
            }
            ui.add(egui::Label::new(line).wrap());
        });
    }
    let Some(state) = &session.state else {
        if ui.button(tr!(texts, "online-leave")).clicked() {
            ask(OnlineRequest::Leave);
        }
        return;
    };
    if session.watching() {
        return watching_section(ui, texts, session, state, &mut ask);
    }
    if state.onlookers > 0 {
        ui.label(tr!(texts, "online-onlookers", count = state.onlookers));
    }
    let me = session.seat.unwrap_or(0);
    let opponent = 1 - me;
    let name_of = |seat: usize| {
        let player = &state.players[seat];
        shown_name(texts, &player.name, player.colour)
    };
    players_grid(ui, texts, session, state, Some(me));
    let them = name_of(opponent);
    let status = match &state.status {
        Status::Waiting => Some(tr!(texts, "online-waiting-friend")),
        Status::Playing => match state.players[opponent].reconnect_ms {
            Some(ms) if !state.players[opponent].connected => Some(tr!(
                texts,
                "online-waiting-return",
                name = them.clone(),
                seconds = ms.div_ceil(1000)
            )),
            _ if session.my_turn() => Some(tr!(texts, "online-your-move")),
            _ => None,
        },
        Status::Over(ending) => over_line(texts, ending),
    };
    if let Some(status) = status {
        ui.add(egui::Label::new(egui::RichText::new(status).strong()).wrap());
    }
    if session.refusal == Some(ErrorCode::Storage) {
        ui.label(tr!(texts, "online-refused-storage"));
    }
    let playing = state.status == Status::Playing;
    match state.take_back {
        Some(asker) if asker == opponent && playing => {
            ui.add(
                egui::Label::new(tr!(texts, "online-take-back-asked", name = them.clone())).wrap(),
            );
            ui.horizontal(|ui| {
                if ui.button(tr!(texts, "online-accept")).clicked() {
                    ask(OnlineRequest::AnswerTakeBack(true));
                }
                if ui.button(tr!(texts, "online-refuse")).clicked() {
                    ask(OnlineRequest::AnswerTakeBack(false));
                }
            });
        }
        Some(_) if playing => {
            ui.add(egui::Label::new(tr!(texts, "online-take-back-waiting")).wrap());
        }
        _ => {}
    }
    let over = matches!(state.status, Status::Over(_));
    if over {
        if state.rematch[opponent] && !state.rematch[me] {
            ui.add(
                egui::Label::new(tr!(texts, "online-rematch-offered", name = them.clone())).wrap(),
            );
        } else if state.rematch[me] {
            ui.add(egui::Label::new(tr!(texts, "online-rematch-waiting", name = them)).wrap());
        }
    }
    ui.horizontal_wrapped(|ui| {
        if playing {
            if ui.button(tr!(texts, "online-resign")).clicked() {
                ask(OnlineRequest::Resign);
            }
            let mine_placed = session.can_take_back() && state.take_back.is_none();
            if ui
                .add_enabled(
                    mine_placed,
                    egui::Button::new(tr!(texts, "online-take-back")),
                )
                .clicked()
            {
                ask(OnlineRequest::TakeBack);
            }
        }
        if over && !state.rematch[me] && ui.button(tr!(texts, "online-rematch")).clicked() {
            ask(OnlineRequest::Rematch);
        }
        if ui.button(tr!(texts, "online-leave")).clicked() {
            ask(OnlineRequest::Leave);
        }
    });
}
