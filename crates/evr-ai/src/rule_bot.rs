//! A rule-based player: it reads its view, predicts what each legal action does to the two
//! totals, and takes the action that leaves the best-looking position. Cheap, explainable,
//! and a fair opponent for a new player; the search bot is the strong one.
//!
//! It only acts on a strict improvement of a position value (drawing a card is valued by its
//! expectation over the cards its own deck can hold), so it can never loop forever between
//! exhausting and readying a card.

use crate::Bot;
use evr_engine::cards::{CardId, CardKind, Character, ResourceType, Side, Strategy};
use evr_engine::rng::Rng;
use evr_engine::state::{DominanceStep, PowerStep};
use evr_engine::view::{Decision, InPlay, OpponentStrategy, PlayerView};
use evr_engine::{Action, Variant};

/// Value of one influence token, in the same unit as a won struggle (1.0).
const INFLUENCE: f64 = 0.08;
/// Passing beats actions that gain nothing (the tie-breaking noise stays below this).
const PASS_BONUS: f64 = 1e-5;

pub struct RuleBot {
    rng: Rng,
}

impl RuleBot {
    pub fn new(seed: u64) -> Self {
        RuleBot {
            rng: Rng::new(seed),
        }
    }
}

impl Bot for RuleBot {
    fn name(&self) -> &'static str {
        "rules"
    }

    fn choose(&mut self, view: &PlayerView) -> Action {
        let table = Table::read(view);
        let mut best = view.legal_actions[0];
        let mut best_score = f64::NEG_INFINITY;
        for &action in &view.legal_actions {
            // A whisper of noise only breaks ties between equal options.
            let score = table.score(view, action) + self.rng.below(1000) as f64 * 1e-9;
            if score > best_score {
                best_score = score;
                best = action;
            }
        }
        best
    }
}

/// What the bot reads off its view.
struct Table {
    me: Side,
    objective: i32,
    capacity: usize,
    total: i32,
    opp_total: i32,
    wins_ties: bool,
    /// Card values the bot's own deck can hold (it knows its cards, not their order).
    my_deck: Vec<i32>,
    my_play: Vec<InPlay>,
    opp_play: Vec<InPlay>,
    my_strategy: Option<Strategy>,
    opp_strategy: Option<Strategy>,
}

fn current(p: &InPlay) -> i32 {
    p.card.value(p.exhausted) as i32
}

impl Table {
    fn read(view: &PlayerView) -> Table {
        let event = view.event.map(|e| e.card());
        let me = view.viewer;
        let known_elsewhere: Vec<CardId> = view
            .me
            .discard
            .iter()
            .chain(view.me.reserve.iter())
            .copied()
            .chain(view.me.play.iter().map(|p| p.card))
            .collect();
        let my_deck = CardId::of_side(me)
            .filter(|c| !(view.variant == Variant::Tutorial && c.is_character()))
            .filter(|c| !known_elsewhere.contains(c))
            .map(|c| c.ready_value() as i32)
            .collect();
        Table {
            me,
            objective: event.map_or(0, |e| e.objective as i32),
            capacity: event.map_or(0, |e| e.capacity as usize),
            total: view.me.total as i32,
            opp_total: view.opponent.total as i32,
            wins_ties: view.balance == me,
            my_deck,
            my_play: view.me.play.clone(),
            opp_play: view.opponent.play.clone(),
            my_strategy: view.me.strategy,
            opp_strategy: match view.opponent.strategy {
                OpponentStrategy::Known(s) => Some(s),
                _ => None,
            },
        }
    }

    /// How good the end of the struggle would look with these totals, from -1 to 1.
    fn position(&self, mine: i32, theirs: i32) -> f64 {
        let o = self.objective;
        let boost = |total: i32, s: Option<Strategy>| {
            if total <= o && s == Some(Strategy::DirectAssault) {
                total + 2
            } else {
                total
            }
        };
        let (mine, theirs) = (
            boost(mine, self.my_strategy),
            boost(theirs, self.opp_strategy),
        );
        match (mine > o, theirs > o) {
            (true, true) => return 0.0,
            (true, false) => return -1.0,
            (false, true) => return 1.0,
            _ => {}
        }
        let ahead = mine > theirs || (mine == theirs && self.wins_ties);
        // A single Deception (ours or a known one of theirs) swaps the outcome.
        let deception = [self.my_strategy, self.opp_strategy]
            .iter()
            .filter(|s| **s == Some(Strategy::Deception))
            .count()
            == 1;
        let winning = ahead != deception;
        // Closer to the objective leaves the opponent less room to climb over us.
        let margin = ((mine - theirs).abs().min(6) as f64) * 0.04;
        let height = (mine as f64 / o.max(1) as f64) * 0.15;
        if winning {
            0.45 + margin + height
        } else {
            -0.45 - margin + height
        }
    }

    fn now(&self) -> f64 {
        self.position(self.total, self.opp_total)
    }

    fn room(&self) -> bool {
        self.my_play.len() < self.capacity
    }

    /// Expected position after drawing one card of the deck.
    fn draw_expectation(&self, total: i32) -> f64 {
        if self.my_deck.is_empty() {
            return self.position(total, self.opp_total);
        }
        self.my_deck
            .iter()
            .map(|v| self.position(total + v, self.opp_total))
            .sum::<f64>()
            / self.my_deck.len() as f64
    }

    fn mine(&self, card: CardId) -> Option<&InPlay> {
        self.my_play.iter().find(|p| p.card == card)
    }

    fn theirs(&self, card: CardId) -> Option<&InPlay> {
        self.opp_play.iter().find(|p| p.card == card)
    }

    /// Totals after a card in play leaves play.
    fn after_discard(&self, card: CardId) -> (i32, i32) {
        match (self.mine(card), self.theirs(card)) {
            (Some(p), _) => (self.total - current(p), self.opp_total),
            (_, Some(p)) => (self.total, self.opp_total - current(p)),
            _ => (self.total, self.opp_total),
        }
    }

    /// Totals after a ready card is exhausted.
    fn after_exhaust(&self, card: CardId) -> (i32, i32) {
        let drop = card.ready_value() as i32 - card.exhausted_value() as i32;
        if card.side() == self.me {
            (self.total - drop, self.opp_total)
        } else {
            (self.total, self.opp_total - drop)
        }
    }

    fn gain(&self, totals: (i32, i32)) -> f64 {
        self.position(totals.0, totals.1) - self.now()
    }

    /// The value of an action: the position it leads to minus the position now.
    fn score(&self, view: &PlayerView, action: Action) -> f64 {
        match (&view.decision, action) {
            (_, Action::ChooseCharacters(set)) => character_preference(self.me, set.0),
            (_, Action::ChooseStrategy { side, strategy }) => {
                if side == self.me {
                    strategy_preference(view, strategy)
                } else {
                    // Infiltration: hand the opponent the card we can best play against.
                    -strategy_preference(view, strategy)
                }
            }
            (_, Action::Pass) => PASS_BONUS,
            (_, Action::PlayCard) => {
                if view.me.play.is_empty() {
                    1.0
                } else {
                    self.draw_expectation(self.total) - self.now()
                }
            }
            (_, Action::SpendInfluence(card)) => {
                let rise = card.ready_value() as i32 - card.exhausted_value() as i32;
                self.gain((self.total + rise, self.opp_total)) - INFLUENCE
                    + if card.is_character() { 0.0 } else { -0.01 }
            }
            (_, Action::UsePower(card)) => self.power_value(view, card),
            (Some(Decision::Power { step, seen, .. }), a) => self.answer_value(*step, seen, a),
            (Some(Decision::Dominance { step, .. }), a) => dominance_value(view, *step, a),
            _ => 0.0,
        }
    }

    /// Predicted gain of using the power of one of our ready cards, exhausting it.
    fn power_value(&self, view: &PlayerView, card: CardId) -> f64 {
        let drop = card.ready_value() as i32 - card.exhausted_value() as i32;
        let t = self.total - drop;
        let u = self.opp_total;
        let best_opp_discard = self
            .opp_play
            .iter()
            .map(|p| self.position(t, u - current(p)))
            .fold(f64::NEG_INFINITY, f64::max);
        let after = match card.kind() {
            CardKind::Regular(ResourceType::Military) => best_opp_discard,
            CardKind::Regular(ResourceType::Diplomacy) => self
                .my_play
                .iter()
                .map(|p| self.position(t - current(p), u))
                .fold(f64::NEG_INFINITY, f64::max),
            CardKind::Regular(ResourceType::Force) => self
                .my_play
                .iter()
                .chain(self.opp_play.iter())
                .filter(|p| !p.exhausted && p.card != card)
                .map(|p| {
                    let (a, b) = self.after_exhaust(p.card);
                    self.position(a, b) + if p.card.side() != self.me { 0.01 } else { 0.0 }
                })
                .fold(self.position(t, u) - 0.02, f64::max),
            CardKind::Regular(ResourceType::Recon) => self.position(t, u) + 0.005,
            CardKind::Character(c) => {
                let base = self.position(t, u);
                match c {
                    Character::Chewbacca => {
                        let mut drops: Vec<i32> = self
                            .opp_play
                            .iter()
                            .filter(|p| !p.exhausted)
                            .map(|p| p.card.ready_value() as i32 - p.card.exhausted_value() as i32)
                            .collect();
                        drops.sort_unstable_by(|a, b| b.cmp(a));
                        self.position(t, u - drops.iter().take(2).sum::<i32>())
                    }
                    Character::HanSolo if self.room() => self
                        .my_deck
                        .iter()
                        .map(|v| self.position(t + v, u))
                        .fold(base, f64::max),
                    Character::ObiWanKenobi if self.room() => view
                        .me
                        .discard
                        .iter()
                        .map(|c| self.position(t + c.ready_value() as i32, u))
                        .fold(base, f64::max),
                    Character::LeiaOrgana if self.room() && !view.me.reserve.is_empty() => {
                        self.position(t + 6, u).max(base)
                    }
                    Character::LukeSkywalker | Character::BobaFett => {
                        best_opp_discard.max(base - 0.01)
                    }
                    Character::DarthVader => self
                        .opp_play
                        .iter()
                        .filter(|p| p.exhausted)
                        .map(|p| self.position(t, u - current(p)))
                        .fold(self.position(t - 1, u), f64::max),
                    Character::Yoda => base + INFLUENCE,
                    Character::GrandMoffTarkin => {
                        base + INFLUENCE * view.opponent.influence.min(2) as f64
                    }
                    Character::EmperorPalpatine => base + 0.02,
                    _ => base,
                }
            }
        };
        after - self.now()
    }

    /// Gain of one answer to an open power decision.
    fn answer_value(&self, step: PowerStep, seen: &[CardId], action: Action) -> f64 {
        let fit = |v: i32| self.position(self.total + v, self.opp_total);
        match (step, action) {
            (
                PowerStep::MilitaryTarget
                | PowerStep::DiplomacyTarget
                | PowerStep::LukeOwn
                | PowerStep::LukeOpponent { .. }
                | PowerStep::BobaDiscard
                | PowerStep::VaderTarget
                | PowerStep::LandoDiscard { .. }
                | PowerStep::JabbaDiscard { .. },
                Action::SelectCard(c),
            ) => self.gain(self.after_discard(c)),
            (
                PowerStep::ForceTarget
                | PowerStep::ChewbaccaTarget { .. }
                | PowerStep::BobaExhaust { .. },
                Action::SelectCard(c),
            ) => self.gain(self.after_exhaust(c)) + if c.side() != self.me { 0.01 } else { 0.0 },
            (PowerStep::ReconDeck | PowerStep::Ig88Deck, Action::SelectDeck(side)) => {
                if side == self.me {
                    0.0
                } else {
                    0.001
                }
            }
            (PowerStep::ReconDiscard { deck, .. }, Action::SelectCard(c)) => {
                // Keep on top the card that suits its owner least (theirs) or most (ours).
                let kept = seen.iter().find(|s| **s != c).copied().unwrap_or(c);
                let v = kept.ready_value() as i32;
                if deck == self.me {
                    fit(v) - self.now()
                } else {
                    -self.opponent_fit(v)
                }
            }
            (PowerStep::Ig88Discard { deck }, Action::SelectCard(c)) => {
                let v = c.ready_value() as i32;
                if deck == self.me {
                    -(fit(v) - self.now())
                } else {
                    self.opponent_fit(v)
                }
            }
            (PowerStep::Ig88Top { deck }, Action::SelectCard(c)) => {
                let v = c.ready_value() as i32;
                if deck == self.me {
                    fit(v) - self.now()
                } else {
                    -self.opponent_fit(v)
                }
            }
            (PowerStep::HanSearch | PowerStep::ObiWanCard, Action::SelectCard(c)) => {
                fit(c.ready_value() as i32) - self.now()
            }
            (PowerStep::PiettCard, Action::SelectCard(c)) => {
                let v = c.ready_value() as i32;
                if c.side() == self.me {
                    fit(v) - self.now()
                } else {
                    -self.opponent_fit(v)
                }
            }
            (PowerStep::LeiaPlace { .. }, Action::PlaySelected) => fit(6) - self.now(),
            (PowerStep::JabbaPlay { peeked }, Action::PlaySelected) => {
                fit(peeked.ready_value() as i32) - self.now()
            }
            (PowerStep::NewStrategy { .. }, Action::SelectStrategy(s)) => {
                strategy_weight(s, self.objective, None)
            }
            // Declining, a shuffle, or an indifferent choice.
            _ => 0.0,
        }
    }

    /// How much the opponent would like to draw a card of value `v` now.
    fn opponent_fit(&self, v: i32) -> f64 {
        -(self.position(self.total, self.opp_total + v) - self.now())
    }
}

/// Characters a player likes in the deck, best first.
fn character_rank(side: Side) -> [Character; 8] {
    match side {
        Side::Rebel => [
            Character::LukeSkywalker,
            Character::HanSolo,
            Character::ObiWanKenobi,
            Character::Chewbacca,
            Character::LeiaOrgana,
            Character::Yoda,
            Character::LandoCalrissian,
            Character::R2D2AndC3PO,
        ],
        Side::Imperial => [
            Character::DarthVader,
            Character::BobaFett,
            Character::EmperorPalpatine,
            Character::JabbaTheHutt,
            Character::GeneralVeers,
            Character::GrandMoffTarkin,
            Character::Ig88,
            Character::AdmiralPiett,
        ],
    }
}

fn character_preference(side: Side, mask: u8) -> f64 {
    character_rank(side)
        .iter()
        .enumerate()
        .filter(|(_, c)| mask & (1 << c.slot()) != 0)
        .map(|(rank, _)| 8.0 - rank as f64)
        .sum()
}

/// How much a strategy suits an event with this objective value.
fn strategy_weight(s: Strategy, objective: i32, reserve: Option<usize>) -> f64 {
    match s {
        Strategy::DirectAssault => 3.0 + if objective >= 13 { 1.0 } else { 0.0 },
        Strategy::Infiltration => 2.0,
        Strategy::Bureaucracy => 1.5,
        Strategy::Support => match reserve {
            Some(0) => 0.2,
            _ => 1.0,
        },
        Strategy::Deception => 0.8,
    }
}

fn strategy_preference(view: &PlayerView, s: Strategy) -> f64 {
    let event = view.event.map(|e| e.card());
    let objective = event.map_or(0, |e| e.objective as i32);
    let points = event.map_or(1, |e| e.victory_points);
    let mut w = strategy_weight(s, objective, Some(view.me.reserve.len()));
    // A small prize is a good round to lose cheaply and prepare the next.
    if points == 1 && matches!(s, Strategy::Bureaucracy | Strategy::Infiltration) {
        w += 1.0;
    }
    if points == 3 && s == Strategy::DirectAssault {
        w += 1.0;
    }
    w
}

fn dominance_value(view: &PlayerView, step: DominanceStep, action: Action) -> f64 {
    match (step, action) {
        // Make the opponent lose the strategy that helps most.
        (DominanceStep::DiscardLoserStrategy { .. }, Action::SelectStrategy(s)) => {
            strategy_weight(s, 13, None)
        }
        // Take a character from the deck (stays secret) rather than one in sight.
        (DominanceStep::CharacterToReserve { .. }, Action::SelectCard(c)) => {
            if view.me.play.iter().any(|p| p.card == c) || view.me.discard.contains(&c) {
                0.0
            } else {
                0.1
            }
        }
        (DominanceStep::MayAddCharacter { .. }, Action::SelectCard(_)) => 0.1,
        _ => 0.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{play_match, RandomBot};

    #[test]
    fn rule_bot_beats_random_play_clearly() {
        let result = play_match(42, 200, &mut RuleBot::new(1), &mut RandomBot::new(2));
        assert_eq!(result.unfinished, 0);
        assert!(
            result.first_win_rate() >= 0.8,
            "rule bot won only {:.0}% against random",
            result.first_win_rate() * 100.0
        );
        println!("rule bot vs random: {result:?}");
    }
}
