//! Playing a friend online: the session with the room server (`reversi serve`). The server holds the
//! game; this side sends the local player's moves and follows the states it is sent. A move the
//! server confirms (either side's) is played here through the turn system as a
//! [`Requester::Remote`] placement, so it animates and sounds like any other; anything else (a
//! take-back, a rematch, a reconnection to a game further on) loads the server's game. A dropped
//! connection is opened again by itself and the seat resumed with its token.

use bevy::prelude::*;

use super::TurnFlow;
use super::animation::Animating;
use super::{
    Controller, CurrentGame, GameSystems, IllegalPlacement, LoadRequested, MatchSettings,
    PlaceRequested, Requester,
};
use crate::net::client::{Connection, Event};
use crate::net::{
    ClientMessage, ClockSpec, Colour, ColourChoice, ErrorCode, RoomState, Seat, ServerMessage,
    Status, VERSION,
};
use crate::rules::{Game, Square, Variant};

/// What the player asks of the online game.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum OnlineRequest {
    /// Open a room on the server at `server` (`ws://host:port/ws`).
    Create {
        server: String,
        name: String,
        colour: ColourChoice,
        variant: Variant,
        clock: Option<ClockSpec>,
        /// Listed among the server's open rooms while it waits.
        public: bool,
    },
    /// Take the free seat of the room `code`; watch it when both seats are taken (or when it has
    /// finished).
    Join {
        server: String,
        code: String,
        name: String,
    },
    /// Watch the room `code`, read-only.
    Watch {
        server: String,
        code: String,
    },
    Resign,
    /// Ask to take back the local player's last move.
    TakeBack,
    AnswerTakeBack(bool),
    Rematch,
    /// Leave the room: the game stays on the board, played by two people on this device.
    Leave,
}

/// The connection's state.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Link {
    Connecting,
    Open,
    /// Lost; the next try is at `retry_at` (seconds of real time).
    Lost {
        retry_at: f64,
        tries: u32,
    },
    /// Refused for good (an unknown room, a full one, another version): nothing is retried.
    Failed(ErrorCode),
}

/// An online game in progress (or being set up).
pub struct Session {
    pub server: String,
    /// What opens the seat the first time (create or join).
    first: ClientMessage,
    pub room: Option<String>,
    pub seat: Option<Seat>,
    token: Option<String>,
    pub state: Option<RoomState>,
    /// The server's game, read from the last state.
    game: Option<Game>,
    pub link: Link,
    connection: Option<Connection>,
    next_id: u64,
    /// The ply of the local move sent and not yet seen applied.
    pending: Option<u32>,
    /// The last refusal, for the panel.
    pub refusal: Option<ErrorCode>,
    /// When the last state arrived (its clocks were right then).
    pub received: web_time::Instant,
    /// Watching because the room asked to join was full (or had finished).
    pub watching_instead: bool,
}

impl Session {
    fn new(server: String, first: ClientMessage) -> Session {
        Session {
            server,
            first,
            room: None,
            seat: None,
            token: None,
            state: None,
            game: None,
            link: Link::Connecting,
            connection: None,
            next_id: 1,
            pending: None,
            refusal: None,
            received: web_time::Instant::now(),
            watching_instead: false,
        }
    }

    /// A session that takes its seat back with its token (an online game the game was closed in).
    pub fn resume(seat: &crate::save::OnlineSeat) -> Session {
        let first = ClientMessage::Resume {
            version: VERSION,
            room: seat.room.clone(),
            token: seat.token.clone(),
        };
        let mut session = Session::new(seat.server.clone(), first);
        session.room = Some(seat.room.clone());
        session.token = Some(seat.token.clone());
        session.connect();
        session
    }

    /// The seat to keep in the save, once the server has given one and while it holds.
    pub fn seat(&self) -> Option<crate::save::OnlineSeat> {
        if matches!(self.link, Link::Failed(_)) {
            return None;
        }
        Some(crate::save::OnlineSeat {
            server: self.server.clone(),
            room: self.room.clone()?,
            token: self.token.clone()?,
        })
    }

    /// Watching the room rather than playing in it.
    pub fn watching(&self) -> bool {
        matches!(self.first, ClientMessage::Watch { .. })
    }

    /// Whether the local player has a move on the board to ask to take back.
    pub fn can_take_back(&self) -> bool {
        let (Some(game), Some(colour)) = (&self.game, self.colour()) else {
            return false;
        };
        super::analysis::placed_moves(game)
            .iter()
            .any(|placed| Colour::of(placed.position.to_move) == colour)
    }

    /// `colour`'s time left now, counting down from the last state while its clock runs.
    pub fn time_left_ms(&self, colour: Colour) -> Option<u64> {
        let state = self.state.as_ref()?;
        let stored = state.clocks_ms?[usize::from(colour == Colour::White)];
        let running = state.running == Some(colour) && state.status == Status::Playing;
        let elapsed = if running {
            self.received.elapsed().as_millis() as u64
        } else {
            0
        };
        Some(stored.saturating_sub(elapsed))
    }

    /// The local player's colour in the current game.
    pub fn colour(&self) -> Option<Colour> {
        let state = self.state.as_ref()?;
        state.players[self.seat?].colour
    }

    /// Whether the local player may place a disc now.
    pub fn my_turn(&self) -> bool {
        let Some(state) = &self.state else {
            return false;
        };
        state.status == Status::Playing
            && self.pending.is_none()
            && self.link == Link::Open
            && state.running.is_some()
            && state.running == self.colour()
    }

    fn send(&mut self, message: &ClientMessage) {
        if let Some(connection) = &mut self.connection
            && self.link == Link::Open
        {
            connection.send(message);
        }
    }

    fn connect(&mut self) {
        self.link = Link::Connecting;
        match Connection::open(&self.server) {
            Ok(connection) => self.connection = Some(connection),
            Err(why) => {
                warn!("online: cannot connect to {}: {why}", self.server);
                self.connection = None;
                self.link = Link::Lost {
                    retry_at: 0.0,
                    tries: 1,
                };
            }
        }
    }
}

/// The online game, when there is one.
#[derive(Resource, Default)]
pub struct Online(pub Option<Session>);

impl Online {
    pub fn active(&self) -> bool {
        self.0.is_some()
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<Online>()
        .add_message::<OnlineRequest>()
        .add_systems(
            Update,
            (handle_requests, poll, send_local_moves, follow_server)
                .chain()
                .in_set(GameSystems::Turn)
                .before(TurnFlow),
        );
}

/// Seconds before reconnection try `tries`: 1, 2, 4, then 8.
fn backoff(tries: u32) -> f64 {
    f64::from(1u32 << tries.min(4).saturating_sub(1)).min(10.0)
}

fn handle_requests(
    mut requests: MessageReader<OnlineRequest>,
    mut online: ResMut<Online>,
    mut players: ResMut<MatchSettings>,
) {
    for request in requests.read() {
        match request.clone() {
            OnlineRequest::Create {
                server,
                name,
                colour,
                variant,
                clock,
                public,
            } => {
                let first = ClientMessage::Create {
                    version: VERSION,
                    name,
                    colour,
                    variant: variant.to_string(),
                    clock,
                    public,
                };
                let mut session = Session::new(server, first);
                session.connect();
                online.0 = Some(session);
            }
            OnlineRequest::Join { server, code, name } => {
                let first = ClientMessage::Join {
                    version: VERSION,
                    room: code,
                    name,
                };
                let mut session = Session::new(server, first);
                session.connect();
                online.0 = Some(session);
            }
            OnlineRequest::Watch { server, code } => {
                let first = ClientMessage::Watch {
                    version: VERSION,
                    room: code,
                };
                let mut session = Session::new(server, first);
                session.connect();
                online.0 = Some(session);
            }
            OnlineRequest::Leave => {
                online.0 = None;
                players.black = Controller::Human;
                players.white = Controller::Human;
            }
            other => {
                let Some(session) = &mut online.0 else {
                    continue;
                };
                let ply = session.state.as_ref().map_or(0, |s| s.ply);
                let message = match other {
                    OnlineRequest::Resign => ClientMessage::Resign,
                    OnlineRequest::TakeBack => ClientMessage::TakeBack { ply },
                    OnlineRequest::AnswerTakeBack(accept) => {
                        ClientMessage::TakeBackReply { accept }
                    }
                    OnlineRequest::Rematch => ClientMessage::Rematch,
                    _ => unreachable!("handled above"),
                };
                session.send(&message);
            }
        }
    }
}

/// Reads what the server sent, and reconnects a lost connection when its time comes.
fn poll(mut online: ResMut<Online>, time: Res<Time<Real>>) {
    let Some(session) = &mut online.0 else {
        return;
    };
    let now = time.elapsed_secs_f64();
    if let Link::Lost { retry_at, tries } = session.link
        && now >= retry_at
    {
        session.connect();
        if let Link::Lost { .. } = session.link {
            session.link = Link::Lost {
                retry_at: now + backoff(tries + 1),
                tries: tries + 1,
            };
        }
        return;
    }
    let Some(connection) = &mut session.connection else {
        return;
    };
    for event in connection.poll() {
        match event {
            Event::Opened => {
                session.link = Link::Open;
                let hello = match (&session.room, &session.token) {
                    (Some(room), Some(token)) => ClientMessage::Resume {
                        version: VERSION,
                        room: room.clone(),
                        token: token.clone(),
                    },
                    _ => session.first.clone(),
                };
                session.send(&hello);
            }
            Event::Message(ServerMessage::Welcome { room, seat, token }) => {
                info!("online: seat {seat} of room {room} at {}", session.server);
                session.room = Some(room);
                session.seat = Some(seat);
                session.token = Some(token);
            }
            Event::Message(ServerMessage::State(state)) => {
                if session.watching() {
                    session.room = Some(state.room.clone());
                }
                let game = state.game().ok();
                if session.pending.is_some_and(|ply| state.ply > ply) {
                    session.pending = None;
                }
                session.game = game;
                session.state = Some(*state);
                session.received = web_time::Instant::now();
                session.refusal = None;
            }
            Event::Message(ServerMessage::Error { code, detail }) => {
                info!("online: the server refused: {code:?}: {detail}");
                session.pending = None;
                // A room that cannot be joined (both seats taken, or finished and gone from the
                // server's memory) is watched instead.
                if let ClientMessage::Join { room, .. } = &session.first
                    && matches!(code, ErrorCode::RoomFull | ErrorCode::UnknownRoom)
                    && session.seat.is_none()
                {
                    session.first = ClientMessage::Watch {
                        version: VERSION,
                        room: room.clone(),
                    };
                    session.watching_instead = true;
                    let watch = session.first.clone();
                    session.send(&watch);
                    continue;
                }
                let fatal = matches!(
                    code,
                    ErrorCode::UnknownRoom
                        | ErrorCode::RoomFull
                        | ErrorCode::BadToken
                        | ErrorCode::Version
                        | ErrorCode::BadRoom
                        | ErrorCode::TooManyRooms
                        | ErrorCode::Replaced
                );
                // (An unknown room while seated: it expired.)
                if fatal {
                    session.link = Link::Failed(code);
                }
                session.refusal = Some(code);
            }
            Event::Message(ServerMessage::Lobby { .. }) => {}
            Event::Unreadable(why) => warn!("online: an unreadable message: {why}"),
            Event::Closed(why) => {
                if !matches!(session.link, Link::Failed(_)) {
                    info!("online: connection lost ({why}); reconnecting");
                    session.link = Link::Lost {
                        retry_at: now + backoff(1),
                        tries: 1,
                    };
                }
            }
        }
    }
    if matches!(session.link, Link::Lost { .. } | Link::Failed(_)) {
        session.connection = None;
    }
}

/// The local player's clicks go to the server (the turn system does not apply them while online);
/// an illegal square gets the usual quiet feedback.
fn send_local_moves(
    mut requests: MessageReader<PlaceRequested>,
    mut online: ResMut<Online>,
    game: Res<CurrentGame>,
    mut illegal: MessageWriter<IllegalPlacement>,
) {
    let Some(session) = &mut online.0 else {
        requests.clear();
        return;
    };
    for request in requests.read() {
        if request.by != Requester::Human || !session.my_turn() {
            continue;
        }
        // The board shown must be the server's game before a move is made on it.
        if session.game.as_ref() != Some(&game.0) {
            continue;
        }
        if !game.0.position().is_legal(request.square) {
            illegal.write(IllegalPlacement {
                square: request.square,
            });
            continue;
        }
        let ply = session.state.as_ref().map_or(0, |s| s.ply);
        let id = session.next_id;
        session.next_id += 1;
        session.send(&ClientMessage::Move {
            ply,
            id,
            square: request.square.to_string(),
        });
        session.pending = Some(ply);
        break;
    }
}

/// Brings the board to the server's game: its next move played (animated) when the board is one
/// move behind, the whole game loaded otherwise; the seats' colours decide who is who.
fn follow_server(
    online: Res<Online>,
    game: Res<CurrentGame>,
    animating: Res<Animating>,
    mut players: ResMut<MatchSettings>,
    mut place: MessageWriter<PlaceRequested>,
    mut load: MessageWriter<LoadRequested>,
) {
    let Some(session) = &online.0 else {
        return;
    };
    let Some(server) = &session.game else {
        return;
    };
    let (black, white) = match (session.watching(), session.colour()) {
        (true, _) => (Controller::Remote, Controller::Remote),
        (false, Some(Colour::Black)) => (Controller::Human, Controller::Remote),
        (false, Some(Colour::White)) => (Controller::Remote, Controller::Human),
        (false, None) => return,
    };
    if (players.black, players.white) != (black, white) {
        players.black = black;
        players.white = white;
    }
    if players.clock.is_some() {
        players.clock = None;
    }
    if &game.0 == server || animating.0 {
        return;
    }
    let mine: Vec<Square> = game.0.placements().collect();
    let theirs: Vec<Square> = server.placements().collect();
    if game.0.variant() == server.variant()
        && mine.len() + 1 == theirs.len()
        && theirs.starts_with(&mine)
        && game.0.redo_stack().is_empty()
    {
        place.write(PlaceRequested {
            square: theirs[mine.len()],
            by: Requester::Remote,
        });
    } else {
        load.write(LoadRequested(server.clone()));
    }
}

#[cfg(test)]
mod tests {
    use super::backoff;

    #[test]
    fn reconnections_back_off_to_ten_seconds() {
        let waits: Vec<f64> = (1..=6).map(backoff).collect();
        assert_eq!(waits, [1.0, 2.0, 4.0, 8.0, 8.0, 8.0]);
    }
}
