//! Online play on a page, for any two-player game (`duel_link::Duel`): the session of one
//! side ([`duel_link::HostSession`] or [`duel_link::GuestSession`]), the WebRTC connection
//! that carries its messages ([`peer`]), the codes the players exchange to pair, and the
//! page's copy of all of it in localStorage. Each game's online page renders the table from
//! [`Online::view`] and sends moves through [`Online::act`]; the pairing screens and the
//! connection indicator are [`screens`].
//!
//! The order of every change: the session changes, it is saved, and only then are its
//! messages sent (so nothing the other device acknowledged is ever lost in a reload).

pub mod peer;
pub mod qr;
pub mod screens;

use duel_link::code::Pairing;
use duel_link::connection::Connection;
use duel_link::{Duel, GuestEvent, GuestSession, HostEvent, HostPhase, HostSession, Verdict};
use leptos::prelude::*;
use peer::{Peer, PeerEvents, PeerState};
use std::rc::Rc;

use crate::shell::storage::SaveSlot;

/// This device's side of the online game.
#[derive(Clone)]
pub enum Seat<D: Duel> {
    Host(HostSession<D>),
    Guest(GuestSession<D>),
}

/// Where the pairing is.
#[derive(Clone, Debug, PartialEq)]
pub enum Stage {
    /// No online game on this device: the host chooses a side.
    Choose,
    /// The browser is finding this device's addresses (up to 3 s).
    Preparing,
    /// A connection offered: `link` goes to the other device, whose reply code is pasted
    /// here. `first` while the game has not started (the invite).
    Offering { link: String, first: bool },
    /// An offer answered: `reply` goes back to the device that made the offer.
    Replying { reply: String, link: String },
    /// The game, connected or not.
    Playing,
    /// This tab handed a reply code to the tab that made the link (it has nothing to show).
    Handed,
}

/// The online game on this page: every field a handle, so it is `Copy`.
pub struct Online<D: Duel + 'static> {
    seat: StoredValue<Option<Seat<D>>, LocalStorage>,
    peer: StoredValue<Option<Peer>, LocalStorage>,
    /// The name of this device's last offer ([`Pairing::name_of`]): a reply must answer it.
    offered: StoredValue<Option<[u8; 4]>>,
    slot: SaveSlot,
    /// The page the invite link opens (its address without the fragment).
    page: &'static str,
    pub stage: RwSignal<Stage>,
    pub connection: RwSignal<PeerState>,
    /// What the player at this device sees, log included.
    pub view: RwSignal<Option<D::View>, LocalStorage>,
    /// The last thing to tell the player (a refused move, a damaged code, a saving failure).
    pub notice: RwSignal<Option<String>>,
    /// The guest's check of the host's game, at the end.
    pub verdict: RwSignal<Option<Verdict>>,
    /// The other player asks to take back their last move.
    pub take_back_asked: RwSignal<bool>,
    /// When the last message from the other device arrived (ms, page clock).
    pub heard: RwSignal<f64>,
    /// The guest's move is on its way to the host (its choices are not offered meanwhile).
    pub waiting: RwSignal<bool>,
    /// Bytes this page has sent over the connection since it opened (for the measurements).
    pub sent: RwSignal<u64>,
}

impl<D: Duel + 'static> Clone for Online<D> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<D: Duel + 'static> Copy for Online<D> {}

/// Told when the codes were exchanged but the devices did not connect.
const NO_CONNECTION: &str = "The two devices could not connect directly (about one pair in six \
     cannot without a relay server, which this app does not have). You can still play: open \
     Connection and play by codes, or try a fresh link when one of you is on another network.";
/// Told when a connection is given up.
const LOST: &str = "The connection to the other device was lost. The game is kept on both \
     devices: open Connection and make a new link to carry on where you were.";

const HOST: &str = "host ";
const GUEST: &str = "guest ";

/// The page's `?fixed=<n>`: the browser tests' devices draw their random parts (the host's
/// secret and room, the guest's part of the seed) from `n`, so that the game they play is the
/// same on every run. It gives nothing to a cheat: each device only fixes its own part.
fn fixed_draws() -> Option<u64> {
    let search = window().location().search().ok()?;
    search
        .trim_start_matches('?')
        .split('&')
        .find_map(|kv| kv.strip_prefix("fixed="))?
        .parse()
        .ok()
}

fn random<const N: usize>() -> [u8; N] {
    let mut bytes = [0u8; N];
    if let Some(n) = fixed_draws() {
        thread_local!(static DRAWN: std::cell::Cell<u64> = const { std::cell::Cell::new(0) });
        let mut x = n ^ DRAWN
            .with(|d| d.replace(d.get() + 1))
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        for b in bytes.iter_mut() {
            // SplitMix64's step, a byte at a time.
            x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = x;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            *b = (z ^ (z >> 31)) as u8;
        }
        return bytes;
    }
    if getrandom::fill(&mut bytes).is_err() {
        // No crypto source (very old browsers): the clock, mixed; still differs per game.
        let t = js_sys::Date::now().to_bits().to_le_bytes();
        for (i, b) in bytes.iter_mut().enumerate() {
            *b = t[i % 8].wrapping_mul(31).wrapping_add(i as u8);
        }
    }
    bytes
}

fn now() -> f64 {
    js_sys::Date::now()
}

/// The page's `#join=<code>` (an invite or reconnection link) or `#reply=<code>` (a reply
/// code's QR, opened on the device that made the link), taken off the address so that a
/// reload does not read it again.
fn take_link_code() -> Option<String> {
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
fn code_of(text: &str) -> &str {
    text.rsplit_once('=').map_or(text, |(_, c)| c).trim()
}

impl<D: Duel + 'static> Online<D>
where
    D::View: 'static,
{
    /// The page's online game, from its save if there is one.
    pub fn new(slot: SaveSlot, page: &'static str) -> Online<D> {
        let online = Online {
            seat: StoredValue::new_local(None),
            peer: StoredValue::new_local(None),
            offered: StoredValue::new(None),
            slot,
            page,
            stage: RwSignal::new(Stage::Choose),
            connection: RwSignal::new(PeerState::Closed),
            view: RwSignal::new_local(None),
            notice: RwSignal::new(None),
            verdict: RwSignal::new(None),
            take_back_asked: RwSignal::new(false),
            heard: RwSignal::new(0.0),
            sent: RwSignal::new(0),
            waiting: RwSignal::new(false),
        };
        match slot.read().map(|t| Self::read_save(&t)) {
            Some(Ok(seat)) => {
                let inviting = matches!(&seat, Seat::Host(h) if h.phase() == HostPhase::Inviting);
                online.seat.set_value(Some(seat));
                online.refresh();
                // An invite's offer died with the page: `run_page` makes a new one.
                online.stage.set(if inviting {
                    Stage::Preparing
                } else {
                    Stage::Playing
                });
            }
            Some(Err(e)) => online.notice.set(Some(e)),
            None => {}
        }
        online
    }

    fn read_save(text: &str) -> Result<Seat<D>, String> {
        let unreadable = |e: duel_link::SaveError| {
            format!("The online game saved on this device cannot be read ({e}).")
        };
        if let Some(t) = text.strip_prefix(HOST) {
            HostSession::load(t).map(Seat::Host).map_err(unreadable)
        } else if let Some(t) = text.strip_prefix(GUEST) {
            GuestSession::load(t).map(Seat::Guest).map_err(unreadable)
        } else {
            Err("The online game saved on this device cannot be read.".into())
        }
    }

    /// What every online page does around its game: answers the link it was opened with (and
    /// any opened in it later), and ticks every 1.5 s (resends, the heartbeat). Returns the
    /// page's clock, for showing how long the other player has been away.
    pub fn run_page(&self) -> RwSignal<f64> {
        let online = *self;
        // Replies opened in another tab of this device (from a QR code) come here.
        let channel = web_sys::BroadcastChannel::new(self.slot.key).ok();
        if let Some(channel) = &channel {
            let on_message =
                wasm_bindgen::closure::Closure::<dyn FnMut(web_sys::MessageEvent)>::new(
                    move |e: web_sys::MessageEvent| {
                        if let Some(code) = e.data().as_string() {
                            if online.offered.get_value().is_some() {
                                online.accept(&code);
                            }
                        }
                    },
                );
            channel.set_onmessage(Some(wasm_bindgen::JsCast::unchecked_ref(
                on_message.as_ref(),
            )));
            on_message.forget();
        }
        let channel = StoredValue::new_local(channel);
        let read = move |code: String| {
            let is_reply = Pairing::decode(&code).is_ok_and(|p| p.answers.is_some());
            if is_reply && online.offered.get_value().is_none() {
                // This tab made no offer: the tab that did gets the reply.
                channel.with_value(|c| {
                    if let Some(c) = c {
                        let _ = c.post_message(&code.as_str().into());
                    }
                });
                online.stage.set(Stage::Handed);
                online.notice.set(Some(
                    "The reply was passed to the tab where you made the link: go back to it. \
                     (If that tab was closed, make a fresh link.)"
                        .into(),
                ));
            } else {
                online.answer(&code);
            }
        };
        match take_link_code() {
            Some(code) => read(code),
            None => {
                let inviting = self.seat.with_value(
                    |s| matches!(s, Some(Seat::Host(h)) if h.phase() == HostPhase::Inviting),
                );
                if inviting {
                    // The offer died with the page: a new one for the same invite.
                    online.offer();
                }
            }
        }
        // A link opened in the tab that already shows the page changes only its fragment.
        let on_link = window_event_listener(leptos::ev::hashchange, move |_| {
            if let Some(code) = take_link_code() {
                read(code);
            }
        });
        on_cleanup(move || on_link.remove());
        let clock = RwSignal::new(now());
        let ticker = set_interval_with_handle(
            move || {
                clock.set(now());
                online.tick();
            },
            std::time::Duration::from_millis(1500),
        );
        on_cleanup(move || {
            if let Ok(t) = ticker {
                t.clear();
            }
        });
        clock
    }

    /// Whether this device has an online game (in any stage).
    pub fn has_game(&self) -> bool {
        self.seat.with_value(|s| s.is_some())
    }

    /// The seat this device plays, once known.
    pub fn my_seat(&self) -> Option<D::Seat> {
        self.seat.with_value(|s| {
            s.as_ref().map(|s| match s {
                Seat::Host(h) => h.seat(),
                Seat::Guest(g) => g.seat(),
            })
        })
    }

    pub fn is_host(&self) -> bool {
        self.seat.with_value(|s| matches!(s, Some(Seat::Host(_))))
    }

    /// Abandons the online game on this device (the player was asked).
    pub fn abandon(&self) {
        self.peer.set_value(None);
        self.seat.set_value(None);
        self.slot.clear();
        self.view.set(None);
        self.verdict.set(None);
        self.connection.set(PeerState::Closed);
        self.stage.set(Stage::Choose);
    }

    /// The host starts a game: its seat and options, then the invite link.
    pub fn host(&self, options: D::Options, seat: D::Seat) {
        let room = u32::from_le_bytes(random());
        let host = HostSession::<D>::new(options, seat, random(), room);
        self.seat.set_value(Some(Seat::Host(host)));
        self.save();
        self.offer();
    }

    /// Offers a connection: for the invite while the guest has not joined, to reconnect
    /// afterwards. Either device may offer.
    pub fn offer(&self) {
        self.stage.set(Stage::Preparing);
        self.notice.set(None);
        let online = *self;
        leptos::task::spawn_local(async move {
            match Peer::offer(online.events()).await {
                Ok((peer, local)) => {
                    let invite = online.seat.with_value(|s| match s {
                        Some(Seat::Host(h)) if h.phase() == HostPhase::Inviting => {
                            Some(h.invite().to_vec())
                        }
                        _ => None,
                    });
                    let first = invite.is_some();
                    let connection = local.to_bytes();
                    online
                        .offered
                        .set_value(Some(Pairing::name_of(&connection)));
                    let code = Pairing {
                        connection,
                        answers: None,
                        messages: Vec::from_iter(invite),
                    }
                    .encode();
                    online.peer.set_value(Some(peer));
                    online.connection.set(PeerState::Connecting);
                    online.stage.set(Stage::Offering {
                        link: format!("{}#join={code}", online.page_url()),
                        first,
                    });
                }
                Err(e) => online.fail(e),
            }
        });
    }

    fn page_url(&self) -> String {
        let location = window().location();
        let href = location.href().unwrap_or_default();
        let base = href.split(['#', '?']).next().unwrap_or_default();
        let dir = base.rsplit_once('/').map_or(base, |(d, _)| d);
        format!("{dir}/{}", self.page)
    }

    /// Reads an invite or reconnection link (or its code) and answers it: the reply code.
    pub fn answer(&self, text: &str) {
        let code = code_of(text).to_string();
        let pairing = match Pairing::decode(&code) {
            Ok(p) if p.answers.is_none() => p,
            // A reply to this device's link pasted in the same box: taken as such.
            Ok(_) if self.offered.get_value().is_some() => return self.accept(&code),
            Ok(_) => {
                return self.notice.set(Some(
                    "That is a reply code: paste it on the device that made the link.".into(),
                ))
            }
            Err(e) => {
                return self
                    .notice
                    .set(Some(format!("That link cannot be used: {e}.")))
            }
        };
        let Ok(remote) = Connection::from_bytes(&pairing.connection) else {
            return self.notice.set(Some(
                "That link cannot be used: its connection part is damaged.".into(),
            ));
        };
        let offer_name = Pairing::name_of(&pairing.connection);
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
                self.save();
            }
        } else if !self.has_game() {
            return self.notice.set(Some(
                "That link reconnects a game this device does not have.".into(),
            ));
        }
        self.stage.set(Stage::Preparing);
        let online = *self;
        leptos::task::spawn_local(async move {
            match Peer::answer(&remote, online.events()).await {
                Ok((peer, local)) => {
                    // The first reply carries the guest's join (its part of the seed).
                    let messages = online.seat.with_value(|s| match s {
                        Some(Seat::Guest(g)) if !g.started() => g.clone().take_outgoing(),
                        _ => Vec::new(),
                    });
                    online.peer.set_value(Some(peer));
                    online.connection.set(PeerState::Connecting);
                    let reply = Pairing {
                        connection: local.to_bytes(),
                        answers: Some(offer_name),
                        messages,
                    }
                    .encode();
                    // As a link for the QR code: opened on the other device, its tab hands
                    // the reply to the tab that made the link.
                    let link = format!("{}#reply={reply}", online.page_url());
                    online.stage.set(Stage::Replying { reply, link });
                }
                Err(e) => online.fail(e),
            }
        });
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
        let pairing = match Pairing::decode(code_of(text)) {
            Ok(p) => p,
            Err(e) => {
                return self
                    .notice
                    .set(Some(format!("That reply code cannot be used: {e}.")))
            }
        };
        match pairing.answers {
            None => {
                return self.notice.set(Some(
                    "That is a link, not a reply code: it goes to the other device.".into(),
                ))
            }
            Some(name) if Some(name) != self.offered.get_value() => {
                return self.notice.set(Some(
                    "That reply code answers an older link from this device. Send your friend \
                     the newest link and paste the reply they get from it."
                        .into(),
                ))
            }
            Some(_) => {}
        }
        let Ok(remote) = Connection::from_bytes(&pairing.connection) else {
            return self.notice.set(Some("That reply code is damaged.".into()));
        };
        for m in &pairing.messages {
            self.receive(m);
        }
        let online = *self;
        leptos::task::spawn_local(async move {
            let accepted = online
                .peer
                .with_value(|p| p.as_ref().map(|p| p.accept(&remote)));
            let result = match accepted {
                Some(f) => f.await,
                None => Err("no connection was offered from this device".into()),
            };
            match result {
                Ok(()) => {
                    online.stage.set(Stage::Playing);
                    // Without a relay server about one pair of devices in six cannot connect.
                    set_timeout(
                        move || {
                            if online.connection.get_untracked() != PeerState::Open {
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

    /// The player at this device moves.
    pub fn act(&self, action: D::Action) {
        let result = self.seat.try_update_value(|s| match s {
            Some(Seat::Host(h)) => h.act(action),
            Some(Seat::Guest(g)) => g.act(action),
            None => Ok(()),
        });
        match result {
            Some(Err(e)) => self.notice.set(Some(e.to_string())),
            _ => {
                self.notice.set(None);
                self.changed();
            }
        }
    }

    /// Asks the other player's consent to take back this player's last move.
    pub fn ask_take_back(&self) {
        let result = self.seat.try_update_value(|s| match s {
            Some(Seat::Host(h)) => h.ask_take_back(),
            Some(Seat::Guest(g)) => g.ask_take_back(),
            None => Ok(()),
        });
        if let Some(Err(e)) = result {
            self.notice.set(Some(e.to_string()));
        }
        self.changed();
    }

    pub fn answer_take_back(&self, accept: bool) {
        self.seat.update_value(|s| {
            let _ = match s {
                Some(Seat::Host(h)) => h.answer_take_back(accept),
                Some(Seat::Guest(g)) => g.answer_take_back(accept),
                None => Ok(()),
            };
        });
        self.take_back_asked.set(false);
        self.changed();
    }

    /// Playing by codes: everything the other device has not yet received, as one code.
    pub fn move_code(&self) -> String {
        let code = self
            .seat
            .try_update_value(|s| match s {
                Some(Seat::Host(h)) => h.code(),
                Some(Seat::Guest(g)) => g.code(),
                None => String::new(),
            })
            .unwrap_or_default();
        self.save();
        code
    }

    /// Playing by codes: a code from the other device.
    pub fn read_move_code(&self, text: &str) {
        let result = self.seat.try_update_value(|s| match s {
            Some(Seat::Host(h)) => h.receive_code(text).map(|e| {
                e.into_iter()
                    .filter(|e| matches!(e, HostEvent::TakeBackAsked))
                    .count()
            }),
            Some(Seat::Guest(g)) => g.receive_code(text).map(|e| {
                e.into_iter()
                    .filter(|e| matches!(e, GuestEvent::TakeBackAsked))
                    .count()
            }),
            None => Ok(0),
        });
        match result {
            Some(Err(e)) => self
                .notice
                .set(Some(format!("That code cannot be used: {e}"))),
            Some(Ok(asked)) => {
                if asked > 0 {
                    self.take_back_asked.set(true);
                }
                self.stage.set(Stage::Playing);
                self.changed();
            }
            None => {}
        }
    }

    /// On a timer (every 1.5 s): resends what the other device has not acknowledged, and
    /// tells it this device is there.
    pub fn tick(&self) {
        if self.connection.get_untracked() != PeerState::Open {
            return;
        }
        self.seat.update_value(|s| match s {
            Some(Seat::Host(h)) => h.tick(),
            Some(Seat::Guest(g)) => g.tick(),
            None => {}
        });
        self.flush();
    }

    fn events(&self) -> PeerEvents {
        let online = *self;
        PeerEvents {
            on_message: Rc::new(move |bytes| online.receive(&bytes)),
            on_state: Rc::new(move |state| online.on_state(state)),
        }
    }

    fn on_state(&self, state: PeerState) {
        let was = self.connection.get_untracked();
        self.connection.set(state);
        if state == PeerState::Closed && was == PeerState::Open {
            self.notice.set(Some(LOST.into()));
        }
        if state == PeerState::Open {
            if matches!(
                self.notice.get_untracked().as_deref(),
                Some(NO_CONNECTION | LOST)
            ) {
                self.notice.set(None);
            }
            self.heard.set(now());
            self.stage.set(Stage::Playing);
            // After every (re)connection: the two devices compare what they have.
            self.seat.update_value(|s| match s {
                Some(Seat::Host(h)) => h.hello(),
                Some(Seat::Guest(g)) => g.hello(),
                None => {}
            });
            self.changed();
        }
    }

    fn receive(&self, bytes: &[u8]) {
        self.heard.set(now());
        let mut asked = false;
        let mut verdict = None;
        let mut refused = None;
        let result = self.seat.try_update_value(|s| match s {
            Some(Seat::Host(h)) => h.receive(bytes).map(|events| {
                asked = events.iter().any(|e| matches!(e, HostEvent::TakeBackAsked));
            }),
            Some(Seat::Guest(g)) => g.receive(bytes).map(|events| {
                for e in events {
                    match e {
                        GuestEvent::TakeBackAsked => asked = true,
                        GuestEvent::Checked(v) => verdict = Some(v),
                        GuestEvent::Refused(r) => refused = Some(r.to_string()),
                        _ => {}
                    }
                }
            }),
            None => Ok(()),
        });
        if let Some(Err(e)) = result {
            if !e.is_harmless() {
                self.notice.set(Some(format!(
                    "A message from the other device was refused: {e}"
                )));
            }
        }
        if asked {
            self.take_back_asked.set(true);
        }
        if refused.is_some() {
            self.notice.set(refused);
        }
        if verdict.is_some() {
            self.verdict.set(verdict);
        }
        self.changed();
    }

    /// After any change: the view again, the save, then the messages.
    fn changed(&self) {
        self.refresh();
        self.save();
        self.flush();
    }

    fn refresh(&self) {
        let (view, waiting) = self.seat.with_value(|s| match s {
            Some(Seat::Host(h)) => (h.view(), false),
            Some(Seat::Guest(g)) => (g.view(), g.waiting()),
            None => (None, false),
        });
        self.waiting.set(waiting);
        self.view.set(view);
        let verdict = self.seat.with_value(|s| match s {
            Some(Seat::Guest(g)) => g.verdict().cloned(),
            _ => None,
        });
        if verdict.is_some() {
            self.verdict.set(verdict);
        }
    }

    fn save(&self) {
        let text = self.seat.with_value(|s| match s {
            Some(Seat::Host(h)) => Some(format!("{HOST}{}", h.save())),
            Some(Seat::Guest(g)) => Some(format!("{GUEST}{}", g.save())),
            None => None,
        });
        if let Some(text) = text {
            if let Err(e) = self.slot.write(&text) {
                self.notice.set(Some(e));
            }
        }
    }

    fn flush(&self) {
        if self.connection.get_untracked() != PeerState::Open {
            return;
        }
        let outgoing = self
            .seat
            .try_update_value(|s| match s {
                Some(Seat::Host(h)) => h.take_outgoing(),
                Some(Seat::Guest(g)) => g.take_outgoing(),
                None => Vec::new(),
            })
            .unwrap_or_default();
        let mut sent = 0;
        self.peer.with_value(|p| {
            if let Some(p) = p {
                for m in &outgoing {
                    if p.send(m) {
                        sent += m.len() as u64;
                    }
                }
            }
        });
        if sent > 0 {
            self.sent.update(|s| *s += sent);
        }
    }

    fn fail(&self, error: String) {
        self.notice
            .set(Some(format!("No connection could be prepared: {error}.")));
        self.stage.set(if self.has_game() {
            Stage::Playing
        } else {
            Stage::Choose
        });
    }
}
