//! The crash test's servers: one `reversi serve` process, or several sharing one PostgreSQL
//! database behind a real load balancer (HAProxy), any of which is killed and started again.

use std::io::BufRead;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use rand::RngExt;

use super::{Chaos, PATIENCE};

/// A server process and when it was started.
pub(super) struct Process {
    child: Child,
    pub(super) started: Instant,
}

impl Process {
    /// SIGKILL, and waits for the end.
    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Starts `reversi serve` on `addr` and waits for its line saying where it listens, read a whole
/// line at a time (a chunk of output may end inside the address).
async fn start_server(chaos: &Chaos, addr: &str) -> Result<(Process, String), String> {
    let mut command = Command::new(&chaos.binary);
    command
        .args(["serve", "--addr", addr, "--db"])
        .arg(&chaos.db)
        .args(["--rooms-per-address", &chaos.rooms.to_string()])
        .args(["--unseated-per-address", &(2 * chaos.rooms).to_string()])
        .args(["--commit-delay-ms", &chaos.commit_delay_ms.to_string()]);
    if chaos.instances > 1 {
        command.args(["--trust-proxy", "127.0.0.1"]);
    }
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("{}: {e}", chaos.binary.display()))?;
    let started = Instant::now();
    let stderr = child.stderr.take().expect("stderr is piped");
    let (found, listening) = tokio::sync::oneshot::channel();
    std::thread::spawn(move || {
        let mut found = Some(found);
        let mut said = Vec::new();
        for line in std::io::BufReader::new(stderr).lines() {
            let Ok(line) = line else { break };
            if let Some(found) = found.take_if(|_| line.contains("listening on http://")) {
                let _ = found.send(Ok(line));
            } else if found.is_some() {
                said.push(line);
            }
        }
        if let Some(found) = found {
            let _ = found.send(Err(said.join("\n")));
        }
    });
    let process = Process { child, started };
    let line = tokio::time::timeout(PATIENCE, listening)
        .await
        .map_err(|_| "the server did not start in time".to_string())?
        .map_err(|_| "the server's output ended".to_string())?
        .map_err(|said| format!("the server ended before listening: {said}"))?;
    let address = listening_address(&line)
        .ok_or_else(|| format!("no address in the server's line {line:?}"))?;
    Ok((process, address))
}

/// The `host:port` of `reversi serve`'s "listening on http://HOST:PORT …" line.
pub fn listening_address(line: &str) -> Option<String> {
    let rest = line.split("listening on http://").nth(1)?;
    let address = rest.split_whitespace().next()?;
    address
        .parse::<std::net::SocketAddr>()
        .ok()
        .map(|a| a.to_string())
}

/// HAProxy's configuration for players at `listen` spread over the room servers at `servers`:
/// any connection to any server (it knows nothing of rooms), each server checked twice a second
/// at `/api/health` and left out after two failures, a connection refused by a dead server tried
/// on another, and the client's address passed on in `X-Forwarded-For`.
pub fn haproxy_config(listen: &str, servers: &[String]) -> String {
    let mut text = format!(
        "global\n    maxconn 9000\n\n\
         defaults\n    mode http\n    option forwardfor\n    option redispatch\n    retries 3\n\
         \x20   timeout connect 2s\n    timeout client 1h\n    timeout server 1h\n\
         \x20   timeout tunnel 1h\n\n\
         frontend players\n    bind {listen}\n    default_backend rooms\n\n\
         backend rooms\n    balance roundrobin\n    option httpchk GET /api/health\n\
         \x20   default-server inter 500ms fall 2 rise 2\n"
    );
    for (n, server) in servers.iter().enumerate() {
        text += &format!("    server room{} {server} check\n", n + 1);
    }
    text
}

/// Where HAProxy is: on the PATH, or in /usr/sbin (Debian's package).
fn haproxy() -> Result<String, String> {
    let found = std::env::var_os("PATH")
        .into_iter()
        .flat_map(|path| std::env::split_paths(&path).collect::<Vec<_>>())
        .chain([std::path::PathBuf::from("/usr/sbin")])
        .map(|dir| dir.join("haproxy"))
        .find(|file| file.is_file());
    found
        .map(|file| file.display().to_string())
        .ok_or_else(|| "no haproxy: install it (scripts/setup --cluster)".to_string())
}

/// A free local port's address.
fn free_address() -> Result<String, String> {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").map_err(|e| e.to_string())?;
    Ok(listener
        .local_addr()
        .map_err(|e| e.to_string())?
        .to_string())
}

/// Starts HAProxy in front of `servers`; waits until it accepts connections.
async fn start_balancer(servers: &[String]) -> Result<(Process, String), String> {
    let listen = free_address()?;
    let config = std::env::temp_dir().join(format!("reversi-chaos-{}.cfg", std::process::id()));
    std::fs::write(&config, haproxy_config(&listen, servers)).map_err(|e| e.to_string())?;
    let child = Command::new(haproxy()?)
        .arg("-db")
        .arg("-f")
        .arg(&config)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("haproxy: {e}"))?;
    let process = Process {
        child,
        started: Instant::now(),
    };
    let deadline = Instant::now() + PATIENCE;
    while tokio::net::TcpStream::connect(&listen).await.is_err() {
        if Instant::now() > deadline {
            return Err("haproxy did not start in time".into());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    Ok((process, listen))
}

/// The servers the bots play on, and the one address they use.
pub(super) struct Fleet {
    servers: Vec<(Process, String)>,
    _balancer: Option<Process>,
    pub(super) url: String,
    /// The servers' time up, summed over one server's lives (the time a room's clock may have
    /// run); with several servers, the whole run, since one was always up.
    up: Duration,
    began: Instant,
    /// When the last server was started.
    pub(super) last_start: Instant,
}

impl Fleet {
    pub(super) async fn start(chaos: &Chaos) -> Result<Fleet, String> {
        let mut servers = Vec::new();
        for _ in 0..chaos.instances.max(1) {
            servers.push(start_server(chaos, "127.0.0.1:0").await?);
        }
        let (balancer, url) = if servers.len() > 1 {
            let addresses: Vec<String> = servers.iter().map(|(_, a)| a.clone()).collect();
            let (balancer, listen) = start_balancer(&addresses).await?;
            (Some(balancer), format!("ws://{listen}/ws"))
        } else {
            (None, format!("ws://{}/ws", servers[0].1))
        };
        Ok(Fleet {
            servers,
            _balancer: balancer,
            url,
            up: Duration::ZERO,
            began: Instant::now(),
            last_start: Instant::now(),
        })
    }

    /// Kills a server chosen at random with SIGKILL.
    pub(super) fn kill_one(&mut self, rng: &mut impl rand::Rng) -> usize {
        let victim = rng.random_range(0..self.servers.len());
        let process = &mut self.servers[victim].0;
        process.kill();
        self.up += process.started.elapsed();
        victim
    }

    /// Starts server `n` again on its address.
    pub(super) async fn restart(&mut self, chaos: &Chaos, n: usize) -> Result<(), String> {
        let addr = self.servers[n].1.clone();
        self.servers[n] = start_server(chaos, &addr).await?;
        self.last_start = Instant::now();
        Ok(())
    }

    /// Kills every server; how long a room's clock may have run.
    pub(super) fn stop(mut self) -> Duration {
        for (process, _) in &mut self.servers {
            process.kill();
            self.up += process.started.elapsed();
        }
        if self.servers.len() > 1 {
            self.began.elapsed()
        } else {
            self.up
        }
    }
}
