//! The computer at a table: the host's device plays the computers' seats, and an absent
//! friend's while it covers them, one action at a time, asked of the game's computer worker
//! (started when first asked), which decides from the game it is sent as that seat would.

use super::Online;
use crate::shell::motion::asked_pause;
use crate::shell::worker::WorkerClient;
use duel_link::Duel;
use leptos::prelude::*;
use std::thread::LocalKey;
use std::time::Duration;

/// How a page's game asks its computer.
pub struct Computer<D: Duel> {
    /// The game's computer worker.
    pub worker: &'static LocalKey<WorkerClient>,
    /// The question for `seat`'s next action in `game`, tagged `tag`.
    pub question: fn(u32, D::Seat, &D) -> String,
    /// Which of the seat's legal actions (by place) a reply chose.
    pub chosen: fn(&str) -> Option<usize>,
}

/// The seats the host's device plays: while it is to play one, asks the computer and plays
/// its answer after a pause (people see what it did), then the next. `busy` is the page's,
/// kept across calls (one question at a time); `thinking` says so on the table.
pub fn play_for_others<D: Duel + 'static>(
    online: Online<D>,
    computer: &'static Computer<D>,
    thinking: RwSignal<bool>,
    notice: RwSignal<Option<String>>,
    busy: StoredValue<bool>,
) {
    if busy.get_value() || online.host_turn(|_, _| ()).is_none() {
        return;
    }
    busy.set_value(true);
    thinking.set(true);
    let done = move || {
        busy.set_value(false);
        thinking.set(false);
    };
    online.host_turn(|seat, game| {
        let legal = game.legal(seat);
        let position = game.history_len();
        let on_reply = move |reply: Result<String, String>| {
            let chosen = reply
                .ok()
                .and_then(|r| (computer.chosen)(&r))
                .and_then(|i| legal.get(i).copied());
            let Some(action) = chosen else {
                notice.set(Some(
                    "The computer could not play. Reload the page to try again.".into(),
                ));
                return done();
            };
            set_timeout(
                move || {
                    // Played only if the game is still where it was asked.
                    let same = online
                        .host_turn(|s, g| s == seat && g.history_len() == position)
                        .unwrap_or(false);
                    if same {
                        online.act_for(seat, action);
                    }
                    done();
                    play_for_others(online, computer, thinking, notice, busy);
                },
                pause(),
            );
        };
        computer
            .worker
            .with(|w| w.ask(|tag| (computer.question)(tag, seat, game), on_reply));
    });
}

/// The pause before each action the host's device plays for a computer's seat: the asked
/// one, else a second, so that people see what it did.
fn pause() -> Duration {
    asked_pause().unwrap_or(Duration::from_secs(1))
}
