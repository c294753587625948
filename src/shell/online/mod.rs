//! Online play on a page, for any game on `duel_link` (`Duel`): the session of one side
//! ([`duel_link::HostSession`] or [`duel_link::GuestSession`]), a [`Line`] to each other
//! device (a guest's to its host; a host's to each guest seat: a star), each with the WebRTC
//! connection that carries its messages ([`peer`]) or, where there is none, play by codes and
//! the codes the players exchange to pair, and the page's copy of all of it in localStorage.
//! Each game's online page renders the table from [`Online::view`] and sends moves through
//! [`Online::act`]; the pairing screens and the connection indicator are [`screens`].
//!
//! The order of every change: the session changes, it is saved, and only then are its
//! messages sent (so nothing the other device acknowledged is ever lost in a reload).

pub mod computer_seats;
mod pairing;
pub mod peer;
pub mod qr;
pub mod screens;
pub mod table;
pub mod table_start;

use duel_link::code::Pairing;
use duel_link::{
    Duel, GuestEvent, GuestSession, HostEvent, HostPhase, HostSession, Presence, SeatKind,
    SeatStatus, Verdict,
};
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

/// One other device and how this one talks to it: for a guest, its host; for a host, one
/// guest seat (`to`). Its pairing, connection and last word are its own; the game is the
/// page's ([`Online`]). Every field a handle, so it is `Copy`.
pub struct Line<D: Duel + 'static> {
    /// The guest seat at the other end, on a host's page (none on a guest's).
    to: StoredValue<Option<D::Seat>, LocalStorage>,
    peer: StoredValue<Option<Peer>, LocalStorage>,
    /// The name of this line's last offer ([`Pairing::name_of`]): a reply must answer it.
    offered: StoredValue<Option<[u8; 4]>>,
    /// The name of the last offer answered on this line.
    answered: StoredValue<Option<[u8; 4]>>,
    /// The game is played by codes on this line: the last pairing code made or read for it
    /// was codes-only, or this browser cannot connect directly. Not saved: after a reload, a
    /// browser that can connect offers links again, and play by codes stays under Connection.
    pub by_codes: RwSignal<bool>,
    /// Where this line's pairing is.
    pub stage: RwSignal<Stage>,
    pub connection: RwSignal<PeerState>,
    /// When the last message came over this line (ms, page clock).
    pub heard: RwSignal<f64>,
}

impl<D: Duel + 'static> Clone for Line<D> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<D: Duel + 'static> Copy for Line<D> {}

impl<D: Duel + 'static> Line<D> {
    fn new(to: Option<D::Seat>, by_codes: bool) -> Line<D> {
        Line {
            to: StoredValue::new_local(to),
            peer: StoredValue::new_local(None),
            offered: StoredValue::new(None),
            answered: StoredValue::new(None),
            by_codes: RwSignal::new(by_codes),
            stage: RwSignal::new(Stage::Choose),
            connection: RwSignal::new(PeerState::Closed),
            heard: RwSignal::new(0.0),
        }
    }

    /// The guest seat at the other end (a host's line).
    pub fn to(&self) -> Option<D::Seat> {
        self.to.get_value()
    }

    /// Changed only when it changes: the screens that show it are not drawn again (a code
    /// made or typed in them is kept).
    fn set_by_codes(&self, by_codes: bool) {
        if self.by_codes.get_untracked() != by_codes {
            self.by_codes.set(by_codes);
        }
    }

    /// Drops the connection and forgets the pairing.
    fn close(&self, by_codes: bool) {
        self.peer.set_value(None);
        self.offered.set_value(None);
        self.answered.set_value(None);
        self.connection.set(PeerState::Closed);
        self.set_by_codes(by_codes);
    }
}

/// The online game on this page: every field a handle, so it is `Copy`. The first [`Line`]
/// (to the host, or to the first guest seat) is always there, its handles also fields of
/// this (`stage`, `connection`, `by_codes`, `heard`), which is all a two-player page uses; a
/// host's table of more seats has one more line per further guest seat.
pub struct Online<D: Duel + 'static> {
    seat: StoredValue<Option<Seat<D>>, LocalStorage>,
    /// The first line's handles.
    peer: StoredValue<Option<Peer>, LocalStorage>,
    offered: StoredValue<Option<[u8; 4]>>,
    answered: StoredValue<Option<[u8; 4]>>,
    to: StoredValue<Option<D::Seat>, LocalStorage>,
    /// The lines after the first (a host's table of three seats or more).
    more: StoredValue<Vec<Line<D>>, LocalStorage>,
    /// The page's owner: lines made later (hosting, in a click) live as long as the page,
    /// not as the screen that made them.
    owner: StoredValue<Option<Owner>, LocalStorage>,
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
    /// The first line's: see [`Line`].
    pub by_codes: RwSignal<bool>,
    pub stage: RwSignal<Stage>,
    pub connection: RwSignal<PeerState>,
    pub heard: RwSignal<f64>,
    /// What the player at this device sees, log included.
    pub view: RwSignal<Option<D::View>, LocalStorage>,
    /// Every seat of the table, who holds it and how they are (a guest's page: as the host
    /// last told it).
    pub table: RwSignal<Vec<SeatStatus<D::Seat>>, LocalStorage>,
    /// The last thing to tell the player (a refused move, a damaged code, a saving failure).
    pub notice: RwSignal<Option<String>>,
    /// The guest's check of the host's game, at the end.
    pub verdict: RwSignal<Option<Verdict>>,
    /// The other player asks to take back their last move.
    pub take_back_asked: RwSignal<bool>,
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
pub(crate) const BY_CODES: &str =
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
/// How the news that the computer played for a guest begins (a new connection keeps it).
const AWAY_NEWS: &str = "While you were away,";

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

    /// `seats`: how many the table has (the sentences differ beyond two).
    fn guest(&mut self, events: Vec<GuestEvent>, seats: usize) {
        for e in events {
            match e {
                GuestEvent::Checked(v) => self.verdict = Some(v),
                GuestEvent::Refused(r) => self.notice = Some(r.sentence(seats).to_string()),
                GuestEvent::Uncovered => {
                    self.notice = Some(format!(
                        "{AWAY_NEWS} the computer played for you, as the host agreed: the log \
                         shows its moves, and the end of the game counts them."
                    ))
                }
                GuestEvent::Covered { moves } if moves > 0 => {
                    self.notice = Some(format!(
                        "{AWAY_NEWS} the computer played {moves} {} for you, as the host agreed.",
                        if moves == 1 { "move" } else { "moves" }
                    ))
                }
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
    /// The page's online game, from its save if there is one (of this version: the pages with
    /// tables never saved one of before).
    pub fn new(slot: SaveSlot, page: &'static str) -> Online<D> {
        Self::open(slot, page, |text| {
            Self::read_save(text, HostSession::load_current, GuestSession::load_current)
        })
    }

    /// [`Online::new`] for the two-player pages, whose saves may be of the first format.
    pub fn new_reading_old(slot: SaveSlot, page: &'static str) -> Online<D> {
        Self::open(slot, page, |text| {
            Self::read_save(text, HostSession::load, GuestSession::load)
        })
    }

    fn open(
        slot: SaveSlot,
        page: &'static str,
        read_save: fn(&str) -> Result<Seat<D>, String>,
    ) -> Online<D> {
        let direct = peer::direct_possible();
        let first = Line::<D>::new(None, !direct);
        let online = Online {
            seat: StoredValue::new_local(None),
            peer: first.peer,
            offered: first.offered,
            answered: first.answered,
            to: first.to,
            more: StoredValue::new_local(Vec::new()),
            owner: StoredValue::new_local(Owner::current()),
            stale: StoredValue::new(false),
            unreadable: StoredValue::new(false),
            last_saved: StoredValue::new(String::new()),
            slot,
            page,
            direct,
            by_codes: first.by_codes,
            stage: first.stage,
            connection: first.connection,
            heard: first.heard,
            view: RwSignal::new_local(None),
            table: RwSignal::new_local(Vec::new()),
            notice: RwSignal::new(None),
            verdict: RwSignal::new(None),
            take_back_asked: RwSignal::new(false),
            sent: RwSignal::new(0),
            waiting: RwSignal::new(false),
        };
        match slot.read().map(|t| read_save(&t)) {
            Some(Ok(seat)) => {
                online.seat.set_value(Some(seat));
                online.make_lines();
                online.refresh();
                // An invite's offer died with the page: `run_page` makes a new one for each
                // guest still to join.
                for line in online.lines() {
                    line.stage.set(if online.still_invited(line) {
                        Stage::Preparing
                    } else {
                        Stage::Playing
                    });
                }
            }
            Some(Err(e)) => {
                online.unreadable.set_value(true);
                online.notice.set(Some(e));
            }
            None => {}
        }
        online
    }

    /// The first line (a two-player page's only one).
    pub fn first(&self) -> Line<D> {
        Line {
            to: self.to,
            peer: self.peer,
            offered: self.offered,
            answered: self.answered,
            by_codes: self.by_codes,
            stage: self.stage,
            connection: self.connection,
            heard: self.heard,
        }
    }

    /// Every line, the first first.
    pub fn lines(&self) -> Vec<Line<D>> {
        let mut lines = vec![self.first()];
        self.more
            .with_value(|more| lines.extend(more.iter().copied()));
        lines
    }

    /// One line per guest seat on a host's page (the first line to the first guest seat);
    /// one line, to the host, on a guest's.
    fn make_lines(&self) {
        let guests = self.seat.with_value(|s| match s {
            Some(Seat::Host(h)) => h.guest_seats(),
            _ => Vec::new(),
        });
        self.to.set_value(guests.first().copied());
        let by_codes = !self.direct;
        let make = || -> Vec<Line<D>> {
            guests
                .iter()
                .skip(1)
                .map(|&seat| Line::new(Some(seat), by_codes))
                .collect()
        };
        let lines = match self.owner.get_value() {
            Some(owner) => owner.with(make),
            None => make(),
        };
        self.more.set_value(lines);
    }

    /// Whether `line`'s guest has still to answer its invite.
    fn still_invited(&self, line: Line<D>) -> bool {
        self.seat.with_value(|s| match (s, line.to()) {
            (Some(Seat::Host(h)), Some(seat)) => {
                h.phase() == HostPhase::Inviting && h.missing().contains(&seat)
            }
            _ => false,
        })
    }

    fn read_save(
        text: &str,
        host: fn(&str) -> Result<HostSession<D>, duel_link::SaveError>,
        guest: fn(&str) -> Result<GuestSession<D>, duel_link::SaveError>,
    ) -> Result<Seat<D>, String> {
        let unreadable = |e: duel_link::SaveError| {
            format!("The online game saved on this device cannot be read ({e}).")
        };
        if let Some(t) = text.strip_prefix(HOST) {
            host(t).map(Seat::Host).map_err(unreadable)
        } else if let Some(t) = text.strip_prefix(GUEST) {
            guest(t).map(Seat::Guest).map_err(unreadable)
        } else {
            Err("The online game saved on this device cannot be read.".into())
        }
    }

    /// What every online page does around its game: answers the link it was opened with (and
    /// any opened in it later), ticks every 1.5 s (resends, the heartbeat, who is away), and
    /// calls `on_connected` whenever the first line's connection opens (the page goes back to
    /// its table). Returns the page's clock, for showing how long a player has been away.
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
                            if online.offering() {
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
            if is_reply && !online.offering() {
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
        for line in self.lines() {
            if line.stage.get_untracked() == Stage::Preparing && self.still_invited(line) {
                // The invite's offer died with the page: a new one for the same invite.
                online.offer(line);
            }
        }
        // Another tab of this browser wrote the same game: this one stops, so that neither
        // overwrites the other's newer copy.
        let slot_key = self.slot.key;
        let on_storage = window_event_listener(leptos::ev::storage, move |e| {
            if e.key().as_deref() == Some(slot_key) && !online.stale.get_value() {
                online.stale.set_value(true);
                // A tab that handed its reply on says so already.
                if !matches!(online.stage.get_untracked(), Stage::Handed { .. }) {
                    for line in online.lines() {
                        line.peer.set_value(None);
                        line.connection.set(PeerState::Closed);
                    }
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

    /// Some line of this page waits for the reply to its offer.
    fn offering(&self) -> bool {
        self.lines().iter().any(|l| l.offered.get_value().is_some())
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

    /// The room of `line`'s link, once there is a game: on a host's page each guest seat's
    /// link has its own ([`HostSession::room_of`]).
    fn room(&self, line: Line<D>) -> Option<u32> {
        self.seat.with_value(|s| {
            s.as_ref().map(|s| match s {
                Seat::Host(h) => line
                    .to()
                    .and_then(|seat| h.room_of(seat))
                    .unwrap_or(h.room()),
                Seat::Guest(g) => g.room(),
            })
        })
    }

    /// A link of this page is being paired: its connection prepared, a reply to send or
    /// codes to carry (the lobby shows then, even mid-game, so that they are seen).
    pub fn pairing(&self) -> bool {
        self.lines().into_iter().any(|l| {
            l.stage.with(|s| {
                matches!(
                    s,
                    Stage::Preparing | Stage::Replying { .. } | Stage::Handed { .. } | Stage::Codes
                )
            })
        })
    }

    pub fn is_host(&self) -> bool {
        self.seat.with_value(|s| matches!(s, Some(Seat::Host(_))))
    }

    /// The game has started (every guest joined).
    pub fn started(&self) -> bool {
        self.seat.with_value(|s| match s {
            Some(Seat::Host(h)) => h.phase() != HostPhase::Inviting,
            Some(Seat::Guest(g)) => g.started(),
            None => false,
        })
    }

    /// Asks the player, then abandons the online game on this device if they are sure.
    pub fn abandon_if_sure(&self) {
        let sure = window()
            .confirm_with_message(
                "Abandon this online game on this device? It cannot be resumed afterwards.",
            )
            .unwrap_or(false);
        if sure {
            self.abandon();
        }
    }

    /// Abandons the online game on this device (the player was asked).
    pub fn abandon(&self) {
        self.unreadable.set_value(false);
        for line in self.lines() {
            line.close(!self.direct);
        }
        self.more.set_value(Vec::new());
        self.to.set_value(None);
        self.seat.set_value(None);
        self.slot.clear();
        self.view.set(None);
        self.table.set(Vec::new());
        self.verdict.set(None);
        self.take_back_asked.set(false);
        self.notice.set(None);
        self.stage.set(Stage::Choose);
    }

    /// The host starts a two-player game: its seat and options, then the invite link.
    pub fn host(&self, options: D::Options, seat: D::Seat) {
        let kinds = D::seats(&options)
            .iter()
            .map(|s| {
                if *s == seat {
                    SeatKind::Host
                } else {
                    SeatKind::Guest
                }
            })
            .collect();
        self.host_table(options, kinds);
    }

    /// The host starts a table: the options, and who holds each seat of [`Duel::seats`] (in
    /// that order, exactly one the host's); then one invite link per guest seat.
    pub fn host_table(&self, options: D::Options, kinds: Vec<SeatKind>) {
        if self.has_game() {
            return self.notice.set(Some(
                "This device already has an online game: finish or abandon it first.".into(),
            ));
        }
        let room = u32::from_le_bytes(random());
        let host = match HostSession::<D>::table(options, kinds, random(), room) {
            Ok(host) => host,
            Err(e) => return self.notice.set(Some(e.to_string())),
        };
        self.seat.set_value(Some(Seat::Host(host)));
        self.make_lines();
        self.refresh();
        // The offers clear the notice at once; a saving failure set after them stays shown.
        for line in self.lines() {
            if self.still_invited(line) {
                self.offer(line);
            } else {
                // A table with no guest has started already.
                line.stage.set(Stage::Playing);
            }
        }
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

    /// The host's device plays `seat` (a computer's, or a guest's it covers).
    pub fn act_for(&self, seat: D::Seat, action: D::Action) {
        if self.stale.get_value() {
            return;
        }
        let result = self.seat.try_update_value(|s| match s {
            Some(Seat::Host(h)) => h.act_for(seat, action),
            _ => Ok(()),
        });
        if let Some(Err(e)) = result {
            self.notice.set(Some(e.to_string()));
        }
        self.changed();
    }

    /// The host lets the computer play the absent guest `seat` until they are back (`on`),
    /// or stops; every device is told.
    pub fn cover(&self, seat: D::Seat, on: bool) {
        let result = self.seat.try_update_value(|s| match s {
            Some(Seat::Host(h)) => h.cover(seat, on),
            _ => Ok(()),
        });
        if let Some(Err(e)) = result {
            self.notice.set(Some(e.to_string()));
        }
        self.changed();
    }

    /// `f` of the seat the host's device is to play now (a computer's, or a guest's it covers)
    /// and the game, for the page's computer; none on a guest's page. (The game is lent, not
    /// cloned: a clone of a whole game is much code in the page.)
    pub fn host_turn<R>(&self, f: impl FnOnce(D::Seat, &D) -> R) -> Option<R> {
        self.seat.with_value(|s| match s {
            Some(Seat::Host(h)) => {
                let game = h.game()?;
                let seat = game
                    .to_act()
                    .into_iter()
                    .find(|seat| *seat != h.seat() && h.plays(*seat))?;
                Some(f(seat, game))
            }
            _ => None,
        })
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

    /// Playing by codes on `line`: everything the device at its other end has not yet
    /// received, as one code.
    pub fn move_code(&self, line: Line<D>) -> String {
        let code = self
            .seat
            .try_update_value(|s| match (s, line.to()) {
                (Some(Seat::Host(h)), Some(seat)) => h.code_for(seat).unwrap_or_default(),
                (Some(Seat::Host(h)), None) => h.code(),
                (Some(Seat::Guest(g)), _) => g.code(),
                (None, _) => String::new(),
            })
            .unwrap_or_default();
        self.save();
        code
    }

    /// Playing by codes: a code from another device (a host finds its line by its room).
    pub fn read_move_code(&self, text: &str) {
        if self.stale.get_value() {
            return;
        }
        let mut noted = Noted::default();
        let result = self.seat.try_update_value(|s| match s {
            Some(Seat::Host(h)) => h.receive_code(text).map(|e| noted.host(e)),
            Some(Seat::Guest(g)) => {
                let seats = g.table().len();
                g.receive_code(text).map(|e| noted.guest(e, seats))
            }
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

    /// On a timer (every 1.5 s): resends what the other devices have not acknowledged, tells
    /// them this device is there, and (a host) tells every guest who is away.
    pub fn tick(&self) {
        let now = now();
        let mut told = false;
        self.seat.update_value(|s| match s {
            Some(Seat::Host(h)) => {
                for line in self.lines() {
                    if let Some(seat) = line.to() {
                        if line.connection.get_untracked() == PeerState::Open {
                            h.tick_for(seat);
                        }
                        told |= h.set_presence(seat, presence(line, now), now as u64);
                    }
                }
            }
            Some(Seat::Guest(g)) if self.connection.get_untracked() == PeerState::Open => g.tick(),
            Some(Seat::Guest(_)) | None => {}
        });
        if told {
            self.changed();
        } else {
            self.refresh_table();
            self.flush();
        }
    }

    fn events(&self, line: Line<D>) -> PeerEvents {
        let online = *self;
        PeerEvents {
            on_message: Rc::new(move |bytes| online.receive(line, &bytes)),
            on_state: Rc::new(move |state| online.on_state(line, state)),
        }
    }

    fn on_state(&self, line: Line<D>, state: PeerState) {
        let was = line.connection.get_untracked();
        // Once the channel has closed, the connection's own "disconnected" comes too late.
        if was == PeerState::Closed && state == PeerState::Interrupted {
            return;
        }
        line.connection.set(state);
        if state == PeerState::Closed && matches!(was, PeerState::Open | PeerState::Interrupted) {
            self.notice.set(Some(LOST.into()));
        }
        if state == PeerState::Open {
            // A new connection: whatever went wrong before is behind (but not the news that
            // the computer played for this guest, which its first messages may bring before
            // the connection says it is open).
            let news = self
                .notice
                .with_untracked(|n| n.as_deref().is_some_and(|n| n.starts_with(AWAY_NEWS)));
            if !news {
                self.notice.set(None);
            }
            line.set_by_codes(false);
            line.heard.set(now());
            line.stage.set(Stage::Playing);
            // After every (re)connection: the two devices compare what they have.
            self.seat.update_value(|s| match (s, line.to()) {
                (Some(Seat::Host(h)), Some(seat)) => {
                    h.hello_to(seat);
                    // Back: the computer stops playing for them (every device is told).
                    let _ = h.cover(seat, false);
                }
                (Some(Seat::Host(h)), None) => h.hello(),
                (Some(Seat::Guest(g)), _) => g.hello(),
                (None, _) => {}
            });
            self.changed();
        }
    }

    fn receive(&self, line: Line<D>, bytes: &[u8]) {
        if self.stale.get_value() {
            return;
        }
        line.heard.set(now());
        let mut noted = Noted::default();
        let result = self.seat.try_update_value(|s| match s {
            Some(Seat::Host(h)) => h.receive(bytes).map(|e| noted.host(e)),
            Some(Seat::Guest(g)) => {
                let seats = g.table().len();
                g.receive(bytes).map(|e| noted.guest(e, seats))
            }
            None => Ok(()),
        });
        if let Some(Err(e)) = result {
            if !e.is_harmless() {
                self.notice.set(Some(format!(
                    "A message from another device was refused: {e}"
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

    /// The table's seats again (a host's away times count on), set only when they changed.
    fn refresh_table(&self) {
        let table = self.seat.with_value(|s| match s {
            Some(Seat::Host(h)) => h.table_status(now() as u64),
            Some(Seat::Guest(g)) => g.table(),
            None => Vec::new(),
        });
        if self.table.with_untracked(|t| *t != table) {
            self.table.set(table);
        }
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
        self.refresh_table();
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

    /// Sends each open line what the session has for the device at its other end.
    fn flush(&self) {
        if self.stale.get_value() {
            return;
        }
        let mut sent = 0;
        for line in self.lines() {
            if line.connection.get_untracked() != PeerState::Open {
                continue;
            }
            let outgoing = self
                .seat
                .try_update_value(|s| match (s, line.to()) {
                    (Some(Seat::Host(h)), Some(seat)) => h.take_outgoing_for(seat),
                    (Some(Seat::Host(h)), None) => h.take_outgoing(),
                    (Some(Seat::Guest(g)), _) => g.take_outgoing(),
                    (None, _) => Vec::new(),
                })
                .unwrap_or_default();
            line.peer.with_value(|p| {
                if let Some(p) = p {
                    for m in &outgoing {
                        if p.send(m) {
                            sent += m.len() as u64;
                        }
                    }
                }
            });
        }
        if sent > 0 {
            self.sent.update(|s| *s += sent);
        }
    }

    /// A reconnection on `line` could not be prepared: the game goes on by codes (under
    /// Connection).
    fn fail(&self, line: Line<D>, why: String) {
        line.set_by_codes(true);
        self.notice.set(Some(not_prepared(&why)));
        line.stage.set(if self.has_game() {
            Stage::Playing
        } else {
            Stage::Choose
        });
    }
}

/// How a host's page sees the guest at the other end of `line` at `now` (ms): connected,
/// away since it was last heard from, or cut.
fn presence<D: Duel + 'static>(line: Line<D>, now: f64) -> Presence {
    // Never heard from yet (a guest still to join): away from now, not since 1970.
    let heard = Some(line.heard.get_untracked())
        .filter(|h| *h > 0.0)
        .unwrap_or(now);
    match line.connection.get_untracked() {
        PeerState::Open if now - heard <= screens::AWAY_AFTER_MS => Presence::Connected,
        PeerState::Open | PeerState::Interrupted | PeerState::Connecting => Presence::Away {
            since_ms: heard as u64,
        },
        // Playing by codes: away between codes, not cut.
        PeerState::Closed if line.by_codes.get_untracked() => Presence::Away {
            since_ms: heard as u64,
        },
        PeerState::Closed => Presence::Cut,
    }
}
