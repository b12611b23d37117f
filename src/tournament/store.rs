//! Where the tournament on this device is kept: a file beside the past games on the desktop, the
//! page's localStorage in the browser; a damaged one is kept aside, never overwritten.

use std::path::Path;

use super::{BROWSER_KEY, FILE_NAME, Tournament};
use crate::save::{KeyValue, Refused};

/// Where the tournament is kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Store {
    /// [`FILE_NAME`] in this directory (the desktop game).
    Dir(std::path::PathBuf),
    /// The page's localStorage (the browser build).
    Browser,
}

impl Store {
    /// The tournament kept, if any; one that cannot be read is kept aside (the path or key it
    /// went to is in the error) and `Err` says what is wrong.
    pub fn load(&self) -> Result<Option<Tournament>, String> {
        match self {
            Store::Dir(dir) => load(dir),
            Store::Browser => browser::load(),
        }
    }

    /// Keeps `tournament` (none: forgets the one kept).
    pub fn store(&self, tournament: Option<&Tournament>) -> Result<(), String> {
        match self {
            Store::Dir(dir) => store(dir, tournament),
            Store::Browser => browser::store(tournament),
        }
    }
}

/// The tournament in `dir`; a damaged one is moved to `tournament.txt.damaged` (or `.2`, …).
pub fn load(dir: &Path) -> Result<Option<Tournament>, String> {
    let path = dir.join(FILE_NAME);
    let text = match std::fs::read(&path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("{}: {e}", path.display())),
    };
    let read = String::from_utf8(text)
        .map_err(|_| "it is not text".to_string())
        .and_then(|t| Tournament::from_text(&t));
    match read {
        Ok(tournament) => Ok(Some(tournament)),
        Err(why) => {
            let mut aside = dir.join(format!("{FILE_NAME}.damaged"));
            let mut n = 2;
            while aside.exists() {
                aside = dir.join(format!("{FILE_NAME}.damaged.{n}"));
                n += 1;
            }
            let kept = std::fs::rename(&path, &aside).map_or_else(
                |e| format!("not moved: {e}"),
                |_| aside.display().to_string(),
            );
            Err(format!("{why} (kept as {kept})"))
        }
    }
}

/// Writes the tournament atomically (a temporary file, then a rename), or removes it.
pub fn store(dir: &Path, tournament: Option<&Tournament>) -> Result<(), String> {
    let path = dir.join(FILE_NAME);
    let written = match tournament {
        None => match std::fs::remove_file(&path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e),
            _ => Ok(()),
        },
        Some(t) => std::fs::create_dir_all(dir).and_then(|_| {
            let tmp = dir.join(format!("{FILE_NAME}.tmp"));
            std::fs::write(&tmp, t.to_text())?;
            std::fs::rename(&tmp, &path)
        }),
    };
    written.map_err(|e| format!("{} ({e})", path.display()))
}

/// The tournament under [`BROWSER_KEY`] in `store`; a damaged one is copied to
/// `reversi.tournament.damaged` first.
pub fn load_from(store: &impl KeyValue) -> Result<Option<Tournament>, String> {
    let Ok(Some(text)) = store.get(BROWSER_KEY) else {
        return Ok(None);
    };
    Tournament::from_text(&text).map(Some).map_err(|why| {
        let aside = format!("{BROWSER_KEY}.damaged");
        if store.set(&aside, &text).is_ok() {
            store.remove(BROWSER_KEY);
        }
        format!("{why} (kept as {aside})")
    })
}

/// Writes (or removes) the tournament in `store`.
pub fn store_to(store: &impl KeyValue, tournament: Option<&Tournament>) -> Result<(), String> {
    match tournament {
        None => {
            store.remove(BROWSER_KEY);
            Ok(())
        }
        Some(t) => store
            .set(BROWSER_KEY, &t.to_text())
            .map_err(|Refused| "the browser's storage is full or refused".to_string()),
    }
}

#[cfg(target_arch = "wasm32")]
mod browser {
    use super::{Tournament, load_from, store_to};

    pub fn load() -> Result<Option<Tournament>, String> {
        crate::save::page_storage().map_or(Ok(None), |page| load_from(&page))
    }

    pub fn store(tournament: Option<&Tournament>) -> Result<(), String> {
        store_to(&crate::save::page_storage()?, tournament)
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod browser {
    use super::Tournament;

    pub fn load() -> Result<Option<Tournament>, String> {
        Ok(None)
    }

    pub fn store(_: Option<&Tournament>) -> Result<(), String> {
        Err("there is no browser storage outside the browser build".into())
    }
}
