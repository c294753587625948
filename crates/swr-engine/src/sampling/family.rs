//! One family of cards (the missions, the action cards, the objectives, the probe cards, one
//! theatre's tactic cards) as the viewer knows it: every copy with the set of places it may be
//! in, and how many cards each place holds.
//!
//! A place ("zone") is a hand, a discard pile, a card held by a frame, or one block of a deck:
//! a deck is a pile of blocks, bottom to top, whose order within a block is unknown (a
//! shuffle makes one block; a card put at the bottom makes a new block there). Every copy
//! carries a bit set of the zones it may be in. The sets only ever grow when a card moves
//! unseen, and only shrink on what the viewer was shown, so the true position always fits
//! them (`Sampler::admits` checks that in the tests); the zones' sizes say how many cards
//! each holds.

use crate::data::Side;

/// Bit set of zone ids.
pub(crate) type Mask = u64;

pub(crate) fn bit(z: u8) -> Mask {
    1 << z
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Deck {
    Missions(Side),
    Projects,
    Actions(Side),
    Objectives,
    Probes,
    Tactics,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Zone {
    /// A side's hand (for missions: the hand, the face-down missions and the mission being
    /// revealed together: which of those a card is in is never logged).
    Hand(Side),
    /// Missions discarded face down for the hand limit.
    Unseen(Side),
    /// Starting action cards not dealt.
    Out(Side),
    /// The Rebel base's probe card.
    Base,
    /// Cards drawn from a deck and not yet where they go (a draw that refilled its deck half
    /// way, Research and Development's two projects).
    Flight(Deck),
    /// Objectives the Rebel is looking at (Infiltration, Covert Operation, Stolen Plans).
    Seen,
    /// Probe cards Rapid Mobilization drew.
    Mobilized,
    /// Probe cards Plant False Lead took and has not placed yet.
    FalseLeads,
    /// Action cards drawn to recruit with, and the one chosen.
    Drawn(Side),
    Chosen(Side),
    Block(Deck),
    // Known to both players:
    Discard(Side),
    ProjectDiscard,
    CombatDiscard,
    /// A Brilliant Strategy being played (discarded once its draws are done).
    Limbo,
    /// A revealed mission being carried out.
    InPlay,
    /// Out of the game: used action cards, claimed objectives, probe cards of the starting
    /// Imperial systems, the Lure of the Dark Side.
    Gone,
}

impl Zone {
    /// Whether the zone's content is known to both players.
    pub(crate) fn public(self) -> bool {
        matches!(
            self,
            Zone::Discard(_)
                | Zone::ProjectDiscard
                | Zone::CombatDiscard
                | Zone::Limbo
                | Zone::InPlay
                | Zone::Gone
        )
    }
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Card {
    /// The card's kind (`Mission as u8`, `ActionCard as u8`, ...).
    pub(crate) ty: u8,
    pub(crate) mask: Mask,
}

/// At least one copy of these kinds is in one of `zones` (a recruited leader's card in the
/// recruiter's hand, Son of Skywalker's find).
#[derive(Clone, Debug)]
pub(crate) struct AtLeastOne {
    pub(crate) kinds: Vec<u8>,
    pub(crate) zones: Mask,
}

#[derive(Clone, Debug)]
pub(crate) struct Family {
    pub(crate) name: &'static str,
    pub(crate) kinds: Vec<Zone>,
    pub(crate) size: Vec<i32>,
    /// Live zone ids.
    pub(crate) live: Mask,
    /// Zones whose size is certain (an uncertain one is never emptied by counting).
    pub(crate) trusted: Mask,
    pub(crate) cards: Vec<Card>,
    /// Each deck's blocks, bottom first.
    pub(crate) decks: Vec<(Deck, Vec<u8>)>,
    pub(crate) constraints: Vec<AtLeastOne>,
    /// What did not add up (a defect of the reading, reported by the sampler).
    pub(crate) trouble: Vec<String>,
}

impl Family {
    pub(crate) fn new(name: &'static str) -> Family {
        Family {
            name,
            kinds: Vec::new(),
            size: Vec::new(),
            live: 0,
            trusted: 0,
            cards: Vec::new(),
            decks: Vec::new(),
            constraints: Vec::new(),
            trouble: Vec::new(),
        }
    }

    pub(crate) fn note(&mut self, what: String) {
        if self.trouble.len() < 16 {
            self.trouble.push(format!("{}: {what}", self.name));
        }
    }

    fn alloc(&mut self, kind: Zone) -> u8 {
        let free = (0..self.kinds.len() as u8).find(|z| self.live & bit(*z) == 0);
        let z = match free {
            Some(z) => {
                self.kinds[z as usize] = kind;
                self.size[z as usize] = 0;
                z
            }
            None => {
                assert!(self.kinds.len() < 64, "{}: too many zones", self.name);
                self.kinds.push(kind);
                self.size.push(0);
                (self.kinds.len() - 1) as u8
            }
        };
        self.live |= bit(z);
        self.trusted |= bit(z);
        z
    }

    /// The zone of this kind (not a deck block), made if need be.
    pub(crate) fn zone(&mut self, kind: Zone) -> u8 {
        debug_assert!(!matches!(kind, Zone::Block(_)));
        match self.find(kind) {
            Some(z) => z,
            None => self.alloc(kind),
        }
    }

    pub(crate) fn find(&self, kind: Zone) -> Option<u8> {
        (0..self.kinds.len() as u8)
            .find(|z| self.live & bit(*z) != 0 && self.kinds[*z as usize] == kind)
    }

    pub(crate) fn size_of(&self, kind: Zone) -> i32 {
        self.find(kind).map_or(0, |z| self.size[z as usize])
    }

    fn deck_index(&mut self, deck: Deck) -> usize {
        match self.decks.iter().position(|(d, _)| *d == deck) {
            Some(i) => i,
            None => {
                self.decks.push((deck, Vec::new()));
                self.decks.len() - 1
            }
        }
    }

    pub(crate) fn blocks(&self, deck: Deck) -> &[u8] {
        self.decks
            .iter()
            .find(|(d, _)| *d == deck)
            .map_or(&[], |(_, b)| b.as_slice())
    }

    pub(crate) fn deck_size(&self, deck: Deck) -> i32 {
        self.blocks(deck)
            .iter()
            .map(|z| self.size[*z as usize])
            .sum()
    }

    /// A new empty block on top of (or under) `deck`.
    pub(crate) fn new_block(&mut self, deck: Deck, on_top: bool) -> u8 {
        let z = self.alloc(Zone::Block(deck));
        let i = self.deck_index(deck);
        if on_top {
            self.decks[i].1.push(z);
        } else {
            self.decks[i].1.insert(0, z);
        }
        z
    }

    /// Adds a copy of `ty` in zone `z` (setting up).
    pub(crate) fn add(&mut self, ty: u8, mask: Mask, z: u8) {
        self.cards.push(Card { ty, mask });
        self.size[z as usize] += 1;
    }

    /// Whatever could be in `from` may now be in `to` too (the cards and the constraints).
    pub(crate) fn widen(&mut self, from: u8, to: u8) {
        for c in &mut self.cards {
            if c.mask & bit(from) != 0 {
                c.mask |= bit(to);
            }
        }
        for k in &mut self.constraints {
            if k.zones & bit(from) != 0 {
                k.zones |= bit(to);
            }
        }
    }

    /// `n` cards the viewer does not see go from `from` to `to`: whatever could be in `from`
    /// may now be in `to`.
    pub(crate) fn move_unknown(&mut self, from: u8, to: u8, n: i32) {
        if n <= 0 || from == to {
            return;
        }
        self.size[from as usize] -= n;
        self.size[to as usize] += n;
        self.widen(from, to);
        self.settle(from);
    }

    /// A card the viewer sees (of kind `ty`) goes from `from` to `to`.
    pub(crate) fn move_known(&mut self, ty: u8, from: u8, to: u8) {
        let candidates: Vec<usize> = (0..self.cards.len())
            .filter(|i| self.cards[*i].ty == ty && self.cards[*i].mask & bit(from) != 0)
            .collect();
        let chosen = match candidates.as_slice() {
            [] => {
                // Not where the reading expected it: take the copy that is hidden somewhere.
                let any = (0..self.cards.len()).find(|i| {
                    let c = self.cards[*i];
                    c.ty == ty && c.mask & self.hidden_mask() != 0
                });
                let what = format!(
                    "card {ty} not in {:?} (to {:?})",
                    self.kinds[from as usize], self.kinds[to as usize]
                );
                self.note(what);
                match any {
                    Some(i) => {
                        let z = self.cards[i].mask.trailing_zeros() as u8;
                        self.size[z as usize] -= 1;
                        self.cards[i].mask = bit(to);
                        self.size[to as usize] += 1;
                        self.settle(z);
                    }
                    None => {
                        self.size[from as usize] -= 1;
                        self.size[to as usize] += 1;
                        self.settle(from);
                    }
                }
                return;
            }
            [only] => *only,
            many => {
                // Copies are interchangeable: move the one known best, and let the others be
                // wherever any of them could have been.
                let union = many.iter().fold(0, |m, i| m | self.cards[*i].mask);
                let best = *many
                    .iter()
                    .min_by_key(|i| self.cards[**i].mask.count_ones())
                    .unwrap();
                for &i in many {
                    if i != best {
                        self.cards[i].mask |= union;
                    }
                }
                best
            }
        };
        self.cards[chosen].mask = bit(to);
        self.size[from as usize] -= 1;
        self.size[to as usize] += 1;
        self.constraints
            .retain(|k| !(k.kinds.contains(&ty) && k.zones & bit(from) != 0));
        self.settle(from);
    }

    /// Exactly the cards `tys` are in `z` (the viewer sees the whole zone).
    pub(crate) fn reveal(&mut self, z: u8, tys: &[u8]) {
        let mut pinned = vec![false; self.cards.len()];
        for &ty in tys {
            let pick = (0..self.cards.len())
                .filter(|i| {
                    !pinned[*i] && self.cards[*i].ty == ty && self.cards[*i].mask & bit(z) != 0
                })
                .min_by_key(|i| self.cards[*i].mask.count_ones());
            match pick {
                Some(i) => {
                    pinned[i] = true;
                    self.cards[i].mask = bit(z);
                }
                None => {
                    // Seen there, although the reading had it elsewhere.
                    let what = format!("card {ty} shown in {:?}", self.kinds[z as usize]);
                    self.note(what);
                    let hidden = self.hidden_mask();
                    if let Some(i) = (0..self.cards.len()).find(|i| {
                        !pinned[*i] && self.cards[*i].ty == ty && self.cards[*i].mask & hidden != 0
                    }) {
                        pinned[i] = true;
                        self.cards[i].mask = bit(z);
                    }
                }
            }
        }
        for (i, c) in self.cards.iter_mut().enumerate() {
            if !pinned[i] && c.mask != bit(z) {
                c.mask &= !bit(z);
            } else if !pinned[i] {
                // Only there, yet not shown there: the reading was wrong.
                c.mask = 0;
            }
        }
        if self.cards.iter().any(|c| c.mask == 0) {
            let what = format!(
                "cards left nowhere after {:?} was shown",
                self.kinds[z as usize]
            );
            self.note(what);
        }
        self.size[z as usize] = tys.len() as i32;
        self.constraints.retain(|k| k.zones & bit(z) == 0);
    }

    /// The zone may be empty now: if its size is certain, nothing can be there any more.
    pub(crate) fn settle(&mut self, z: u8) {
        let n = self.size[z as usize];
        if n < 0 {
            let what = format!("{:?} below zero", self.kinds[z as usize]);
            self.note(what);
            self.size[z as usize] = 0;
        }
        if n <= 0 && self.trusted & bit(z) != 0 {
            if matches!(self.kinds[z as usize], Zone::Block(_)) {
                self.drop_zone(z);
            } else {
                for c in &mut self.cards {
                    if c.mask != bit(z) {
                        c.mask &= !bit(z);
                    }
                }
                for k in &mut self.constraints {
                    k.zones &= !bit(z);
                }
                self.constraints.retain(|k| k.zones != 0);
            }
        }
    }

    /// Removes an empty block.
    fn drop_zone(&mut self, z: u8) {
        for c in &mut self.cards {
            c.mask &= !bit(z);
        }
        for k in &mut self.constraints {
            k.zones &= !bit(z);
        }
        self.constraints.retain(|k| k.zones != 0);
        for (_, blocks) in &mut self.decks {
            blocks.retain(|b| *b != z);
        }
        self.live &= !bit(z);
    }

    /// Every zone whose content the sampler draws (not known to both).
    pub(crate) fn hidden_mask(&self) -> Mask {
        (0..self.kinds.len() as u8)
            .filter(|z| self.live & bit(*z) != 0 && !self.kinds[*z as usize].public())
            .fold(0, |m, z| m | bit(z))
    }

    /// `deck` is shuffled: one block.
    pub(crate) fn merge(&mut self, deck: Deck) {
        let blocks = self.blocks(deck).to_vec();
        if blocks.len() <= 1 {
            return;
        }
        let into = blocks[0];
        let mask = blocks.iter().fold(0, |m, z| m | bit(*z));
        let total: i32 = blocks.iter().map(|z| self.size[*z as usize]).sum();
        let trusted = blocks.iter().all(|z| self.trusted & bit(*z) != 0);
        for c in &mut self.cards {
            if c.mask & mask != 0 {
                c.mask = (c.mask & !mask) | bit(into);
            }
        }
        for k in &mut self.constraints {
            if k.zones & mask != 0 {
                k.zones = (k.zones & !mask) | bit(into);
            }
        }
        for &z in &blocks[1..] {
            self.live &= !bit(z);
        }
        let i = self.deck_index(deck);
        self.decks[i].1 = vec![into];
        self.size[into as usize] = total;
        self.set_trusted(into, trusted);
    }

    pub(crate) fn set_trusted(&mut self, z: u8, trusted: bool) {
        if trusted {
            self.trusted |= bit(z);
        } else {
            self.trusted &= !bit(z);
        }
    }

    /// The top block of `deck`, if any (an empty block of uncertain size is skipped when a
    /// block below it is not empty).
    fn top(&self, deck: Deck) -> Option<u8> {
        let blocks = self.blocks(deck);
        blocks
            .iter()
            .rev()
            .find(|z| self.size[**z as usize] > 0)
            .or(blocks.last())
            .copied()
    }

    /// `n` unseen cards off the top of `deck` to `to`.
    pub(crate) fn draw(&mut self, deck: Deck, n: i32, to: u8) {
        for _ in 0..n {
            let Some(top) = self.top(deck) else {
                let what = format!("drawing from an empty {deck:?}");
                self.note(what);
                return;
            };
            if self.trusted & bit(top) == 0 {
                // Where one block ends is uncertain: any block may be giving the card.
                for z in self.blocks(deck).to_vec() {
                    if z != top {
                        self.widen(z, to);
                    }
                }
            }
            self.move_unknown(top, to, 1);
        }
    }

    /// A card the viewer sees drawn off the top of `deck` to `to`.
    pub(crate) fn draw_known(&mut self, deck: Deck, ty: u8, to: u8) {
        let blocks = self.blocks(deck).to_vec();
        // The highest block that can hold it (the top one when the reading is right).
        let from = blocks.iter().rev().copied().find(|z| {
            self.size[*z as usize] > 0
                && self
                    .cards
                    .iter()
                    .any(|c| c.ty == ty && c.mask & bit(*z) != 0)
        });
        match from {
            Some(z) => self.move_known(ty, z, to),
            None => match blocks.last() {
                Some(&z) => self.move_known(ty, z, to),
                None => {
                    let what = format!("drawing {ty} from an empty {deck:?}");
                    self.note(what);
                }
            },
        }
    }

    /// Every card of every block of `deck` goes to `to` (a deck emptied by a draw that then
    /// refilled it).
    pub(crate) fn empty_deck_into(&mut self, deck: Deck, to: u8) {
        for z in self.blocks(deck).to_vec() {
            let n = self.size[z as usize];
            self.move_unknown(z, to, n.max(0));
            // Whatever its counted size, nothing is left in it.
            if self.live & bit(z) != 0 {
                self.widen(z, to);
                self.drop_zone(z);
            }
        }
    }
}
