//! The units on the board as tokens that keep their identity: a unit that moves is the same
//! token in its new place, so the galaxy draws it as the same element and it glides there.
//! The engine counts units per place and kind; the log says which moved where. After each
//! change the tokens follow the log's moves (and a revealed base's units into its system),
//! then the counts: a unit placed, deployed or built gets a new token, one destroyed loses
//! its token. Plain Rust over the view, tested natively.

use swr_engine::data::units::UnitKind;
use swr_engine::{LogEvent, Place, PlayerView};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    pub id: u32,
    pub kind: UnitKind,
    pub place: Place,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tokens {
    tokens: Vec<Token>,
    next_id: u32,
    /// How much of the viewer's log has been read.
    read: usize,
}

fn count_in(view: &PlayerView, place: Place, kind: UnitKind) -> usize {
    let row = match place {
        Place::System(s) => &view.systems[s.index()].units,
        Place::RebelBase => &view.rebel_base_space,
    };
    row[kind.index()] as usize
}

impl Tokens {
    pub fn all(&self) -> &[Token] {
        &self.tokens
    }

    /// The tokens of `kind` at `place`, in the order they arrived.
    pub fn stack(&self, place: Place, kind: UnitKind) -> impl Iterator<Item = &Token> {
        self.tokens
            .iter()
            .filter(move |t| t.place == place && t.kind == kind)
    }

    fn take_one(&mut self, kind: UnitKind, from: Place) -> Option<usize> {
        self.tokens
            .iter()
            .rposition(|t| t.kind == kind && t.place == from)
    }

    /// Brings the tokens in line with `view` (a view of another game, or a log that went back,
    /// starts afresh).
    pub fn update(&mut self, view: &PlayerView) {
        if view.log.len() < self.read {
            *self = Tokens::default();
        }
        let fresh = self.tokens.is_empty() && self.read == 0;
        if !fresh {
            for event in &view.log[self.read..] {
                match *event {
                    LogEvent::UnitMoved { kind, from, to } => {
                        if let Some(i) = self.take_one(kind, from) {
                            // To the top of the stack it joins.
                            let mut t = self.tokens.remove(i);
                            t.place = to;
                            self.tokens.push(t);
                        }
                    }
                    LogEvent::BaseRevealed { system } => {
                        for t in self.tokens.iter_mut() {
                            if t.place == Place::RebelBase {
                                t.place = Place::System(system);
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        self.read = view.log.len();
        // Then the counts, place by place and kind by kind.
        for place in crate::swr::targets::all_places() {
            for kind in UnitKind::ALL {
                let want = count_in(view, place, kind);
                let mut have = self.stack(place, kind).count();
                while have > want {
                    let i = self.take_one(kind, place).expect("counted");
                    self.tokens.remove(i);
                    have -= 1;
                }
                while have < want {
                    self.tokens.push(Token {
                        id: self.next_id,
                        kind,
                        place,
                    });
                    self.next_id += 1;
                    have += 1;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::swr::session::{Mode, Session};
    use swr_engine::Side;

    #[test]
    fn tokens_match_the_board_and_a_moved_unit_keeps_its_token() {
        let mut moved_kept = 0;
        for seed in 0..3u64 {
            let mut session = Session::new(Mode::vs(Side::Rebel), seed);
            let mut tokens = Tokens::default();
            for step in 0..2500 {
                if session.game.state().is_over() {
                    break;
                }
                let before = tokens.clone();
                let view = session.view();
                tokens.update(&view);
                // Every unit on the board has exactly one token.
                for place in crate::swr::targets::all_places() {
                    for kind in UnitKind::ALL {
                        assert_eq!(
                            tokens.stack(place, kind).count(),
                            count_in(&view, place, kind),
                            "seed {seed} step {step}"
                        );
                    }
                }
                // A unit that moved keeps its identity.
                let new_events = &view.log[before.read.min(view.log.len())..];
                for e in new_events {
                    if let LogEvent::UnitMoved { kind, to, .. } = e {
                        let kept = tokens
                            .stack(*to, *kind)
                            .any(|t| before.all().iter().any(|b| b.id == t.id && b.place != *to));
                        moved_kept += kept as u32;
                    }
                }
                if session.computer_act() {
                    continue;
                }
                let view = session.view();
                let k = (seed as usize * 5 + step * 11) % view.legal.len();
                session.act(view.legal[k]).unwrap();
            }
        }
        assert!(moved_kept > 20, "{moved_kept} moves kept their token");
    }
}
