//! The lobby of a page with tables (Galactic Rebellion's, Rebellion's team game's): before a
//! game, hosting one (how many play, who holds each seat) or joining a friend's; once this
//! device has one, the table's lobby ([`TableLobby`]).

use super::screens::{JoinBox, Pairing, PrivacyNote};
use super::table::{SeatChooser, SeatName, StillMissing, TableLobby};
use super::{Online, Stage, BY_CODES};
use duel_link::{Duel, SeatKind};
use leptos::prelude::*;

/// What a page's game says and decides when a table is set.
pub struct TableGame<D: Duel> {
    /// The lobby's title.
    pub title: &'static str,
    /// What hosting is, in a sentence or two.
    pub hosting: &'static str,
    /// How many may play, fewest first, and how many the lobby suggests.
    pub players: &'static [u8],
    pub suggested: u8,
    /// The seats of a game of `n` players, in order.
    pub seats: fn(u8) -> Vec<D::Seat>,
    /// The game's options for `n` players.
    pub options: fn(u8) -> D::Options,
    pub seat_name: SeatName<D::Seat>,
    /// Advice on who hosts, when the host's seat calls for it.
    pub advice: fn(D::Seat) -> Option<&'static str>,
    /// The game on this device: its page and the link's words.
    pub home: (&'static str, &'static str),
}

/// Before a game, and whenever the player opens it: setting the table, the links of each
/// seat, joining, reconnecting, codes. `on_back` goes to the table.
#[component]
pub fn TableStart<D>(
    online: Online<D>,
    game: &'static TableGame<D>,
    on_back: Callback<()>,
) -> impl IntoView
where
    D: Duel + 'static,
    D::Seat: Send + Sync,
{
    let players = RwSignal::new(game.suggested);
    let seats = Signal::derive(move || (game.seats)(players.get()));
    let kinds = RwSignal::new(fit_kinds(vec![SeatKind::Host], game.suggested));
    // The kinds follow the number of seats at once (the seat chooser is drawn from them).
    let set_players = move |n: u8| {
        kinds.update(|k| *k = fit_kinds(std::mem::take(k), n));
        players.set(n);
    };
    let advice = move || {
        let seats = seats.get();
        kinds.with(|k| {
            let host = k.iter().position(|k| *k == SeatKind::Host)?;
            (game.advice)(*seats.get(host)?)
        })
    };
    let link = RwSignal::new(String::new());
    // Which screen: drawn again only when it changes (hosting, joining and abandoning change
    // the first line's stage and the table), so that a code typed in it is kept.
    let branch = Memo::new(move |_| {
        online.stage.track();
        online.table.track();
        (online.has_game(), online.unreadable())
    });
    let host = move |_| {
        online.host_table(
            (game.options)(players.get_untracked()),
            kinds.get_untracked(),
        )
    };
    let count_button = move |n: u8| {
        view! {
            <button type="button" aria-pressed=move || (players.get() == n).to_string()
                data-testid=format!("players-{n}") on:click=move |_| set_players(n)>{n}</button>
        }
    };
    view! {
        <main class="lobby" data-testid="lobby">
            <h1>{game.title}</h1>
            {(!online.direct).then(|| view! {
                <p class="banner" data-testid="no-direct">
                    "This browser cannot connect directly to the other devices (a current Chrome, \
                     Edge, Firefox or Safari can), "{BY_CODES}
                </p>
            })}
            {move || online.notice.get().map(|n| view! { <p class="banner" role="alert" data-testid="online-notice">{n}</p> })}
            <StillMissing online seat_name=game.seat_name />
            {move || match branch.get() {
                (_, true) => view! {
                    <section class="pairing" data-testid="unreadable">
                        <p>"The online game saved on this device cannot be read by this version of the app, so nothing replaces it until you drop it."</p>
                        <button type="button" class="quiet" data-testid="drop-unreadable" on:click=move |_| online.abandon_if_sure()>"Drop the saved online game"</button>
                    </section>
                }.into_any(),
                (false, _) => view! {
                    <Pairing online line=online.first() on_back />
                    <Show when=move || online.stage.get() == Stage::Choose>
                        <section class="pairing" data-testid="set-table">
                            {(!online.direct).then(|| view! { <span data-testid="play-by-codes" hidden></span> })}
                            <h2>"Host a game"</h2>
                            <p>{game.hosting}</p>
                            <p role="group" aria-label="Players">"Players: "{game.players.iter().copied().map(count_button).collect_view()}</p>
                            <SeatChooser seats seat_name=game.seat_name kinds />
                            {move || advice().map(|a| view! { <p class="banner" data-testid="host-advice">{a}</p> })}
                            <div class="buttons">
                                <button type="button" class="primary" data-testid="host-table" on:click=host>"Make the links"</button>
                            </div>
                            <h2>"Join a friend's game"</h2>
                            <p>"Open the link they sent you, or paste it here."</p>
                            <JoinBox online link />
                            <PrivacyNote direct=online.direct />
                            <p><a href=game.home.0 data-testid="back-to-game">{game.home.1}</a></p>
                        </section>
                    </Show>
                }.into_any(),
                (true, false) => view! { <TableLobby online seat_name=game.seat_name on_back /> }.into_any(),
            }}
        </main>
    }
}

/// Who holds each of `n` seats: new seats are friends', and the host keeps a seat.
fn fit_kinds(mut kinds: Vec<SeatKind>, n: u8) -> Vec<SeatKind> {
    kinds.resize(usize::from(n), SeatKind::Guest);
    if !kinds.contains(&SeatKind::Host) {
        kinds[0] = SeatKind::Host;
    }
    kinds
}

#[cfg(test)]
mod tests {
    use super::*;
    use SeatKind::{Computer, Guest, Host};

    #[test]
    fn seats_added_are_friends_and_the_host_keeps_a_seat() {
        assert_eq!(fit_kinds(vec![Host], 3), [Host, Guest, Guest]);
        assert_eq!(
            fit_kinds(vec![Guest, Computer, Guest, Host], 3),
            [Host, Computer, Guest]
        );
        assert_eq!(
            fit_kinds(vec![Computer, Host], 4),
            [Computer, Host, Guest, Guest]
        );
    }
}
