//! The game log in plain words, from one player's seat. Pure text: no rule is decided here,
//! the engine's log already holds only what this viewer may read.

use evr_engine::cards::{CardId, EventId, Side, Strategy};
use evr_engine::log::{LogEvent, Zone};
use evr_engine::state::CharacterSet;

/// How a side is named from the viewer's seat.
fn who(side: Side, viewer: Side) -> String {
    if side == viewer {
        "You".to_string()
    } else {
        format!("The {}", side_name(side))
    }
}

/// The side's name as the style sheet knows it ("rebellion", "empire").
pub fn side_class(side: Side) -> &'static str {
    match side {
        Side::Rebel => "rebellion",
        Side::Imperial => "empire",
    }
}

pub fn side_name(side: Side) -> &'static str {
    match side {
        Side::Rebel => "Rebellion",
        Side::Imperial => "Empire",
    }
}

/// "Military (4)" or "Luke Skywalker".
pub fn card_label(card: CardId) -> String {
    if card.is_character() {
        card.name().to_string()
    } else {
        format!("{} ({})", card.name(), card.ready_value())
    }
}

fn event_name(event: EventId) -> &'static str {
    event.card().name
}

fn whose(side: Side, viewer: Side) -> String {
    if side == viewer {
        "your".to_string()
    } else {
        format!("the {}'s", side_name(side))
    }
}

fn zone_name(zone: Zone) -> &'static str {
    match zone {
        Zone::Deck => "resource deck",
        Zone::Discard => "discard pile",
        Zone::Play => "play area",
        Zone::Reserve => "reserve",
    }
}

fn characters(set: CharacterSet, side: Side) -> String {
    set.characters(side)
        .map(|c| c.name())
        .collect::<Vec<_>>()
        .join(", ")
}

fn strategy_name(s: Strategy) -> &'static str {
    s.name()
}

/// One log event as a sentence, or None for bookkeeping the player need not read.
pub fn describe(event: &LogEvent, viewer: Side) -> Option<String> {
    let w = |s: Side| who(s, viewer);
    Some(match *event {
        LogEvent::CharactersChosen { side, chosen } => match chosen {
            Some(set) => format!("{} chose {}.", w(side), characters(set, side)),
            None => format!("{} chose four characters.", w(side)),
        },
        LogEvent::BalanceToken { side } => {
            format!("The balance token shows the {} side.", side_name(side))
        }
        LogEvent::RoundStarted { round, event } => {
            format!("Round {round}: the event is {}.", event_name(event))
        }
        LogEvent::StrategyChosen {
            side,
            by,
            strategy,
            random,
        } => {
            let card = strategy.map_or("a strategy card".to_string(), |s| {
                strategy_name(s).to_string()
            });
            if random {
                format!("{} drew {} at random.", w(side), card)
            } else if by == side {
                format!("{} chose {}.", w(side), card)
            } else {
                format!(
                    "{} chose {} for {}.",
                    w(by),
                    card,
                    w(side).to_ascii_lowercase()
                )
            }
        }
        LogEvent::StrategyRevealed { side, strategy } => {
            format!("{} revealed {}.", w(side), strategy_name(strategy))
        }
        LogEvent::StrategyDiscarded { side, strategy } => {
            format!("{} discarded {}.", w(side), strategy_name(strategy))
        }
        LogEvent::StrategiesRetrieved { side } => {
            format!("{} took back all strategy cards.", w(side))
        }
        LogEvent::CardPlayed { side, card, from } => match from {
            Zone::Deck => format!("{} played {}.", w(side), card_label(card)),
            _ => format!(
                "{} played {} from {} {}.",
                w(side),
                card_label(card),
                whose(side, viewer),
                zone_name(from)
            ),
        },
        LogEvent::PowerUsed { side, card } => {
            format!("{} used {}.", w(side), card_label(card))
        }
        LogEvent::PowerHadNoEffect { card, .. } => {
            format!("{} had no effect.", card_label(card))
        }
        LogEvent::InfluenceSpent { side, card } => {
            format!("{} spent influence to ready {}.", w(side), card_label(card))
        }
        LogEvent::Passed { side } => format!("{} passed.", w(side)),
        LogEvent::CardDiscarded { card, from } => format!(
            "{} was discarded from {} {}.",
            card_label(card),
            whose(card.side(), viewer),
            zone_name(from)
        ),
        LogEvent::CardExhausted { card } => format!("{} was exhausted.", card_label(card)),
        LogEvent::DiscardReshuffled { side } => format!(
            "{} discard pile was shuffled into a new deck.",
            capitalise(&whose(side, viewer))
        ),
        LogEvent::DeckShuffled { .. } => return None,
        LogEvent::CardsSeen {
            side,
            deck,
            count,
            cards,
        } => match cards {
            Some(cards) => format!(
                "{} looked at {} deck: {}.",
                w(side),
                whose(deck, viewer),
                cards[..count.min(2) as usize]
                    .iter()
                    .map(|c| card_label(*c))
                    .collect::<Vec<_>>()
                    .join(" and ")
            ),
            None => format!(
                "{} looked at {} card(s) of {} deck.",
                w(side),
                count,
                whose(deck, viewer)
            ),
        },
        LogEvent::DeckSearched { side, deck } => {
            format!("{} searched {} deck.", w(side), whose(deck, viewer))
        }
        LogEvent::CardPutOnTop { deck, card, .. } => match card {
            Some(card) => format!(
                "{} was put on top of {} deck.",
                card_label(card),
                whose(deck, viewer)
            ),
            None => format!("A card was put on top of {} deck.", whose(deck, viewer)),
        },
        LogEvent::CharacterToReserve { side, card, .. } => match card {
            Some(card) => format!(
                "{} went to {} reserve.",
                card_label(card),
                whose(side, viewer)
            ),
            None => format!(
                "A character from {} deck went to the reserve.",
                whose(side, viewer)
            ),
        },
        LogEvent::CharacterPicked { side, card } => match card {
            Some(card) => format!("{} picked {} from the reserve.", w(side), card_label(card)),
            None => format!("{} picked a character from the reserve.", w(side)),
        },
        LogEvent::CharacterShuffledIn { side, card } => match card {
            Some(card) => format!(
                "{} shuffled into {} deck.",
                card_label(card),
                whose(side, viewer)
            ),
            None => format!(
                "{} shuffled a character from the reserve into the deck.",
                w(side)
            ),
        },
        LogEvent::InfluenceGained { side, amount } => {
            format!("{} gained {} influence.", w(side), amount)
        }
        LogEvent::InfluenceLost { side, amount } => {
            format!("{} lost {} influence.", w(side), amount)
        }
        LogEvent::StruggleEnded { totals } => format!(
            "The struggle is over: Rebellion {}, Empire {}.",
            totals[0], totals[1]
        ),
        LogEvent::StrategyNotResolved { side, strategy } => format!(
            "{} {} has no effect.",
            capitalise(&whose(side, viewer)),
            strategy_name(strategy)
        ),
        LogEvent::StrategyResolved { side, strategy } => format!(
            "{} {} takes effect.",
            capitalise(&whose(side, viewer)),
            strategy_name(strategy)
        ),
        LogEvent::DominanceDecided { winner, totals } => match winner {
            Some(side) => format!(
                "{} {} the event ({} to {}).",
                w(side),
                if side == viewer { "win" } else { "wins" },
                totals[side.index()],
                totals[side.opponent().index()]
            ),
            None => "Both players went over the objective value: nobody wins.".to_string(),
        },
        LogEvent::EventWon {
            side,
            event,
            victory_points,
            influence,
        } => format!(
            "{} {} {} (+{} victory points, +{} influence).",
            w(side),
            if side == viewer { "take" } else { "takes" },
            event_name(event),
            victory_points,
            influence
        ),
        LogEvent::EventToBottom { event } => {
            format!("{} goes face down under the event deck.", event_name(event))
        }
        LogEvent::EventsReordered { side, seen } => match seen {
            Some(_) => format!("{} arranged the top of the event deck.", w(side)),
            None => format!("{} looked at the top of the event deck.", w(side)),
        },
        LogEvent::GameOver { winner } => match winner {
            Some(side) if side == viewer => "You win the game!".to_string(),
            Some(side) => format!("The {} wins the game.", side_name(side)),
            None => "The game ends with no winner.".to_string(),
        },
    })
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_ascii_uppercase().to_string() + chars.as_str(),
        None => String::new(),
    }
}

/// Who won the round's event and why, in one sentence, from the viewer's seat. `totals` are
/// the final ones (strategies included); the rules decide the winner, this only explains it.
pub fn verdict(
    winner: Option<Side>,
    totals: [u32; 2],
    event: EventId,
    balance: Side,
    viewer: Side,
) -> String {
    let objective = event.card().objective as u32;
    let name = event_name(event);
    let Some(w) = winner else {
        return format!(
            "Nobody wins {name}: both totals ({} and {}) went over the objective of {objective}.",
            totals[0], totals[1]
        );
    };
    let l = w.opponent();
    let (won, lost) = (totals[w.index()], totals[l.index()]);
    let winner_name = who(w, viewer);
    let wins = if w == viewer { "win" } else { "wins" };
    let why = if lost > objective {
        format!(
            "{} total went over the objective of {objective} with {lost}; {won} did not",
            whose(l, viewer)
        )
    } else if won > lost {
        format!("{won} against {lost}, the higher total within the objective of {objective}")
    } else if won == lost {
        format!(
            "the totals tie at {won}, and the balance token favours {}",
            if balance == viewer {
                "you".to_string()
            } else {
                format!("the {}", side_name(balance))
            }
        )
    } else {
        format!("{won} against {lost}, after the strategy cards")
    };
    format!("{winner_name} {wins} {name}: {why}.")
}

#[cfg(test)]
mod tests {
    use super::*;
    use evr_engine::cards::Character;

    #[test]
    fn sentences_follow_the_viewer_seat() {
        let luke = Character::LukeSkywalker.card();
        let played = LogEvent::CardPlayed {
            side: Side::Rebel,
            card: luke,
            from: evr_engine::log::Zone::Deck,
        };
        assert_eq!(
            describe(&played, Side::Rebel).unwrap(),
            "You played Luke Skywalker."
        );
        assert_eq!(
            describe(&played, Side::Imperial).unwrap(),
            "The Rebellion played Luke Skywalker."
        );
        let hidden = LogEvent::CharacterShuffledIn {
            side: Side::Rebel,
            card: None,
        };
        assert!(!describe(&hidden, Side::Imperial).unwrap().contains("Luke"));
    }

    #[test]
    fn the_verdict_says_who_won_and_why() {
        use evr_engine::cards::EVENTS;
        let hoth = EventId(
            EVENTS
                .iter()
                .position(|e| e.name == "Battle of Hoth")
                .unwrap() as u8,
        );
        let (r, e) = (Side::Rebel, Side::Imperial);
        assert_eq!(
            verdict(Some(e), [18, 12], hoth, r, r),
            "The Empire wins Battle of Hoth: your total went over the objective of 17 with 18; 12 did not."
        );
        assert_eq!(
            verdict(Some(r), [15, 12], hoth, e, r),
            "You win Battle of Hoth: 15 against 12, the higher total within the objective of 17."
        );
        assert_eq!(
            verdict(Some(e), [12, 12], hoth, e, r),
            "The Empire wins Battle of Hoth: the totals tie at 12, and the balance token favours the Empire."
        );
        assert!(verdict(None, [18, 19], hoth, r, r).starts_with("Nobody wins Battle of Hoth"));
    }
}
