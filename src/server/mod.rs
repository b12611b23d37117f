//! `reversi serve`: the online room server. One process serves the browser build (`--web`) and the
//! rooms' WebSocket endpoint (`/ws`) from the same origin, holds every room's game with the
//! project's own rules ([`room::Room`]), runs the clocks, and writes every change to its store
//! ([`store`]) before it answers. Design, limits and the protocol: docs/online.md.

pub mod chaos;
mod cluster;
mod config;
mod hub;
#[cfg(test)]
mod hub_fuzz;
pub mod loadtest;
mod onlookers;
pub mod room;
pub mod store;
mod transport;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Router;
use axum::routing::get;

use tokio::sync::Mutex;

use crate::net::MAX_MESSAGE_BYTES;
pub use config::Config;
use hub::*;
use room::Room;
use store::{Store, Writer};
use transport::*;

/// Raises this process's limit of open files to the most it may (a server with a thousand rooms
/// holds two thousand sockets; many systems start at 1 024).
pub fn raise_open_files() {
    #[cfg(target_os = "linux")]
    // SAFETY: getrlimit and setrlimit only read and write the struct passed.
    unsafe {
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) == 0 && limit.rlim_cur < limit.rlim_max
        {
            limit.rlim_cur = limit.rlim_max;
            libc::setrlimit(libc::RLIMIT_NOFILE, &limit);
        }
    }
}

/// Where and how to serve.
#[derive(Clone, Debug)]
pub struct Options {
    pub addr: SocketAddr,
    /// Where the rooms are written.
    pub db: store::Database,
    /// The browser build to serve at `/`.
    pub web: Option<PathBuf>,
    /// Where the other servers sharing a PostgreSQL store reach this one (`host:port`); by
    /// default the address it listens on (127.0.0.1 in place of 0.0.0.0).
    pub advertise: Option<String>,
    pub config: Config,
}

/// A running server: its address, and the handle that stops it.
pub struct Running {
    pub addr: SocketAddr,
    pub rooms_loaded: usize,
    server: Arc<Server>,
    stop: tokio::sync::oneshot::Sender<()>,
    task: tokio::task::JoinHandle<()>,
}

impl Running {
    /// Rooms in this server's memory now.
    pub fn rooms_in_memory(&self) -> usize {
        self.server.rooms.lock().unwrap().len()
    }

    /// Stops accepting, closes every connection and waits for the server to end.
    pub async fn stop(self) {
        let _ = self.stop.send(());
        let _ = self.task.await;
        // Its rooms go to the other servers sharing the store at once.
        let _ = self.server.writer.call(|store| store.leave()).await;
    }
}

/// Runs `work` on a thread where a store's client may block (off the runtime's own threads:
/// PostgreSQL's client runs a runtime of its own).
async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, String> + Send + 'static,
) -> Result<T, String> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| e.to_string())?
}

/// Binds `options.addr`, opens the store, loads every unfinished room and those finished within
/// [`Config::keep_finished`] (open for a rematch) — or, on a store several servers share, the
/// unfinished rooms no server holds — and serves in the background of the current Tokio runtime.
pub async fn start(options: Options) -> Result<Running, String> {
    let listener = tokio::net::TcpListener::bind(options.addr)
        .await
        .map_err(|e| format!("{}: {e}", options.addr))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    let advertise = options.advertise.clone().unwrap_or_else(|| {
        let mut reachable = addr;
        if reachable.ip().is_unspecified() {
            reachable.set_ip(std::net::Ipv4Addr::LOCALHOST.into());
        }
        reachable.to_string()
    });
    // The store is opened and read off the runtime's threads, then only used on the writer's own.
    let (db, stored, cluster) = {
        let (database, config) = (options.db.clone(), options.config.clone());
        let advertise = advertise.clone();
        blocking(move || {
            let mut db = database.open(config.commit_delay)?;
            let cluster = db.join(&advertise)?.map(|secret| hub::Cluster {
                secret,
                address: advertise,
            });
            let stored = if cluster.is_some() {
                db.adopt(usize::MAX)?
            } else {
                let keep = config.keep_finished.as_millis() as u64;
                db.open_rooms(unix_ms().saturating_sub(keep))?
            };
            let _ =
                db.purge_finished(unix_ms().saturating_sub(config.retention.as_millis() as u64));
            Ok((db, stored, cluster))
        })
        .await?
    };
    let clustered = cluster.is_some();
    let server = Arc::new(Server::new(
        options.config.clone(),
        Writer::start(db),
        cluster,
    ));
    let rooms_loaded = stored.len();
    for stored in stored {
        let room = Room::restore(stored.record, stored.moves, 0)?;
        if !room.is_over() && !clustered {
            *server
                .per_address
                .lock()
                .unwrap()
                .entry(room.created_by.clone())
                .or_default() += 1;
        }
        server
            .rooms
            .lock()
            .unwrap()
            .insert(room.code.clone(), Arc::new(Mutex::new(Live::new(room))));
    }
    let mut app = Router::new()
        .route("/ws", get(websocket))
        .route("/ws/peer", get(peer_websocket))
        .route("/api/health", get(health))
        .route("/api/rooms/{code}", get(room_json))
        .route("/api/stats", get(stats));
    if let Some(web) = &options.web {
        app = app.fallback_service(tower_http::services::ServeDir::new(web));
    }
    let app = app.with_state(server.clone());
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let sweeper = {
        let server = server.clone();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(Duration::from_millis(100));
            let mut purged = Instant::now();
            let mut adopted = Instant::now();
            loop {
                tick.tick().await;
                server.sweep().await;
                if clustered && adopted.elapsed() >= cluster::ADOPT_EVERY {
                    adopted = Instant::now();
                    server.adopt_orphans().await;
                }
                if purged.elapsed() > Duration::from_secs(3600) {
                    purged = Instant::now();
                    let before =
                        unix_ms().saturating_sub(server.config.retention.as_millis() as u64);
                    let _ = server.writer.purge(before).await;
                }
            }
        })
    };
    let stopping = server.stopping.clone();
    let task = tokio::spawn(async move {
        let service = app.into_make_service_with_connect_info::<SocketAddr>();
        let _ = axum::serve(listener, service)
            .with_graceful_shutdown(async move {
                let _ = stopped.await;
                sweeper.abort();
                // Every connection closes, so the clients see the server go.
                stopping.send_replace(true);
            })
            .await;
    });
    Ok(Running {
        addr,
        rooms_loaded,
        server: server.clone(),
        stop,
        task,
    })
}

/// `reversi serve`: runs until interrupted (Ctrl-C).
pub fn serve(options: Options) -> Result<(), String> {
    raise_open_files();
    let runtime = tokio::runtime::Runtime::new().map_err(|e| e.to_string())?;
    runtime.block_on(async {
        let running = start(options.clone()).await?;
        eprintln!(
            "reversi serve: listening on http://{} (WebSocket at /ws){}; {} rooms loaded from {}",
            running.addr,
            options
                .web
                .as_ref()
                .map(|w| format!(", serving {}", w.display()))
                .unwrap_or_default(),
            running.rooms_loaded,
            options.db
        );
        let _ = tokio::signal::ctrl_c().await;
        eprintln!("reversi serve: stopping");
        running.stop().await;
        Ok(())
    })
}

/// The SQLite file `reversi serve` uses without `--db`: `rooms.sqlite` in the game's data
/// directory.
pub fn default_db() -> Option<PathBuf> {
    crate::save::config_dir().map(|dir| dir.join("rooms.sqlite"))
}

const _: () = assert!(MAX_MESSAGE_BYTES < MAX_FRAME_BYTES);
