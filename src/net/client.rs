//! The game's connection to the room server: one API for the desktop and the browser (ewebsock: a
//! thread with tungstenite natively, the page's own WebSocket on the web). Non-blocking: the game
//! polls it once a frame.

use super::{ClientMessage, ServerMessage};

/// The room server on the desktop unless another is given: `reversi serve`'s own default address.
pub const DEFAULT_SERVER: &str = "ws://127.0.0.1:8080/ws";

/// What happened on a connection since the last poll.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// Connected: the first message may go.
    Opened,
    Message(ServerMessage),
    /// A frame that is not a message of the protocol (a newer server, or not a room server).
    Unreadable(String),
    /// The connection ended or could not be made; why, in the transport's words.
    Closed(String),
}

/// A WebSocket to a room server.
pub struct Connection {
    sender: ewebsock::WsSender,
    /// Behind a mutex only to be shared as a Bevy resource (its channel's receiver is not `Sync`).
    receiver: std::sync::Mutex<ewebsock::WsReceiver>,
    closed: bool,
}

// SAFETY: the browser build has no threads (wasm32 without the atomics feature): the page's
// WebSocket and its callbacks are only ever touched from the page's one thread.
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
unsafe impl Send for Connection {}
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
unsafe impl Sync for Connection {}

impl Connection {
    /// Starts connecting to `url` (`ws://host:port/ws`); [`Event::Opened`] follows when it is up.
    pub fn open(url: &str) -> Result<Connection, String> {
        let options = ewebsock::Options {
            max_incoming_frame_size: 256 * 1024,
            ..ewebsock::Options::default()
        };
        let (sender, receiver) = ewebsock::connect(url, options).map_err(|e| e.to_string())?;
        Ok(Connection {
            sender,
            receiver: std::sync::Mutex::new(receiver),
            closed: false,
        })
    }

    pub fn send(&mut self, message: &ClientMessage) {
        self.sender
            .send(ewebsock::WsMessage::Text(message.to_json()));
    }

    /// Whether the connection has ended (after [`Event::Closed`]).
    pub fn is_closed(&self) -> bool {
        self.closed
    }

    /// Everything that arrived since the last call, in order.
    pub fn poll(&mut self) -> Vec<Event> {
        let mut events = Vec::new();
        let receiver = self.receiver.get_mut().unwrap_or_else(|e| e.into_inner());
        while let Some(event) = receiver.try_recv() {
            let event = match event {
                ewebsock::WsEvent::Opened => Event::Opened,
                ewebsock::WsEvent::Message(ewebsock::WsMessage::Text(text)) => {
                    match ServerMessage::parse(&text) {
                        Ok(message) => Event::Message(message),
                        Err(e) => Event::Unreadable(e.to_string()),
                    }
                }
                ewebsock::WsEvent::Message(_) => continue,
                ewebsock::WsEvent::Error(why) => {
                    self.closed = true;
                    Event::Closed(why)
                }
                ewebsock::WsEvent::Closed => {
                    self.closed = true;
                    Event::Closed(String::new())
                }
            };
            events.push(event);
        }
        events
    }
}

/// The room server's WebSocket address for a page served from `origin` (`https://host` →
/// `wss://host/ws`), as `reversi serve` serves both from one address.
pub fn url_for_origin(origin: &str) -> String {
    let origin = origin.trim_end_matches('/');
    match origin.split_once("://") {
        Some(("https", rest)) => format!("wss://{rest}/ws"),
        Some((_, rest)) => format!("ws://{rest}/ws"),
        None => format!("ws://{origin}/ws"),
    }
}

/// The link that opens room `code` on the server at `server` (its WebSocket address): the page it
/// serves, with `?room=CODE`.
pub fn invitation_link(server: &str, code: &str) -> String {
    let page = match server.split_once("://") {
        Some(("wss", rest)) => format!("https://{rest}"),
        Some((_, rest)) => format!("http://{rest}"),
        None => format!("http://{server}"),
    };
    let page = page.strip_suffix("/ws").unwrap_or(&page);
    format!("{page}/?room={code}")
}

/// A room link or code as typed or pasted: `https://host/?room=CODE` (or `…/ws`, `?room=` among
/// other parameters) gives the server's address and the code; a bare code only the code.
pub fn read_invitation(text: &str) -> Option<(Option<String>, String)> {
    let text = text.trim();
    if let Some(code) = super::normalise_code(text) {
        return Some((None, code));
    }
    let (before, query) = text.split_once('?')?;
    let code = query
        .split('&')
        .find_map(|pair| pair.strip_prefix("room="))
        .and_then(super::normalise_code)?;
    let origin = before.trim_end_matches('/').trim_end_matches("/ws");
    let origin = origin
        .split_once("://")
        .map(|(scheme, rest)| (scheme, rest.split('/').next().unwrap_or(rest)))
        .map(|(scheme, host)| format!("{scheme}://{host}"))?;
    Some((Some(url_for_origin(&origin)), code))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_finds_its_server() {
        assert_eq!(
            url_for_origin("http://localhost:8080"),
            "ws://localhost:8080/ws"
        );
        assert_eq!(
            url_for_origin("https://play.example.org/"),
            "wss://play.example.org/ws"
        );
    }

    #[test]
    fn a_link_leads_back_to_its_room() {
        let link = invitation_link("ws://192.168.1.5:8080/ws", "7KQ2M9XW4D");
        assert_eq!(link, "http://192.168.1.5:8080/?room=7KQ2M9XW4D");
        assert_eq!(
            read_invitation(&link),
            Some((
                Some("ws://192.168.1.5:8080/ws".to_string()),
                "7KQ2M9XW4D".to_string()
            ))
        );
        assert_eq!(
            invitation_link("wss://play.example.org/ws", "7KQ2M9XW4D"),
            "https://play.example.org/?room=7KQ2M9XW4D"
        );
    }

    #[test]
    fn invitations_are_links_or_codes() {
        assert_eq!(
            read_invitation("7kq2m-9xw4d"),
            Some((None, "7KQ2M9XW4D".to_string()))
        );
        assert_eq!(
            read_invitation("http://192.168.1.5:8080/?room=7KQ2M9XW4D"),
            Some((
                Some("ws://192.168.1.5:8080/ws".to_string()),
                "7KQ2M9XW4D".to_string()
            ))
        );
        assert_eq!(
            read_invitation("https://play.example.org/reversi/index.html?lang=pt&room=7KQ2M9XW4D"),
            Some((
                Some("wss://play.example.org/ws".to_string()),
                "7KQ2M9XW4D".to_string()
            ))
        );
        assert_eq!(read_invitation("https://example.org/?room=short"), None);
        assert_eq!(read_invitation("hello"), None);
    }

    /// A `wss://` server is spoken to over TLS: the first bytes on the wire are a TLS handshake
    /// record, not an HTTP upgrade (and the cryptography is there: no panic for want of it).
    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn a_wss_address_is_opened_with_tls() {
        use std::io::Read;
        use std::time::{Duration, Instant};
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.set_nonblocking(true).unwrap();
        let port = listener.local_addr().unwrap().port();
        let mut connection = Connection::open(&format!("wss://127.0.0.1:{port}/ws")).unwrap();
        let deadline = Instant::now() + Duration::from_secs(10);
        let mut socket = loop {
            match listener.accept() {
                Ok((socket, _)) => break socket,
                Err(_) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(10))
                }
                Err(e) => panic!("no connection came: {e}; {:?}", connection.poll()),
            }
        };
        socket.set_nonblocking(false).unwrap();
        socket
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        let mut head = [0u8; 3];
        socket.read_exact(&mut head).unwrap();
        assert_eq!(head[..2], [0x16, 0x03], "a TLS handshake record: {head:?}");
    }
}
