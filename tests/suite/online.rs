//! The online room server, end to end: `reversi serve` in process on 127.0.0.1 with two (or more)
//! WebSocket clients speaking the protocol of `reversi::net`.

#![cfg(feature = "server")]

use std::path::PathBuf;
use std::time::Duration;

use reversi::net::{
    ClientMessage, ClockSpec, Colour, ColourChoice, EndReason, ErrorCode, RoomState, Seat,
    ServerMessage, Status, VERSION,
};
use reversi::rules::{Game, Variant};
use reversi::server::loadtest::{self, Client};
use reversi::server::store::Database;
use reversi::server::{Config, Options, Running, start};

const WAIT: Duration = Duration::from_secs(10);

fn options(db: Option<PathBuf>, config: Config) -> Options {
    Options {
        addr: "127.0.0.1:0".parse().unwrap(),
        db: db.map_or(Database::Memory, Database::Sqlite),
        web: None,
        advertise: None,
        config,
    }
}

fn url(server: &Running) -> String {
    format!("ws://{}/ws", server.addr)
}

/// A database file of its own for one test.
fn scratch_db(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("reversi-online-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("rooms.sqlite")
}

/// A seat's connection with what it knows.
struct Player {
    client: Client,
    seat: Seat,
    token: String,
    state: RoomState,
}

impl Player {
    fn colour(&self) -> Colour {
        self.state.players[self.seat].colour.unwrap()
    }

    fn game(&self) -> Game {
        self.state.game().unwrap()
    }

    async fn send(&mut self, message: ClientMessage) {
        self.client.send(&message).await.unwrap();
    }

    /// The next state (which must come).
    async fn next(&mut self) -> &RoomState {
        self.state = self.client.state(WAIT).await.unwrap();
        &self.state
    }

    /// The next message must be this error; returns its detail.
    async fn refused(&mut self, code: ErrorCode) -> String {
        match self.client.recv(WAIT).await.unwrap() {
            ServerMessage::Error { code: got, detail } => {
                assert_eq!(got, code, "{detail}");
                detail
            }
            other => panic!("expected {code:?}, got {other:?}"),
        }
    }

    /// Sends the move `square` for `ply`, which must be refused with `code`.
    async fn refused_move(&mut self, ply: u32, square: &str, code: ErrorCode) {
        let square = square.to_string();
        self.send(ClientMessage::Move { ply, id: 1, square }).await;
        self.refused(code).await;
    }

    /// Plays `square` (or the first legal move) as the next move; both players see it.
    async fn play(&mut self, other: &mut Player, square: Option<&str>, id: u64) {
        let square = square
            .map(str::to_string)
            .unwrap_or_else(|| self.game().position().legal_squares()[0].to_string());
        let ply = self.state.ply;
        self.send(ClientMessage::Move { ply, id, square }).await;
        assert_eq!(self.next().await.ply, ply + 1, "the move was applied");
        assert_eq!(self.state.last_move_id, Some(id));
        assert_eq!(other.next().await.ply, ply + 1);
    }
}

async fn welcome(client: &mut Client) -> (String, Seat, String) {
    match client.recv(WAIT).await.unwrap() {
        ServerMessage::Welcome { room, seat, token } => (room, seat, token),
        other => panic!("expected a welcome, got {other:?}"),
    }
}

/// Ana opens a private room of `variant` with `clock`, as Black.
fn create_as_ana(variant: &str, clock: Option<ClockSpec>) -> ClientMessage {
    ClientMessage::Create {
        version: VERSION,
        name: "Ana".into(),
        colour: ColourChoice::Black,
        variant: variant.into(),
        clock,
        public: false,
    }
}

/// A room of `variant` with `clock`, the creator as Black, both seated.
async fn room(
    server: &Running,
    variant: &str,
    clock: Option<ClockSpec>,
) -> (Player, Player, String) {
    let mut a = Client::connect(&url(server)).await.unwrap();
    a.send(&create_as_ana(variant, clock)).await.unwrap();
    let (code, seat_a, token_a) = welcome(&mut a).await;
    let waiting = a.state(WAIT).await.unwrap();
    assert_eq!(waiting.status, Status::Waiting);
    let mut b = Client::connect(&url(server)).await.unwrap();
    // The code is read as typed by hand: lower case, with a dash.
    let typed = format!("{}-{}", &code[..5], &code[5..]).to_lowercase();
    b.send(&ClientMessage::Join {
        version: VERSION,
        room: typed,
        name: "Bo".into(),
    })
    .await
    .unwrap();
    let (joined, seat_b, token_b) = welcome(&mut b).await;
    assert_eq!((joined.as_str(), seat_a, seat_b), (code.as_str(), 0, 1));
    assert_ne!(token_a, token_b);
    let state_b = b.state(WAIT).await.unwrap();
    let state_a = a.state(WAIT).await.unwrap();
    assert_eq!(state_a.status, Status::Playing);
    assert_eq!(state_b.players[1].name, "Bo");
    let a = Player {
        client: a,
        seat: 0,
        token: token_a,
        state: state_a,
    };
    let b = Player {
        client: b,
        seat: 1,
        token: token_b,
        state: state_b,
    };
    assert_eq!((a.colour(), b.colour()), (Colour::Black, Colour::White));
    (a, b, code)
}

/// Plays first legal moves until the game ends; returns the ending both saw.
async fn play_out(a: &mut Player, b: &mut Player, first_id: u64) -> reversi::net::Ending {
    let mut id = first_id;
    loop {
        match a.state.status.clone() {
            Status::Over(ending) => {
                assert_eq!(b.state.status, Status::Over(ending));
                return ending;
            }
            _ => {
                id += 1;
                if a.state.running == Some(a.colour()) {
                    a.play(b, None, id).await;
                } else {
                    b.play(a, None, id).await;
                }
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_is_played_to_the_end() {
    let server = start(options(None, Config::default())).await.unwrap();
    let (mut a, mut b, _) = room(&server, "6x6 othello", None).await;
    let ending = play_out(&mut a, &mut b, 0).await;
    // The server's result is the rules' own.
    let game = a.game();
    let outcome = game.outcome().expect("the game is over");
    let (black, white) = outcome.written_score(Variant::parse(6, "othello").unwrap());
    assert_eq!(ending.reason, EndReason::Board);
    assert_eq!(ending.score, [black, white]);
    assert_eq!(ending.winner, outcome.winner.map(Colour::of));
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_on_the_cross_is_checked_on_its_shape_and_played_to_the_end() {
    let server = start(options(None, Config::default())).await.unwrap();
    let (mut a, mut b, _) = room(&server, "10x10 othello cross", None).await;
    assert_eq!(a.state.variant, "10x10 othello cross");
    assert_eq!(a.game().variant(), "10x10 othello cross".parse().unwrap());
    // a1 and c3 are off the cross: refused as any illegal move, nothing changes.
    a.refused_move(0, "a1", ErrorCode::Illegal).await;
    a.refused_move(0, "c3", ErrorCode::Illegal).await;
    let ending = play_out(&mut a, &mut b, 0).await;
    let outcome = a.game().outcome().expect("the game is over");
    let (black, white) = outcome.written_score(a.game().variant());
    assert_eq!(ending.score, [black, white]);
    assert!(black + white <= 64);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_repeated_move_is_acknowledged_not_applied_twice() {
    let server = start(options(None, Config::default())).await.unwrap();
    let (mut a, mut b, _) = room(&server, "8x8 othello", None).await;
    a.play(&mut b, Some("f5"), 41).await;
    // The same move again (a client that never saw the answer): the same state back, to it alone.
    a.send(ClientMessage::Move {
        ply: 0,
        id: 41,
        square: "f5".into(),
    })
    .await;
    let again = a.next().await.clone();
    assert_eq!((again.ply, again.moves.as_str()), (1, "f5"));
    b.play(&mut a, Some("d6"), 1).await;
    assert_eq!(a.state.moves, "f5d6");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_messages_are_refused_and_change_nothing() {
    let config = Config {
        rooms_per_address: 2,
        ..Config::default()
    };
    let server = start(options(None, config)).await.unwrap();
    let (mut a, mut b, code) = room(&server, "8x8 othello", None).await;

    a.client.send_text("f5".into()).await.unwrap();
    a.refused(ErrorCode::Malformed).await;
    a.client
        .send_text(r#"{"type":"move","ply":0}"#.into())
        .await
        .unwrap();
    a.refused(ErrorCode::Malformed).await;
    a.client
        .send_text(format!(
            r#"{{"type":"resign","pad":"{}"}}"#,
            "x".repeat(5000)
        ))
        .await
        .unwrap();
    a.refused(ErrorCode::TooLarge).await;
    b.refused_move(0, "f5", ErrorCode::NotYourTurn).await;
    a.refused_move(0, "a1", ErrorCode::Illegal).await;
    a.refused_move(0, "z99", ErrorCode::Illegal).await;
    a.refused_move(3, "f5", ErrorCode::WrongPly).await;
    a.send(ClientMessage::TakeBackReply { accept: true }).await;
    a.refused(ErrorCode::NothingToAnswer).await;
    a.send(ClientMessage::Join {
        version: VERSION,
        room: code.clone(),
        name: String::new(),
    })
    .await;
    a.refused(ErrorCode::AlreadySeated).await;

    // Strangers: no seat, a full room, an unknown room, a wrong token, another version, a name
    // too long, a variant that does not exist, a clock out of range.
    let mut c = Client::connect(&url(&server)).await.unwrap();
    let cases = [
        (
            ClientMessage::Move {
                ply: 0,
                id: 1,
                square: "f5".into(),
            },
            ErrorCode::NoSeat,
        ),
        (
            ClientMessage::Join {
                version: VERSION,
                room: code.clone(),
                name: String::new(),
            },
            ErrorCode::RoomFull,
        ),
        (
            ClientMessage::Join {
                version: VERSION,
                room: "0000000000".into(),
                name: String::new(),
            },
            ErrorCode::UnknownRoom,
        ),
        (
            ClientMessage::Join {
                version: VERSION,
                room: "not a code".into(),
                name: String::new(),
            },
            ErrorCode::UnknownRoom,
        ),
        (
            ClientMessage::Resume {
                version: VERSION,
                room: code.clone(),
                token: "0".repeat(32),
            },
            ErrorCode::BadToken,
        ),
        (
            ClientMessage::Resume {
                version: VERSION + 1,
                room: code.clone(),
                token: a.token.clone(),
            },
            ErrorCode::Version,
        ),
        (
            ClientMessage::Create {
                version: VERSION,
                name: "n".repeat(25),
                colour: ColourChoice::Random,
                variant: "8x8 othello".into(),
                clock: None,
                public: false,
            },
            ErrorCode::BadRoom,
        ),
        (
            ClientMessage::Create {
                version: VERSION,
                name: String::new(),
                colour: ColourChoice::Random,
                variant: "9x9 othello".into(),
                clock: None,
                public: false,
            },
            ErrorCode::BadRoom,
        ),
        (
            ClientMessage::Create {
                version: VERSION,
                name: String::new(),
                colour: ColourChoice::Random,
                variant: "8x8 othello".into(),
                clock: Some(ClockSpec {
                    base_ms: 10,
                    increment_ms: 0,
                }),
                public: false,
            },
            ErrorCode::BadRoom,
        ),
    ];
    for (message, code) in cases {
        c.send(&message).await.unwrap();
        match c.recv(WAIT).await.unwrap() {
            ServerMessage::Error { code: got, .. } => assert_eq!(got, code, "{message:?}"),
            other => panic!("{message:?}: expected {code:?}, got {other:?}"),
        }
    }
    c.send_text("\u{0}{}".into()).await.unwrap();
    assert!(matches!(
        c.recv(WAIT).await.unwrap(),
        ServerMessage::Error {
            code: ErrorCode::Malformed,
            ..
        }
    ));

    // Rooms per address: this address has one open; one more may open, the third may not.
    let create = ClientMessage::Create {
        version: VERSION,
        name: String::new(),
        colour: ColourChoice::Random,
        variant: "8x8 othello".into(),
        clock: None,
        public: false,
    };
    c.send(&create).await.unwrap();
    welcome(&mut c).await;
    c.state(WAIT).await.unwrap();
    let mut d = Client::connect(&url(&server)).await.unwrap();
    d.send(&create).await.unwrap();
    match d.recv(WAIT).await.unwrap() {
        ServerMessage::Error { code, .. } => assert_eq!(code, ErrorCode::TooManyRooms),
        other => panic!("expected too many rooms, got {other:?}"),
    }

    // After all that, the game is where it was: Black's f5 is still the first move.
    assert_eq!(a.state.ply, 0);
    a.play(&mut b, Some("f5"), 2).await;

    // A flood: a burst beyond the allowance is dropped with an error each.
    let mut floods = 0;
    for _ in 0..60 {
        a.send(ClientMessage::TakeBackReply { accept: false }).await;
    }
    for _ in 0..60 {
        if let ServerMessage::Error { code, .. } = a.client.recv(WAIT).await.unwrap() {
            floods += usize::from(code == ErrorCode::Flood);
        }
    }
    assert!(floods >= 20, "{floods} of 60 refused as a flood");
    assert_eq!(b.state.ply, 1);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_player_comes_back_and_the_game_goes_on() {
    let server = start(options(None, Config::default())).await.unwrap();
    let (mut a, mut b, code) = room(&server, "8x8 othello", None).await;
    a.play(&mut b, Some("f5"), 1).await;
    let token = b.token.clone();
    b.client.close().await;
    let seen = a.next().await;
    assert!(!seen.players[1].connected);
    let left = seen.players[1]
        .reconnect_ms
        .expect("a countdown to the adjudication");
    assert!(left > 50_000 && left <= 60_000, "{left}");

    let mut back = Client::connect(&url(&server)).await.unwrap();
    back.send(&ClientMessage::Resume {
        version: VERSION,
        room: code,
        token,
    })
    .await
    .unwrap();
    assert_eq!(welcome(&mut back).await.1, 1);
    let state = back.state(WAIT).await.unwrap();
    assert_eq!(state.moves, "f5");
    let mut b = Player {
        client: back,
        seat: 1,
        token: b.token,
        state,
    };
    assert!(a.next().await.players[1].connected);
    b.play(&mut a, Some("d6"), 2).await;
    play_out(&mut a, &mut b, 10).await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_stays_away_loses() {
    let config = Config {
        grace: Duration::from_millis(300),
        ..Config::default()
    };
    let server = start(options(None, config)).await.unwrap();
    let (mut a, b, _) = room(&server, "8x8 othello", None).await;
    b.client.close().await;
    assert!(!a.next().await.players[1].connected);
    let Status::Over(ending) = a.next().await.status.clone() else {
        panic!("the game goes on: {:?}", a.state.status)
    };
    assert_eq!(
        (ending.winner, ending.reason),
        (Some(Colour::Black), EndReason::Abandoned)
    );
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_room_survives_a_server_restart() {
    let db = scratch_db("restart");
    let server = start(options(Some(db.clone()), Config::default()))
        .await
        .unwrap();
    let clock = ClockSpec {
        base_ms: 600_000,
        increment_ms: 0,
    };
    let (mut a, mut b, code) = room(&server, "10x10 othello", Some(clock)).await;
    for id in 1..=6 {
        if id % 2 == 1 {
            a.play(&mut b, None, id).await;
        } else {
            b.play(&mut a, None, id).await;
        }
    }
    let before = a.state.clone();
    server.stop().await;
    // The connection ends with the server (perhaps after a state showing the other seat gone).
    let mut before_close = 0;
    while a.client.recv(WAIT).await.is_ok() {
        before_close += 1;
        assert!(before_close < 3, "the connection outlives the server");
    }

    let server = start(options(Some(db.clone()), Config::default()))
        .await
        .unwrap();
    assert_eq!(server.rooms_loaded, 1);
    let mut a = resume(&server, a, &code).await;
    let mut b = resume(&server, b, &code).await;
    // The first to come back saw the other away; the room is the same game at the same ply.
    a.next().await;
    assert_eq!(
        (a.state.moves.as_str(), a.state.ply),
        (before.moves.as_str(), 6)
    );
    assert_eq!(a.state.variant, "10x10 othello");
    let clocks = a.state.clocks_ms.unwrap();
    assert!(clocks[0] <= 600_000 && clocks[0] > 590_000, "{clocks:?}");
    let ending = play_out(&mut a, &mut b, 100).await;
    assert_eq!(ending.reason, EndReason::Board);
    server.stop().await;
    let _ = std::fs::remove_dir_all(db.parent().unwrap());
}

/// Resumes `old`'s seat on `server`: its welcome and first state.
async fn resume(server: &Running, old: Player, code: &str) -> Player {
    let mut client = Client::connect(&url(server)).await.unwrap();
    client
        .send(&ClientMessage::Resume {
            version: VERSION,
            room: code.to_string(),
            token: old.token.clone(),
        })
        .await
        .unwrap();
    assert_eq!(welcome(&mut client).await.1, old.seat);
    let state = client.state(WAIT).await.unwrap();
    Player {
        client,
        seat: old.seat,
        token: old.token,
        state,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_survives_a_restart_and_its_rematch_is_played() {
    let db = scratch_db("rematch-after-restart");
    let config = Config {
        rooms_per_address: 1,
        ..Config::default()
    };
    let server = start(options(Some(db.clone()), config.clone()))
        .await
        .unwrap();
    let (mut a, mut b, code) = room(&server, "8x8 othello", None).await;
    a.play(&mut b, Some("f5"), 1).await;
    b.send(ClientMessage::Resign).await;
    b.next().await;
    a.next().await;
    server.stop().await;

    let server = start(options(Some(db.clone()), config)).await.unwrap();
    assert_eq!(
        server.rooms_loaded, 1,
        "the finished room is taken up again"
    );
    // The finished game does not hold its address's only room.
    let mut c = Client::connect(&url(&server)).await.unwrap();
    c.send(&create_as_ana("8x8 othello", None)).await.unwrap();
    let _ = welcome(&mut c).await;
    let mut a = resume(&server, a, &code).await;
    let mut b = resume(&server, b, &code).await;
    a.next().await;
    let Status::Over(ending) = b.state.status.clone() else {
        panic!(
            "the result is shown after the restart: {:?}",
            b.state.status
        )
    };
    assert_eq!(ending.reason, EndReason::Resigned);
    a.send(ClientMessage::Rematch).await;
    a.next().await;
    b.next().await;
    b.send(ClientMessage::Rematch).await;
    assert_eq!(b.next().await.status, Status::Playing);
    assert_eq!((b.state.game, b.colour()), (2, Colour::Black));
    server.stop().await;
    let _ = std::fs::remove_dir_all(db.parent().unwrap());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_runs_the_clocks() {
    let server = start(options(None, Config::default())).await.unwrap();
    let clock = ClockSpec {
        base_ms: 1_000,
        increment_ms: 0,
    };
    let (mut a, mut b, _) = room(&server, "8x8 othello", Some(clock)).await;
    // Black moves at once; White thinks past its second.
    a.play(&mut b, Some("f5"), 1).await;
    let Status::Over(ending) = a.next().await.status.clone() else {
        panic!("no flag: {:?}", a.state.status)
    };
    assert_eq!(
        (ending.winner, ending.reason),
        (Some(Colour::Black), EndReason::Time)
    );
    assert_eq!(a.state.clocks_ms.unwrap()[1], 0);
    b.next().await;
    b.refused_move(1, "d6", ErrorCode::GameOver).await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_take_back_and_a_rematch() {
    let server = start(options(None, Config::default())).await.unwrap();
    let (mut a, mut b, code) = room(&server, "8x8 othello", None).await;
    a.play(&mut b, Some("f5"), 1).await;
    b.play(&mut a, Some("d6"), 2).await;
    // Black asks; White refuses; Black asks again; White accepts: back to the start.
    a.send(ClientMessage::TakeBack { ply: 2 }).await;
    assert_eq!(a.next().await.take_back, Some(0));
    assert_eq!(b.next().await.take_back, Some(0));
    b.send(ClientMessage::TakeBackReply { accept: false }).await;
    assert_eq!(b.next().await.take_back, None);
    assert_eq!(a.next().await.moves, "f5d6");
    a.send(ClientMessage::TakeBack { ply: 2 }).await;
    a.next().await;
    b.next().await;
    b.send(ClientMessage::TakeBackReply { accept: true }).await;
    assert_eq!(b.next().await.moves, "");
    assert_eq!(a.next().await.running, Some(Colour::Black));
    a.play(&mut b, Some("d3"), 3).await;

    // White resigns; both offer a rematch; the colours swap.
    b.send(ClientMessage::Resign).await;
    let Status::Over(ending) = b.next().await.status.clone() else {
        panic!("not over")
    };
    assert_eq!(
        (ending.winner, ending.reason),
        (Some(Colour::Black), EndReason::Resigned)
    );
    a.next().await;
    a.send(ClientMessage::Rematch).await;
    assert_eq!(a.next().await.rematch, [true, false]);
    b.next().await;
    b.send(ClientMessage::Rematch).await;
    let state = b.next().await.clone();
    a.next().await;
    assert_eq!((state.game, state.status.clone()), (2, Status::Playing));
    assert_eq!((a.colour(), b.colour()), (Colour::White, Colour::Black));
    b.play(&mut a, Some("c4"), 4).await;

    // The finished first game and the new one can be looked up by code over HTTP.
    let body = http_get(&server, &format!("/api/rooms/{code}")).await;
    let looked: RoomState = serde_json::from_str(&body).unwrap();
    assert_eq!(
        (looked.game, looked.moves.as_str(), looked.you),
        (2, "c4", None)
    );
    assert!(
        http_get(&server, "/api/rooms/0000000000")
            .await
            .contains("no such room")
    );
    server.stop().await;
}

/// The body of `GET path` from the server.
async fn http_get(server: &Running, path: &str) -> String {
    loadtest::http_get(&server.addr.to_string(), path)
        .await
        .expect("an HTTP answer")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_killed_at_random_loses_no_acknowledged_move() {
    let db = scratch_db("chaos");
    let report = reversi::server::chaos::run(reversi::server::chaos::Chaos {
        binary: env!("CARGO_BIN_EXE_reversi").into(),
        db: db.to_string_lossy().into(),
        rooms: 6,
        instances: 1,
        kills: 20,
        life_ms: (60, 250),
        think_ms: 20,
        commit_delay_ms: 5,
        seed: 7,
    })
    .await
    .unwrap();
    assert!(report.passed(), "{}", report.text());
    assert_eq!(report.kills, 20);
    assert!(report.acknowledged > 100, "{}", report.text());
    assert!(report.in_flight_at_kills > 0, "{}", report.text());
    let _ = std::fs::remove_dir_all(db.parent().unwrap());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_address_holds_few_connections_without_a_seat() {
    let config = Config {
        unseated_per_address: 3,
        ..Config::default()
    };
    let server = start(options(None, config)).await.unwrap();
    let mut idle = Vec::new();
    for _ in 0..3 {
        idle.push(Client::connect(&url(&server)).await.unwrap());
    }
    // The fourth is told why and closed.
    let mut fourth = Client::connect(&url(&server)).await.unwrap();
    match fourth.recv(WAIT).await.unwrap() {
        ServerMessage::Error { code, .. } => assert_eq!(code, ErrorCode::TooManyConnections),
        other => panic!("expected a refusal, got {other:?}"),
    }
    let closed = fourth.recv(WAIT).await.unwrap_err();
    assert!(
        closed.contains("too many connections without a seat"),
        "{closed}"
    );
    // One of the three takes a seat: room for another connection.
    idle[0]
        .send(&create_as_ana("8x8 othello", None))
        .await
        .unwrap();
    let (code, _, _) = welcome(&mut idle[0]).await;
    let mut fifth = Client::connect(&url(&server)).await.unwrap();
    fifth
        .send(&ClientMessage::Join {
            version: VERSION,
            room: code,
            name: "Bo".into(),
        })
        .await
        .unwrap();
    assert_eq!(welcome(&mut fifth).await.1, 1);
    // A connection that ends without a seat gives its place back.
    idle.pop().unwrap().close().await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut sixth = Client::connect(&url(&server)).await.unwrap();
    sixth.send_text("{}".into()).await.unwrap();
    match sixth.recv(WAIT).await.unwrap() {
        ServerMessage::Error { code, .. } => assert_eq!(code, ErrorCode::Malformed),
        other => panic!("expected a malformed refusal, got {other:?}"),
    }
    server.stop().await;
}

/// A connection watching the room `code`: its first state.
async fn watcher(server: &Running, code: &str) -> (Client, RoomState) {
    let mut client = Client::connect(&url(server)).await.unwrap();
    client
        .send(&ClientMessage::Watch {
            version: VERSION,
            room: code.to_lowercase(),
        })
        .await
        .unwrap();
    let state = client.state(WAIT).await.unwrap();
    (client, state)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn onlookers_watch_a_game_and_the_players_see_how_many() {
    let server = start(options(None, Config::default())).await.unwrap();
    let (mut a, mut b, code) = room(&server, "8x8 othello", None).await;
    let (mut eve, seen) = watcher(&server, &code).await;
    assert_eq!(
        (seen.you, seen.onlookers, seen.moves.as_str()),
        (None, 1, "")
    );
    assert_eq!(a.next().await.onlookers, 1);
    assert_eq!(b.next().await.onlookers, 1);
    a.play(&mut b, Some("f5"), 1).await;
    assert_eq!(eve.state(WAIT).await.unwrap().moves, "f5");
    // An onlooker cannot play, nor take a seat on the same connection.
    let square = "d6".to_string();
    eve.send(&ClientMessage::Move {
        ply: 1,
        id: 9,
        square,
    })
    .await
    .unwrap();
    match eve.recv(WAIT).await.unwrap() {
        ServerMessage::Error { code, .. } => assert_eq!(code, ErrorCode::NoSeat),
        other => panic!("expected a refusal, got {other:?}"),
    }
    let (fay, _) = watcher(&server, &code).await;
    assert_eq!(a.next().await.onlookers, 2);
    b.next().await;
    assert_eq!(eve.state(WAIT).await.unwrap().onlookers, 2);
    fay.close().await;
    assert_eq!(a.next().await.onlookers, 1);
    // An unknown code is refused.
    let mut gil = Client::connect(&url(&server)).await.unwrap();
    gil.send(&ClientMessage::Watch {
        version: VERSION,
        room: "0000000000".into(),
    })
    .await
    .unwrap();
    match gil.recv(WAIT).await.unwrap() {
        ServerMessage::Error { code, .. } => assert_eq!(code, ErrorCode::UnknownRoom),
        other => panic!("expected a refusal, got {other:?}"),
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_lists_the_public_rooms_that_wait() {
    let server = start(options(None, Config::default())).await.unwrap();
    let create = |public: bool, name: &str| ClientMessage::Create {
        version: VERSION,
        name: name.into(),
        colour: ColourChoice::White,
        variant: "6x6 othello".into(),
        clock: Some(ClockSpec {
            base_ms: 300_000,
            increment_ms: 2_000,
        }),
        public,
    };
    let mut open = Client::connect(&url(&server)).await.unwrap();
    open.send(&create(true, "Ana")).await.unwrap();
    let (code, _, _) = welcome(&mut open).await;
    let mut private = Client::connect(&url(&server)).await.unwrap();
    private.send(&create(false, "Bo")).await.unwrap();
    welcome(&mut private).await;
    let lobby = |server: &Running| {
        let url = url(server);
        async move {
            let mut client = Client::connect(&url).await.unwrap();
            client
                .send(&ClientMessage::Lobby { version: VERSION })
                .await
                .unwrap();
            match client.recv(WAIT).await.unwrap() {
                ServerMessage::Lobby { rooms } => rooms,
                other => panic!("expected the lobby, got {other:?}"),
            }
        }
    };
    let rooms = lobby(&server).await;
    assert_eq!(rooms.len(), 1, "{rooms:?}");
    assert_eq!(
        (
            rooms[0].room.as_str(),
            rooms[0].name.as_str(),
            rooms[0].colour
        ),
        (code.as_str(), "Ana", Colour::White)
    );
    assert_eq!(
        (rooms[0].variant.as_str(), rooms[0].clock.unwrap().base_ms),
        ("6x6 othello", 300_000)
    );
    // Once joined it waits no more.
    let mut joiner = Client::connect(&url(&server)).await.unwrap();
    joiner
        .send(&ClientMessage::Join {
            version: VERSION,
            room: code,
            name: "Cy".into(),
        })
        .await
        .unwrap();
    welcome(&mut joiner).await;
    assert!(lobby(&server).await.is_empty());
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_out_of_memory_is_watched_from_the_store() {
    let config = Config {
        keep_finished: Duration::ZERO,
        ..Config::default()
    };
    let server = start(options(None, config)).await.unwrap();
    let (mut a, mut b, code) = room(&server, "8x8 othello", None).await;
    a.play(&mut b, Some("f5"), 1).await;
    b.send(ClientMessage::Resign).await;
    b.next().await;
    a.client.close().await;
    b.client.close().await;
    // The sweeper lets the finished room go from memory (its record stays in the store).
    tokio::time::sleep(Duration::from_millis(500)).await;
    let stats = http_get(&server, "/api/stats").await;
    assert!(stats.contains("\"rooms\":0"), "{stats}");
    let (_, seen) = watcher(&server, &code).await;
    let Status::Over(ending) = seen.status else {
        panic!("not over: {:?}", seen.status)
    };
    assert_eq!(
        (ending.reason, seen.moves.as_str()),
        (EndReason::Resigned, "f5")
    );
    server.stop().await;
}
