//! Several "devices" on one machine for the online tests (2 to 5): a Linux network namespace
//! each, all plugged into one bridge in a hub namespace (a home router's switch), each with a
//! default route to the hub, so that WebRTC finds a real address (loopback gives no
//! candidates: `../shared/research/online-play.md`). Each device also has a small link to this
//! machine's own namespace, over which its ChromeDriver is driven and the static server is
//! reached; this machine does not forward between them, so the browsers meet only over the
//! hub, where [`Devices::cut`] can silence one device, or all of them.
//!
//! ```text
//!   this machine 10.61.1.1 ── 10.61.1.2 [device 0] 10.62.0.1 ══╗
//!   this machine 10.61.2.1 ── 10.61.2.2 [device 1] 10.62.0.2 ══╬══ [hub: a bridge]
//!   …                                              10.62.0.k ══╝
//! ```
//!
//! Needs root (or CAP_NET_ADMIN) and `ip`; [`Devices::create`] says why it cannot.

use std::ops::Index;
use std::process::{Command, Stdio};
use std::sync::{Mutex, MutexGuard};

/// One set of devices at a time in a test binary: their addresses are fixed.
static TURN: Mutex<()> = Mutex::new(());

/// The most devices a test can make.
pub const MAX_DEVICES: usize = 5;

/// A MAC address no device has: neighbour entries pointing there silence a link without
/// either side noticing a change of network.
const NOWHERE: &str = "02:00:00:00:00:01";

/// One device: its namespace and addresses.
pub struct Device {
    pub netns: String,
    /// Where its ChromeDriver listens (inside the namespace).
    pub address: String,
    /// This machine's end of its control link: where it reaches the static server.
    pub machine: String,
    /// Its address on the hub, where it meets the other devices.
    pub shared: String,
    control: String,
}

/// Devices joined by a hub; dropping this removes every namespace and link it made.
pub struct Devices {
    devices: Vec<Device>,
    hub: String,
    _turn: MutexGuard<'static, ()>,
}

fn ip(args: &[&str]) -> Result<(), String> {
    let out = Command::new("ip")
        .args(args)
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("cannot run `ip`: {e}"))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(format!(
            "`ip {}` failed: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr).trim()
        ))
    }
}

impl Devices {
    /// Makes `count` devices (2 to [`MAX_DEVICES`]) on one hub, or says why it cannot.
    pub fn create(count: usize) -> Result<Devices, String> {
        assert!(
            (2..=MAX_DEVICES).contains(&count),
            "2 to {MAX_DEVICES} devices"
        );
        // A test that failed while holding the turn poisons it; the next may still go.
        let turn = TURN.lock().unwrap_or_else(|e| e.into_inner());
        let id = std::process::id() % 100_000;
        let devices = Devices {
            devices: (0..count)
                .map(|k| Device {
                    netns: format!("duel-{k}-{id}"),
                    address: format!("10.61.{}.2", k + 1),
                    machine: format!("10.61.{}.1", k + 1),
                    shared: format!("10.62.0.{}", k + 1),
                    control: format!("dl{k}x{id}"),
                })
                .collect(),
            hub: format!("duel-hub-{id}"),
            _turn: turn,
        };
        // From here on, Drop cleans up whatever was made.
        devices.build()?;
        Ok(devices)
    }

    fn build(&self) -> Result<(), String> {
        let hub = self.hub.as_str();
        ip(&["netns", "add", hub])?;
        ip(&["-n", hub, "link", "set", "lo", "up"])?;
        ip(&["-n", hub, "link", "add", "hub", "type", "bridge"])?;
        ip(&["-n", hub, "link", "set", "hub", "up"])?;
        for (k, device) in self.devices.iter().enumerate() {
            let ns = device.netns.as_str();
            ip(&["netns", "add", ns])?;
            ip(&["-n", ns, "link", "set", "lo", "up"])?;
            // The control link to this machine.
            let control = device.control.as_str();
            ip(&[
                "link", "add", control, "type", "veth", "peer", "name", "ctl", "netns", ns,
            ])?;
            ip(&[
                "addr",
                "add",
                &format!("{}/30", device.machine),
                "dev",
                control,
            ])?;
            ip(&["link", "set", control, "up"])?;
            ip(&[
                "-n",
                ns,
                "addr",
                "add",
                &format!("{}/30", device.address),
                "dev",
                "ctl",
            ])?;
            ip(&["-n", ns, "link", "set", "ctl", "up"])?;
            // Its cable to the hub's bridge.
            let port = format!("port{k}");
            ip(&[
                "-n", ns, "link", "add", "shared", "type", "veth", "peer", "name", &port, "netns",
                hub,
            ])?;
            ip(&["-n", hub, "link", "set", &port, "master", "hub"])?;
            ip(&["-n", hub, "link", "set", &port, "up"])?;
            ip(&[
                "-n",
                ns,
                "addr",
                "add",
                &format!("{}/24", device.shared),
                "dev",
                "shared",
            ])?;
            ip(&["-n", ns, "link", "set", "shared", "up"])?;
            // A default route with no gateway: Firefox finds no candidate to offer when the
            // route goes through one (measured; Chromium does either way).
            ip(&["-n", ns, "route", "add", "default", "dev", "shared"])?;
        }
        Ok(())
    }

    pub fn len(&self) -> usize {
        self.devices.len()
    }

    pub fn is_empty(&self) -> bool {
        self.devices.is_empty()
    }

    pub fn iter(&self) -> std::slice::Iter<'_, Device> {
        self.devices.iter()
    }

    /// Silences every link between the devices (measured with two: after more than about
    /// 15 s the browsers give the connection up).
    pub fn cut(&self) -> Result<(), String> {
        (0..self.len()).try_for_each(|k| self.cut_one(k))
    }

    /// Brings every link back.
    pub fn mend(&self) -> Result<(), String> {
        (0..self.len()).try_for_each(|k| self.mend_one(k))
    }

    /// Silences device `k`'s links to every other device (the others still meet): each
    /// side's packets go to an address no one has.
    pub fn cut_one(&self, k: usize) -> Result<(), String> {
        self.each_link_of(k, |from, to| {
            ip(&[
                "-n",
                &from.netns,
                "neigh",
                "replace",
                &to.shared,
                "lladdr",
                NOWHERE,
                "dev",
                "shared",
                "nud",
                "permanent",
            ])
        })
    }

    /// Brings device `k`'s links back.
    pub fn mend_one(&self, k: usize) -> Result<(), String> {
        self.each_link_of(k, |from, to| {
            // Already mended (a link between two cut devices) is fine.
            let _ = ip(&[
                "-n",
                &from.netns,
                "neigh",
                "del",
                &to.shared,
                "dev",
                "shared",
            ]);
            Ok(())
        })
    }

    /// Runs `f` on both directions of every link between device `k` and another.
    fn each_link_of(
        &self,
        k: usize,
        mut f: impl FnMut(&Device, &Device) -> Result<(), String>,
    ) -> Result<(), String> {
        let me = &self.devices[k];
        for (j, other) in self.devices.iter().enumerate() {
            if j != k {
                f(me, other)?;
                f(other, me)?;
            }
        }
        Ok(())
    }
}

impl Index<usize> for Devices {
    type Output = Device;

    fn index(&self, k: usize) -> &Device {
        &self.devices[k]
    }
}

impl Drop for Devices {
    fn drop(&mut self) {
        for device in &self.devices {
            let _ = ip(&["netns", "del", &device.netns]);
            let _ = ip(&["link", "del", &device.control]);
        }
        let _ = ip(&["netns", "del", &self.hub]);
    }
}
