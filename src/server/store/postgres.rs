//! The PostgreSQL store, for hosts who outgrow one machine: the same two tables as SQLite's, each
//! batch of changes one transaction, on a server several `reversi serve` processes share; how
//! they divide the rooms is in [`cluster`]. Its tests run against a real server when
//! `REVERSI_POSTGRES` names one (`scripts/test-postgres` starts one).

mod cluster;

use std::collections::HashSet;
use std::time::Duration;

use postgres::{Client, NoTls, Statement};

use super::{
    Claim, Dump, MOVED, Op, Store, StoreError, StoredRoom, TOO_MANY_ROOMS, parse_record,
    parse_square,
};
use crate::rules::Square;

const SCHEMA: &str = "
    CREATE TABLE IF NOT EXISTS rooms (
        code TEXT PRIMARY KEY,
        record TEXT NOT NULL,
        finished_unix_ms BIGINT
    );
    CREATE INDEX IF NOT EXISTS rooms_finished ON rooms (finished_unix_ms);
    CREATE TABLE IF NOT EXISTS moves (
        code TEXT NOT NULL,
        game_no INTEGER NOT NULL,
        ply INTEGER NOT NULL,
        square TEXT NOT NULL,
        id BIGINT NOT NULL,
        PRIMARY KEY (code, game_no, ply)
    );
    ALTER TABLE rooms ADD COLUMN IF NOT EXISTS created_by TEXT;
    CREATE INDEX IF NOT EXISTS rooms_open_by ON rooms (created_by)
        WHERE finished_unix_ms IS NULL;
    CREATE TABLE IF NOT EXISTS instances (
        id TEXT PRIMARY KEY,
        address TEXT NOT NULL,
        pid INTEGER NOT NULL,
        started_unix_ms BIGINT NOT NULL
    );
    CREATE TABLE IF NOT EXISTS room_owners (
        code TEXT PRIMARY KEY,
        instance TEXT NOT NULL,
        moved INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE IF NOT EXISTS cluster (
        id INTEGER PRIMARY KEY,
        secret TEXT NOT NULL
    );";

/// The statements every write uses, prepared once a connection.
struct Prepared {
    put_room: Statement,
    drop_moves_from: Statement,
    put_move: Statement,
}

/// A connection to a PostgreSQL database, opened again when it is lost.
pub struct Postgres {
    url: String,
    client: Client,
    prepared: Prepared,
    /// As [`super::Sqlite::commit_delay`].
    pub commit_delay: Duration,
    /// This server among those sharing the database, once it has joined them.
    instance: Option<cluster::Instance>,
    /// The rooms this connection holds the lock of.
    held: HashSet<String>,
}

fn prepare(client: &mut Client) -> Result<Prepared, StoreError> {
    Ok(Prepared {
        put_room: client
            .prepare(
                "INSERT INTO rooms (code, record, finished_unix_ms, created_by)
                 VALUES ($1, $2, $3, $4)
                 ON CONFLICT (code) DO UPDATE
                 SET record = EXCLUDED.record, finished_unix_ms = EXCLUDED.finished_unix_ms",
            )
            .map_err(pg)?,
        drop_moves_from: client
            .prepare("DELETE FROM moves WHERE code = $1 AND game_no = $2 AND ply >= $3")
            .map_err(pg)?,
        put_move: client
            .prepare(
                "INSERT INTO moves (code, game_no, ply, square, id) VALUES ($1, $2, $3, $4, $5)",
            )
            .map_err(pg)?,
    })
}

/// A PostgreSQL error with the server's own words (its `Display` alone says only "db error").
fn pg(e: postgres::Error) -> StoreError {
    match e.as_db_error() {
        Some(db) => format!("PostgreSQL: {}", db.message()),
        None => e.to_string(),
    }
}

/// Milliseconds as PostgreSQL's BIGINT (every time of this century fits).
fn ms(t: u64) -> i64 {
    t.min(i64::MAX as u64) as i64
}

impl Postgres {
    /// Connects to `url` and creates the tables if they are not there.
    pub fn connect(url: &str) -> Result<Postgres, StoreError> {
        let mut client = Client::connect(url, NoTls).map_err(|e| format!("{url}: {e}"))?;
        // Servers starting together would race to create the same tables: one at a time, each
        // waiting until the one before has committed them.
        client
            .batch_execute(&format!("SELECT pg_advisory_lock({SCHEMA_LOCK}, 0)"))
            .map_err(pg)?;
        client.batch_execute(SCHEMA).map_err(pg)?;
        client
            .batch_execute(&format!("SELECT pg_advisory_unlock({SCHEMA_LOCK}, 0)"))
            .map_err(pg)?;
        let prepared = prepare(&mut client)?;
        Ok(Postgres {
            url: url.to_string(),
            client,
            prepared,
            commit_delay: Duration::ZERO,
            instance: None,
            held: HashSet::new(),
        })
    }

    /// Connects again if the connection was lost (a restart of the database server, or of the
    /// network): a member of several servers joins again and takes its rooms' locks back, losing
    /// those another server took meanwhile (their writes are refused with [`MOVED`]).
    fn ready(&mut self) -> Result<(), StoreError> {
        if self.client.is_closed() {
            let fresh = Postgres::connect(&self.url)?;
            self.client = fresh.client;
            self.prepared = fresh.prepared;
            self.rejoin()?;
        }
        Ok(())
    }

    /// Empties the tables.
    pub fn clear(&mut self) -> Result<(), StoreError> {
        self.client
            .batch_execute("TRUNCATE moves, rooms, room_owners")
            .map_err(pg)
    }

    /// In a write: refuses `code` unless this server holds it (always true alone).
    fn holds(&self, code: &str) -> Result<(), StoreError> {
        if self.instance.is_some() && !self.held.contains(code) {
            return Err(format!("room {code}: {MOVED}"));
        }
        Ok(())
    }

    fn moves_of(&mut self, code: &str, game_no: u32) -> Result<Vec<(Square, u64)>, StoreError> {
        let rows = self
            .client
            .query(
                "SELECT square, id FROM moves WHERE code = $1 AND game_no = $2 ORDER BY ply",
                &[&code, &(game_no as i32)],
            )
            .map_err(pg)?;
        rows.iter()
            .map(|row| Ok((parse_square(code, row.get(0))?, row.get::<_, i64>(1) as u64)))
            .collect()
    }

    fn read(
        &mut self,
        code: &str,
        record: &str,
        finished: Option<i64>,
    ) -> Result<StoredRoom, StoreError> {
        let record = parse_record(code, record)?;
        let moves = self.moves_of(code, record.game_no)?;
        Ok(StoredRoom {
            record,
            moves,
            finished_unix_ms: finished.map(|t| t as u64),
        })
    }
}

impl Store for Postgres {
    fn write(&mut self, ops: &[Op]) -> Result<(), StoreError> {
        self.ready()?;
        for op in ops {
            match op {
                Op::PutRoom { record, .. } => self.holds(&record.code)?,
                Op::SetMoves { code, .. } | Op::DeleteRoom { code } => self.holds(code)?,
                Op::Limit { .. } => {}
            }
        }
        let prepared = &self.prepared;
        let mut tx = self.client.transaction().map_err(pg)?;
        for op in ops {
            match op {
                Op::PutRoom {
                    record,
                    finished_unix_ms,
                } => {
                    let json = serde_json::to_string(record).map_err(|e| e.to_string())?;
                    let finished = finished_unix_ms.map(ms);
                    tx.execute(
                        &prepared.put_room,
                        &[&record.code, &json, &finished, &record.created_by],
                    )
                    .map_err(pg)?;
                }
                Op::SetMoves {
                    code,
                    game_no,
                    from,
                    moves,
                } => {
                    let (game, from) = (*game_no as i32, *from as i32);
                    tx.execute(&prepared.drop_moves_from, &[code, &game, &from])
                        .map_err(pg)?;
                    for (n, (cell, id)) in moves.iter().enumerate() {
                        let ply = from + n as i32;
                        let (cell, id) = (cell.to_string(), *id as i64);
                        tx.execute(&prepared.put_move, &[code, &game, &ply, &cell, &id])
                            .map_err(pg)?;
                    }
                }
                Op::DeleteRoom { code } => {
                    tx.execute("DELETE FROM moves WHERE code = $1", &[code])
                        .map_err(pg)?;
                    tx.execute("DELETE FROM rooms WHERE code = $1", &[code])
                        .map_err(pg)?;
                    tx.execute("DELETE FROM room_owners WHERE code = $1", &[code])
                        .map_err(pg)?;
                }
                Op::Limit { address, limit } => {
                    // One such check at a time per address, across every server.
                    tx.execute(
                        &format!("SELECT pg_advisory_xact_lock({ADDRESS_LOCK}, hashtext($1))"),
                        &[address],
                    )
                    .map_err(pg)?;
                    let open: i64 = tx
                        .query_one(
                            "SELECT count(*) FROM rooms
                             WHERE created_by = $1 AND finished_unix_ms IS NULL",
                            &[address],
                        )
                        .map_err(pg)?
                        .get(0);
                    if open >= *limit as i64 {
                        return Err(TOO_MANY_ROOMS.to_string());
                    }
                }
            }
        }
        if !self.commit_delay.is_zero() {
            std::thread::sleep(self.commit_delay);
        }
        tx.commit().map_err(pg)
    }

    fn open_rooms(&mut self, finished_since_unix_ms: u64) -> Result<Vec<StoredRoom>, StoreError> {
        self.ready()?;
        let rows = self
            .client
            .query(
                "SELECT code, record, finished_unix_ms FROM rooms
                 WHERE finished_unix_ms IS NULL OR finished_unix_ms >= $1",
                &[&ms(finished_since_unix_ms)],
            )
            .map_err(pg)?;
        let rows: Vec<(String, String, Option<i64>)> = rows
            .iter()
            .map(|row| (row.get(0), row.get(1), row.get(2)))
            .collect();
        rows.iter()
            .map(|(code, record, finished)| self.read(code, record, *finished))
            .collect()
    }

    fn room(&mut self, code: &str) -> Result<Option<StoredRoom>, StoreError> {
        self.ready()?;
        let row = self
            .client
            .query_opt(
                "SELECT record, finished_unix_ms FROM rooms WHERE code = $1",
                &[&code],
            )
            .map_err(pg)?;
        match row {
            Some(row) => {
                let (record, finished): (String, Option<i64>) = (row.get(0), row.get(1));
                self.read(code, &record, finished).map(Some)
            }
            None => Ok(None),
        }
    }

    fn purge_finished(&mut self, before_unix_ms: u64) -> Result<usize, StoreError> {
        self.ready()?;
        let mut tx = self.client.transaction().map_err(pg)?;
        let before = ms(before_unix_ms);
        for table in ["moves", "room_owners"] {
            tx.execute(
                &format!(
                    "DELETE FROM {table} WHERE code IN
                     (SELECT code FROM rooms WHERE finished_unix_ms < $1)"
                ),
                &[&before],
            )
            .map_err(pg)?;
        }
        let purged = tx
            .execute("DELETE FROM rooms WHERE finished_unix_ms < $1", &[&before])
            .map_err(pg)?;
        tx.commit().map_err(pg)?;
        Ok(purged as usize)
    }

    fn dump(&mut self) -> Result<Vec<Dump>, StoreError> {
        self.ready()?;
        let rooms = self
            .client
            .query(
                "SELECT code, record, finished_unix_ms FROM rooms ORDER BY code",
                &[],
            )
            .map_err(pg)?;
        let mut dumps = Vec::new();
        for room in rooms {
            let (code, record, finished): (String, String, Option<i64>) =
                (room.get(0), room.get(1), room.get(2));
            let rows = self
                .client
                .query(
                    "SELECT game_no, ply, square, id FROM moves WHERE code = $1
                     ORDER BY game_no, ply",
                    &[&code],
                )
                .map_err(pg)?;
            let moves = rows
                .iter()
                .map(|row| {
                    let cell = parse_square(&code, row.get(2))?;
                    let (game, ply, id): (i32, i32, i64) = (row.get(0), row.get(1), row.get(3));
                    Ok((game as u32, ply as u32, cell, id as u64))
                })
                .collect::<Result<_, StoreError>>()?;
            dumps.push(Dump {
                record: parse_record(&code, &record)?,
                finished_unix_ms: finished.map(|t| t as u64),
                moves,
            });
        }
        Ok(dumps)
    }

    fn join(&mut self, address: &str) -> Result<Option<String>, StoreError> {
        self.ready()?;
        self.join_as(address).map(Some)
    }

    fn claim(&mut self, code: &str, create: bool) -> Result<Claim, StoreError> {
        self.ready()?;
        self.claim_room(code, create)
    }

    fn release(&mut self, code: &str) -> Result<(), StoreError> {
        self.ready()?;
        self.release_room(code)
    }

    fn adopt(&mut self, limit: usize) -> Result<Vec<StoredRoom>, StoreError> {
        self.ready()?;
        self.adopt_rooms(limit)
    }

    fn peers(&mut self) -> Result<Vec<String>, StoreError> {
        self.ready()?;
        self.peer_addresses()
    }

    fn leave(&mut self) -> Result<(), StoreError> {
        self.ready()?;
        self.leave_cluster()
    }

    fn rooms_moved(&mut self) -> Result<u64, StoreError> {
        self.ready()?;
        let row = self
            .client
            .query_one(
                "SELECT coalesce(sum(moved), 0)::bigint FROM room_owners",
                &[],
            )
            .map_err(pg)?;
        Ok(row.get::<_, i64>(0) as u64)
    }
}

/// The first key of the two-key advisory locks: the schema's creation, and the count of an
/// address's rooms. (A room's lock is the one-key form, which PostgreSQL keeps apart.)
const SCHEMA_LOCK: i32 = 1;
const ADDRESS_LOCK: i32 = 2;

/// Tests on the database of `REVERSI_POSTGRES` empty it first: one at a time.
#[cfg(test)]
static TEST_DATABASE: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// For tests: the URL of `REVERSI_POSTGRES`, its database emptied, and the guard that keeps it to
/// the caller alone until dropped; `None` (the test says it is skipped) without one.
#[cfg(test)]
pub(crate) fn test_database() -> Option<(String, std::sync::MutexGuard<'static, ()>)> {
    let Ok(url) = std::env::var("REVERSI_POSTGRES") else {
        eprintln!("SKIPPED: REVERSI_POSTGRES names no PostgreSQL server (scripts/test-postgres)");
        return None;
    };
    let alone = TEST_DATABASE.lock().unwrap_or_else(|e| e.into_inner());
    Postgres::connect(&url)
        .and_then(|mut db| db.clear())
        .expect("the PostgreSQL server of REVERSI_POSTGRES");
    Some((url, alone))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The store on the database of [`test_database`], while this test has it alone.
    fn database() -> Option<(Postgres, std::sync::MutexGuard<'static, ()>)> {
        let (url, alone) = test_database()?;
        let db = Postgres::connect(&url).expect("the PostgreSQL server of REVERSI_POSTGRES");
        Some((db, alone))
    }

    #[test]
    fn postgres_passes_the_store_tests() {
        let Some((mut db, _alone)) = database() else {
            return;
        };
        super::super::tests::reads_back_as_written(&mut db);
        db.clear().unwrap();
        // A database that refuses one row in the middle of a batch.
        db.client
            .batch_execute(
                "CREATE OR REPLACE FUNCTION refuse_a1() RETURNS trigger AS $$
                 BEGIN
                     IF NEW.square = 'a1' THEN RAISE EXCEPTION 'refused'; END IF;
                     RETURN NEW;
                 END $$ LANGUAGE plpgsql;
                 DROP TRIGGER IF EXISTS refuse ON moves;
                 CREATE TRIGGER refuse BEFORE INSERT ON moves
                     FOR EACH ROW EXECUTE FUNCTION refuse_a1();",
            )
            .unwrap();
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            super::super::tests::a_failed_batch_writes_nothing(&mut db)
        }));
        db.client
            .batch_execute("DROP TRIGGER refuse ON moves; DROP FUNCTION refuse_a1();")
            .unwrap();
        db.clear().unwrap();
        if let Err(panic) = result {
            std::panic::resume_unwind(panic);
        }
    }
}
