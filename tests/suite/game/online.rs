//! An online game played through a real room server (with the `server` feature).

use super::*;

/// A room server in process (rooms in memory) on a runtime of its own, and its WebSocket URL.
fn room_server() -> (tokio::runtime::Runtime, reversi::server::Running, String) {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let server = runtime
        .block_on(reversi::server::start(reversi::server::Options {
            addr: "127.0.0.1:0".parse().unwrap(),
            db: reversi::server::store::Database::Memory,
            web: None,
            advertise: None,
            config: reversi::server::Config::default(),
        }))
        .unwrap();
    let url = format!("ws://{}/ws", server.addr);
    (runtime, server, url)
}

/// The game against the room server in process: it opens a room, a friend (a plain protocol
/// client) joins, and moves go both ways through the server and animate here like any other.
#[test]
fn an_online_game_is_played_through_the_server() {
    use reversi::game::online::{Link, Online, OnlineRequest};
    use reversi::net::{ClientMessage, ColourChoice, ServerMessage, Status, VERSION};
    use reversi::server::loadtest::Client;

    let (runtime, server, url) = room_server();
    let wait = Duration::from_secs(10);

    let dir = std::env::temp_dir().join(format!("reversi-online-save-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut app = build_app(MatchSettings::default(), Some(&dir));
    app.world_mut().write_message(OnlineRequest::Create {
        server: url.clone(),
        name: "Ana".into(),
        colour: ColourChoice::Black,
        variant: Variant::STANDARD,
        clock: None,
        public: false,
    });
    let session = |app: &App| {
        app.world()
            .resource::<Online>()
            .0
            .as_ref()
            .map(|s| (s.room.clone(), s.link, s.state.clone()))
    };
    assert!(run_until(&mut app, wait, |app| session(app)
        .is_some_and(|(_, _, state)| state.is_some())));
    let (room, link, state) = session(&app).unwrap();
    assert_eq!((link, state.unwrap().status), (Link::Open, Status::Waiting));

    // A friend joins by the code.
    let mut friend = runtime.block_on(async {
        let mut friend = Client::connect(&url).await.unwrap();
        friend
            .send(&ClientMessage::Join {
                version: VERSION,
                room: room.unwrap(),
                name: "Bo".into(),
            })
            .await
            .unwrap();
        assert!(matches!(
            friend.recv(wait).await.unwrap(),
            ServerMessage::Welcome { seat: 1, .. }
        ));
        friend.state(wait).await.unwrap();
        friend
    });
    assert!(run_until(&mut app, wait, |app| session(app)
        .and_then(|(_, _, s)| s)
        .is_some_and(|s| s.status == Status::Playing)));
    let players = *app.world().resource::<MatchSettings>();
    assert_eq!(
        (players.black, players.white),
        (game::Controller::Human, game::Controller::Remote)
    );

    // An illegal square is refused here and never sent; f5 goes to the server and comes back.
    place(&mut app, sq("a1"));
    settle(&mut app);
    place(&mut app, sq("f5"));
    assert!(run_until(&mut app, wait, |app| rules(app).history().len() == 1));
    let seen = runtime.block_on(friend.state(wait)).unwrap();
    assert_eq!((seen.moves.as_str(), seen.ply), ("f5", 1));

    // White's turn belongs to the friend: a click here does nothing.
    settle(&mut app);
    place(&mut app, sq("d6"));
    settle(&mut app);
    assert_eq!(rules(&app).history().len(), 1);
    assert_eq!(*app.world().resource::<Phase>(), Phase::RemoteToMove);

    // The friend's reply arrives, and animates like any move.
    runtime.block_on(async {
        friend
            .send(&ClientMessage::Move {
                ply: 1,
                id: 1,
                square: "d6".into(),
            })
            .await
            .unwrap();
        friend.state(wait).await.unwrap();
    });
    assert!(run_until(&mut app, wait, |app| rules(app).history().len() == 2));
    assert_eq!(*app.world().resource::<Phase>(), Phase::Animating);
    settle(&mut app);
    assert_discs_match(&mut app);
    assert_eq!(notation::transcript(&rules(&app)), "f5d6");

    // The game is closed and opened again: the save holds the seat, which is taken back.
    for _ in 0..10 {
        app.update();
    }
    drop(app);
    let mut app = build_app(MatchSettings::two_humans(), Some(&dir));
    assert!(run_until(&mut app, wait, |app| {
        session(app).is_some_and(|(_, link, state)| link == Link::Open && state.is_some())
            && rules(app).history().len() == 2
    }));
    let players = *app.world().resource::<MatchSettings>();
    assert_eq!(
        (players.black, players.white),
        (game::Controller::Human, game::Controller::Remote)
    );
    settle(&mut app);
    place(&mut app, sq("c3"));
    assert!(run_until(&mut app, wait, |app| rules(app).history().len() == 3));
    runtime.block_on(async { while friend.state(wait).await.unwrap().ply < 3 {} });

    // The friend resigns; leaving keeps the game on the board between two people here.
    runtime
        .block_on(friend.send(&ClientMessage::Resign))
        .unwrap();
    assert!(run_until(&mut app, wait, |app| session(app)
        .and_then(|(_, _, s)| s)
        .is_some_and(|s| matches!(s.status, Status::Over(_)))));
    app.world_mut().write_message(OnlineRequest::Leave);
    settle(&mut app);
    assert!(!app.world().resource::<Online>().active());
    let players = *app.world().resource::<MatchSettings>();
    assert_eq!(players.white, game::Controller::Human);
    assert_eq!(rules(&app).history().len(), 3);
    // Once left, the save holds no seat.
    for _ in 0..10 {
        app.update();
    }
    let saved = std::fs::read_to_string(dir.join(reversi::save::FILE_NAME)).unwrap();
    assert!(!saved.contains("\nonline "), "{saved}");
    runtime.block_on(server.stop());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The lobby lists a public room; a room whose seats are taken, asked for by its code, is watched:
/// its moves animate here, and clicks play nothing.
#[test]
fn the_lobby_lists_open_rooms_and_a_full_room_is_watched() {
    use reversi::game::lobby::{Listing, Lobby, LobbyRequested};
    use reversi::game::online::{Online, OnlineRequest};
    use reversi::net::{ClientMessage, ColourChoice, ServerMessage, VERSION};
    use reversi::server::loadtest::Client;

    let (runtime, server, url) = room_server();
    let wait = Duration::from_secs(10);
    let mut app = build_app(MatchSettings::default(), None);

    // Ana opens a public room: the lobby lists it.
    let (mut ana, code) = runtime.block_on(async {
        let mut ana = Client::connect(&url).await.unwrap();
        ana.send(&ClientMessage::Create {
            version: VERSION,
            name: "Ana".into(),
            colour: ColourChoice::Black,
            variant: "8x8 othello".into(),
            clock: None,
            public: true,
        })
        .await
        .unwrap();
        let ServerMessage::Welcome { room, .. } = ana.recv(wait).await.unwrap() else {
            panic!("no welcome")
        };
        ana.state(wait).await.unwrap();
        (ana, room)
    });
    app.world_mut().write_message(LobbyRequested(url.clone()));
    assert!(run_until(&mut app, wait, |app| matches!(
        app.world().resource::<Lobby>().listing,
        Listing::Rooms(_)
    )));
    let Listing::Rooms(rooms) = &app.world().resource::<Lobby>().listing else {
        unreachable!()
    };
    assert_eq!(
        rooms
            .iter()
            .map(|r| (r.room.as_str(), r.name.as_str()))
            .collect::<Vec<_>>(),
        [(code.as_str(), "Ana")]
    );

    // Bo takes the other seat; then the game asks to join by the code, and watches instead.
    let mut bo = runtime.block_on(async {
        let mut bo = Client::connect(&url).await.unwrap();
        bo.send(&ClientMessage::Join {
            version: VERSION,
            room: code.clone(),
            name: "Bo".into(),
        })
        .await
        .unwrap();
        bo.recv(wait).await.unwrap();
        bo.state(wait).await.unwrap();
        ana.state(wait).await.unwrap();
        bo
    });
    app.world_mut().write_message(OnlineRequest::Join {
        server: url.clone(),
        code: code.clone(),
        name: "Cy".into(),
    });
    let watching = |app: &mut App| {
        app.world()
            .resource::<Online>()
            .0
            .as_ref()
            .is_some_and(|s| s.watching_instead && s.state.is_some())
    };
    assert!(run_until(&mut app, wait, watching));
    settle(&mut app);
    let players = *app.world().resource::<MatchSettings>();
    assert_eq!(
        (players.black, players.white),
        (game::Controller::Remote, game::Controller::Remote)
    );
    // The players see one onlooker.
    let seen = runtime.block_on(ana.state(wait)).unwrap();
    assert_eq!(seen.onlookers, 1);
    runtime.block_on(bo.state(wait)).unwrap();

    // A click here plays nothing; Ana's move arrives and animates.
    place(&mut app, sq("f5"));
    settle(&mut app);
    assert_eq!(rules(&app).history().len(), 0);
    runtime.block_on(async {
        let square = "f5".to_string();
        ana.send(&ClientMessage::Move {
            ply: 0,
            id: 1,
            square,
        })
        .await
        .unwrap();
        ana.state(wait).await.unwrap();
    });
    assert!(run_until(&mut app, wait, |app| rules(app).history().len() == 1));
    settle(&mut app);
    assert_discs_match(&mut app);
    runtime.block_on(server.stop());
}
