//! What one player may know, built field by field from what that player is allowed to see:
//! the opponent's deck, reserve and face-down strategy exist here only as counts or as
//! "face down", so a view cannot leak them.

use crate::action::Action;
use crate::cards::{CardId, EventId, Side, Strategy, EVENT_COUNT};
use crate::log::LogEvent;
use crate::rules::ActivePlayers;
use crate::state::{
    strategies_in, DominanceProgress, DominanceStep, GameState, NextRoundModifiers, Phase,
    PowerStep, SideState, Variant, ALL_STRATEGIES,
};
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct InPlay {
    pub card: CardId,
    pub exhausted: bool,
}

/// The viewer's own side: everything but the order of their own deck.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OwnSide {
    pub side: Side,
    pub deck_count: usize,
    pub discard: Vec<CardId>,
    pub play: Vec<InPlay>,
    pub reserve: Vec<CardId>,
    pub influence: u32,
    pub victory_points: u8,
    pub events_won: Vec<EventId>,
    /// The face-down strategy card of this round (a player may always look at it).
    pub strategy: Option<Strategy>,
    pub used_strategies: Vec<Strategy>,
    pub unused_strategies: Vec<Strategy>,
    pub total: u32,
}

/// What the viewer knows of the opponent's face-down strategy card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum OpponentStrategy {
    None,
    FaceDown,
    Known(Strategy),
}

/// The opponent's side: public cards and counts only.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpponentSide {
    pub side: Side,
    pub deck_count: usize,
    pub discard: Vec<CardId>,
    pub play: Vec<InPlay>,
    pub reserve_count: usize,
    pub influence: u32,
    pub victory_points: u8,
    pub events_won: Vec<EventId>,
    pub strategy: OpponentStrategy,
    pub used_strategies: Vec<Strategy>,
    pub total: u32,
}

/// Where the game is, as both players see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    ChoosingCharacters {
        done: [bool; 2],
    },
    ChoosingStrategies {
        done: [bool; 2],
        first: Option<Side>,
    },
    Struggle {
        turn: Side,
        opponent_passed: bool,
        /// The card whose power is being resolved, and who must answer it.
        resolving: Option<(CardId, Side)>,
    },
    Dominance {
        winner: Option<Side>,
        totals: [u32; 2],
        awaiting: Side,
    },
    GameOver {
        winner: Option<Side>,
    },
}

/// The decision the viewer must make now, with what it lets them see.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Decision {
    ChooseCharacters,
    /// Choose the strategy card of these sides (yours, or your opponent's after Infiltration).
    ChooseStrategy {
        sides: Vec<Side>,
    },
    StruggleTurn,
    Power {
        card: CardId,
        step: PowerStep,
        /// Cards the power lets the viewer see now (looked at, or a searched deck).
        seen: Vec<CardId>,
    },
    Dominance {
        step: DominanceStep,
        /// The top events, top first, for Balance of the Force.
        seen_events: Vec<EventId>,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    pub viewer: Side,
    pub variant: Variant,
    pub round: u16,
    pub event: Option<EventId>,
    pub event_deck_count: usize,
    pub balance: Side,
    pub modifiers: NextRoundModifiers,
    pub me: OwnSide,
    pub opponent: OpponentSide,
    pub stage: Stage,
    /// How far the dominance phase has gone (all of it public), while it is open.
    pub dominance: Option<DominanceProgress>,
    pub decision: Option<Decision>,
    pub legal_actions: Vec<Action>,
    /// The log entries this player may read, oldest first (empty for a bare state view).
    pub log: Vec<LogEvent>,
}

fn play_view(s: &SideState) -> Vec<InPlay> {
    s.play
        .iter()
        .map(|card| InPlay {
            card,
            exhausted: s.is_exhausted(card),
        })
        .collect()
}

fn events_won(s: &SideState) -> Vec<EventId> {
    (0..EVENT_COUNT as u8)
        .filter(|i| s.events_won & (1 << i) != 0)
        .map(EventId)
        .collect()
}

fn sorted(cards: impl Iterator<Item = CardId>) -> Vec<CardId> {
    let mut v: Vec<CardId> = cards.collect();
    v.sort();
    v
}

impl GameState {
    /// The view of `viewer`, without log entries (see [`crate::Game::view`]).
    pub fn view(&self, viewer: Side) -> PlayerView {
        let mine = self.side(viewer);
        let theirs = self.side(viewer.opponent());
        // With both Infiltration, a player may look at the card chosen for them only once
        // both are chosen (FAQ), unless it had to be revealed first (Locate the Rebel Base).
        let strategy_hidden = matches!(self.phase, Phase::ChooseStrategies)
            && self.modifiers.infiltrates == [true, true]
            && self.modifiers.chooses_first != Some(viewer);
        let me = OwnSide {
            side: viewer,
            deck_count: mine.deck.len(),
            discard: mine.discard.iter().collect(),
            play: play_view(mine),
            reserve: sorted(mine.reserve.iter()),
            influence: mine.influence,
            victory_points: mine.victory_points,
            events_won: events_won(mine),
            strategy: mine.strategy.filter(|_| !strategy_hidden),
            used_strategies: strategies_in(mine.used_strategies).collect(),
            unused_strategies: strategies_in(if strategy_hidden {
                ALL_STRATEGIES & !mine.used_strategies
            } else {
                mine.unused_strategies()
            })
            .collect(),
            total: mine.total(),
        };
        let opponent = OpponentSide {
            side: viewer.opponent(),
            deck_count: theirs.deck.len(),
            discard: theirs.discard.iter().collect(),
            play: play_view(theirs),
            reserve_count: theirs.reserve.len(),
            influence: theirs.influence,
            victory_points: theirs.victory_points,
            events_won: events_won(theirs),
            strategy: match theirs.strategy {
                None => OpponentStrategy::None,
                Some(s) if theirs.strategy_known_to_opponent => OpponentStrategy::Known(s),
                Some(_) => OpponentStrategy::FaceDown,
            },
            used_strategies: strategies_in(theirs.used_strategies).collect(),
            total: theirs.total(),
        };
        let active = self.active_players();
        PlayerView {
            viewer,
            variant: self.options.variant,
            round: self.round,
            event: self.event,
            event_deck_count: self.event_deck.len(),
            balance: self.balance,
            modifiers: self.modifiers,
            me,
            opponent,
            stage: self.stage(),
            dominance: match self.phase {
                Phase::Dominance(p) => Some(p),
                _ => None,
            },
            decision: self.decision(viewer, active),
            legal_actions: self.legal_actions(viewer),
            log: Vec::new(),
        }
    }

    fn stage(&self) -> Stage {
        let chosen = |s: Side| self.side(s).strategy.is_some();
        match self.phase {
            Phase::ChooseCharacters { chosen } => Stage::ChoosingCharacters {
                done: [chosen[0].is_some(), chosen[1].is_some()],
            },
            Phase::ChooseStrategies => Stage::ChoosingStrategies {
                done: [chosen(Side::Rebel), chosen(Side::Imperial)],
                first: self.modifiers.chooses_first,
            },
            Phase::Struggle {
                turn,
                opponent_passed,
                power,
            } => Stage::Struggle {
                turn,
                opponent_passed,
                resolving: power
                    .map(|(card, _)| (card, self.active_players().iter().next().unwrap_or(turn))),
            },
            Phase::Dominance(p) => Stage::Dominance {
                winner: p.winner,
                totals: p.totals,
                awaiting: self.active_players().iter().next().unwrap_or(Side::Rebel),
            },
            Phase::GameOver { winner } => Stage::GameOver { winner },
        }
    }

    fn decision(&self, viewer: Side, active: ActivePlayers) -> Option<Decision> {
        if !active.contains(viewer) {
            return None;
        }
        Some(match self.phase {
            Phase::ChooseCharacters { .. } => Decision::ChooseCharacters,
            Phase::ChooseStrategies => Decision::ChooseStrategy {
                sides: crate::rules::strategy_slots_for(self, viewer),
            },
            Phase::Struggle { power: None, .. } => Decision::StruggleTurn,
            Phase::Struggle {
                power: Some((card, step)),
                ..
            } => {
                // Only the actor reaches here, so what the step holds is theirs to see.
                let seen = match step {
                    PowerStep::ReconDiscard { seen, count, .. } => seen[..count as usize].to_vec(),
                    PowerStep::HanSearch => sorted(self.side(viewer).deck.iter()),
                    PowerStep::Ig88Discard { deck } | PowerStep::Ig88Top { deck } => {
                        sorted(self.side(deck).deck.iter())
                    }
                    PowerStep::JabbaDiscard { peeked: Some(p) }
                    | PowerStep::JabbaPlay { peeked: p } => {
                        vec![p]
                    }
                    _ => Vec::new(),
                };
                Decision::Power { card, step, seen }
            }
            Phase::Dominance(p) => Decision::Dominance {
                step: p.step,
                seen_events: match p.step {
                    DominanceStep::ReorderEvents { .. } => {
                        let deck = self.event_deck.as_slice();
                        deck.iter().rev().take(3).copied().collect()
                    }
                    _ => Vec::new(),
                },
            },
            Phase::GameOver { .. } => return None,
        })
    }
}
