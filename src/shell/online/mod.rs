//! Online play on a page, for any two-player game (`duel_link::Duel`): the session of one
//! side ([`duel_link::HostSession`] or [`duel_link::GuestSession`]), the WebRTC connection
//! that carries its messages ([`peer`]) or, where there is none, play by codes, the codes the
//! players exchange to pair, and the page's copy of all of it in localStorage. Each game's
//! online page renders the table from [`Online::view`] and sends moves through
//! [`Online::act`]; the pairing screens and the connection indicator are [`screens`].
//!
//! The order of every change: the session changes, it is saved, and only then are its
//! messages sent (so nothing the other device acknowledged is ever lost in a reload).

mod pairing;
pub mod peer;
pub mod qr;
pub mod screens;

use duel_link::code::Pairing;
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
    /// The game turned to play by codes as the pairing ended: this device's code is to be sent
    /// (the other device waits for it), so the codes are shown before the table.
    Codes,
    /// This tab handed a reply code to the tab that made the link; the code is shown too,
    /// in case no tab took it.
    Handed { reply: String },
}

/// The online game on this page: every field a handle, so it is `Copy`.
pub struct Online<D: Duel + 'static> {
    seat: StoredValue<Option<Seat<D>>, LocalStorage>,
    peer: StoredValue<Option<Peer>, LocalStorage>,
    /// The name of this device's last offer ([`Pairing::name_of`]): a reply must answer it.
    offered: StoredValue<Option<[u8; 4]>>,
    /// The name of the last offer this device answered.
    answered: StoredValue<Option<[u8; 4]>>,
    /// The save was changed by another tab of this browser: this one stopped.
    stale: StoredValue<bool>,
    /// The saved online game cannot be read: kept until the player drops it.
    unreadable: StoredValue<bool>,
    /// What this tab last wrote (a heartbeat changes nothing worth writing).
    last_saved: StoredValue<String>,
    slot: SaveSlot,
    /// The page the invite link opens (its address without the fragment).
    page: &'static str,
    /// This browser can make direct connections ([`peer::direct_possible`]); without, every
    /// pairing code it makes is codes-only ([`Pairing::CODES_ONLY`]) and no WebRTC is touched.
    pub direct: bool,
    /// The game is played by codes: the last pairing code made or read here was codes-only,
    /// or this browser cannot connect directly. Not saved: after a reload, a browser that can
    /// connect offers links again, and play by codes stays under Connection.
    pub by_codes: RwSignal<bool>,
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
pub(super) const NO_CONNECTION: &str =
    "The two devices could not connect directly (about one pair in six \
     cannot without a relay server, which this app does not have). You can still play: open \
     Connection and play by codes, or try a fresh link when one of you is on another network.";
/// Told when another tab of this browser changed the saved game.
const ELSEWHERE: &str = "This online game was changed in another tab of this browser, so this \
     tab stopped (two tabs would overwrite each other's copy). Carry on in the other tab, or \
     reload this one to carry on here.";
/// How the game goes on without a direct connection, after the reason why (the lobby's note
/// ends with it too).
pub(super) const BY_CODES: &str =
    "so the game is played by codes: each move is a short code that you send by any messenger.";
/// Told on a device that can connect directly when the other device's code has no
/// connection.
fn other_cannot() -> String {
    format!("The other device cannot connect directly, {BY_CODES}")
}
/// Told when this browser could not prepare a connection (`why`, in our words).
fn not_prepared(why: &str) -> String {
    format!("No direct connection could be prepared ({why}), {BY_CODES}")
}
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

pub(super) fn random<const N: usize>() -> [u8; N] {
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

/// What a batch of the session's events has to tell the player.
#[derive(Default)]
struct Noted {
    notice: Option<String>,
    verdict: Option<Verdict>,
}

impl Noted {
    fn host(&mut self, events: Vec<HostEvent>) {
        for e in events {
            match e {
                HostEvent::TakeBackAnswered { accepted: false } => {
                    self.notice =
                        Some("The other player did not agree to take back your move.".into())
                }
                HostEvent::TakeBackAnswered { accepted: true } => {
                    self.notice = Some("Taken back, with the other player's agreement.".into())
                }
                HostEvent::Resynced => self.notice = Some(
                    "The other device had an older copy of the game; it was brought up to date."
                        .into(),
                ),
                _ => {}
            }
        }
    }

    fn guest(&mut self, events: Vec<GuestEvent>) {
        for e in events {
            match e {
                GuestEvent::Checked(v) => self.verdict = Some(v),
                GuestEvent::Refused(r) => self.notice = Some(r.to_string()),
                GuestEvent::TakeBackAnswered { accepted: false } => {
                    self.notice =
                        Some("The other player did not agree to take back your move.".into())
                }
                GuestEvent::TakeBackAnswered { accepted: true } => {
                    self.notice = Some("Taken back, with the other player's agreement.".into())
                }
                GuestEvent::Resynced { lost } if lost > 0 => {
                    self.notice = Some(format!(
                        "The two devices were brought back in step; {lost} of your last moves may \
                         not have counted: the board shows what was played."
                    ))
                }
                _ => {}
            }
        }
    }
}

impl<D: Duel + 'static> Online<D>
where
    D::View: 'static,
{
    /// The page's online game, from its save if there is one.
    pub fn new(slot: SaveSlot, page: &'static str) -> Online<D> {
        let direct = peer::direct_possible();
        let online = Online {
            seat: StoredValue::new_local(None),
            peer: StoredValue::new_local(None),
            offered: StoredValue::new(None),
            answered: StoredValue::new(None),
            stale: StoredValue::new(false),
            unreadable: StoredValue::new(false),
            last_saved: StoredValue::new(String::new()),
            slot,
            page,
            direct,
            by_codes: RwSignal::new(!direct),
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
            Some(Err(e)) => {
                online.unreadable.set_value(true);
                online.notice.set(Some(e));
            }
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
    /// any opened in it later), ticks every 1.5 s (resends, the heartbeat), and calls
    /// `on_connected` whenever a connection opens (the page goes back to its table). Returns
    /// the page's clock, for showing how long the other player has been away.
    pub fn run_page(&self, on_connected: Callback<()>) -> RwSignal<f64> {
        let online = *self;
        Effect::new(move |previous: Option<PeerState>| {
            let now = online.connection.get();
            if now == PeerState::Open && previous != Some(PeerState::Open) {
                on_connected.run(());
            }
            now
        });
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
                online.stage.set(Stage::Handed { reply: code });
                online.notice.set(Some(
                    "The reply was passed to the tab where you made the link: go back to it. \
                     If that tab was closed, make a fresh link there."
                        .into(),
                ));
            } else {
                online.answer(&code);
            }
        };
        if let Some(code) = pairing::take_link_code() {
            read(code);
        }
        let inviting = self
            .seat
            .with_value(|s| matches!(s, Some(Seat::Host(h)) if h.phase() == HostPhase::Inviting));
        if inviting && self.stage.get_untracked() == Stage::Preparing {
            // The invite's offer died with the page: a new one for the same invite.
            online.offer();
        }
        // Another tab of this browser wrote the same game: this one stops, so that neither
        // overwrites the other's newer copy.
        let slot_key = self.slot.key;
        let on_storage = window_event_listener(leptos::ev::storage, move |e| {
            if e.key().as_deref() == Some(slot_key) && !online.stale.get_value() {
                online.stale.set_value(true);
                // A tab that handed its reply on says so already.
                if !matches!(online.stage.get_untracked(), Stage::Handed { .. }) {
                    online.peer.set_value(None);
                    online.connection.set(PeerState::Closed);
                    online.stage.set(Stage::Handed {
                        reply: String::new(),
                    });
                    online.notice.set(Some(ELSEWHERE.into()));
                }
            }
        });
        on_cleanup(move || on_storage.remove());
        // A link opened in the tab that already shows the page changes only its fragment.
        let on_link = window_event_listener(leptos::ev::hashchange, move |_| {
            if let Some(code) = pairing::take_link_code() {
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

    /// Whether this device has an online game (in any stage), or a saved one it cannot read
    /// (which nothing replaces until the player drops it).
    pub fn has_game(&self) -> bool {
        self.seat.with_value(|s| s.is_some()) || self.unreadable.get_value()
    }

    /// The saved online game cannot be read.
    pub fn unreadable(&self) -> bool {
        self.unreadable.get_value()
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

    /// The game's room (its random number), once there is a game.
    fn room(&self) -> Option<u32> {
        self.seat.with_value(|s| {
            s.as_ref().map(|s| match s {
                Seat::Host(h) => h.room(),
                Seat::Guest(g) => g.room(),
            })
        })
    }

    pub fn is_host(&self) -> bool {
        self.seat.with_value(|s| matches!(s, Some(Seat::Host(_))))
    }

    /// Abandons the online game on this device (the player was asked).
    pub fn abandon(&self) {
        self.unreadable.set_value(false);
        self.peer.set_value(None);
        self.seat.set_value(None);
        self.slot.clear();
        self.view.set(None);
        self.verdict.set(None);
        self.take_back_asked.set(false);
        self.notice.set(None);
        self.connection.set(PeerState::Closed);
        self.set_by_codes(!self.direct);
        self.stage.set(Stage::Choose);
    }

    /// The host starts a game: its seat and options, then the invite link.
    pub fn host(&self, options: D::Options, seat: D::Seat) {
        if self.has_game() {
            return self.notice.set(Some(
                "This device already has an online game: finish or abandon it first.".into(),
            ));
        }
        let room = u32::from_le_bytes(random());
        let host = HostSession::<D>::new(options, seat, random(), room);
        self.seat.set_value(Some(Seat::Host(host)));
        // The offer clears the notice at once; a saving failure set after it stays shown.
        self.offer();
        self.save();
    }

    /// The player at this device moves.
    pub fn act(&self, action: D::Action) {
        if self.stale.get_value() {
            return;
        }
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
        if self.stale.get_value() {
            return;
        }
        let mut noted = Noted::default();
        let result = self.seat.try_update_value(|s| match s {
            Some(Seat::Host(h)) => h.receive_code(text).map(|e| noted.host(e)),
            Some(Seat::Guest(g)) => g.receive_code(text).map(|e| noted.guest(e)),
            None => Ok(()),
        });
        match result {
            Some(Err(e)) => self
                .notice
                .set(Some(format!("That code cannot be used: {e}"))),
            Some(Ok(())) => {
                self.stage.set(Stage::Playing);
                self.note(noted);
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
        // Once the channel has closed, the connection's own "disconnected" comes too late.
        if was == PeerState::Closed && state == PeerState::Interrupted {
            return;
        }
        self.connection.set(state);
        if state == PeerState::Closed && matches!(was, PeerState::Open | PeerState::Interrupted) {
            self.notice.set(Some(LOST.into()));
        }
        if state == PeerState::Open {
            // A new connection: whatever went wrong before is behind.
            self.notice.set(None);
            self.set_by_codes(false);
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
        if self.stale.get_value() {
            return;
        }
        self.heard.set(now());
        let mut noted = Noted::default();
        let result = self.seat.try_update_value(|s| match s {
            Some(Seat::Host(h)) => h.receive(bytes).map(|e| noted.host(e)),
            Some(Seat::Guest(g)) => g.receive(bytes).map(|e| noted.guest(e)),
            None => Ok(()),
        });
        if let Some(Err(e)) = result {
            if !e.is_harmless() {
                self.notice.set(Some(format!(
                    "A message from the other device was refused: {e}"
                )));
            }
        }
        self.note(noted);
        self.changed();
    }

    /// What the session's events tell the player.
    fn note(&self, noted: Noted) {
        if let Some(n) = noted.notice {
            self.notice.set(Some(n));
        }
        if let Some(v) = noted.verdict {
            self.verdict.set(Some(v));
        }
    }

    /// After any change: the view again, the save, then the messages.
    fn changed(&self) {
        self.refresh();
        self.save();
        self.flush();
    }

    fn refresh(&self) {
        let (view, waiting, asked) = self.seat.with_value(|s| match s {
            Some(Seat::Host(h)) => (h.view(), false, h.take_back_asked()),
            Some(Seat::Guest(g)) => (g.view(), g.waiting(), g.take_back_asked()),
            None => (None, false, false),
        });
        self.waiting.set(waiting);
        self.take_back_asked.set(asked);
        self.view.set(view);
        let verdict = self.seat.with_value(|s| match s {
            Some(Seat::Guest(g)) => g.verdict().cloned(),
            _ => None,
        });
        if verdict.is_some() {
            self.verdict.set(verdict);
        }
    }

    /// Saves this device's side; false (and the player told) if it could not be saved.
    fn save(&self) -> bool {
        if self.stale.get_value() {
            return false;
        }
        let text = self.seat.with_value(|s| match s {
            Some(Seat::Host(h)) => Some(format!("{HOST}{}", h.save())),
            Some(Seat::Guest(g)) => Some(format!("{GUEST}{}", g.save())),
            None => None,
        });
        let Some(text) = text else { return true };
        if self.last_saved.with_value(|last| *last == text) {
            return true;
        }
        match self.slot.write(&text) {
            Ok(()) => {
                self.last_saved.set_value(text);
                true
            }
            Err(e) => {
                self.notice.set(Some(e));
                false
            }
        }
    }

    fn flush(&self) {
        if self.connection.get_untracked() != PeerState::Open || self.stale.get_value() {
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

    /// Changed only when it changes: the screens that show it are not drawn again (a code
    /// made or typed in them is kept).
    fn set_by_codes(&self, by_codes: bool) {
        if self.by_codes.get_untracked() != by_codes {
            self.by_codes.set(by_codes);
        }
    }

    /// A reconnection could not be prepared: the game goes on by codes (under Connection).
    fn fail(&self, why: String) {
        self.set_by_codes(true);
        self.notice.set(Some(not_prepared(&why)));
        self.stage.set(if self.has_game() {
            Stage::Playing
        } else {
            Stage::Choose
        });
    }
}
