//! What two-player games made by the earlier (two-seat only) version of this crate left on
//! players' devices and in their messengers, pinned: an invite, a host's and a guest's saved
//! session mid-game, and a move's code. They were made by the code before issue #33 (a seat
//! count from the options), and must still be read: the invite made today is byte for byte
//! the pinned one, the saves load, and the move code the loaded host makes is the pinned one
//! and the loaded guest reads it, then the game plays to a fair end.
//!
//! `DUEL_PIN=1 cargo test -p duel-link --test compat -- --nocapture` prints them again (only
//! ever wanted if the pins are deliberately renewed).

mod common;

use common::*;
use duel_link::evr::EvrDuel;
use duel_link::swr::SwrDuel;
use duel_link::{Duel, GuestEvent, GuestSession, HostSession, Verdict};
use game_kit::Rng;

type EvrSide = evr_engine::Side;

/// A deterministic two-player game up to a point where the host is to act: the host's and the
/// guest's saves there, then the host's move (its first legal action) and its code.
fn made_today() -> (String, String, String, String) {
    let mut pair = start::<EvrDuel>(Default::default(), EvrSide::Rebel, 77);
    let invite = HostSession::<EvrDuel>::new(Default::default(), EvrSide::Rebel, secret(77), 77)
        .invite_code();
    let mut net = Net::new(77, CLEAN);
    let mut rng = Rng::new(77);
    let mut played = Played::default();
    for _ in 0..60 {
        step(&mut pair, &mut net, &mut rng, &mut played, 3);
    }
    loop {
        settle(&mut pair, &mut net);
        let g = pair.host.game().unwrap();
        if g.to_act().contains(&EvrSide::Rebel) {
            break;
        }
        step(&mut pair, &mut net, &mut rng, &mut played, 3);
    }
    let (h, g) = (pair.host.save(), pair.guest.save());
    let a = pair.host.game().unwrap().legal(EvrSide::Rebel)[0];
    pair.host.act(a).unwrap();
    (invite, h, g, pair.host.code())
}

// Made by the code of commit c0dad82 (two seats only).
const INVITE: &str =
    "ATfRAQEBAU0AAAAAAQABAADpfH_SNqoE_3HOSlCLaFdR2O1b0-kTp2SxTeAaDCnrEJtmzXUQgUVz68K0eg";
const HOST_SAVE: &str = "duel-link-host 1 AQEBAQEBTQA6pduLbLuVmlcAOaXbi2y7lZpXH5X2BTG3FWKwAAAAAAAAABe-Y1Vq1U6qg-NPb6tieY8GnAkxsvAeh9P0fsMLXPgVAUEGNK082KRiPhKxWeyxhrE30QEBAQFNAAAAAAEAAQAA6Xx_0jaqBP9xzkpQi2hXUdjtW9PpE6dksU3gGgwp6xCbZs11EIFFcxMmOolisLGOYz77IIbGnDaTIcxclgE1AB8AAAA2PFDBYw";
const GUEST_SAVE: &str = "duel-link-guest 1 AQEBAQEBTQEglfYFMbcVYrAAH5X2BTG3FWKwOaXbi2y7lZpXAAAAAAABAOl8f9I2qgT_cc5KUItoV1HY7VvT6ROnZLFN4BoMKesQQQY0rTzYpGI-ErFZ7LGGsT8BAAIBBBYBAAAAAAERAAMpARwAJgAEKCosLwAAAAEDAgECAgAEBwASAQ0BCgAEAAMBCgIAAQIEAgAAAAAAAABGAwAAAAQAAQFqAgEAAwIBCgUDAAAAAAYDAQEBAgAEBwAPAAQHARkABAcABwADCAEZAwwHAgQHAAoABAcBHQADCAAPBRAAAQIAAwwjAAQSAQAABAcBHAADCAAKAg0dAwgBHAMMGQIDCgAKBAcBKQADCAAKAg0pAwoBKQILAAMIASkDDAoCAwoADwILAQQHABEABAcBLgAEBwAFAAMKARwDCAAFAwwPAgMIAS4DEQEAAwwDAAIPAAUSAAEAAAILAAILAQMYCQcDBAACAwQBAgMaAAIDGgECBRsBAAkHAwUBAQUcAAoDAAIPAAIPAQIBAQMFAAIDBQECAwICBAUDAQAAAAYDAAEBAAAGAwEAAQMABAcBKQAEBwANAAQHARwABAcACgAEBwEmAAILAAMIASkDDA0CNgABATZBgWI6J2xRQtUtdEIL_U0WennGJrxA1qr93urqKvljcjaHUpX8oocxMyNUSUlwetFPlytEMjBHuQYm3Z56UpaX0hOfeRhQf8F01pnrvXyjPi_I6Xq8bf3aZwLDtcwrH8_0Q2ZucefgCt9pXUaazv8lyWjDLiCXk9OZovOlH4bppHKVibT8qgRWyoEDWxrwvUK1xvxjIbVmFak8uOOfvv6m2AHvh5iakBnEcoHMfbN0iNRThgoGn6eo24IHHZbHFF-_Q530sn6WIAQevMvgjuJcJhLxxShi5fs_DRdNqkTnaM7ENireB9KPwVhVFQMqZZujTWDj9BikutkcAgIdAAADBAIAAAQGAAAABggBAAAHCQEAAAgLAAAACQ8AAAAKEgMAAAsTAAAADBUAAAANGAMAAA4aAwAADxsBAAAQHQQAABEfAAAAEiEBAAATJAEAABQlAAAAFSYDAAAWJwAAABcpAQAAGCsAAAAZLQAAABovAAAAGzEAAAAcMwEAAB40AAAAHzUDAAAAAAABCAEAAKZgHEA";
const MOVE_CODE: &str = "AkjRAQEBAU0AAAAAOh8DNwEhJwEBEQIBAQICAAITAAkBAQoBAAEBAwMJAQIEAgMcAyYFRgEEBwATAJBP5L_950GV2Y_QgPRmxakV0QEBAQFNAAAAAAAfCQTY54rQFfHvX4Vjhw";
const SWR_INVITE: &str =
    "ATfRAQICAgUAAAAAAQABAADnJHgyUQfzkyDtSICJGdPJeOaxLhIPLxKnh5dF-19wTlumfwLcwJTd0NtsTA";

#[test]
fn print_pins() {
    if std::env::var("DUEL_PIN").is_err() {
        return;
    }
    let (invite, h, g, code) = made_today();
    println!("const INVITE: &str = \"{invite}\";");
    println!("const HOST_SAVE: &str = \"{h}\";");
    println!("const GUEST_SAVE: &str = \"{g}\";");
    println!("const MOVE_CODE: &str = \"{code}\";");
    let swr =
        HostSession::<SwrDuel>::new(Default::default(), swr_engine::Player::Rebel, secret(5), 5);
    println!("const SWR_INVITE: &str = \"{}\";", swr.invite_code());
}

#[test]
fn two_player_invites_are_byte_for_byte_those_of_before() {
    let host = HostSession::<EvrDuel>::new(Default::default(), EvrSide::Rebel, secret(77), 77);
    assert_eq!(host.invite_code(), INVITE);
    let swr =
        HostSession::<SwrDuel>::new(Default::default(), swr_engine::Player::Rebel, secret(5), 5);
    assert_eq!(swr.invite_code(), SWR_INVITE);
    // And an invite of before is joined as before.
    let guest = GuestSession::<EvrDuel>::join_code(INVITE, part(77)).unwrap();
    assert_eq!(guest.seat(), EvrSide::Imperial);
    assert_eq!(guest.host_seat(), EvrSide::Rebel);
}

#[test]
fn saves_and_move_codes_of_before_are_read_and_the_game_goes_on() {
    let mut host = HostSession::<EvrDuel>::load(HOST_SAVE).unwrap();
    let mut guest = GuestSession::<EvrDuel>::load(GUEST_SAVE).unwrap();
    assert_eq!(host.seat(), EvrSide::Rebel);
    assert_eq!(guest.seat(), EvrSide::Imperial);
    assert!(guest.started());
    // The loaded host makes the same move and the same code as before, byte for byte.
    let a = host.game().unwrap().legal(EvrSide::Rebel)[0];
    host.act(a).unwrap();
    assert_eq!(host.code(), MOVE_CODE);
    let events = guest.receive_code(MOVE_CODE).unwrap();
    assert!(
        events.iter().all(|e| matches!(e, GuestEvent::Changed)),
        "{events:?}"
    );
    assert_eq!(guest.view(), host.game().map(|g| g.view(EvrSide::Imperial)));
    // Reloaded from the old saves, both play to the end; the guest's check passes.
    let mut pair = Pair { host, guest };
    let mut net = Net::new(78, BAD);
    let played = play_out(&mut pair, &mut net, 78, 200_000);
    assert!(
        matches!(played.verdict, Some(Verdict::Fair { .. })),
        "{:?}",
        played.verdict
    );
    // Made again from scratch today, the same game gives the same move code.
    let (invite, _, _, code) = made_today();
    assert_eq!((invite.as_str(), code.as_str()), (INVITE, MOVE_CODE));
}

/// The tables' pages read only saves of this version (`load_current`, which leaves the old
/// format's reading out of their code): a save of before is refused as of another version,
/// and today's saves load the same either way.
#[test]
fn only_two_player_pages_read_saves_of_before() {
    use duel_link::SaveError;
    assert!(matches!(
        HostSession::<EvrDuel>::load_current(HOST_SAVE),
        Err(SaveError::OtherVersion)
    ));
    assert!(matches!(
        GuestSession::<EvrDuel>::load_current(GUEST_SAVE),
        Err(SaveError::OtherVersion)
    ));
    let (_, host, guest, _) = made_today();
    let (h, h_now) = (
        HostSession::<EvrDuel>::load(&host).unwrap(),
        HostSession::<EvrDuel>::load_current(&host).unwrap(),
    );
    assert_eq!(h.save(), h_now.save());
    let (g, g_now) = (
        GuestSession::<EvrDuel>::load(&guest).unwrap(),
        GuestSession::<EvrDuel>::load_current(&guest).unwrap(),
    );
    assert_eq!(g.save(), g_now.save());
}
