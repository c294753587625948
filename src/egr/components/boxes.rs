//! The eight event boxes in the order they resolve, with their slots taken and free, and
//! what they offer, on a shelf of its own: the goods shown, the face-up Covert Missions, the
//! technologies on offer and the Imperial Action cards (on a phone one offer at a time, by
//! tabs). Placing a worker is a tap on its box (the worker picked from the hand, in the
//! decision panel, goes to the box's first free slot, as the rules say); a tile or card is
//! chosen by tapping it.

use super::{ui, WorkerChip};
use crate::egr::numbers::{provisional_slots, PROVISIONAL_NOTE};
use crate::egr::targets::{actions_at, Anchor};
use crate::egr::words::tech_cost_text;
use crate::egr::words::{
    card_name, card_text, counted, good_name, kind_name, mission_name, mission_text, seat_name,
    spot_name, tech_name, tech_text,
};
use egr_engine::{Good, Kind, Place, PlayerView, Seat, Spot};
use leptos::prelude::*;

type Slots = Vec<Option<egr_engine::state::Worker>>;

/// Whether a tap on `at` means something now.
fn live(at: Anchor) -> impl Fn() -> bool + Copy {
    let ui = ui();
    move || {
        let armed = ui.armed.get();
        ui.view.with(|v| {
            v.as_ref()
                .is_some_and(|v| !actions_at(&v.legal_actions, at, armed).is_empty())
        })
    }
}

/// The slots, each redrawn only when its own worker changes (so a worker placed arrives with
/// its motion and the others stay still).
fn slot_views(slots: Signal<Slots>, labels: Option<Vec<String>>) -> impl IntoView {
    let len = Memo::new(move |_| slots.with(Vec::len));
    move || {
        (0..len.get())
            .map(|i| {
                let worker = Memo::new(move |_| slots.with(|s| s.get(i).copied().flatten()));
                let label = labels.as_ref().and_then(|l| l.get(i).cloned());
                view! {
                    <span class="slot" class:taken=move || worker.get().is_some()>
                        {move || worker.get().map(|w| view! { <WorkerChip seat=w.seat kind=w.kind /> })}
                        {label.map(|l| view! { <small class="slot-label">{l}</small> })}
                    </span>
                }
            })
            .collect_view()
    }
}

/// A box's title and slots: one button, tapped to place the picked worker there.
#[component]
fn BoxSlots(
    spot: Spot,
    slug: &'static str,
    slots: Signal<Slots>,
    #[prop(optional)] labels: Option<Vec<String>>,
    #[prop(optional)] note: Option<Signal<String>>,
) -> impl IntoView {
    let ui = ui();
    let live = live(Anchor::Spot(spot));
    // The slot count is marked when the rulebook does not print it; a tap that places
    // nothing says why.
    let provisional = Memo::new(move |_| {
        ui.view.with(|v| {
            v.as_ref()
                .is_some_and(|v| provisional_slots(&v.options.numbers, spot))
        })
    });
    view! {
        <button class="box-slots" class:live=live data-testid=format!("box-{slug}")
            aria-label=move || format!("{}{}", spot_name(spot), if live() { ": place here" } else { "" })
            on:click=move |_| {
                if !live() && provisional.get_untracked() {
                    let n = slots.with_untracked(Vec::len);
                    ui.detail.set(Some(format!("{}: {n} slots ≈ {PROVISIONAL_NOTE}", spot_name(spot))));
                } else {
                    ui.tap(Anchor::Spot(spot))
                }
            }>
            <span class="box-title">{spot_name(spot)}
                {move || provisional.get().then(|| view! {
                    <sup class="prov-mark" data-testid="provisional-mark" title=PROVISIONAL_NOTE>"≈"</sup>
                })}
            </span>
            <span class="slots">{slot_views(slots, labels)}</span>
            {note.map(|n| view! { <small class="box-note">{n}</small> })}
        </button>
    }
}

/// Pieces that stay in the Covert Mission box or the Senate, by faction; a tap answers a
/// question about them (a card that removes one).
#[component]
fn Staying(place: Place, counts: Signal<Vec<(Seat, u8, u8)>>) -> impl IntoView {
    let ui = ui();
    let live = live(Anchor::Box(place));
    view! {
        <button class="staying" class:live=live on:click=move |_| ui.tap(Anchor::Box(place))
            aria-label=move || {
                let parts: Vec<String> = counts.get().into_iter()
                    .map(|(s, n, points)| format!("{}: {} ({})", seat_name(s), counted(u32::from(n), "worker"), counted(u32::from(points), "point"))).collect();
                if parts.is_empty() { "No workers stay here".to_string() } else { parts.join(", ") }
            }>
            {move || counts.get().into_iter().map(|(s, n, points)| view! {
                <span class=format!("count seat-{}", s.0) title=format!("{}, {}", counted(u32::from(n), "worker"), counted(u32::from(points), "point"))>
                    {n}<small>{format!("·{points}")}</small>
                </span>
            }).collect_view()}
        </button>
    }
}

/// A tap on a tile: its answer when it has one, else what the tile does, in the decision panel.
fn tap_or_tell(at: Anchor, live: bool, about: &str) {
    let ui = ui();
    if live {
        ui.tap(at);
    } else {
        ui.detail.set(Some(about.to_string()));
    }
}

fn memo<T: Clone + PartialEq + Send + Sync + 'static>(
    f: impl Fn(&PlayerView) -> T + Send + Sync + 'static,
    empty: T,
) -> Signal<T> {
    let ui = ui();
    Memo::new(move |_| {
        ui.view
            .with(|v| v.as_ref().map(&f).unwrap_or_else(|| empty.clone()))
    })
    .into()
}

#[component]
pub fn Boxes() -> impl IntoView {
    let ui = ui();
    let numbers = Memo::new(move |_| ui.view.with(|v| v.as_ref().map(|v| v.options.numbers)));
    let initiative = memo(|v| v.boxes.initiative.clone(), vec![]);
    let influence = memo(
        |v| {
            let mut all = v.boxes.influence.clone();
            all.push(v.boxes.x_space);
            all.push(v.boxes.y_space);
            all
        },
        vec![],
    );
    let influence_labels = move || {
        ui.view.with_untracked(|v| {
            v.as_ref().map(|v| {
                let n = v.boxes.influence.len();
                (1..=n)
                    .map(|i| i.to_string())
                    .chain(["X".to_string(), "Y".to_string()])
                    .collect::<Vec<_>>()
            })
        })
    };
    let trade = memo(|v| v.boxes.trade.clone(), vec![]);
    let research = memo(|v| v.boxes.research.clone(), vec![]);
    let warfare = memo(|v| v.boxes.warfare.clone(), vec![]);
    let specialists = memo(|v| v.boxes.specialists.clone(), vec![]);
    let goods = memo(|v| v.goods_shown, [0; 8]);
    let missions = memo(|v| v.missions_shown, [None; 3]);
    let techs = memo(|v| v.techs_shown.clone(), vec![]);
    let cards = memo(|v| v.imperial_shown, [None; 3]);
    let covert = memo(
        |v| {
            v.seats
                .iter()
                .filter(|s| s.covert.iter().sum::<u8>() > 0)
                .map(|s| (s.seat, s.covert.iter().sum(), s.covert_points))
                .collect()
        },
        vec![],
    );
    let senate = memo(
        |v| {
            v.seats
                .iter()
                .filter(|s| s.senate.iter().sum::<u8>() > 0)
                .map(|s| (s.seat, s.senate.iter().sum(), s.senate_points))
                .collect()
        },
        vec![],
    );
    let piles = memo(
        |v| {
            format!(
                "{} goods left · {} missions · {} cards",
                v.goods_pile, v.mission_deck, v.imperial_deck
            )
        },
        String::new(),
    );
    let good_tiles = move || {
        goods
            .get()
            .iter()
            .enumerate()
            .flat_map(|(g, &n)| std::iter::repeat_n(Good::ALL[g], n as usize))
            .map(|g| {
                let live = live(Anchor::Good(g));
                view! {
                    <button class=format!("tile good good-{}", g.index()) class:live=live
                        data-testid=format!("good-{}", g.index())
                        on:click=move |_| ui.tap(Anchor::Good(g))>{good_name(g)}</button>
                }
            })
            .collect_view()
    };
    let mission_cards = move || {
        let numbers = numbers
            .get()
            .unwrap_or_else(egr_engine::BoardNumbers::provisional);
        missions
            .get()
            .into_iter()
            .enumerate()
            .filter_map(|(slot, m)| Some((slot as u8, m?)))
            .map(|(slot, m)| {
                let live = live(Anchor::Mission(slot));
                let about = format!("{}: {}", mission_name(m, &numbers), mission_text(m, &numbers));
                view! {
                    <button class="tile mission" class:live=live data-testid=format!("mission-{slot}")
                        title=about.clone()
                        on:click=move |_| tap_or_tell(Anchor::Mission(slot), live(), &about)>{mission_name(m, &numbers)}</button>
                }
            })
            .collect_view()
    };
    let tech_tiles = move || {
        techs
            .get()
            .into_iter()
            .map(|t| {
                let live = live(Anchor::Tech(t));
                let about = format!("{} ({}): {}", tech_name(t), tech_cost_text(t), tech_text(t));
                view! {
                    <button class="tile tech" class:live=live data-testid=format!("tech-{t:?}")
                        title=about.clone()
                        on:click=move |_| tap_or_tell(Anchor::Tech(t), live(), &about)>{tech_name(t)}</button>
                }
            })
            .collect_view()
    };
    let card_tiles = move || {
        cards
            .get()
            .into_iter()
            .enumerate()
            .filter_map(|(slot, c)| Some((slot as u8, c?)))
            .map(|(slot, c)| {
                let live = live(Anchor::Card(slot));
                let about = format!("{}: {}", card_name(c), card_text(c));
                view! {
                    <button class="tile card" class:live=live data-testid=format!("card-{slot}")
                        title=about.clone()
                        on:click=move |_| tap_or_tell(Anchor::Card(slot), live(), &about)>{card_name(c)}</button>
                }
            })
            .collect_view()
    };
    let specialist_labels: Vec<String> = Kind::SPECIALISTS
        .iter()
        .map(|k| kind_name(*k).to_string())
        .chain(["5 UC".to_string()])
        .collect();
    let specialist_spots = Kind::SPECIALISTS
        .iter()
        .enumerate()
        .map(|(i, k)| {
            let slots = Signal::derive(move || {
                specialists.with(|s| s.get(i).copied().into_iter().collect::<Vec<_>>())
            });
            let spot = Spot::Specialist(*k);
            view! { <BoxSlots spot slug=kind_slug(*k) slots labels=vec![specialist_labels[i].clone()] /> }
        })
        .collect_view();
    let paid =
        Signal::derive(move || specialists.with(|s| s.get(5).copied().into_iter().collect()));
    // The offers a narrow table shows by tabs (a wide one shows all four): those the decision
    // is about, unless a tab was picked while it is asked; else the tab picked last. A tab is
    // kept with the position of the game it was picked at.
    let position = Memo::new(move |_| ui.session.with(|s| s.as_ref().map(|s| s.position())));
    let picked = RwSignal::new((Offer::Goods, None));
    let live_offers = Memo::new(move |_| {
        let armed = ui.armed.get();
        ui.view.with(|v| {
            let Some(v) = v.as_ref() else {
                return Vec::new();
            };
            Offer::ALL
                .into_iter()
                .filter(|o| {
                    o.anchors(v)
                        .into_iter()
                        .any(|at| !actions_at(&v.legal_actions, at, armed).is_empty())
                })
                .collect::<Vec<_>>()
        })
    });
    let shown = move |o: Offer| {
        live_offers.with(|live| {
            picked.with(|(tab, then)| {
                if live.is_empty() || *then == position.get() {
                    *tab == o
                } else {
                    live.contains(&o)
                }
            })
        })
    };
    let is_live = move |o: Offer| live_offers.with(|live| live.contains(&o));
    let group = move |o: Offer, tiles: AnyView| {
        view! {
            <div class=format!("offer-group offer-{}", o.slug()) class:current=move || shown(o)
                role="group" aria-label=o.heading() data-testid=format!("offers-{}", o.slug())>
                <h3>{o.heading()}</h3>
                <div class="tiles">{tiles}</div>
            </div>
        }
    };
    view! {
        <section class="boxes" aria-label="Event boxes">
            <div class="box initiative">
                <BoxSlots spot=Spot::Initiative slug="initiative" slots=initiative />
            </div>
            <div class="box influence">
                <BoxSlots spot=Spot::Influence slug="influence" slots=influence
                    labels=influence_labels().unwrap_or_default() />
            </div>
            <div class="box trade">
                <BoxSlots spot=Spot::Trade slug="trade" slots=trade />
            </div>
            <div class="box covert">
                <BoxSlots spot=Spot::Covert slug="covert" slots=Signal::derive(Vec::new) />
                <Staying place=Place::Covert counts=covert />
            </div>
            <div class="box research">
                <BoxSlots spot=Spot::Research slug="research" slots=research />
            </div>
            <div class="box warfare">
                <BoxSlots spot=Spot::Warfare slug="warfare" slots=warfare />
            </div>
            <div class="box specialists">
                <span class="box-heading">"Specialists"</span>
                {specialist_spots}
                <BoxSlots spot=Spot::PaidSpecialist slug="paid" slots=paid labels=vec!["5 UC".to_string()] />
            </div>
            <div class="box senate">
                <BoxSlots spot=Spot::Senate slug="senate" slots=Signal::derive(Vec::new) />
                <Staying place=Place::Senate counts=senate />
            </div>
        </section>
        <section class="offers" aria-label="On offer" data-testid="offers">
            <div class="offer-tabs" role="tablist" aria-label="On offer">
                {Offer::ALL.map(|o| view! {
                    <button role="tab" data-testid=format!("offer-{}", o.slug())
                        aria-selected=move || shown(o).to_string()
                        class:live=move || is_live(o)
                        on:click=move |_| picked.set((o, position.get_untracked()))>{o.tab()}</button>
                }).collect_view()}
            </div>
            {group(Offer::Goods, good_tiles.into_any())}
            {group(Offer::Missions, mission_cards.into_any())}
            {group(Offer::Techs, tech_tiles.into_any())}
            {group(Offer::Cards, card_tiles.into_any())}
            <p class="piles muted">{piles}</p>
        </section>
    }
}

/// What lies on offer in the boxes: the goods shown, the face-up Covert Missions, the
/// technologies, the Imperial Action cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Offer {
    Goods,
    Missions,
    Techs,
    Cards,
}

impl Offer {
    const ALL: [Offer; 4] = [Offer::Goods, Offer::Missions, Offer::Techs, Offer::Cards];

    fn slug(self) -> &'static str {
        match self {
            Offer::Goods => "goods",
            Offer::Missions => "missions",
            Offer::Techs => "techs",
            Offer::Cards => "cards",
        }
    }

    fn tab(self) -> &'static str {
        match self {
            Offer::Goods => "Goods",
            Offer::Missions => "Missions",
            Offer::Techs => "Tech",
            Offer::Cards => "Imperial",
        }
    }

    fn heading(self) -> &'static str {
        match self {
            Offer::Goods => "Trade goods on offer",
            Offer::Missions => "Covert Missions face up",
            Offer::Techs => "Technologies on offer",
            Offer::Cards => "Imperial Action cards",
        }
    }

    /// The places on the table where this offer's tiles are answered.
    fn anchors(self, v: &PlayerView) -> Vec<Anchor> {
        match self {
            Offer::Goods => Good::ALL.into_iter().map(Anchor::Good).collect(),
            Offer::Missions => (0..3).map(Anchor::Mission).collect(),
            Offer::Techs => v.techs_shown.iter().map(|t| Anchor::Tech(*t)).collect(),
            Offer::Cards => (0..3).map(Anchor::Card).collect(),
        }
    }
}

fn kind_slug(kind: Kind) -> &'static str {
    match kind {
        Kind::Rebel => "rebel",
        Kind::Trooper => "trooper",
        Kind::Hero => "hero",
        Kind::Smuggler => "smuggler",
        Kind::Scientist => "scientist",
        Kind::Diplomat => "diplomat",
    }
}
