//! Pairing two devices by hand-carried codes: one offers a connection (the invite link, or a
//! link to reconnect), the other answers it (the reply code), the first accepts the reply.
//! Either device may offer. Every code names what it belongs to, so an old, foreign or
//! misplaced one is refused with a sentence, and nothing saved is replaced without asking.

use super::peer::{Peer, PeerState};
use super::{not_prepared, other_cannot, random, Line, Online, Seat, Stage, NO_CONNECTION};
use duel_link::code::{CodeError, Pairing};
use duel_link::connection::Connection;
use duel_link::{Duel, GuestSession};
use leptos::prelude::*;

/// The page's `#join=<code>` (an invite or reconnection link) or `#reply=<code>` (a reply
/// code's QR, opened on the device that made the link), taken off the address so that a
/// reload does not read it again.
pub(super) fn take_link_code() -> Option<String> {
    let location = window().location();
    let hash = location.hash().ok()?;
    let code = ["#join=", "#reply="]
        .iter()
        .find_map(|p| hash.strip_prefix(p))?
        .to_string();
    if let Ok(history) = window().history() {
        let path = location.pathname().unwrap_or_default();
        let search = location.search().unwrap_or_default();
        let _ = history.replace_state_with_url(
            &wasm_bindgen::JsValue::NULL,
            "",
            Some(&format!("{path}{search}")),
        );
    }
    Some(code)
}

/// The code in a link, or the text itself (codes hold no `=`).
pub(super) fn code_of(text: &str) -> &str {
    text.rsplit_once('=').map_or(text, |(_, c)| c).trim()
}

impl<D: Duel + 'static> Online<D>
where
    D::View: 'static,
{
    /// Offers a connection on `line`: for the invite while its guest has not joined, to
    /// reconnect afterwards. Either device may offer. Without direct connections, the link is
    /// codes-only (and made at once); if the browser cannot prepare a connection for the
    /// invite, so is the link, so that the game goes on by codes rather than stay half-made.
    pub fn offer(&self, line: Line<D>) {
        if self.stale.get_value() {
            return;
        }
        line.stage.set(Stage::Preparing);
        self.notice.set(None);
        if !self.direct {
            return self.offered_with(line, None);
        }
        let online = *self;
        leptos::task::spawn_local(async move {
            match Peer::offer(online.events(line)).await {
                Ok((peer, local)) => online.offered_with(line, Some((peer, local.to_bytes()))),
                Err(e) if online.still_invited(line) => {
                    online.offered_with(line, None);
                    online.notice.set(Some(not_prepared(&e)));
                }
                Err(e) => online.fail(line, e),
            }
        });
    }

    /// The link of an offer on `line`: with this device's connection (a peer and its bytes)
    /// or codes-only.
    fn offered_with(&self, line: Line<D>, peer: Option<(Peer, Vec<u8>)>) {
        let invite = self.seat.with_value(|s| match (s, line.to()) {
            (Some(Seat::Host(h)), Some(seat)) if self.still_invited(line) => {
                h.invite_for(seat).map(<[u8]>::to_vec)
            }
            _ => None,
        });
        let first = invite.is_some();
        let (peer, connection) = match peer {
            Some((peer, connection)) => (Some(peer), connection),
            None => (None, Pairing::CODES_ONLY.to_vec()),
        };
        line.offered.set_value(Some(Pairing::name_of(&connection)));
        let code = Pairing {
            connection,
            answers: None,
            room: self.room(line),
            messages: Vec::from_iter(invite),
        }
        .encode();
        self.keep_peer(line, peer);
        line.stage.set(Stage::Offering {
            link: format!("{}#join={code}", self.page_url()),
            first,
        });
    }

    /// The connection a link or reply just made offers on `line` (connecting), or none (play
    /// by codes).
    fn keep_peer(&self, line: Line<D>, peer: Option<Peer>) {
        line.set_by_codes(peer.is_none());
        line.connection.set(if peer.is_some() {
            PeerState::Connecting
        } else {
            PeerState::Closed
        });
        line.peer.set_value(peer);
    }

    pub(super) fn page_url(&self) -> String {
        let location = window().location();
        let href = location.href().unwrap_or_default();
        let base = href.split(['#', '?']).next().unwrap_or_default();
        let dir = base.rsplit_once('/').map_or(base, |(d, _)| d);
        format!("{dir}/{}", self.page)
    }

    /// Reads whatever the player pasted or opened: a link to answer (the reply code follows),
    /// a reply to this device's own link, or a move's code when playing by codes.
    pub fn answer(&self, text: &str) {
        if self.stale.get_value() {
            return;
        }
        let code = code_of(text).to_string();
        let pairing = match Pairing::decode(&code) {
            Ok(p) if p.answers.is_none() => p,
            // A reply to this device's link pasted in the same box: taken as such.
            Ok(_) if self.offering() => return self.accept(&code),
            Ok(_) => {
                return self.notice.set(Some(
                    "That is a reply code: paste it on the device that made the link.".into(),
                ))
            }
            // Not a pairing code: perhaps a move's code (playing by codes).
            Err(CodeError::NotACode) if self.has_game() => return self.read_move_code(&code),
            Err(e) => {
                return self
                    .notice
                    .set(Some(format!("That link cannot be used: {e}.")))
            }
        };
        // None: the other device plays by codes.
        let remote = if pairing.codes_only() {
            None
        } else {
            match Connection::from_bytes(&pairing.connection) {
                Ok(remote) => Some(remote),
                Err(_) => {
                    return self.notice.set(Some(
                        "That link cannot be used: its connection part is damaged.".into(),
                    ))
                }
            }
        };
        let offer_name = Pairing::name_of(&pairing.connection);
        // The line it is for: a host's to the guest whose link's room it names.
        let line =
            match pairing.room {
                Some(theirs) if self.has_game() => {
                    match self
                        .lines()
                        .into_iter()
                        .find(|l| self.room(*l) == Some(theirs))
                    {
                        Some(line) => line,
                        None => return self.notice.set(Some(
                            "That link belongs to another online game than the one on this device."
                                .into(),
                        )),
                    }
                }
                _ => self.first(),
            };
        if self
            .lines()
            .iter()
            .any(|l| l.offered.get_value() == Some(offer_name))
        {
            return self.notice.set(Some(
                "That is this device's own link: it goes to the other device.".into(),
            ));
        }
        // Answering again a link already answered would drop the connection it made.
        let live = matches!(
            line.connection.get_untracked(),
            PeerState::Open | PeerState::Interrupted
        );
        if live && Some(offer_name) == line.answered.get_value() {
            return self.notice.set(Some(
                "That link was answered already, and the devices are connected.".into(),
            ));
        }
        if let Some(invite) = pairing.messages.first() {
            if self.has_game() && !self.same_invite(invite) {
                return self.notice.set(Some(
                    "This device already has an online game: finish or abandon it before joining another."
                        .into(),
                ));
            }
            if !self.has_game() {
                match GuestSession::<D>::join(invite, random()) {
                    Ok(g) => self.seat.set_value(Some(Seat::Guest(g))),
                    Err(e) => {
                        return self
                            .notice
                            .set(Some(format!("That invite cannot be used: {e}")))
                    }
                }
                if !self.save() {
                    // Its part of the seed must be kept before it is sent.
                    self.seat.set_value(None);
                    return;
                }
            }
        } else if !self.has_game() {
            return self.notice.set(Some(
                "That link reconnects a game this device does not have.".into(),
            ));
        }
        if !self.direct {
            // This browser's lack is said at the top of the page.
            return self.replied(line, offer_name, None);
        }
        let Some(remote) = remote else {
            self.notice.set(Some(other_cannot()));
            return self.replied(line, offer_name, None);
        };
        line.stage.set(Stage::Preparing);
        let online = *self;
        leptos::task::spawn_local(async move {
            match Peer::answer(&remote, online.events(line)).await {
                Ok((peer, local)) => {
                    online.replied(line, offer_name, Some((peer, local.to_bytes())))
                }
                // A codes-only reply rather than a joined game with none.
                Err(e) => {
                    online.replied(line, offer_name, None);
                    online.notice.set(Some(not_prepared(&e)));
                }
            }
        });
    }

    /// The reply on `line` to the offer named `offer_name`: with this device's connection (a
    /// peer and its bytes) or codes-only.
    fn replied(&self, line: Line<D>, offer_name: [u8; 4], peer: Option<(Peer, Vec<u8>)>) {
        // Until it has started, the guest's reply carries what it has not had acknowledged:
        // its join (its part of the seed).
        let messages = self.seat.with_value(|s| match s {
            Some(Seat::Guest(g)) if !g.started() => duel_link::code::decode(&g.clone().code())
                .unwrap_or_default()
                .into_iter()
                .filter(|m| {
                    duel_link::frame::parse(m, D::WIRE).is_ok_and(|p| !p.header.kind.is_control())
                })
                .collect(),
            _ => Vec::new(),
        });
        let (peer, connection) = match peer {
            Some((peer, connection)) => (Some(peer), connection),
            None => (None, Pairing::CODES_ONLY.to_vec()),
        };
        self.keep_peer(line, peer);
        line.offered.set_value(None);
        line.answered.set_value(Some(offer_name));
        let reply = Pairing {
            connection,
            answers: Some(offer_name),
            room: None,
            messages,
        }
        .encode();
        // As a link for the QR code: opened on the other device, its tab hands the reply to
        // the tab that made the link.
        let link = format!("{}#reply={reply}", self.page_url());
        line.stage.set(Stage::Replying { reply, link });
    }

    fn same_invite(&self, invite: &[u8]) -> bool {
        self.seat.with_value(|s| match s {
            Some(Seat::Guest(g)) => {
                duel_link::frame::parse(invite, D::WIRE).is_ok_and(|p| p.header.room == g.room())
            }
            _ => false,
        })
    }

    /// The device that offered reads the other's reply code: the connection opens.
    pub fn accept(&self, text: &str) {
        if self.stale.get_value() {
            return;
        }
        let pairing = match Pairing::decode(code_of(text)) {
            Ok(p) => p,
            Err(e) => {
                return self
                    .notice
                    .set(Some(format!("That reply code cannot be used: {e}.")))
            }
        };
        let Some(name) = pairing.answers else {
            return self.notice.set(Some(
                "That is a link, not a reply code: it goes to the other device.".into(),
            ));
        };
        let Some(line) = self
            .lines()
            .into_iter()
            .find(|l| l.offered.get_value() == Some(name))
        else {
            // The same reply a second time (pasted, and from its QR code's tab): done.
            let answered_already = self.lines().iter().any(|l| {
                l.offered.get_value().is_none() && l.connection.get_untracked() != PeerState::Closed
            });
            if !answered_already {
                self.notice.set(Some(
                    "That reply code answers an older link from this device. Send your friend \
                     the newest link and paste the reply they get from it."
                        .into(),
                ));
            }
            return;
        };
        let has_peer = line.peer.with_value(Option::is_some);
        let remote = if pairing.codes_only() || !has_peer {
            None
        } else {
            match Connection::from_bytes(&pairing.connection) {
                Ok(remote) => Some(remote),
                Err(_) => return self.notice.set(Some("That reply code is damaged.".into())),
            }
        };
        for m in &pairing.messages {
            self.receive(line, m);
        }
        line.offered.set_value(None);
        let Some(remote) = remote else {
            // Nothing to connect to: no connection is waited for, this device's code is.
            line.peer.set_value(None);
            line.connection.set(PeerState::Closed);
            line.set_by_codes(true);
            if self.direct {
                self.notice.set(Some(other_cannot()));
            }
            return line.stage.set(Stage::Codes);
        };
        let online = *self;
        leptos::task::spawn_local(async move {
            let accepted = line
                .peer
                .with_value(|p| p.as_ref().map(|p| p.accept(&remote)));
            let result = match accepted {
                Some(f) => f.await,
                None => Err("no connection was offered from this device".into()),
            };
            match result {
                Ok(()) => {
                    line.stage.set(Stage::Playing);
                    // Without a relay server about one pair of devices in six cannot connect.
                    set_timeout(
                        move || {
                            if line.connection.get_untracked() != PeerState::Open {
                                online.notice.set(Some(NO_CONNECTION.into()));
                            }
                        },
                        std::time::Duration::from_secs(15),
                    );
                }
                Err(e) => online.notice.set(Some(format!(
                    "That reply code does not answer this device's last link ({e}). Send a fresh link."
                ))),
            }
        });
    }
}
