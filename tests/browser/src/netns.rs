//! Two "devices" on one machine for the online tests: two Linux network namespaces joined by
//! a virtual link, each with a default route over it, so that WebRTC finds a real address
//! (loopback gives no candidates: `../shared/research/online-play.md`). Each namespace also
//! has a small link to this machine's own namespace, over which its ChromeDriver is driven
//! and the static server is reached; this machine does not forward between them, so the two
//! browsers meet only over their shared link, which [`TwoDevices::cut`] can silence.
//!
//! ```text
//!   this machine 10.61.1.1 ── 10.61.1.2 [device A] 10.62.0.1 ══ 10.62.0.2 [device B] 10.61.2.2 ── 10.61.2.1 this machine
//! ```
//!
//! Needs root (or CAP_NET_ADMIN) and `ip`; [`TwoDevices::create`] says why it cannot.

use std::process::{Command, Stdio};
use std::sync::{Mutex, MutexGuard};

/// One pair of devices at a time in a test binary: their names and addresses are fixed.
static TURN: Mutex<()> = Mutex::new(());

/// One device: its namespace and addresses.
pub struct Device {
    pub netns: String,
    /// Where its ChromeDriver listens (inside the namespace).
    pub address: &'static str,
    /// This machine's end of its control link: where it reaches the static server.
    pub machine: &'static str,
    /// Its address on the link between the two devices.
    pub shared: &'static str,
    link: &'static str,
}

/// Two devices joined by one link; dropping this removes both namespaces and their links.
pub struct TwoDevices {
    pub a: Device,
    pub b: Device,
    controls: [String; 2],
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

impl TwoDevices {
    /// Makes the two namespaces and their links, or says why it cannot.
    pub fn create() -> Result<TwoDevices, String> {
        // A test that failed while holding the turn poisons it; the next may still go.
        let turn = TURN.lock().unwrap_or_else(|e| e.into_inner());
        let id = std::process::id() % 100_000;
        let devices = TwoDevices {
            a: Device {
                netns: format!("duel-a-{id}"),
                address: "10.61.1.2",
                machine: "10.61.1.1",
                shared: "10.62.0.1",
                link: "shared-a",
            },
            b: Device {
                netns: format!("duel-b-{id}"),
                address: "10.61.2.2",
                machine: "10.61.2.1",
                shared: "10.62.0.2",
                link: "shared-b",
            },
            controls: [format!("dla{id}"), format!("dlb{id}")],
            _turn: turn,
        };
        // From here on, Drop cleans up whatever was made.
        devices.build()?;
        Ok(devices)
    }

    fn build(&self) -> Result<(), String> {
        for (device, control) in [(&self.a, &self.controls[0]), (&self.b, &self.controls[1])] {
            let ns = device.netns.as_str();
            ip(&["netns", "add", ns])?;
            ip(&["-n", ns, "link", "set", "lo", "up"])?;
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
        }
        let (a, b) = (&self.a, &self.b);
        ip(&[
            "-n", &a.netns, "link", "add", a.link, "type", "veth", "peer", "name", b.link, "netns",
            &b.netns,
        ])?;
        for (device, other) in [(a, b), (b, a)] {
            let ns = device.netns.as_str();
            ip(&[
                "-n",
                ns,
                "addr",
                "add",
                &format!("{}/24", device.shared),
                "dev",
                device.link,
            ])?;
            ip(&["-n", ns, "link", "set", device.link, "up"])?;
            ip(&["-n", ns, "route", "add", "default", "via", other.shared])?;
        }
        Ok(())
    }

    /// Silences the link between the devices without either noticing a change of network:
    /// each side's packets go to an address no one has (measured: after more than about 15 s
    /// the browsers give the connection up).
    pub fn cut(&self) -> Result<(), String> {
        for (device, other) in [(&self.a, &self.b), (&self.b, &self.a)] {
            ip(&[
                "-n",
                &device.netns,
                "neigh",
                "replace",
                other.shared,
                "lladdr",
                "02:00:00:00:00:01",
                "dev",
                device.link,
                "nud",
                "permanent",
            ])?;
        }
        Ok(())
    }

    /// Brings the link back.
    pub fn mend(&self) -> Result<(), String> {
        for (device, other) in [(&self.a, &self.b), (&self.b, &self.a)] {
            ip(&[
                "-n",
                &device.netns,
                "neigh",
                "del",
                other.shared,
                "dev",
                device.link,
            ])?;
        }
        Ok(())
    }
}

impl Drop for TwoDevices {
    fn drop(&mut self) {
        for ns in [&self.a.netns, &self.b.netns] {
            let _ = ip(&["netns", "del", ns]);
        }
        for control in &self.controls {
            let _ = ip(&["link", "del", control]);
        }
    }
}
