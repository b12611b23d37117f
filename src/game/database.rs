//! The game database in the game ([`crate::database`]): read from the player's data folder at
//! start (in the browser, from the page's IndexedDB), files added from the settings in a thread
//! of their own with their progress (in the browser, the files picked, at once), and the players'
//! ratings the explorer's statistics rank by.

use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use bevy::prelude::*;

use crate::database::{AddReport, Adder, Database};

/// The database, where it lives, and what the last addition did.
#[derive(Resource, Default)]
pub struct GameDatabase {
    /// Its file; `None` keeps it in memory only (the browser, tests).
    pub path: Option<PathBuf>,
    pub db: Option<Arc<Database>>,
    /// Each player's rating ([`Database::ratings`]).
    pub ratings: Arc<Vec<f64>>,
    /// Why the file could not be read or written.
    pub error: Option<String>,
    /// What the last addition did.
    pub report: Option<AddReport>,
    /// Counts the additions finished (the browser keeps the database after each).
    pub additions: u32,
    adding: Option<Adding>,
    /// Files given by their bytes, added a few a frame: the addition and the files left, of how many.
    queued: Option<(Adder, VecDeque<File>, usize)>,
}

/// An addition under way: files done and their total, and its result once there.
struct Adding {
    done: Arc<AtomicUsize>,
    total: Arc<AtomicUsize>,
    result: Arc<Mutex<Option<Added>>>,
}

type Added = Result<(Database, AddReport), String>;

/// A file by its name and bytes.
type File = (String, Vec<u8>);

impl GameDatabase {
    /// The database kept at `path`, read now (a damaged file is reported, not fatal).
    pub fn open(path: Option<PathBuf>) -> GameDatabase {
        let mut out = GameDatabase {
            path: path.clone(),
            ..GameDatabase::default()
        };
        match path.map(|p| Database::load(&p)) {
            Some(Ok(Some(db))) => out.set(db),
            Some(Err(e)) => out.error = Some(e),
            Some(Ok(None)) | None => {}
        }
        out
    }

    /// The games, when there are any.
    pub fn games(&self) -> Option<&Database> {
        self.db.as_deref().filter(|db| !db.games.is_empty())
    }

    /// Uses `db` from now on (the browser's kept database, read at start).
    pub fn install(&mut self, db: Database) {
        self.set(db);
    }

    fn set(&mut self, db: Database) {
        self.ratings = Arc::new(db.ratings());
        self.db = Some(Arc::new(db));
    }

    /// Files done and their total while an addition is under way.
    pub fn progress(&self) -> Option<(usize, usize)> {
        let queued = self
            .queued
            .as_ref()
            .map(|(_, left, total)| (total - left.len(), *total));
        queued.or_else(|| {
            self.adding.as_ref().map(|a| {
                (
                    a.done.load(Ordering::Relaxed),
                    a.total.load(Ordering::Relaxed),
                )
            })
        })
    }

    /// Adds files given by name and bytes at once (tests), and writes the database where it has
    /// a file.
    pub fn add_now(&mut self, files: &[(String, Vec<u8>)]) {
        let mut db = self.db.as_deref().cloned().unwrap_or_default();
        let report = db.add_files(files, |_, _| {});
        self.finish(Ok((db, report)));
    }

    /// Adds files given by name and bytes a few a frame (the browser's picked files, where there
    /// is no thread to add them in), so that the page goes on drawing with the progress.
    pub fn add_by_frames(&mut self, files: Vec<(String, Vec<u8>)>) {
        if self.queued.is_some() || files.is_empty() {
            return;
        }
        let adder = Adder::new(self.db.as_deref().cloned().unwrap_or_default());
        let total = files.len();
        self.queued = Some((adder, files.into(), total));
    }

    /// Adds the WTHOR files `paths` (folders stand for their files) in a thread; [`poll_adding`]
    /// takes the result. Nothing is started while another addition runs.
    pub fn add_paths(&mut self, paths: Vec<PathBuf>) {
        if self.adding.is_some() {
            return;
        }
        let adding = Adding {
            done: Arc::default(),
            total: Arc::default(),
            result: Arc::default(),
        };
        let (done, total, result) = (
            adding.done.clone(),
            adding.total.clone(),
            adding.result.clone(),
        );
        let mut db = self.db.as_deref().cloned().unwrap_or_default();
        let work = move || {
            let added = crate::database::read_files(&paths).map(|files| {
                total.store(files.len(), Ordering::Relaxed);
                let report = db.add_files(&files, |d, _| done.store(d, Ordering::Relaxed));
                (db, report)
            });
            *result.lock().expect("the adding thread's result") = Some(added);
        };
        if cfg!(target_arch = "wasm32") {
            work();
        } else {
            std::thread::spawn(work);
        }
        self.adding = Some(adding);
    }

    fn finish(&mut self, added: Added) {
        match added {
            Ok((db, report)) => {
                self.error = self.path.as_ref().and_then(|p| db.store(p).err());
                self.report = Some(report);
                self.set(db);
                self.additions += 1;
            }
            Err(e) => self.error = Some(e),
        }
    }
}

/// Intent: open the browser's file picker for WTHOR files (the page reads them; see
/// `web_database.rs`).
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct PickFilesRequested;

pub fn plugin(app: &mut App) {
    app.init_resource::<GameDatabase>()
        .add_message::<PickFilesRequested>()
        .add_systems(Update, poll_adding);
}

/// How long a frame spends adding files at most (past the first file it takes up).
const ADDING_PER_FRAME: std::time::Duration = std::time::Duration::from_millis(20);

/// Takes an addition's result once its thread is done; adds the next files of one by frames, as
/// many as fit in [`ADDING_PER_FRAME`].
fn poll_adding(mut database: ResMut<GameDatabase>) {
    if let Some((adder, left, _)) = &mut database.queued {
        let started = web_time::Instant::now();
        while let Some((name, bytes)) = left.pop_front() {
            adder.add(&name, &bytes);
            if started.elapsed() > ADDING_PER_FRAME {
                return;
            }
        }
        if let Some((adder, ..)) = database.queued.take() {
            database.finish(Ok(adder.finish()));
        }
        return;
    }
    let Some(adding) = &database.bypass_change_detection().adding else {
        return;
    };
    let taken = adding.result.lock().ok().and_then(|mut r| r.take());
    if let Some(added) = taken {
        database.adding = None;
        database.finish(added);
    }
}
