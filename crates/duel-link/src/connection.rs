//! A WebRTC offer or answer in few bytes, for the invite link and the reply code.
//!
//! Of a data channel's session description only a few facts differ from one connection to
//! the next: the DTLS role, the ICE user fragment and password, the certificate's
//! fingerprint and the addresses found (candidates). [`Connection`] keeps those, packs them
//! in about 70 bytes (a whole description is about 560 characters) and writes a description
//! the browser accepts back from a fixed template ([`Connection::to_sdp`]). Only UDP
//! candidates travel (a browser's TCP candidates are for networks that block UDP, where a
//! direct connection between two homes fails anyway).

use std::fmt;

/// The DTLS role a description offers or takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setup {
    /// An offer: the other side chooses.
    ActPass,
    Active,
    Passive,
}

/// What kind of address a candidate is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// An address of the device itself.
    Host,
    /// The device's address as a STUN server saw it (outside a home router).
    Reflexive,
    /// A relay's address.
    Relay,
}

/// A candidate's address.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Address {
    V4([u8; 4]),
    V6([u8; 16]),
    /// A private name `<uuid>.local` that browsers give local addresses (mDNS).
    Local([u8; 16]),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub reach: Reach,
    pub address: Address,
    pub port: u16,
}

/// What one side of a connection must tell the other.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Connection {
    pub setup: Setup,
    pub ufrag: String,
    pub pwd: String,
    /// SHA-256 of the DTLS certificate.
    pub fingerprint: [u8; 32],
    pub candidates: Vec<Candidate>,
}

/// Why a description or its bytes cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConnectionError {
    /// The description lacks a line this needs (named).
    Missing(&'static str),
    /// The bytes are not a packed connection.
    Unreadable,
}

impl fmt::Display for ConnectionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConnectionError::Missing(what) => {
                write!(f, "the browser's connection offer has no {what}")
            }
            ConnectionError::Unreadable => {
                f.write_str("the connection part of this code cannot be read")
            }
        }
    }
}

impl std::error::Error for ConnectionError {}

impl Connection {
    /// Reads what matters from a browser's session description (after ICE gathering, so
    /// that it holds the candidates).
    pub fn from_sdp(sdp: &str) -> Result<Connection, ConnectionError> {
        let mut setup = None;
        let mut ufrag = None;
        let mut pwd = None;
        let mut fingerprint = None;
        let mut candidates = Vec::new();
        for line in sdp.lines().map(str::trim) {
            if let Some(v) = line.strip_prefix("a=setup:") {
                setup = match v {
                    "actpass" => Some(Setup::ActPass),
                    "active" => Some(Setup::Active),
                    "passive" => Some(Setup::Passive),
                    _ => setup,
                };
            } else if let Some(v) = line.strip_prefix("a=ice-ufrag:") {
                ufrag.get_or_insert(v.to_string());
            } else if let Some(v) = line.strip_prefix("a=ice-pwd:") {
                pwd.get_or_insert(v.to_string());
            } else if let Some(v) = line.strip_prefix("a=fingerprint:sha-256 ") {
                fingerprint = fingerprint.or_else(|| read_fingerprint(v));
            } else if let Some(v) = line.strip_prefix("a=candidate:") {
                if let Some(c) = read_candidate(v) {
                    if !candidates.contains(&c) {
                        candidates.push(c);
                    }
                }
            }
        }
        let ufrag = ufrag.ok_or(ConnectionError::Missing("ICE user fragment"))?;
        let pwd = pwd.ok_or(ConnectionError::Missing("ICE password"))?;
        if ufrag.len() > 255 || pwd.len() > 255 {
            return Err(ConnectionError::Missing(
                "ICE credentials of a usual length",
            ));
        }
        Ok(Connection {
            setup: setup.ok_or(ConnectionError::Missing("DTLS role"))?,
            ufrag,
            pwd,
            fingerprint: fingerprint.ok_or(ConnectionError::Missing("SHA-256 fingerprint"))?,
            candidates,
        })
    }

    /// A description the browser accepts as the other side's (`session` numbers it; any
    /// value works).
    pub fn to_sdp(&self, session: u64) -> String {
        let setup = match self.setup {
            Setup::ActPass => "actpass",
            Setup::Active => "active",
            Setup::Passive => "passive",
        };
        let fingerprint = self
            .fingerprint
            .iter()
            .map(|b| format!("{b:02X}"))
            .collect::<Vec<_>>()
            .join(":");
        let mut sdp = format!(
            "v=0\r\no=- {session} 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n\
             a=group:BUNDLE 0\r\na=msid-semantic: WMS\r\n\
             m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 0.0.0.0\r\n"
        );
        for (i, c) in self.candidates.iter().enumerate() {
            let (kind, priority) = match c.reach {
                Reach::Host => ("host", 2_122_260_223u32),
                Reach::Reflexive => ("srflx", 1_686_052_607),
                Reach::Relay => ("relay", 41_885_439),
            };
            // Earlier candidates first: the order the browser gave them in.
            let priority = priority - i as u32;
            let related = match c.reach {
                Reach::Host => "",
                _ => " raddr 0.0.0.0 rport 0",
            };
            sdp += &format!(
                "a=candidate:{} 1 udp {priority} {} {} typ {kind}{related}\r\n",
                i + 1,
                address_text(&c.address),
                c.port
            );
        }
        sdp += &format!(
            "a=ice-ufrag:{}\r\na=ice-pwd:{}\r\na=ice-options:trickle\r\n\
             a=fingerprint:sha-256 {fingerprint}\r\na=setup:{setup}\r\na=mid:0\r\n\
             a=sctp-port:5000\r\na=max-message-size:262144\r\n",
            self.ufrag, self.pwd
        );
        sdp
    }

    /// Packed: the role, the credentials, the fingerprint, then each candidate.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = vec![match self.setup {
            Setup::ActPass => 0,
            Setup::Active => 1,
            Setup::Passive => 2,
        }];
        for text in [&self.ufrag, &self.pwd] {
            out.push(text.len() as u8);
            out.extend_from_slice(text.as_bytes());
        }
        out.extend_from_slice(&self.fingerprint);
        for c in &self.candidates {
            let reach = match c.reach {
                Reach::Host => 0,
                Reach::Reflexive => 1,
                Reach::Relay => 2,
            };
            let (family, bytes): (u8, &[u8]) = match &c.address {
                Address::V4(a) => (0, a),
                Address::V6(a) => (1, a),
                Address::Local(a) => (2, a),
            };
            out.push(reach << 2 | family);
            out.extend_from_slice(bytes);
            out.extend_from_slice(&c.port.to_be_bytes());
        }
        out
    }

    pub fn from_bytes(bytes: &[u8]) -> Result<Connection, ConnectionError> {
        let mut r = Reader { bytes, at: 0 };
        let setup = match r.byte()? {
            0 => Setup::ActPass,
            1 => Setup::Active,
            2 => Setup::Passive,
            _ => return Err(ConnectionError::Unreadable),
        };
        let mut text = || -> Result<String, ConnectionError> {
            let len = r.byte()? as usize;
            let raw = r.take(len)?;
            let s = std::str::from_utf8(raw).map_err(|_| ConnectionError::Unreadable)?;
            if s.chars().all(|c| c.is_ascii_graphic()) {
                Ok(s.to_string())
            } else {
                Err(ConnectionError::Unreadable)
            }
        };
        let ufrag = text()?;
        let pwd = text()?;
        let fingerprint = r.take(32)?.try_into().expect("32 bytes");
        let mut candidates = Vec::new();
        while r.at < bytes.len() {
            let tag = r.byte()?;
            let reach = match tag >> 2 {
                0 => Reach::Host,
                1 => Reach::Reflexive,
                2 => Reach::Relay,
                _ => return Err(ConnectionError::Unreadable),
            };
            let address = match tag & 3 {
                0 => Address::V4(r.take(4)?.try_into().expect("4 bytes")),
                1 => Address::V6(r.take(16)?.try_into().expect("16 bytes")),
                2 => Address::Local(r.take(16)?.try_into().expect("16 bytes")),
                _ => return Err(ConnectionError::Unreadable),
            };
            let port = u16::from_be_bytes(r.take(2)?.try_into().expect("2 bytes"));
            candidates.push(Candidate {
                reach,
                address,
                port,
            });
        }
        Ok(Connection {
            setup,
            ufrag,
            pwd,
            fingerprint,
            candidates,
        })
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], ConnectionError> {
        let end = self.at.checked_add(n).ok_or(ConnectionError::Unreadable)?;
        let out = self
            .bytes
            .get(self.at..end)
            .ok_or(ConnectionError::Unreadable)?;
        self.at = end;
        Ok(out)
    }

    fn byte(&mut self) -> Result<u8, ConnectionError> {
        Ok(self.take(1)?[0])
    }
}

fn read_fingerprint(text: &str) -> Option<[u8; 32]> {
    let bytes: Vec<u8> = text
        .trim()
        .split(':')
        .map(|h| u8::from_str_radix(h, 16).ok())
        .collect::<Option<_>>()?;
    bytes.try_into().ok()
}

/// `<foundation> <component> <transport> <priority> <address> <port> typ <type> ...`
fn read_candidate(text: &str) -> Option<Candidate> {
    let parts: Vec<&str> = text.split_whitespace().collect();
    if parts.len() < 8 || parts[1] != "1" || !parts[2].eq_ignore_ascii_case("udp") {
        return None;
    }
    let reach = match (parts[6], parts[7]) {
        ("typ", "host") => Reach::Host,
        ("typ", "srflx") | ("typ", "prflx") => Reach::Reflexive,
        ("typ", "relay") => Reach::Relay,
        _ => return None,
    };
    Some(Candidate {
        reach,
        address: read_address(parts[4])?,
        port: parts[5].parse().ok()?,
    })
}

fn read_address(text: &str) -> Option<Address> {
    if let Some(ip) = read_v4(text) {
        return Some(Address::V4(ip));
    }
    if let Some(ip) = read_v6(text) {
        return Some(Address::V6(ip));
    }
    let uuid = text.strip_suffix(".local")?;
    let hex: String = uuid.chars().filter(|c| *c != '-').collect();
    if hex.len() != 32 || uuid.len() != 36 {
        return None;
    }
    let mut out = [0u8; 16];
    for (i, b) in out.iter_mut().enumerate() {
        *b = u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).ok()?;
    }
    Some(Address::Local(out))
}

// Addresses are read and written here rather than by `std::net`, whose parsers and printers
// (the shortest IPv6 form among them) cost every online page about 2 KB gzip. They read what
// `std::net` reads (a test compares them); an IPv6 address is written whole, without `::`,
// a form every browser reads.

/// Dotted decimal: four numbers of 0 to 255, without leading zeros.
fn read_v4(text: &str) -> Option<[u8; 4]> {
    let mut out = [0u8; 4];
    let mut parts = text.split('.');
    for b in out.iter_mut() {
        let p = parts.next()?;
        if p.is_empty() || p.len() > 3 || p.len() > 1 && p.starts_with('0') {
            return None;
        }
        if !p.bytes().all(|c| c.is_ascii_digit()) {
            return None;
        }
        *b = u8::try_from(p.bytes().fold(0u32, |n, c| n * 10 + (c - b'0') as u32)).ok()?;
    }
    parts.next().is_none().then_some(out)
}

/// Eight groups of 1 to 4 hex digits, a run of them written `::` at most once, the last two
/// possibly in dotted decimal.
fn read_v6(text: &str) -> Option<[u8; 16]> {
    let (head, tail) = match text.split_once("::") {
        Some((h, t)) => (h, Some(t)),
        None => (text, None),
    };
    let head = v6_groups(head, tail.is_none())?;
    let tail = match tail {
        Some(t) => v6_groups(t, true)?,
        None => Vec::new(),
    };
    // `::` stands for one zero group or more.
    let n = head.len() + tail.len();
    let fits = if text.contains("::") { n <= 7 } else { n == 8 };
    if !fits {
        return None;
    }
    let mut groups = [0u16; 8];
    groups[..head.len()].copy_from_slice(&head);
    groups[8 - tail.len()..].copy_from_slice(&tail);
    let mut out = [0u8; 16];
    for (i, g) in groups.iter().enumerate() {
        out[2 * i..2 * i + 2].copy_from_slice(&g.to_be_bytes());
    }
    Some(out)
}

fn v6_groups(text: &str, last: bool) -> Option<Vec<u16>> {
    let mut out = Vec::new();
    if text.is_empty() {
        return Some(out);
    }
    let parts: Vec<&str> = text.split(':').collect();
    for (i, p) in parts.iter().enumerate() {
        if last && i + 1 == parts.len() && p.contains('.') {
            let [a, b, c, d] = read_v4(p)?;
            out.extend([u16::from_be_bytes([a, b]), u16::from_be_bytes([c, d])]);
        } else if (1..=4).contains(&p.len()) && p.bytes().all(|c| c.is_ascii_hexdigit()) {
            out.push(u16::from_str_radix(p, 16).ok()?);
        } else {
            return None;
        }
    }
    Some(out)
}

fn address_text(address: &Address) -> String {
    match address {
        Address::V4([a, b, c, d]) => format!("{a}.{b}.{c}.{d}"),
        Address::V6(a) => {
            let groups: Vec<String> = a
                .chunks(2)
                .map(|g| format!("{:x}", u16::from_be_bytes([g[0], g[1]])))
                .collect();
            groups.join(":")
        }
        Address::Local(a) => {
            let h: String = a.iter().map(|b| format!("{b:02x}")).collect();
            format!(
                "{}-{}-{}-{}-{}.local",
                &h[..8],
                &h[8..12],
                &h[12..16],
                &h[16..20],
                &h[20..]
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_read_as_std_reads_them_and_written_so_that_it_reads_them_back() {
        let texts = [
            "192.168.1.20",
            "0.0.0.0",
            "255.255.255.255",
            "10.0.0.1",
            "256.1.1.1",
            "1.2.3",
            "1.2.3.4.5",
            "01.2.3.4",
            "1..2.3",
            "1.2.3.x",
            "",
            ".",
            "::",
            "::1",
            "1::",
            "fe80::1",
            "2001:db8::8a2e:370:7334",
            "2001:0db8:0000:0000:0000:ff00:0042:8329",
            "2001:DB8:0:0:0:0:0:1",
            "1:2:3:4:5:6:7:8",
            "1:2:3:4:5:6:7::",
            "::2:3:4:5:6:7:8",
            "1:2:3:4:5:6:7:8:9",
            "1:2:3:4:5:6:7",
            "1::2::3",
            ":::",
            "1:::2",
            ":1:2:3:4:5:6:7",
            "1:2:3:4:5:6:7:",
            "12345::",
            "g::1",
            "::ffff:192.0.2.128",
            "::192.0.2.128",
            "64:ff9b::10.0.0.1",
            "1.2.3.4::",
            "1:2:3:4:5:6:1.2.3.4",
            "1:2:3:4:5:6:7:1.2.3.4",
            "::1.2.3",
            "fe80::1%eth0",
            "[::1]",
            " ::1",
            "1:2:3:4:5:6::1.2.3.4",
        ];
        for t in texts {
            assert_eq!(
                read_v4(t),
                t.parse::<std::net::Ipv4Addr>().ok().map(|a| a.octets()),
                "{t}"
            );
            assert_eq!(
                read_v6(t),
                t.parse::<std::net::Ipv6Addr>().ok().map(|a| a.octets()),
                "{t}"
            );
        }
        let mut seed = 7u64;
        for _ in 0..2000 {
            let mut a = [0u8; 16];
            for b in a.iter_mut() {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                // Many zero groups, so that `std` writes runs of them as `::`.
                *b = if seed >> 62 == 0 {
                    (seed >> 33) as u8
                } else {
                    0
                };
            }
            let v4 = [a[0], a[1], a[2], a[3]];
            let text = address_text(&Address::V4(v4));
            assert_eq!(text, std::net::Ipv4Addr::from(v4).to_string());
            assert_eq!(read_v4(&text), Some(v4));
            let std_text = std::net::Ipv6Addr::from(a).to_string();
            assert_eq!(read_v6(&std_text), Some(a), "{std_text}");
            let text = address_text(&Address::V6(a));
            assert_eq!(
                text.parse::<std::net::Ipv6Addr>().map(|x| x.octets()),
                Ok(a),
                "{text}"
            );
        }
    }

    /// An offer as headless Chromium 156 writes it once gathering is complete.
    const OFFER: &str = "v=0\r\no=- 4611731400430051336 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n\
        a=group:BUNDLE 0\r\na=extmap-allow-mixed\r\na=msid-semantic: WMS\r\n\
        m=application 57046 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 10.32.0.1\r\n\
        a=candidate:3442447574 1 udp 2122260223 10.32.0.1 57046 typ host generation 0 network-id 1\r\n\
        a=candidate:2c9d5d44-54a7-4a5e-9c2f-7c3d2e1f0a9b 1 udp 2122262783 1c2c9a3e-54a7-4a5e-9c2f-7c3d2e1f0a9b.local 42000 typ host generation 0\r\n\
        a=candidate:842163049 1 udp 1686052607 203.0.113.7 61234 typ srflx raddr 10.32.0.1 rport 57046 generation 0 network-id 1\r\n\
        a=candidate:1234 1 tcp 1518280447 10.32.0.1 9 typ host tcptype active generation 0\r\n\
        a=ice-ufrag:Qx3b\r\na=ice-pwd:8n2tQ4VvO2Kf3Xk0y1aBcDeF\r\na=ice-options:trickle\r\n\
        a=fingerprint:sha-256 0A:1B:2C:3D:4E:5F:60:71:82:93:A4:B5:C6:D7:E8:F9:0A:1B:2C:3D:4E:5F:60:71:82:93:A4:B5:C6:D7:E8:F9\r\n\
        a=setup:actpass\r\na=mid:0\r\na=sctp-port:5000\r\na=max-message-size:262144\r\n";

    #[test]
    fn an_offer_keeps_what_differs_and_fits_in_few_bytes() {
        let c = Connection::from_sdp(OFFER).unwrap();
        assert_eq!(c.setup, Setup::ActPass);
        assert_eq!(c.ufrag, "Qx3b");
        assert_eq!(c.pwd, "8n2tQ4VvO2Kf3Xk0y1aBcDeF");
        assert_eq!(c.fingerprint[0], 0x0A);
        assert_eq!(c.fingerprint[31], 0xF9);
        // The TCP candidate is left out.
        assert_eq!(c.candidates.len(), 3);
        assert_eq!(c.candidates[0].address, Address::V4([10, 32, 0, 1]));
        assert_eq!(c.candidates[2].reach, Reach::Reflexive);
        let bytes = c.to_bytes();
        assert!(bytes.len() <= 110, "{} bytes", bytes.len());
        assert_eq!(Connection::from_bytes(&bytes).unwrap(), c);
    }

    #[test]
    fn the_rebuilt_description_reads_back_the_same() {
        let c = Connection::from_sdp(OFFER).unwrap();
        let sdp = c.to_sdp(7);
        assert!(sdp.contains("a=candidate:1 1 udp 2122260223 10.32.0.1 57046 typ host\r\n"));
        assert!(sdp.contains("1c2c9a3e-54a7-4a5e-9c2f-7c3d2e1f0a9b.local 42000 typ host"));
        assert!(sdp.contains("203.0.113.7 61234 typ srflx raddr 0.0.0.0 rport 0"));
        assert_eq!(Connection::from_sdp(&sdp).unwrap(), c);
        let mut answer = c.clone();
        answer.setup = Setup::Active;
        assert!(answer.to_sdp(1).contains("a=setup:active\r\n"));
    }

    #[test]
    fn damaged_bytes_and_thin_descriptions_are_refused() {
        let bytes = Connection::from_sdp(OFFER).unwrap().to_bytes();
        for cut in 0..bytes.len() {
            // Cut inside the fixed part, or mid-candidate: refused, never a panic.
            let r = Connection::from_bytes(&bytes[..cut]);
            if cut < 1 + 5 + 25 + 32 {
                assert!(r.is_err(), "cut at {cut}");
            }
        }
        assert_eq!(
            Connection::from_bytes(&[9]),
            Err(ConnectionError::Unreadable)
        );
        assert_eq!(
            Connection::from_sdp("v=0\r\na=setup:actpass\r\n"),
            Err(ConnectionError::Missing("ICE user fragment"))
        );
    }
}
