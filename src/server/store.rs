//! Where rooms are written down before a change is acknowledged. [`Store`] is the whole interface
//! the server needs (write a batch of changes in one transaction, read rooms back), so moving the
//! rooms to another database is one new implementation of it; [`Sqlite`] is the embedded one.
//! [`Writer`] runs a store on its own thread and commits whatever changes arrived together in one
//! transaction (a group commit), so a busy server does not pay one disk sync per move.

use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::{Connection, OptionalExtension, params};

use super::room::RoomRecord;
use crate::rules::Square;

/// One change to the written rooms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Op {
    /// Insert or replace a room's record; `finished_unix_ms` once its last game has ended.
    PutRoom {
        record: Box<RoomRecord>,
        finished_unix_ms: Option<u64>,
    },
    /// Replace the moves of game `game_no` from ply `from` on by `moves` (numbered from `from`).
    SetMoves {
        code: String,
        game_no: u32,
        from: u32,
        moves: Vec<(Square, u64)>,
    },
    /// Forget a room and its moves.
    DeleteRoom { code: String },
    /// Refuse the whole write (with [`TOO_MANY_ROOMS`]) if `address` has `limit` rooms open
    /// already: the limit per address where several servers share the store (one server alone
    /// counts in memory, and its store lets this pass).
    Limit { address: String, limit: usize },
}

/// The error of a write refused by [`Op::Limit`].
pub const TOO_MANY_ROOMS: &str = "this address has as many rooms open as it may";

/// The error of a write to a room this server no longer holds (another took it over while this
/// one was cut off from the store).
pub const MOVED: &str = "the room is held by another server now";

/// Who holds a room among the servers sharing a store ([`Store::claim`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Claim {
    /// This server holds the room now; the room as written (`None`: no room has the code).
    Ours(Option<Box<StoredRoom>>),
    /// Another server holds it: the address its peers reach it at, once it has written it.
    Elsewhere(Option<String>),
}

/// A room as read back: its record and the moves of its current game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredRoom {
    pub record: RoomRecord,
    pub moves: Vec<(Square, u64)>,
    pub finished_unix_ms: Option<u64>,
}

pub type StoreError = String;

#[cfg(feature = "postgres")]
pub mod postgres;

/// A room as an audit reads it: its record and every move of every game it holds, as
/// `(game_no, ply, square, client id)` in that order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dump {
    pub record: RoomRecord,
    pub finished_unix_ms: Option<u64>,
    pub moves: Vec<(u32, u32, Square, u64)>,
}

/// What the server needs of a database.
pub trait Store: Send + 'static {
    /// Applies `ops` all or none.
    fn write(&mut self, ops: &[Op]) -> Result<(), StoreError>;
    /// The rooms a starting server takes up: every room whose game has not finished, and those
    /// whose game finished at or after `finished_since_unix_ms` (their players may still resume
    /// their seats to see the result and play a rematch).
    fn open_rooms(&mut self, finished_since_unix_ms: u64) -> Result<Vec<StoredRoom>, StoreError>;
    /// One room by its code.
    fn room(&mut self, code: &str) -> Result<Option<StoredRoom>, StoreError>;
    /// Forgets the rooms finished before `unix_ms`; how many.
    fn purge_finished(&mut self, before_unix_ms: u64) -> Result<usize, StoreError>;
    /// Every room with every move of every game: what an audit (the crash test) compares with
    /// what the clients were told.
    fn dump(&mut self) -> Result<Vec<Dump>, StoreError>;

    /// Joins the servers sharing this store as the one its peers reach at `address`: the secret
    /// they show each other, or `None` for a store only this process uses (SQLite), whose server
    /// holds every room and needs none of the calls below.
    fn join(&mut self, _address: &str) -> Result<Option<String>, StoreError> {
        Ok(None)
    }
    /// Takes room `code` for this server if no other holds it, and reads it. With `create`, a
    /// code no room has yet stays held (for the room about to be written); without, it is let go.
    fn claim(&mut self, code: &str, _create: bool) -> Result<Claim, StoreError> {
        Ok(Claim::Ours(self.room(code)?.map(Box::new)))
    }
    /// Lets room `code` go (it left this server's memory).
    fn release(&mut self, _code: &str) -> Result<(), StoreError> {
        Ok(())
    }
    /// Takes up to `limit` unfinished rooms that no server holds (theirs stopped) and reads them.
    fn adopt(&mut self, _limit: usize) -> Result<Vec<StoredRoom>, StoreError> {
        Ok(Vec::new())
    }
    /// The addresses of the other servers sharing the store.
    fn peers(&mut self) -> Result<Vec<String>, StoreError> {
        Ok(Vec::new())
    }
    /// Lets every room go (the server stops); writes to them are refused from now on.
    fn leave(&mut self) -> Result<(), StoreError> {
        Ok(())
    }
    /// How many times rooms changed hands between servers, all told.
    fn rooms_moved(&mut self) -> Result<u64, StoreError> {
        Ok(0)
    }
}

/// Where the rooms are written: SQLite in memory (for tests) or in a file, or a PostgreSQL
/// server (a build with the `postgres` feature).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Database {
    Memory,
    Sqlite(PathBuf),
    /// A connection URL, `postgres://user:password@host:port/database`.
    Postgres(String),
}

impl Database {
    /// `--db`'s value: a PostgreSQL URL (`postgres://` or `postgresql://`), else a SQLite file.
    pub fn parse(text: &str) -> Database {
        if text.starts_with("postgres://") || text.starts_with("postgresql://") {
            Database::Postgres(text.to_string())
        } else {
            Database::Sqlite(PathBuf::from(text))
        }
    }

    /// Opens the store (creating its tables if needed); each write waits `commit_delay` inside
    /// its transaction (zero but for the crash test).
    pub fn open(&self, commit_delay: Duration) -> Result<Box<dyn Store>, StoreError> {
        let sqlite = |path: Option<&Path>| -> Result<Box<dyn Store>, StoreError> {
            let mut db = Sqlite::open(path)?;
            db.commit_delay = commit_delay;
            Ok(Box::new(db))
        };
        match self {
            Database::Memory => sqlite(None),
            Database::Sqlite(path) => sqlite(Some(path)),
            #[cfg(feature = "postgres")]
            Database::Postgres(url) => {
                let mut db = postgres::Postgres::connect(url)?;
                db.commit_delay = commit_delay;
                Ok(Box::new(db))
            }
            #[cfg(not(feature = "postgres"))]
            Database::Postgres(_) => Err(
                "this build has no PostgreSQL store: build it with `--features postgres`".into(),
            ),
        }
    }

    /// Forgets every room (the crash test starts from nothing): a SQLite file is removed, a
    /// PostgreSQL database's tables emptied.
    pub fn clear(&self) -> Result<(), StoreError> {
        match self {
            Database::Memory => Ok(()),
            Database::Sqlite(path) => {
                for suffix in ["", "-wal", "-shm"] {
                    let mut file = path.clone().into_os_string();
                    file.push(suffix);
                    let _ = std::fs::remove_file(file);
                }
                Ok(())
            }
            #[cfg(feature = "postgres")]
            Database::Postgres(url) => postgres::Postgres::connect(url)?.clear(),
            #[cfg(not(feature = "postgres"))]
            Database::Postgres(_) => self.open(Duration::ZERO).map(|_| ()),
        }
    }
}

impl std::fmt::Display for Database {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Database::Memory => write!(f, "memory"),
            Database::Sqlite(path) => write!(f, "{}", path.display()),
            // The URL without its password.
            Database::Postgres(url) => match (url.find("://"), url.rfind('@')) {
                (Some(scheme), Some(at)) if at > scheme => {
                    let who = &url[scheme + 3..at];
                    let user = who.split(':').next().unwrap_or_default();
                    write!(f, "{}{user}@{}", &url[..scheme + 3], &url[at + 1..])
                }
                _ => write!(f, "{url}"),
            },
        }
    }
}

impl<S: Store + ?Sized> Store for Box<S> {
    fn write(&mut self, ops: &[Op]) -> Result<(), StoreError> {
        (**self).write(ops)
    }
    fn open_rooms(&mut self, finished_since_unix_ms: u64) -> Result<Vec<StoredRoom>, StoreError> {
        (**self).open_rooms(finished_since_unix_ms)
    }
    fn room(&mut self, code: &str) -> Result<Option<StoredRoom>, StoreError> {
        (**self).room(code)
    }
    fn purge_finished(&mut self, before_unix_ms: u64) -> Result<usize, StoreError> {
        (**self).purge_finished(before_unix_ms)
    }
    fn dump(&mut self) -> Result<Vec<Dump>, StoreError> {
        (**self).dump()
    }
    fn join(&mut self, address: &str) -> Result<Option<String>, StoreError> {
        (**self).join(address)
    }
    fn claim(&mut self, code: &str, create: bool) -> Result<Claim, StoreError> {
        (**self).claim(code, create)
    }
    fn release(&mut self, code: &str) -> Result<(), StoreError> {
        (**self).release(code)
    }
    fn adopt(&mut self, limit: usize) -> Result<Vec<StoredRoom>, StoreError> {
        (**self).adopt(limit)
    }
    fn peers(&mut self) -> Result<Vec<String>, StoreError> {
        (**self).peers()
    }
    fn leave(&mut self) -> Result<(), StoreError> {
        (**self).leave()
    }
    fn rooms_moved(&mut self) -> Result<u64, StoreError> {
        (**self).rooms_moved()
    }
}

/// The embedded SQLite store: a file (or memory, for tests), in write-ahead-log mode.
pub struct Sqlite {
    db: Connection,
    /// How long each write waits inside its open transaction before committing: a slow disk, so
    /// that the crash test's kills land inside transactions. Zero when serving.
    pub commit_delay: std::time::Duration,
}

fn text(e: impl std::fmt::Display) -> StoreError {
    e.to_string()
}

/// Room `code`'s record as every store writes it (JSON).
fn parse_record(code: &str, json: &str) -> Result<RoomRecord, StoreError> {
    serde_json::from_str(json).map_err(|e| format!("room {code}: {e}"))
}

/// A square of room `code` as every store writes it (`f5`).
fn parse_square(code: &str, text: &str) -> Result<Square, StoreError> {
    text.parse().map_err(|e| format!("room {code}: {e}"))
}

impl Sqlite {
    /// Opens (creating if needed) the database at `path`; `None` for one in memory.
    pub fn open(path: Option<&Path>) -> Result<Sqlite, StoreError> {
        let db = match path {
            Some(path) => Connection::open(path),
            None => Connection::open_in_memory(),
        }
        .map_err(text)?;
        db.execute_batch(
            "PRAGMA journal_mode = WAL;
             PRAGMA synchronous = FULL;
             CREATE TABLE IF NOT EXISTS rooms (
                 code TEXT PRIMARY KEY,
                 record TEXT NOT NULL,
                 finished_unix_ms INTEGER
             );
             CREATE INDEX IF NOT EXISTS rooms_finished ON rooms (finished_unix_ms);
             CREATE TABLE IF NOT EXISTS moves (
                 code TEXT NOT NULL,
                 game_no INTEGER NOT NULL,
                 ply INTEGER NOT NULL,
                 square TEXT NOT NULL,
                 id INTEGER NOT NULL,
                 PRIMARY KEY (code, game_no, ply)
             ) WITHOUT ROWID;",
        )
        .map_err(text)?;
        Ok(Sqlite {
            db,
            commit_delay: std::time::Duration::ZERO,
        })
    }

    fn read(&self, code: &str, record: &str, finished: Option<i64>) -> Result<StoredRoom, String> {
        let record = parse_record(code, record)?;
        let mut statement = self
            .db
            .prepare_cached(
                "SELECT square, id FROM moves WHERE code = ?1 AND game_no = ?2 ORDER BY ply",
            )
            .map_err(text)?;
        let moves = statement
            .query_map(params![code, record.game_no], |row| {
                Ok((row.get::<_, String>(0)?, row.get::<_, i64>(1)?))
            })
            .map_err(text)?
            .map(|row| {
                let (square, id) = row.map_err(text)?;
                Ok((parse_square(code, &square)?, id as u64))
            })
            .collect::<Result<Vec<_>, String>>()?;
        Ok(StoredRoom {
            record,
            moves,
            finished_unix_ms: finished.map(|t| t as u64),
        })
    }
}

impl Store for Sqlite {
    fn write(&mut self, ops: &[Op]) -> Result<(), StoreError> {
        let tx = self.db.transaction().map_err(text)?;
        for op in ops {
            match op {
                Op::PutRoom {
                    record,
                    finished_unix_ms,
                } => {
                    let json = serde_json::to_string(record).map_err(text)?;
                    tx.prepare_cached(
                        "INSERT INTO rooms (code, record, finished_unix_ms) VALUES (?1, ?2, ?3)
                         ON CONFLICT (code) DO UPDATE
                         SET record = excluded.record, finished_unix_ms = excluded.finished_unix_ms",
                    )
                    .and_then(|mut s| {
                        s.execute(params![record.code, json, finished_unix_ms.map(|t| t as i64)])
                    })
                    .map_err(text)?;
                }
                Op::SetMoves {
                    code,
                    game_no,
                    from,
                    moves,
                } => {
                    tx.prepare_cached(
                        "DELETE FROM moves WHERE code = ?1 AND game_no = ?2 AND ply >= ?3",
                    )
                    .and_then(|mut s| s.execute(params![code, game_no, from]))
                    .map_err(text)?;
                    let mut insert = tx
                        .prepare_cached(
                            "INSERT INTO moves (code, game_no, ply, square, id)
                             VALUES (?1, ?2, ?3, ?4, ?5)",
                        )
                        .map_err(text)?;
                    for (n, (cell, id)) in moves.iter().enumerate() {
                        insert
                            .execute(params![
                                code,
                                game_no,
                                from + n as u32,
                                cell.to_string(),
                                *id as i64
                            ])
                            .map_err(text)?;
                    }
                }
                Op::DeleteRoom { code } => {
                    tx.execute("DELETE FROM moves WHERE code = ?1", params![code])
                        .map_err(text)?;
                    tx.execute("DELETE FROM rooms WHERE code = ?1", params![code])
                        .map_err(text)?;
                }
                // One process alone counts its rooms in memory.
                Op::Limit { .. } => {}
            }
        }
        if !self.commit_delay.is_zero() {
            std::thread::sleep(self.commit_delay);
        }
        tx.commit().map_err(text)
    }

    fn open_rooms(&mut self, finished_since_unix_ms: u64) -> Result<Vec<StoredRoom>, StoreError> {
        let rows: Vec<(String, String, Option<i64>)> = self
            .db
            .prepare(
                "SELECT code, record, finished_unix_ms FROM rooms
                 WHERE finished_unix_ms IS NULL OR finished_unix_ms >= ?1",
            )
            .and_then(|mut s| {
                let since = finished_since_unix_ms.min(i64::MAX as u64) as i64;
                s.query_map(params![since], |row| {
                    Ok((row.get(0)?, row.get(1)?, row.get(2)?))
                })?
                .collect()
            })
            .map_err(text)?;
        rows.iter()
            .map(|(code, record, finished)| self.read(code, record, *finished))
            .collect()
    }

    fn room(&mut self, code: &str) -> Result<Option<StoredRoom>, StoreError> {
        let row: Option<(String, Option<i64>)> = self
            .db
            .query_row(
                "SELECT record, finished_unix_ms FROM rooms WHERE code = ?1",
                params![code],
                |row| Ok((row.get(0)?, row.get(1)?)),
            )
            .optional()
            .map_err(text)?;
        row.map(|(record, finished)| self.read(code, &record, finished))
            .transpose()
    }

    fn purge_finished(&mut self, before_unix_ms: u64) -> Result<usize, StoreError> {
        let tx = self.db.transaction().map_err(text)?;
        tx.execute(
            "DELETE FROM moves WHERE code IN
             (SELECT code FROM rooms WHERE finished_unix_ms < ?1)",
            params![before_unix_ms as i64],
        )
        .map_err(text)?;
        let purged = tx
            .execute(
                "DELETE FROM rooms WHERE finished_unix_ms < ?1",
                params![before_unix_ms as i64],
            )
            .map_err(text)?;
        tx.commit().map_err(text)?;
        Ok(purged)
    }

    fn dump(&mut self) -> Result<Vec<Dump>, StoreError> {
        let rooms: Vec<(String, String, Option<i64>)> = self
            .db
            .prepare("SELECT code, record, finished_unix_ms FROM rooms ORDER BY code")
            .and_then(|mut s| {
                s.query_map([], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))?
                    .collect()
            })
            .map_err(text)?;
        let mut statement = self
            .db
            .prepare(
                "SELECT game_no, ply, square, id FROM moves WHERE code = ?1 ORDER BY game_no, ply",
            )
            .map_err(text)?;
        let mut dumps = Vec::new();
        for (code, record, finished) in rooms {
            let record = parse_record(&code, &record)?;
            let rows: Vec<(u32, u32, String, i64)> = statement
                .query_map(params![code], |row| {
                    Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?))
                })
                .and_then(Iterator::collect)
                .map_err(text)?;
            let moves = rows
                .into_iter()
                .map(|(game, ply, square, id)| {
                    Ok((game, ply, parse_square(&code, &square)?, id as u64))
                })
                .collect::<Result<_, StoreError>>()?;
            dumps.push(Dump {
                record,
                finished_unix_ms: finished.map(|t| t as u64),
                moves,
            });
        }
        Ok(dumps)
    }
}

mod writer;
pub use writer::Writer;

#[cfg(test)]
mod tests;
