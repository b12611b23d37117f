//! The tests every store passes (SQLite here; PostgreSQL's in `postgres.rs` with a server), and
//! the database's names.

use super::*;
use crate::net::ColourChoice;
use crate::rules::Variant;
use crate::server::room::Room;

fn record(code: &str) -> RoomRecord {
    Room::new(
        code.into(),
        Variant::STANDARD,
        None,
        "Ana".into(),
        "secret".into(),
        ColourChoice::Black,
        false,
        "127.0.0.1".into(),
        0,
    )
    .record(0)
}

fn cells(text: &[&str]) -> Vec<(Square, u64)> {
    text.iter()
        .enumerate()
        .map(|(n, s)| (s.parse().unwrap(), n as u64))
        .collect()
}

/// Rooms and moves written, replaced (a take-back), read back, dumped and purged: the tests
/// every store passes.
pub(super) fn reads_back_as_written(db: &mut dyn Store) {
    let put = |code: &str, finished| Op::PutRoom {
        record: Box::new(record(code)),
        finished_unix_ms: finished,
    };
    db.write(&[
        put("AAAAAAAAAA", None),
        put("BBBBBBBBBB", Some(100)),
        Op::SetMoves {
            code: "AAAAAAAAAA".into(),
            game_no: 1,
            from: 0,
            moves: cells(&["f5", "d6", "c3"]),
        },
    ])
    .unwrap();
    // A take-back: the moves from ply 1 on are replaced.
    db.write(&[Op::SetMoves {
        code: "AAAAAAAAAA".into(),
        game_no: 1,
        from: 1,
        moves: cells(&["f6"]),
    }])
    .unwrap();
    let unfinished = db.open_rooms(u64::MAX).unwrap();
    assert_eq!(unfinished.len(), 1);
    let json = |r: &RoomRecord| serde_json::to_string(r).unwrap();
    assert_eq!(json(&unfinished[0].record), json(&record("AAAAAAAAAA")));
    assert_eq!(
        unfinished[0].moves,
        vec![("f5".parse().unwrap(), 0), ("f6".parse().unwrap(), 0)]
    );
    assert_eq!(
        db.room("BBBBBBBBBB").unwrap().unwrap().finished_unix_ms,
        Some(100)
    );
    // A room finished recently is taken up too (for its rematch), one finished earlier not.
    assert_eq!(db.open_rooms(100).unwrap().len(), 2);
    assert_eq!(db.open_rooms(101).unwrap().len(), 1);
    assert_eq!(db.room("CCCCCCCCCC").unwrap(), None);
    let dump = db.dump().unwrap();
    let codes: Vec<&str> = dump.iter().map(|d| d.record.code.as_str()).collect();
    assert_eq!(codes, ["AAAAAAAAAA", "BBBBBBBBBB"]);
    let f5 = "f5".parse().unwrap();
    let f6 = "f6".parse().unwrap();
    assert_eq!(dump[0].moves, [(1, 0, f5, 0), (1, 1, f6, 0)]);
    assert_eq!(dump[1].finished_unix_ms, Some(100));
    assert_eq!(db.purge_finished(101).unwrap(), 1);
    assert_eq!(db.room("BBBBBBBBBB").unwrap(), None);
}

/// A batch one of whose rows the database refuses (`a1`) writes nothing of the batch.
pub(super) fn a_failed_batch_writes_nothing(db: &mut dyn Store) {
    let moves = |from, squares: &[&str]| Op::SetMoves {
        code: "AAAAAAAAAA".into(),
        game_no: 1,
        from,
        moves: cells(squares),
    };
    let room = |code: &str| Op::PutRoom {
        record: Box::new(record(code)),
        finished_unix_ms: None,
    };
    db.write(&[room("AAAAAAAAAA"), moves(0, &["f5"])]).unwrap();
    let batch = [room("CCCCCCCCCC"), moves(0, &["d3", "c3", "a1"])];
    assert!(db.write(&batch).is_err());
    assert_eq!(db.room("CCCCCCCCCC").unwrap(), None);
    let dump = db.dump().unwrap();
    assert_eq!(dump.len(), 1);
    assert_eq!(dump[0].moves, [(1, 0, "f5".parse().unwrap(), 0)]);
}

#[test]
fn sqlite_passes_the_store_tests() {
    reads_back_as_written(&mut Sqlite::open(None).unwrap());
    let mut db = Sqlite::open(None).unwrap();
    // A disk that refuses one row, in the middle of the batch.
    db.db
        .execute_batch(
            "CREATE TRIGGER refuse BEFORE INSERT ON moves WHEN NEW.square = 'a1'
             BEGIN SELECT RAISE(ABORT, 'refused'); END;",
        )
        .unwrap();
    a_failed_batch_writes_nothing(&mut db);
}

#[test]
fn a_database_is_named_by_its_file_or_url() {
    assert_eq!(
        Database::parse("rooms.sqlite"),
        Database::Sqlite("rooms.sqlite".into())
    );
    let url = "postgres://reversi:secret@db.example:5432/rooms";
    assert_eq!(Database::parse(url), Database::Postgres(url.into()));
    // Its password is not shown.
    assert_eq!(
        Database::parse(url).to_string(),
        "postgres://reversi@db.example:5432/rooms"
    );
}
