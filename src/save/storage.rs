//! Where saves live and how they are written and read: the platform's config directory (in the
//! browser build, the page's localStorage), atomic writes, and a save that cannot be read moved
//! aside under a name of its own.

use std::path::{Path, PathBuf};

use super::format::*;

/// The directory saves live in: `$REVERSI_CONFIG_DIR` if set, else the platform's config directory
/// (`$XDG_CONFIG_HOME/reversi` or `~/.config/reversi` on Linux, `~/Library/Application
/// Support/reversi` on macOS, `%APPDATA%\reversi` on Windows). `None` when none can be found.
pub fn config_dir() -> Option<PathBuf> {
    let var = |name: &str| {
        std::env::var_os(name)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    if let Some(dir) = var("REVERSI_CONFIG_DIR") {
        return Some(dir);
    }
    if cfg!(target_os = "windows") {
        return var("APPDATA").map(|d| d.join("reversi"));
    }
    if cfg!(target_os = "macos") {
        return var("HOME").map(|h| h.join("Library/Application Support/reversi"));
    }
    var("XDG_CONFIG_HOME")
        .or_else(|| var("HOME").map(|h| h.join(".config")))
        .map(|d| d.join("reversi"))
}

/// Where the save lives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Store {
    /// [`FILE_NAME`] in this directory (the desktop game).
    Dir(PathBuf),
    /// The page's localStorage, under [`BROWSER_KEY`] (the browser build; elsewhere there is none,
    /// so nothing loads and writing fails).
    Browser,
}

/// The localStorage key of the browser build's save.
pub const BROWSER_KEY: &str = "reversi.save";

impl Store {
    /// Loads the save (see [`load`]).
    pub fn load(&self) -> Loaded {
        match self {
            Store::Dir(dir) => load(dir),
            Store::Browser => browser::load(),
        }
    }

    /// Writes the save, replacing the old one in one step.
    pub fn store(&self, data: &SaveData) -> Result<(), String> {
        match self {
            Store::Dir(dir) => store(dir, data).map_err(|e| format!("{} ({e})", dir.display())),
            Store::Browser => browser::store(&data.to_text()),
        }
    }
}

/// A store of text under keys, as the page's localStorage is.
pub trait KeyValue {
    fn get(&self, key: &str) -> Result<Option<String>, Refused>;
    fn set(&self, key: &str, value: &str) -> Result<(), Refused>;
    fn remove(&self, key: &str);
}

/// A [`KeyValue`] store refused to read or write (full, or not allowed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Refused;

/// Loads the save kept under [`BROWSER_KEY`] in `store`. An unreadable one is copied to the first
/// free key of `reversi.save.save.bad-<seconds>…` ([`aside_names`]) and removed only once the copy
/// is kept, so an earlier damaged save is never replaced and a failed copy loses nothing.
pub fn load_from(store: &impl KeyValue, now_secs: u64) -> Loaded {
    let text = match store.get(BROWSER_KEY) {
        Ok(Some(text)) => text,
        Ok(None) => return Loaded::Nothing,
        Err(Refused) => {
            return Loaded::MovedAside {
                error: SaveError::Corrupt("it could not be read".into()),
                moved_to: None,
            };
        }
    };
    match SaveData::from_text(&text) {
        Ok(data) => Loaded::Save(Box::new(data)),
        Err(error) => {
            let kept = aside_names(now_secs)
                .map(|name| format!("{BROWSER_KEY}.{name}"))
                .find(|key| matches!(store.get(key), Ok(None)))
                .filter(|aside| store.set(aside, &text).is_ok());
            if kept.is_some() {
                store.remove(BROWSER_KEY);
            }
            Loaded::MovedAside {
                error,
                moved_to: kept.map(|aside| format!("localStorage key {aside}")),
            }
        }
    }
}

/// Writes `text` as the save in `store`.
pub fn store_to(store: &impl KeyValue, text: &str) -> Result<(), String> {
    store
        .set(BROWSER_KEY, text)
        .map_err(|Refused| "the browser's storage is full or refused".to_string())
}

/// The page's localStorage.
#[cfg(target_arch = "wasm32")]
pub(crate) struct Page(web_sys::Storage);

#[cfg(target_arch = "wasm32")]
impl KeyValue for Page {
    fn get(&self, key: &str) -> Result<Option<String>, Refused> {
        self.0.get_item(key).map_err(|_| Refused)
    }
    fn set(&self, key: &str, value: &str) -> Result<(), Refused> {
        self.0.set_item(key, value).map_err(|_| Refused)
    }
    fn remove(&self, key: &str) {
        let _ = self.0.remove_item(key);
    }
}

/// The page's localStorage, where the browser lets the page have it.
#[cfg(target_arch = "wasm32")]
pub(crate) fn page_storage() -> Result<Page, String> {
    web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .map(Page)
        .ok_or_else(|| "the browser's storage is not available".to_string())
}

#[cfg(target_arch = "wasm32")]
mod browser {
    use super::{Loaded, load_from, page_storage, store_to};

    pub fn load() -> Loaded {
        match page_storage() {
            Ok(page) => load_from(&page, (js_sys::Date::now() / 1000.0) as u64),
            Err(_) => Loaded::Nothing,
        }
    }

    pub fn store(text: &str) -> Result<(), String> {
        store_to(&page_storage()?, text)
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod browser {
    use super::Loaded;

    pub fn load() -> Loaded {
        Loaded::Nothing
    }

    pub fn store(_: &str) -> Result<(), String> {
        Err("there is no browser storage outside the browser build".into())
    }
}

/// What loading found.
#[derive(Debug)]
pub enum Loaded {
    /// No save yet.
    Nothing,
    Save(Box<SaveData>),
    /// The save could not be read and was moved to `moved_to` (or could not be moved).
    MovedAside {
        error: SaveError,
        /// Where it was kept (a file path, or the browser's storage key).
        moved_to: Option<String>,
    },
}

/// Loads the save in `dir`. An unreadable save is renamed to `save.bad-<seconds>.txt` beside it
/// (`save.bad-<seconds>-<n>.txt` when that name is taken), so it is kept for inspection and never
/// overwritten.
pub fn load(dir: &Path) -> Loaded {
    let path = dir.join(FILE_NAME);
    let text = match std::fs::read(&path) {
        Ok(bytes) => {
            String::from_utf8(bytes).map_err(|_| SaveError::Corrupt("it is not text".into()))
        }
        // A folder that does not exist (or whose parent is a file) holds no save either.
        Err(e)
            if matches!(
                e.kind(),
                std::io::ErrorKind::NotFound | std::io::ErrorKind::NotADirectory
            ) =>
        {
            return Loaded::Nothing;
        }
        Err(e) => Err(SaveError::Corrupt(format!("it could not be read: {e}"))),
    };
    match text.and_then(|t| SaveData::from_text(&t)) {
        Ok(data) => Loaded::Save(Box::new(data)),
        Err(error) => {
            let stamp = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_secs());
            let moved_to = move_aside(&path, dir, stamp).map(|p| p.display().to_string());
            Loaded::MovedAside { error, moved_to }
        }
    }
}

/// The names a damaged save may be moved to, in the order they are tried.
pub fn aside_names(stamp: u64) -> impl Iterator<Item = String> {
    std::iter::once(format!("save.bad-{stamp}.txt"))
        .chain((2..1000).map(move |n| format!("save.bad-{stamp}-{n}.txt")))
}

/// Moves `path` to the first free name of [`aside_names`]. The name is claimed first (a new empty
/// file, or an empty directory when `path` is one), which fails when it exists, so another damaged
/// save is never replaced; the rename then replaces only that claim.
fn move_aside(path: &Path, dir: &Path, stamp: u64) -> Option<PathBuf> {
    let is_dir = path.is_dir();
    for name in aside_names(stamp) {
        let aside = dir.join(name);
        let claimed = if is_dir {
            std::fs::create_dir(&aside)
        } else {
            std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&aside)
                .map(drop)
        };
        match claimed {
            Ok(()) => {
                if std::fs::rename(path, &aside).is_ok() {
                    return Some(aside);
                }
                let _ = if is_dir {
                    std::fs::remove_dir(&aside)
                } else {
                    std::fs::remove_file(&aside)
                };
                return None;
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(_) => return None,
        }
    }
    None
}

/// Writes the save atomically: a temporary file beside it, then a rename over the old one.
pub fn store(dir: &Path, data: &SaveData) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let tmp = dir.join(format!("{FILE_NAME}.tmp"));
    std::fs::write(&tmp, data.to_text())?;
    std::fs::rename(&tmp, dir.join(FILE_NAME))
}
