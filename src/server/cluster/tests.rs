//! Two servers in process on one PostgreSQL database (`REVERSI_POSTGRES`, started by
//! `scripts/test-postgres`; skipped with a message without one): a room opened on one is joined,
//! played and watched through the other, a stopped server's rooms are taken up by the other (by itself,
//! within a second) with every acknowledged move, and the limit of rooms per address and the lobby span both.
// Each test holds the database alone for its whole run, awaits included (each on a runtime of
// its own, so no other task waits on that lock).
#![allow(clippy::await_holding_lock)]

use std::time::{Duration, Instant};

use crate::net::{ClientMessage, ColourChoice, ErrorCode, RoomState, ServerMessage, VERSION};
use crate::server::loadtest::{Client, Ticket, come_back, take_seat};
use std::sync::MutexGuard;

use crate::server::store::Database;
use crate::server::store::postgres::test_database;
use crate::server::{Config, Options, Running, start};

const WAIT: Duration = Duration::from_secs(10);

/// The database of [`test_database`], while this test has it alone.
fn database() -> Option<(Database, MutexGuard<'static, ()>)> {
    // PostgreSQL's client runs a runtime of its own: off this one's thread.
    let (url, alone) = tokio::task::block_in_place(test_database)?;
    Some((Database::Postgres(url), alone))
}

async fn server(database: &Database, config: Config) -> (Running, String) {
    let running = start(Options {
        addr: "127.0.0.1:0".parse().unwrap(),
        db: database.clone(),
        web: None,
        advertise: None,
        config,
    })
    .await
    .unwrap();
    let url = format!("ws://{}/ws", running.addr);
    (running, url)
}

fn create(public: bool) -> ClientMessage {
    ClientMessage::Create {
        version: VERSION,
        name: "Ana".into(),
        colour: ColourChoice::Black,
        variant: "8x8 othello".into(),
        clock: None,
        public,
    }
}

fn join(room: &str) -> ClientMessage {
    ClientMessage::Join {
        version: VERSION,
        room: room.into(),
        name: "Bo".into(),
    }
}

/// Sends a move and returns the state that shows it applied.
async fn play(client: &mut Client, ply: u32, square: &str) -> RoomState {
    let id = 100 + ply as u64;
    let square = square.into();
    client
        .send(&ClientMessage::Move { ply, id, square })
        .await
        .unwrap();
    state_at(client, ply + 1).await
}

/// The next state showing `ply` discs placed.
async fn state_at(client: &mut Client, ply: u32) -> RoomState {
    loop {
        let state = client.state(WAIT).await.unwrap();
        if state.ply >= ply {
            return state;
        }
    }
}

/// Resumes a seat at `url`, trying again until a server holds the room.
async fn resume(url: &str, room: &str, token: &str) -> (Client, RoomState) {
    let (url, room, token) = (url.into(), room.into(), token.into());
    come_back(&Ticket { url, room, token }).await.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cluster_a_room_opened_on_one_server_is_played_through_the_other() {
    let Some((database, _alone)) = database() else {
        return;
    };
    let (a, url_a) = server(&database, Config::default()).await;
    let (b, url_b) = server(&database, Config::default()).await;
    let (mut black, room, _, _) = take_seat(&url_a, &create(false)).await.unwrap();
    let (mut white, _, _, joined) = take_seat(&url_b, &join(&room)).await.unwrap();
    assert_eq!((joined.room.as_str(), joined.you), (room.as_str(), Some(1)));
    state_at(&mut black, 0).await;
    // An onlooker who reached the other server follows the game too.
    let mut onlooker = Client::connect(&url_b).await.unwrap();
    let watch = ClientMessage::Watch {
        version: VERSION,
        room: room.clone(),
    };
    onlooker.send(&watch).await.unwrap();
    for (ply, square) in ["f5", "d6", "c3", "d3", "c4"].into_iter().enumerate() {
        let ply = ply as u32;
        let (mover, other) = if ply.is_multiple_of(2) {
            (&mut black, &mut white)
        } else {
            (&mut white, &mut black)
        };
        let shown = play(mover, ply, square).await;
        assert_eq!(shown.moves, state_at(other, ply + 1).await.moves);
    }
    assert_eq!(state_at(&mut onlooker, 5).await.moves, "f5d6c3d3c4");
    // The room lives on the server it was opened on; the other forwards.
    assert_eq!((a.rooms_in_memory(), b.rooms_in_memory()), (1, 0));
    a.stop().await;
    b.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cluster_a_server_stopped_mid_game_hands_its_rooms_over() {
    let Some((database, _alone)) = database() else {
        return;
    };
    let (a, url_a) = server(&database, Config::default()).await;
    let (b, url_b) = server(&database, Config::default()).await;
    let (mut black, room, black_token, _) = take_seat(&url_a, &create(false)).await.unwrap();
    let (mut white, _, white_token, _) = take_seat(&url_a, &join(&room)).await.unwrap();
    play(&mut black, 0, "f5").await;
    play(&mut white, 1, "d6").await;
    let acknowledged = play(&mut black, 2, "c3").await;
    a.stop().await;
    // The other server takes the room up by itself (its players have not come back yet).
    let deadline = Instant::now() + WAIT;
    while b.rooms_in_memory() == 0 {
        assert!(Instant::now() < deadline, "the room was not taken up");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let (mut white, back) = resume(&url_b, &room, &white_token).await;
    assert_eq!(
        back.moves, acknowledged.moves,
        "every acknowledged move kept"
    );
    let (mut black, _) = resume(&url_b, &room, &black_token).await;
    let shown = play(&mut white, 3, "d3").await;
    assert_eq!(shown.moves, "f5d6c3d3");
    assert_eq!(state_at(&mut black, 4).await.moves, "f5d6c3d3");
    assert_eq!(b.rooms_in_memory(), 1);
    b.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cluster_servers_starting_together_on_an_empty_database_all_start() {
    let Some((database, _alone)) = database() else {
        return;
    };
    let Database::Postgres(url) = &database else {
        unreachable!()
    };
    let url = url.clone();
    tokio::task::block_in_place(|| {
        let mut client = postgres::Client::connect(&url, postgres::NoTls).unwrap();
        client
            .batch_execute("DROP TABLE moves, rooms, room_owners, instances, cluster")
            .unwrap();
    });
    let starts = (0..4).map(|_| {
        start(Options {
            addr: "127.0.0.1:0".parse().unwrap(),
            db: database.clone(),
            web: None,
            advertise: None,
            config: Config::default(),
        })
    });
    for started in futures_util::future::join_all(starts).await {
        started
            .expect("each server creates or finds the tables")
            .stop()
            .await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cluster_limits_and_lobby_span_every_server() {
    let Some((database, _alone)) = database() else {
        return;
    };
    let config = Config {
        rooms_per_address: 2,
        ..Config::default()
    };
    let (a, url_a) = server(&database, config.clone()).await;
    let (b, url_b) = server(&database, config).await;
    let (_one, room, _, _) = take_seat(&url_a, &create(true)).await.unwrap();
    let (_two, _, _, _) = take_seat(&url_b, &create(false)).await.unwrap();
    for url in [&url_a, &url_b] {
        let mut third = Client::connect(url).await.unwrap();
        third.send(&create(false)).await.unwrap();
        match third.recv(WAIT).await.unwrap() {
            ServerMessage::Error { code, .. } => assert_eq!(code, ErrorCode::TooManyRooms),
            other => panic!("a third room was opened: {other:?}"),
        }
    }
    // The public room opened on one server is listed by the other.
    let mut looker = Client::connect(&url_b).await.unwrap();
    looker
        .send(&ClientMessage::Lobby { version: VERSION })
        .await
        .unwrap();
    match looker.recv(WAIT).await.unwrap() {
        ServerMessage::Lobby { rooms } => {
            assert_eq!(rooms.iter().map(|r| &r.room).collect::<Vec<_>>(), [&room]);
        }
        other => panic!("no lobby: {other:?}"),
    }
    a.stop().await;
    b.stop().await;
}

/// The alternative to forwarding over a WebSocket, measured: a message through PostgreSQL's
/// LISTEN/NOTIFY to the room's server and its answer back the same way (what a move would add
/// with that design), as the median and 99th percentile of 500 round trips. Prints; asserts
/// nothing about time. `REVERSI_POSTGRES=… cargo test --release --features postgres --lib
/// notify_round_trip -- --ignored --nocapture` (docs/experiments.md).
#[test]
#[ignore = "a measurement"]
fn notify_round_trip() {
    use postgres::fallible_iterator::FallibleIterator;
    let Ok(url) = std::env::var("REVERSI_POSTGRES") else {
        return;
    };
    let connect = || postgres::Client::connect(&url, postgres::NoTls).unwrap();
    let (mut asker, mut holder) = (connect(), connect());
    asker.batch_execute("LISTEN pong").unwrap();
    holder.batch_execute("LISTEN ping").unwrap();
    let echo = std::thread::spawn(move || {
        for _ in 0..500 {
            let payload = {
                let mut pings = holder.notifications();
                let ping = pings.blocking_iter().next().unwrap().unwrap();
                ping.payload().to_string()
            };
            holder
                .execute("SELECT pg_notify('pong', $1)", &[&payload])
                .unwrap();
        }
    });
    let mut trips = Vec::new();
    for n in 0..500 {
        let sent = Instant::now();
        asker
            .execute("SELECT pg_notify('ping', $1)", &[&n.to_string()])
            .unwrap();
        let mut pongs = asker.notifications();
        pongs.blocking_iter().next().unwrap().unwrap();
        trips.push(sent.elapsed().as_micros() as u64);
    }
    echo.join().unwrap();
    trips.sort_unstable();
    println!(
        "NOTIFY there and back, µs: p50 {} p90 {} p99 {}",
        trips[250], trips[450], trips[495]
    );
}
