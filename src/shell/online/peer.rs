//! One WebRTC connection to the other device: one `RtcPeerConnection` with one reliable,
//! ordered data channel, paired by hand-carried codes (no signalling server). The offer and
//! answer travel as a [`Connection`] (a few facts of the session description); ICE is not
//! trickled: the codes are written once gathering ends, or after [`GATHERING_CAP_MS`].

use duel_link::connection::{Connection, Setup};
use js_sys::{Array, Object, Promise, Reflect, Uint8Array};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    MessageEvent, RtcConfiguration, RtcDataChannel, RtcDataChannelEvent, RtcDataChannelInit,
    RtcDataChannelType, RtcIceGatheringState, RtcPeerConnection, RtcPeerConnectionState,
    RtcSdpType, RtcSessionDescriptionInit,
};

/// Gathering stops waiting after this: an unreachable STUN server made it take 40 s
/// (docs: `../shared/research/online-play.md`), and the host addresses come at once.
pub const GATHERING_CAP_MS: i32 = 3000;

/// Public STUN servers: they tell each device its address outside its router. Their
/// operators see both addresses (the players are told).
const STUN: [&str; 2] = [
    "stun:stun.l.google.com:19302",
    "stun:stun.cloudflare.com:3478",
];

/// How the connection is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PeerState {
    /// Codes exchanged (or being exchanged), not yet connected.
    Connecting,
    Open,
    /// The network went quiet; the browser is trying to recover.
    Interrupted,
    /// Gone for good: a new exchange of codes is needed.
    Closed,
}

/// What the connection reports to the page.
#[derive(Clone)]
pub struct PeerEvents {
    pub on_message: Rc<dyn Fn(Vec<u8>)>,
    pub on_state: Rc<dyn Fn(PeerState)>,
}

/// A connection in the making or made. Keep it for as long as the game is played: dropping
/// it closes the connection.
pub struct Peer {
    pc: RtcPeerConnection,
    channel: Rc<RefCell<Option<RtcDataChannel>>>,
    // The handlers the browser calls; they live as long as the connection and go with it.
    handlers: Handlers,
}

type Handlers = Rc<RefCell<Vec<Closure<dyn FnMut(JsValue)>>>>;

impl Drop for Peer {
    fn drop(&mut self) {
        // Nothing may call a handler once it is gone with this value.
        if let Some(c) = self.channel.borrow().as_ref() {
            c.set_onopen(None);
            c.set_onclose(None);
            c.set_onmessage(None);
            c.close();
        }
        self.pc.set_onconnectionstatechange(None);
        self.pc.set_oniceconnectionstatechange(None);
        self.pc.set_onicegatheringstatechange(None);
        self.pc.set_ondatachannel(None);
        self.pc.close();
    }
}

impl Peer {
    /// The host's side: a connection offered, and the offer to send.
    pub async fn offer(events: PeerEvents) -> Result<(Peer, Connection), String> {
        let peer = Peer::new(&events)?;
        let init = RtcDataChannelInit::new();
        init.set_ordered(true);
        let channel = peer
            .pc
            .create_data_channel_with_data_channel_dict("game", &init);
        wire_channel(&channel, &events, &peer.handlers);
        *peer.channel.borrow_mut() = Some(channel);
        let offer = JsFuture::from(peer.pc.create_offer())
            .await
            .map_err(refused)?;
        JsFuture::from(
            peer.pc
                .set_local_description(offer.unchecked_ref::<RtcSessionDescriptionInit>()),
        )
        .await
        .map_err(refused)?;
        let local = peer.gathered().await?;
        Ok((peer, local))
    }

    /// The guest's side: the host's offer taken, and the answer to send back.
    pub async fn answer(
        offer: &Connection,
        events: PeerEvents,
    ) -> Result<(Peer, Connection), String> {
        let peer = Peer::new(&events)?;
        let slot = peer.channel.clone();
        let on_channel_events = events.clone();
        // A weak hold: the handler lives in the list it would add to.
        let handlers = Rc::downgrade(&peer.handlers);
        let on_channel = Closure::<dyn FnMut(JsValue)>::new(move |e: JsValue| {
            let channel = e.unchecked_into::<RtcDataChannelEvent>().channel();
            if let Some(handlers) = handlers.upgrade() {
                wire_channel(&channel, &on_channel_events, &handlers);
            }
            *slot.borrow_mut() = Some(channel);
        });
        peer.pc
            .set_ondatachannel(Some(on_channel.as_ref().unchecked_ref()));
        peer.handlers.borrow_mut().push(on_channel);
        peer.set_remote(offer, RtcSdpType::Offer).await?;
        let answer = JsFuture::from(peer.pc.create_answer())
            .await
            .map_err(refused)?;
        JsFuture::from(
            peer.pc
                .set_local_description(answer.unchecked_ref::<RtcSessionDescriptionInit>()),
        )
        .await
        .map_err(refused)?;
        let mut local = peer.gathered().await?;
        // The answer always takes the active role, so that an offer may be answered late.
        local.setup = Setup::Active;
        Ok((peer, local))
    }

    /// The host takes the guest's answer; the channel opens shortly after.
    pub fn accept(
        &self,
        answer: &Connection,
    ) -> impl std::future::Future<Output = Result<(), String>> + 'static {
        let (pc, answer) = (self.pc.clone(), answer.clone());
        async move { remote_description(pc, &answer, RtcSdpType::Answer).await }
    }

    /// Sends one message; false if the channel is not open (the session resends later).
    pub fn send(&self, bytes: &[u8]) -> bool {
        match self.channel.borrow().as_ref() {
            Some(c) if c.ready_state() == web_sys::RtcDataChannelState::Open => {
                c.send_with_u8_array(bytes).is_ok()
            }
            _ => false,
        }
    }

    fn new(events: &PeerEvents) -> Result<Peer, String> {
        let config = RtcConfiguration::new();
        if !stun_off() {
            let server = Object::new();
            let urls = Array::new();
            for url in STUN {
                urls.push(&JsValue::from_str(url));
            }
            Reflect::set(&server, &"urls".into(), &urls).map_err(refused)?;
            config.set_ice_servers(&Array::of1(&server));
        }
        let pc = RtcPeerConnection::new_with_configuration(&config).map_err(refused)?;
        let watched = pc.clone();
        let on_state = events.on_state.clone();
        let on_change =
            Closure::<dyn FnMut(JsValue)>::new(move |_| match watched.connection_state() {
                RtcPeerConnectionState::Disconnected => on_state(PeerState::Interrupted),
                RtcPeerConnectionState::Failed | RtcPeerConnectionState::Closed => {
                    on_state(PeerState::Closed)
                }
                RtcPeerConnectionState::Connected => on_state(PeerState::Open),
                _ => {}
            });
        pc.set_onconnectionstatechange(Some(on_change.as_ref().unchecked_ref()));
        // Firefox moves on only with an ICE state handler present (matchbox issue #36).
        let ice = Closure::<dyn FnMut(JsValue)>::new(|_| {});
        pc.set_oniceconnectionstatechange(Some(ice.as_ref().unchecked_ref()));
        Ok(Peer {
            pc,
            channel: Rc::new(RefCell::new(None)),
            handlers: Rc::new(RefCell::new(vec![on_change, ice])),
        })
    }

    async fn set_remote(&self, remote: &Connection, kind: RtcSdpType) -> Result<(), String> {
        remote_description(self.pc.clone(), remote, kind).await
    }

    /// The local description once gathering is complete, or after the cap.
    async fn gathered(&self) -> Result<Connection, String> {
        let pc = self.pc.clone();
        let gathering_handlers = self.handlers.clone();
        let done = Promise::new(&mut |resolve, _| {
            let window = web_sys::window().expect("a window");
            let _ = window
                .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, GATHERING_CAP_MS);
            if pc.ice_gathering_state() == RtcIceGatheringState::Complete {
                let _ = resolve.call0(&JsValue::NULL);
                return;
            }
            // The handler reads the state from its event's target, so it holds no reference
            // to the connection and goes with the handler list.
            let on_gathering = Closure::<dyn FnMut(JsValue)>::new(move |e: JsValue| {
                let complete = Reflect::get(&e, &"target".into()).ok().map(|t| {
                    t.unchecked_into::<RtcPeerConnection>()
                        .ice_gathering_state()
                }) == Some(RtcIceGatheringState::Complete);
                if complete {
                    let _ = resolve.call0(&JsValue::NULL);
                }
            });
            pc.set_onicegatheringstatechange(Some(on_gathering.as_ref().unchecked_ref()));
            gathering_handlers.borrow_mut().push(on_gathering);
        });
        JsFuture::from(done).await.map_err(refused)?;
        let sdp = self
            .pc
            .local_description()
            .map(|d| d.sdp())
            .ok_or("the browser made no connection offer")?;
        let local = Connection::from_sdp(&sdp).map_err(|e| e.to_string())?;
        if local.candidates.is_empty() {
            return Err("this device found no network address to connect through".into());
        }
        Ok(local)
    }
}

async fn remote_description(
    pc: RtcPeerConnection,
    remote: &Connection,
    kind: RtcSdpType,
) -> Result<(), String> {
    let init = RtcSessionDescriptionInit::new(kind);
    init.set_sdp(&remote.to_sdp(1));
    JsFuture::from(pc.set_remote_description(&init))
        .await
        .map(|_| ())
        .map_err(refused)
}

fn wire_channel(channel: &RtcDataChannel, events: &PeerEvents, handlers: &Handlers) {
    channel.set_binary_type(RtcDataChannelType::Arraybuffer);
    let on_message = events.on_message.clone();
    let message = Closure::<dyn FnMut(JsValue)>::new(move |e: JsValue| {
        let data = e.unchecked_into::<MessageEvent>().data();
        on_message(Uint8Array::new(&data).to_vec());
    });
    channel.set_onmessage(Some(message.as_ref().unchecked_ref()));
    handlers.borrow_mut().push(message);
    for (open, state) in [(true, PeerState::Open), (false, PeerState::Closed)] {
        let on_state = events.on_state.clone();
        let handler = Closure::<dyn FnMut(JsValue)>::new(move |_| on_state(state));
        if open {
            channel.set_onopen(Some(handler.as_ref().unchecked_ref()));
        } else {
            channel.set_onclose(Some(handler.as_ref().unchecked_ref()));
        }
        handlers.borrow_mut().push(handler);
    }
}

/// Whether this browser can make direct connections: it has `RTCPeerConnection` (Debian's
/// WebKitGTK has none). The page's `?direct=off` says it cannot, to try play by codes in any
/// browser.
pub fn direct_possible() -> bool {
    let has =
        Reflect::get(&js_sys::global(), &"RTCPeerConnection".into()).is_ok_and(|c| c.is_function());
    has && !page_asks("direct=off")
}

/// The page's `?stun=off`: no STUN server (the browser tests run with no internet).
fn stun_off() -> bool {
    page_asks("stun=off")
}

fn page_asks(what: &str) -> bool {
    web_sys::window()
        .and_then(|w| w.location().search().ok())
        .is_some_and(|s| s.contains(what))
}

/// The browser's own words go to the console: the player is told in ours.
fn refused(e: JsValue) -> String {
    let text = e.as_string().or_else(|| {
        Reflect::get(&e, &"message".into())
            .ok()
            .and_then(|m| m.as_string())
    });
    leptos::logging::warn!("WebRTC: {}", text.as_deref().unwrap_or("refused"));
    "the browser refused to make the connection".into()
}
