//! A small harness for the review's scenario tests. It builds positions through the engine's
//! public API only: a real game is started, serialized with serde, edited as JSON (the state is
//! `Serialize + Deserialize`), read back, and then driven with `apply` exactly as an app would.

#![allow(dead_code)]

use egr_engine::*;
use serde_json::{json, Value};

pub type Log = Vec<LogEntry>;

pub struct B {
    pub v: Value,
}

impl B {
    /// A game of `players` just after set-up, cleared: no pieces on planets, no Sentinels, no
    /// fleets, empty hands (all back in the supplies), 10 UC each, turn order 0, 1, 2..., turn 1,
    /// nothing placed and no question open.
    pub fn blank(players: u8) -> B {
        B::blank_with(GameOptions::new(players))
    }

    pub fn blank_with(options: GameOptions) -> B {
        let s = GameState::new(1, options, &mut NoLog);
        let mut v = serde_json::to_value(&s).unwrap();
        let n = players_of(&v);
        for p in 0..8 {
            for seat in 0..5 {
                for k in 0..6 {
                    let c = v["planets"][p]["workers"][seat][k].as_u64().unwrap();
                    let sup = v["players"][seat]["supply"][k].as_u64().unwrap();
                    v["players"][seat]["supply"][k] = json!(sup + c);
                    v["planets"][p]["workers"][seat][k] = json!(0);
                }
            }
            v["planets"][p]["sentinels"] = json!(0);
            v["planets"][p]["imperial_fleet"] = json!(false);
        }
        v["sentinel_supply"] = json!(30);
        v["spare_fleets"] = json!(5);
        for seat in 0..5 {
            for k in 0..6 {
                let h = v["players"][seat]["hand"][k].as_u64().unwrap();
                let sup = v["players"][seat]["supply"][k].as_u64().unwrap();
                v["players"][seat]["supply"][k] = json!(sup + h);
                v["players"][seat]["hand"][k] = json!(0);
            }
            v["players"][seat]["coins"] = json!(10);
            v["order"][seat] = json!(seat);
        }
        v["coins_out"] = json!(10 * n);
        v["turn"] = json!(1);
        v["stack"] = json!([]);
        v["step"] = serde_json::to_value(Step::Placing { next: 0 }).unwrap();
        B { v }
    }

    fn at_mut(&mut self, seat: u8, at: Place) -> &mut Value {
        match at {
            Place::Planet(p) => &mut self.v["planets"][p.index()]["workers"][seat as usize],
            Place::Covert => &mut self.v["players"][seat as usize]["covert"],
            Place::Senate => &mut self.v["players"][seat as usize]["senate"],
        }
    }

    /// `n` pieces of `seat` from its supply to `at`.
    pub fn put(&mut self, seat: u8, kind: Kind, at: Place, n: u8) -> &mut Self {
        let k = kind.index();
        let sup = self.v["players"][seat as usize]["supply"][k]
            .as_u64()
            .unwrap();
        assert!(sup >= n as u64, "not enough {kind:?} in supply");
        self.v["players"][seat as usize]["supply"][k] = json!(sup - n as u64);
        let slot = &mut self.at_mut(seat, at)[k];
        let c = slot.as_u64().unwrap();
        *slot = json!(c + n as u64);
        self
    }

    /// `n` pieces of `seat` from its supply into its hand.
    pub fn hand(&mut self, seat: u8, kind: Kind, n: u8) -> &mut Self {
        let k = kind.index();
        let sup = self.v["players"][seat as usize]["supply"][k]
            .as_u64()
            .unwrap();
        self.v["players"][seat as usize]["supply"][k] = json!(sup - n as u64);
        let h = self.v["players"][seat as usize]["hand"][k]
            .as_u64()
            .unwrap();
        self.v["players"][seat as usize]["hand"][k] = json!(h + n as u64);
        self
    }

    /// A worker of `seat` from its supply into slot `slot` of a row box ("initiative",
    /// "influence", "trade", "research", "warfare").
    pub fn slot(&mut self, row: &str, slot: usize, seat: u8, kind: Kind) -> &mut Self {
        let k = kind.index();
        let sup = self.v["players"][seat as usize]["supply"][k]
            .as_u64()
            .unwrap();
        self.v["players"][seat as usize]["supply"][k] = json!(sup - 1);
        self.v[row]["slots"][slot] = json!({"seat": seat, "kind": kind});
        self
    }

    pub fn specialist_slot(&mut self, slot: usize, seat: u8, kind: Kind) -> &mut Self {
        let k = kind.index();
        let sup = self.v["players"][seat as usize]["supply"][k]
            .as_u64()
            .unwrap();
        self.v["players"][seat as usize]["supply"][k] = json!(sup - 1);
        self.v["specialists"][slot] = json!({"seat": seat, "kind": kind});
        self
    }

    pub fn sentinels(&mut self, p: Planet, n: u8) -> &mut Self {
        let have = self.v["planets"][p.index()]["sentinels"].as_u64().unwrap();
        let sup = self.v["sentinel_supply"].as_u64().unwrap();
        self.v["sentinel_supply"] = json!(sup + have - n as u64);
        self.v["planets"][p.index()]["sentinels"] = json!(n);
        self
    }

    pub fn imperial_fleet(&mut self, p: Planet) -> &mut Self {
        let spare = self.v["spare_fleets"].as_u64().unwrap();
        self.v["spare_fleets"] = json!(spare - 1);
        self.v["planets"][p.index()]["imperial_fleet"] = json!(true);
        self
    }

    pub fn rebel_fleet(&mut self, p: Planet, owner: u8) -> &mut Self {
        self.v["rebel_fleet"] = json!([p, owner]);
        self
    }

    pub fn coins(&mut self, seat: u8, coins: u64) -> &mut Self {
        let old = self.v["players"][seat as usize]["coins"].as_u64().unwrap();
        let out = self.v["coins_out"].as_u64().unwrap();
        self.v["coins_out"] = json!(out + coins - old);
        self.v["players"][seat as usize]["coins"] = json!(coins);
        self
    }

    pub fn cubes(&mut self, seat: u8, cubes: u8) -> &mut Self {
        self.v["players"][seat as usize]["cubes"] = json!(cubes);
        self
    }

    pub fn turn(&mut self, turn: u8) -> &mut Self {
        self.v["turn"] = json!(turn);
        self
    }

    pub fn order(&mut self, order: &[u8]) -> &mut Self {
        for (i, s) in order.iter().enumerate() {
            self.v["order"][i] = json!(s);
        }
        self
    }

    pub fn player(&mut self, seat: u8, field: &str, value: Value) -> &mut Self {
        self.v["players"][seat as usize][field] = value;
        self
    }

    pub fn own_tech(&mut self, seat: u8, tech: Tech) -> &mut Self {
        let techs = self.v["players"][seat as usize]["techs"].as_u64().unwrap();
        self.v["players"][seat as usize]["techs"] = json!(techs | tech.bit());
        for pile in ["tech_pile", "tech_shown", "tech_removed"] {
            let m = self.v[pile].as_u64().unwrap();
            self.v[pile] = json!(m & !tech.bit());
        }
        self
    }

    pub fn own_mission(&mut self, seat: u8, m: Mission) -> &mut Self {
        let bit = 1u64 << m as u32;
        let mine = self.v["players"][seat as usize]["missions"]
            .as_u64()
            .unwrap();
        self.v["players"][seat as usize]["missions"] = json!(mine | bit);
        for pile in ["covert_deck", "covert_discard"] {
            let d = self.v[pile].as_u64().unwrap();
            self.v[pile] = json!(d & !bit);
        }
        for i in 0..3 {
            if self.v["covert_shown"][i] == json!(m) {
                self.v["covert_shown"][i] = Value::Null;
            }
        }
        self
    }

    /// The face-up missions (the previous ones back to the deck, these taken out of it).
    pub fn missions_shown(&mut self, shown: [Option<Mission>; 3]) -> &mut Self {
        let mut deck = self.v["covert_deck"].as_u64().unwrap();
        for i in 0..3 {
            if let Ok(m) = serde_json::from_value::<Mission>(self.v["covert_shown"][i].clone()) {
                deck |= 1 << m as u32;
            }
        }
        for m in shown.iter().flatten() {
            deck &= !(1u64 << *m as u32);
        }
        self.v["covert_deck"] = json!(deck);
        self.v["covert_shown"] = serde_json::to_value(shown).unwrap();
        self
    }

    /// The face-up Imperial Action cards (the previous ones back to the deck).
    pub fn imperial_shown(&mut self, shown: [Option<ImperialCard>; 3]) -> &mut Self {
        for i in 0..3 {
            if let Ok(c) =
                serde_json::from_value::<ImperialCard>(self.v["imperial_shown"][i].clone())
            {
                let d = self.v["imperial_deck"][c.index()].as_u64().unwrap();
                self.v["imperial_deck"][c.index()] = json!(d + 1);
            }
        }
        for c in shown.iter().flatten() {
            let d = self.v["imperial_deck"][c.index()].as_u64().unwrap();
            assert!(d > 0, "{c:?} not in the deck");
            self.v["imperial_deck"][c.index()] = json!(d - 1);
        }
        self.v["imperial_shown"] = serde_json::to_value(shown).unwrap();
        self
    }

    pub fn techs_shown(&mut self, techs: &[Tech]) -> &mut Self {
        let mut pile =
            self.v["tech_pile"].as_u64().unwrap() | self.v["tech_shown"].as_u64().unwrap();
        let mut shown = 0u64;
        for t in techs {
            pile &= !t.bit();
            shown |= t.bit();
        }
        self.v["tech_pile"] = json!(pile);
        self.v["tech_shown"] = json!(shown);
        self
    }

    pub fn set(&mut self, field: &str, value: Value) -> &mut Self {
        self.v[field] = value;
        self
    }

    pub fn build(&self) -> GameState {
        serde_json::from_value(self.v.clone()).expect("a state the engine reads")
    }

    /// The position with the engine about to do `step` (no question open): a throw-away
    /// Research question of seat 0 is put on the stack and declined, which runs the engine on
    /// from `step` to its first real question.
    pub fn run_from(&mut self, step: Step, log: &mut Log) -> GameState {
        let seat = self.v["order"][0].as_u64().unwrap() as u8;
        self.v["step"] = serde_json::to_value(step).unwrap();
        self.v["stack"] = json!([serde_json::to_value(Prompt::Research {
            seat: Seat(seat),
            slot: 11
        })
        .unwrap()]);
        let mut s = self.build();
        s.apply(Seat(seat), Action::Pass, log)
            .expect("the throw-away question");
        s
    }

    /// The position with `frame` asked and the engine to do `step` once it is answered.
    pub fn ask(&mut self, frame: Prompt, step: Step) -> GameState {
        self.v["step"] = serde_json::to_value(step).unwrap();
        self.v["stack"] = json!([serde_json::to_value(frame).unwrap()]);
        self.build()
    }
}

fn players_of(v: &Value) -> u64 {
    v["options"]["players"].as_u64().unwrap()
}

/// The active seat plays `action`; panics with the legal list if refused.
pub fn act(s: &mut GameState, action: Action, log: &mut Log) {
    let seat = s.active_player().expect("someone to act");
    if let Err(e) = s.apply(seat, action, log) {
        panic!(
            "{action:?} by seat {}: {e}; legal: {:?}",
            seat.0,
            s.legal_actions(seat)
        );
    }
}

pub fn legal(s: &GameState) -> Vec<Action> {
    match s.active_player() {
        Some(seat) => s.legal_actions(seat),
        None => Vec::new(),
    }
}

pub fn events(log: &Log) -> Vec<LogEvent> {
    log.iter().map(|e| e.event.clone()).collect()
}

pub fn battles(log: &Log) -> Vec<(u8, u8)> {
    events(log)
        .into_iter()
        .filter_map(|e| match e {
            LogEvent::Battle {
                attacker_cubes,
                defender_cubes,
                ..
            } => Some((attacker_cubes, defender_cubes)),
            _ => None,
        })
        .collect()
}

pub fn on(s: &GameState, seat: u8, kind: Kind, p: Planet) -> u8 {
    s.planet(p).workers[seat as usize][kind.index()]
}

pub fn invariants_hold(s: &GameState) {
    if let Err(e) = egr_engine::invariants::after_action(s) {
        panic!("broken invariant: {e}");
    }
}
