//! The question being asked, in plain words: to the player who must decide
//! ([`prompt_text`]), and to the one who waits ([`waiting_text`]). The waiting player's view
//! holds only public facts, so nothing read from it can give a secret away; the waiting
//! words of a card's step never depend on which option the decider has (Rapid
//! Mobilization's two ways look the same to the Empire).

use super::cards::{
    capitalize, dice_text, die_text, join_list, place_name, ring_name, theater_name, who, whose,
};
use swr_engine::view::{LeaderSpot, MissionView};
use swr_engine::{
    Action, ActionCard, CombatStep, Mission, MissionStep, MoveWhy, Objective, Place, PlayerView,
    Prompt, RefreshStep, Role, Seat, Side, Source, Tactic,
};

/// The engine's card-step numbers (`Prompt::Effect { step }`), by card group.
pub(super) use swr_engine::steps;

/// The `die` of an [`Action::Damage`] that is not a die (tactic-card damage, a block, a ship
/// picked by Bombardment).
pub(super) use swr_engine::NO_DIE;

/// The question for the player who must answer it (`view` is that player's view).
pub fn prompt_text(prompt: &Prompt, view: &PlayerView) -> String {
    Ask::new(view, true).prompt(prompt)
}

/// What the other player is deciding, for the player who waits (`view` is the waiting
/// player's view).
pub fn waiting_text(prompt: &Prompt, view: &PlayerView) -> String {
    Ask::new(view, false).prompt(prompt)
}

/// Whether these words know the card step `(source, step)`: when they do not, the prompt
/// falls back to "{card}: choose." (the UI still works, only less clearly).
pub fn effect_has_words(source: Source, step: u8, view: &PlayerView) -> bool {
    Ask::new(view, true).effect(source, step).is_some()
        && Ask::new(view, false).effect(source, step).is_some()
}

/// The name of the card whose effect runs.
pub fn source_name(source: Source) -> &'static str {
    match source {
        Source::Mission(m) => m.name(),
        Source::Action(c) => c.name(),
        Source::Objective(o) => o.name(),
        Source::Tactic(t) => t.name(),
    }
}

/// One question in words, from one seat.
struct Ask<'a> {
    view: &'a PlayerView,
    /// The deciding player's words (else the waiting player's).
    asking: bool,
    /// Who decides.
    actor: Side,
}

impl<'a> Ask<'a> {
    fn new(view: &'a PlayerView, asking: bool) -> Self {
        let actor = if asking {
            view.viewer
        } else {
            view.active.unwrap_or(view.viewer.other())
        };
        Ask {
            view,
            asking,
            actor,
        }
    }

    /// The decider as a sentence's subject: "The Empire".
    fn they(&self) -> String {
        // The team game names the player deciding ("The Rebel General"), who may be the
        // viewer's teammate or the computer in a seat of the viewer's team.
        match self.view.team.and_then(|t| t.decider) {
            Some(seat) if !self.asking => format!("The {}", seat.name()),
            _ => capitalize(&who(self.actor, self.view.viewer)),
        }
    }

    /// The deciding player's words or the waiting player's.
    fn pick(&self, ask: impl Into<String>, wait: impl Into<String>) -> String {
        if self.asking {
            ask.into()
        } else {
            wait.into()
        }
    }

    fn legal_has(&self, f: impl Fn(&Action) -> bool) -> bool {
        self.view.legal.iter().any(f)
    }

    fn prompt(&self, prompt: &Prompt) -> String {
        let they = self.they();
        match *prompt {
            Prompt::GameOver { winner } => {
                format!("The game is over: {} won.", who(winner, self.view.viewer))
            }
            Prompt::PlaceStartingUnits => self.pick(
                match self.actor {
                    Side::Empire => {
                        "Setup: place your starting units in Imperial systems (each of them needs \
                         a ground unit)."
                    }
                    Side::Rebel => {
                        "Setup: place your starting units in the Rebel Base space and in one \
                         system without Imperial units."
                    }
                },
                format!("{they} is placing its starting units."),
            ),
            Prompt::AttachRing { ring } => self.pick(
                format!(
                    "Setup: choose the leader who carries the {}.",
                    ring_name(ring)
                ),
                format!("{they} is choosing who carries the {}.", ring_name(ring)),
            ),
            Prompt::ChooseBase => self.pick(
                "Setup: choose where to hide your base (a probe card of a system without Imperial \
                 units).",
                format!("{they} is choosing where to hide its base."),
            ),
            Prompt::Assign => self.pick(
                if self.legal_has(|a| matches!(a, Action::Mission(_))) {
                    "Assignment: put a mission face down with leaders from your pool, play an \
                     Assignment card, or finish."
                } else {
                    "Assignment: play an Assignment card, or finish."
                },
                format!("{they} is assigning leaders to missions."),
            ),
            Prompt::AssignLeaders { slot } => self.assign_leaders(slot),
            Prompt::Turn => self.turn(),
            Prompt::Move { to, why } => self.moving(to, why),
            Prompt::Mission(step) => self.mission(step),
            Prompt::Combat(step) => self.combat(step),
            Prompt::ClaimObjective => self.pick(
                if self.legal_has(|a| matches!(a, Action::Objective(_))) {
                    "Start of Refresh: claim an objective, or not yet."
                } else {
                    "Start of Refresh: no objective of yours can be claimed now; go on."
                },
                format!("{they} may claim an objective."),
            ),
            Prompt::Refresh(step) => refresh_words(step).to_string(),
            Prompt::Recruit => self.pick(
                if self.legal_has(|a| matches!(a, Action::Card(_))) {
                    "Recruit: keep one of these action cards (the others go to the bottom of your \
                     deck)."
                } else {
                    "Recruit: choose the leader who joins you."
                },
                format!("{they} is recruiting."),
            ),
            Prompt::Build => self.pick(
                if self.legal_has(|a| matches!(a, Action::Destroy { .. }))
                    && self.legal_has(|a| matches!(a, Action::Build(_)))
                {
                    "Build: choose the unit this resource icon puts on your build queue. A kind \
                     the supply has run out of can be built by destroying one on the board."
                } else if self.legal_has(|a| matches!(a, Action::Build(_))) {
                    "Build: choose the unit this resource icon puts on your build queue."
                } else {
                    "Build: none of these units is left in the supply. Destroy one on the board to \
                     build it again, or build nothing."
                },
                format!("{they} is building units."),
            ),
            Prompt::Deploy => self.pick(
                "Deploy the units leaving your build queue (two per system at most); those you \
                 keep wait on space 1.",
                format!("{they} is deploying units."),
            ),
            Prompt::DiscardMissions => self.pick(
                "You hold more than ten missions: discard one.",
                format!("{they} is discarding missions down to ten."),
            ),
            Prompt::Effect { source, step } => self.effect(source, step).unwrap_or_else(|| {
                self.pick(
                    format!("{}: choose.", source_name(source)),
                    format!("{they} is deciding ({}).", source_name(source)),
                )
            }),
        }
    }

    fn assign_leaders(&self, slot: u8) -> String {
        let they = self.they();
        if !self.asking {
            // The leaders on the opponent's face-down missions are public.
            return match self.view.opponent.assigned.get(slot as usize) {
                Some([Some(first), None]) => format!(
                    "{they} may add a second leader to the face-down mission of {}.",
                    first.name()
                ),
                _ => format!("{they} is choosing leaders for a face-down mission."),
            };
        }
        match self.view.own.assigned.get(slot as usize) {
            Some((mission, [Some(first), None])) => format!(
                "Add a second leader to {} with {}, or go with one.",
                mission.name(),
                first.name()
            ),
            Some((mission, _)) => format!("Choose a leader for {}.", mission.name()),
            None => "Choose a leader for this mission.".to_string(),
        }
    }

    fn turn(&self) -> String {
        if !self.asking {
            return format!("{} is taking a turn.", self.they());
        }
        let mut options = Vec::new();
        if self.legal_has(|a| matches!(a, Action::Activate { .. } | Action::ActivateBase { .. })) {
            options.push("activate a system".to_string());
        }
        if self.legal_has(|a| matches!(a, Action::Reveal(_))) {
            options.push("reveal a mission".to_string());
        }
        if self.legal_has(|a| *a == Action::RevealBase) {
            options.push("reveal your base".to_string());
        }
        if options.is_empty() {
            return "Your turn: nothing is left to do but pass.".to_string();
        }
        options.push("pass".to_string());
        format!("Your turn: {}.", or_list(&options))
    }

    fn moving(&self, to: Place, why: MoveWhy) -> String {
        let into = place_name(to);
        let ask = match (why, to) {
            (MoveWhy::Activation, Place::RebelBase) => {
                "Move units into the Rebel Base space from your base's system and the systems \
                 next to it, then stop."
                    .to_string()
            }
            (MoveWhy::Activation, _) => {
                format!("Move units into {into} from the systems next to it, then stop.")
            }
            (MoveWhy::FromBase, _) => format!("Move units from your base to {into}, then stop."),
        };
        self.pick(ask, format!("{} is moving units into {into}.", self.they()))
    }

    // -----------------------------------------------------------------------------------
    // Missions

    fn mission(&self, step: MissionStep) -> String {
        let they = self.they();
        let run = self.view.mission.as_ref();
        let name = run.map_or("the mission", |m| m.mission.name());
        // "your Sabotage", "the Empire's Rule by Fear", or "its Sabotage" for the decider's own.
        let whose_mission = run.map_or_else(
            || "the mission".to_string(),
            |m| {
                let owner = if m.side == self.actor && m.side != self.view.viewer {
                    "its".to_string()
                } else {
                    whose(m.side, self.view.viewer)
                };
                format!("{owner} {}", m.mission.name())
            },
        );
        let at = run.map_or_else(String::new, target_words);
        match step {
            MissionStep::ChooseTarget if self.blindside_window() => {
                // The team game: the revealer's teammate first, who may hold Blindside; the
                // target stays the revealer's.
                let revealer = self.view.team.map_or(Role::Admiral, |t| t.state.mission);
                let revealer = Seat::new(self.actor, revealer).name();
                self.pick(
                    if self.legal_has(|a| matches!(a, Action::Card(_))) {
                        format!(
                            "The {revealer} reveals {name}: play Blindside before its target is \
                             chosen, or let it go on."
                        )
                    } else {
                        format!(
                            "The {revealer} reveals {name}: none of your cards applies before its \
                             target is chosen."
                        )
                    },
                    format!("{they} may use a card before the target of the mission is chosen."),
                )
            }
            MissionStep::ChooseTarget => {
                let blindside = if self.legal_has(|a| matches!(a, Action::Card(_))) {
                    " (or play Blindside first)"
                } else {
                    ""
                };
                let what = if self.legal_has(|a| matches!(a, Action::Leader(_))) {
                    "choose the leader it targets"
                } else {
                    "choose where to carry it out"
                };
                self.pick(
                    format!("Reveal {name}: {what}{blindside}."),
                    self.revealing_words(),
                )
            }
            MissionStep::Oppose => self.pick(
                format!(
                    "{} is attempted{at}: oppose it with a leader from your pool, or let it go.",
                    capitalize(&whose_mission)
                ),
                format!("{they} is deciding whether to oppose {whose_mission}{at}."),
            ),
            MissionStep::BeforeRoll => self.pick(
                if self.legal_has(|a| matches!(a, Action::Card(_))) {
                    format!(
                        "{}{at}: use a card before the dice are rolled, or roll.",
                        capitalize(&whose_mission)
                    )
                } else {
                    format!(
                        "{}{at}: none of your cards applies; roll the dice.",
                        capitalize(&whose_mission)
                    )
                },
                format!("{they} may use a card before the dice of {whose_mission} are rolled."),
            ),
            MissionStep::Roll => format!("The dice of {whose_mission} are rolled."),
            MissionStep::Astromech => self.pick(
                "Discard the R2-D2 ring to turn one Imperial die blank, or keep it.",
                format!("{they} may discard the R2-D2 ring to blank an Imperial die."),
            ),
            MissionStep::Reroll => self.pick(
                "Reroll one of your dice with the Yoda ring, or keep the roll.",
                format!("{they} may reroll a die with the Yoda ring."),
            ),
            MissionStep::Protocol => self.pick(
                format!(
                    "{} failed: discard the C-3PO ring to make it succeed?",
                    capitalize(&whose_mission)
                ),
                format!("{they} may discard the C-3PO ring to save {whose_mission}."),
            ),
            MissionStep::Resolve | MissionStep::Resolved { .. } => {
                format!("{} is carried out.", capitalize(&whose_mission))
            }
            MissionStep::Finish { success } => format!(
                "{} {}.",
                capitalize(&whose_mission),
                if success { "is done" } else { "failed" }
            ),
        }
    }

    /// Whether the seat deciding a mission's target is not its revealer: the team game's
    /// Blindside window for the revealer's teammate (public, as who decides is).
    fn blindside_window(&self) -> bool {
        self.view
            .team
            .and_then(|t| Some(t.decider?.role != t.state.mission))
            .unwrap_or(false)
    }

    /// The waiting player's words while a mission is revealed: the card stays hidden until
    /// its target is chosen, but the leaders coming off it are public.
    fn revealing_words(&self) -> String {
        let leaders: Vec<String> = self
            .view
            .leaders
            .iter()
            .filter(|l| l.spot == LeaderSpot::Revealing && l.controller == self.actor)
            .map(|l| l.leader.name().to_string())
            .collect();
        if leaders.is_empty() {
            format!(
                "{} is revealing a mission and choosing its target.",
                self.they()
            )
        } else {
            format!(
                "{} is revealing the mission of {} and choosing its target.",
                self.they(),
                join_list(&leaders)
            )
        }
    }

    // -----------------------------------------------------------------------------------
    // Combat

    fn combat(&self, step: CombatStep) -> String {
        let they = self.they();
        let combat = self.view.combat.as_ref();
        let sys = combat.map_or_else(
            || "this system".to_string(),
            |c| c.system.name().to_string(),
        );
        let round = combat.map_or(1, |c| c.round);
        let attack = combat.and_then(|c| c.attack.as_ref());
        let theater = attack.map_or("", |a| theater_name(a.theater));
        let rolled = attack.map_or_else(String::new, |a| {
            dice_text(&a.dice.iter().map(|d| d.die).collect::<Vec<_>>())
        });
        match step {
            CombatStep::AddLeader { .. } => self.pick(
                format!(
                    "Combat in {sys}: add a leader from your pool to lead your forces, or fight \
                     without."
                ),
                format!("{they} may add a leader to the combat in {sys}."),
            ),
            CombatStep::StartCards { .. } => self.pick(
                if self.legal_has(|a| matches!(a, Action::Card(_))) {
                    format!("Combat in {sys}: play a Start of Combat card, or go on.")
                } else {
                    format!("Combat in {sys}: none of your Start of Combat cards applies; go on.")
                },
                format!("{they} may play a Start of Combat card in {sys}."),
            ),
            CombatStep::DrawTactics => format!("Combat in {sys}: tactic cards are drawn."),
            CombatStep::RoundStart => format!("Combat in {sys}: round {round} begins."),
            CombatStep::Roll { theater, side } => format!(
                "Combat in {sys}: {} {} the {} attack.",
                who(side, self.view.viewer),
                if side == self.view.viewer {
                    "roll"
                } else {
                    "rolls"
                },
                theater_name(theater)
            ),
            CombatStep::BeforeRoll { theater } => self.pick(
                if self.legal_has(|a| matches!(a, Action::Card(_))) {
                    format!(
                        "Before your {} attack in {sys} is rolled: use One in a Million, or roll.",
                        theater_name(theater)
                    )
                } else {
                    format!("Roll your {} attack in {sys}.", theater_name(theater))
                },
                format!(
                    "{they} may use a card before rolling its {} attack.",
                    theater_name(theater)
                ),
            ),
            CombatStep::Reroll => self.pick(
                format!(
                    "Your attack rolled {rolled}: reroll one die with the Yoda ring, or keep it."
                ),
                format!("{they} may reroll a die of its attack with the Yoda ring."),
            ),
            CombatStep::Actions => self.pick(
                format!(
                    "Your {theater} attack in {sys} rolled {rolled}: spend special dice, play \
                     tactic cards, or go on to assign the damage."
                ),
                format!("{they} is making its {theater} attack in {sys} ({rolled})."),
            ),
            CombatStep::Assign => self.pick(
                self.assign_question(),
                format!("{they} is assigning the damage of its {theater} attack."),
            ),
            CombatStep::Block => self.pick(
                if self.legal_has(|a| matches!(a, Action::Tactic(_))) {
                    format!(
                        "Damage is assigned to your units in {sys}: block some with a tactic card, \
                         or take it."
                    )
                } else {
                    format!(
                        "Damage is assigned to your units in {sys}: no block card applies; take it."
                    )
                },
                format!("{they} may block damage with a tactic card."),
            ),
            CombatStep::AttackDone => format!("Combat in {sys}: the damage lands."),
            CombatStep::EndOfStep { theater } => {
                format!(
                    "Combat in {sys}: the {} battle step ends.",
                    theater_name(theater)
                )
            }
            CombatStep::Objective { .. } => self.pick(
                if self.legal_has(|a| matches!(a, Action::Objective(_))) {
                    format!("Combat in {sys}: claim a combat objective now, or not yet.")
                } else {
                    format!("Combat in {sys}: no objective of yours can be claimed now; go on.")
                },
                format!("{they} may claim an objective in this combat."),
            ),
            CombatStep::Retreat { .. } => self.pick(
                format!(
                    "Combat in {sys}, round {round}: retreat with a leader to a system next door, \
                     or stay."
                ),
                format!("{they} may retreat from {sys}."),
            ),
            CombatStep::RetreatUnits { to, .. } => self.pick(
                format!(
                    "Retreating to {}: choose the units to take along, then stop.",
                    to.name()
                ),
                format!(
                    "{they} is choosing the units that retreat to {}.",
                    to.name()
                ),
            ),
            CombatStep::RoundEnd => format!("Combat in {sys}: round {round} ends."),
            CombatStep::End => format!("The combat in {sys} ends."),
        }
    }

    /// The next die (or point of card damage) to assign, as the question.
    fn assign_question(&self) -> String {
        let next = self.view.legal.iter().find_map(|a| match a {
            Action::Damage { die, .. } => Some(*die),
            _ => None,
        });
        let die = next.and_then(|i| {
            let attack = self.view.combat.as_ref()?.attack.as_ref()?;
            attack.dice.get(i as usize).map(|d| d.die)
        });
        match die {
            Some(die) => format!(
                "Assign your {}: choose the enemy unit it damages.",
                die_text(die)
            ),
            None => "Assign the damage of your tactic card: choose the enemy unit it goes to."
                .to_string(),
        }
    }

    // -----------------------------------------------------------------------------------
    // Card steps

    /// The words of one card step; `None` for a step these words do not know.
    fn effect(&self, source: Source, step: u8) -> Option<String> {
        match source {
            Source::Mission(m) if m.side() == Side::Empire => self.imperial(m, step),
            Source::Mission(m) => self.rebel(m, step),
            Source::Action(c) => self.action_card(c, step),
            Source::Objective(o) => self.objective(o, step),
            Source::Tactic(t) => self.tactic(t, step),
        }
    }

    /// Where the mission behind a card step is carried out, if it is still on the table.
    fn mission_at(&self, m: Mission) -> String {
        self.view
            .mission
            .as_ref()
            .filter(|run| run.mission == m)
            .and_then(|run| run.place)
            .map_or_else(|| "the mission's system".to_string(), place_name)
    }

    fn imperial(&self, m: Mission, step: u8) -> Option<String> {
        use steps::imperial::*;
        use Mission::*;
        let they = self.they();
        let name = m.name();
        let here = self.mission_at(m);
        Some(match (m, step) {
            (CaptureRebelOperative | CollectBounty, NOBLE_SACRIFICE) => self.noble_sacrifice(),
            (CollectBounty, BOUNTY_DESTINATION) => self.pick(
                "Collect Bounty: choose where the captive and your bounty hunters go (the nearest \
                 systems with Imperial units).",
                format!("{they} is choosing where Collect Bounty takes its captive."),
            ),
            (HomingBeacon, HOMING_SYSTEM) => self.pick(
                "Homing Beacon: choose where in your base's region the freed leader goes.",
                format!("{they} is placing the freed leader in the region of its base."),
            ),
            (InterrogationDroid, DROID_DECOY) => self.pick(
                "Interrogation Droid: name a system that is not your base (two in all); the Empire \
                 will see them together with your base.",
                format!("{they} is naming systems for Interrogation Droid."),
            ),
            (PlanetaryConquest, CONQUEST_SOURCE) => self.pick(
                format!(
                    "Planetary Conquest: choose the system that sends ground units to {here}, or \
                     bring none."
                ),
                format!("{they} is choosing where Planetary Conquest brings ground units from."),
            ),
            (PlanetaryConquest, CONQUEST_UNITS) => self.pick(
                format!(
                    "Planetary Conquest: choose ground units to bring to {here} (an AT-AT, an \
                     AT-ST and two Stormtroopers at most), then stop."
                ),
                format!("{they} is moving ground units into {here}."),
            ),
            (ResearchAndDevelopment, STUDY_OR_CLEAR) => self.pick(
                format!(
                    "Research and Development: clear the sabotage in {here} and draw one project \
                     card, or study (draw two, keep one)."
                ),
                format!("{they} is choosing between clearing sabotage and studying."),
            ),
            (ResearchAndDevelopment, KEEP_PROJECT) => self.pick(
                "Research and Development: choose the project card to keep; the other goes to the \
                 bottom of the deck.",
                format!("{they} is choosing a project card to keep."),
            ),
            (
                ConstructDeathStar | ConstructSuperStarDestroyer,
                FREE_SUPPLY,
            ) => {
                let kind = self.view.legal.iter().find_map(|a| match a {
                    Action::Destroy { kind, .. } => Some(*kind),
                    _ => None,
                });
                let unit = kind.map_or("unit", |k| k.info().name);
                let decline = if self.legal_has(|a| *a == Action::Done) {
                    ", or go without"
                } else {
                    ""
                };
                self.pick(
                    format!(
                        "{name}: no {unit} is left in the supply. Destroy one of yours on the \
                         board to use it{decline}."
                    ),
                    format!("{they} is deciding whether to take a unit off the board for {name}."),
                )
            }
            (DoubleOurEfforts, HASTEN) => self.pick(
                if self.legal_has(|a| *a == Action::Done) {
                    "Double Our Efforts (Jerjerrod): move another unit on build-queue space 2 or 3 \
                     one space forward, or stop."
                } else {
                    "Double Our Efforts: choose a unit on build-queue space 2 or 3 to move one \
                     space forward."
                },
                format!("{they} is moving units forward on its build queue."),
            ),
            (FearWillKeepThemInLine, FEAR_SYSTEM) => self.pick(
                "Fear Will Keep Them in Line: choose a populous system of the region to gain \
                 Imperial loyalty (two in all).",
                format!("{they} is choosing systems to gain Imperial loyalty."),
            ),
            (HuntThemDown, HUNT) => self.pick(
                format!(
                    "Hunt Them Down: destroy Rebel units in {here} (a total health of two at \
                     most), then stop."
                ),
                format!("{they} is choosing Rebel units to destroy in {here}."),
            ),
            (RetrieveThePlans, RETRIEVE_PLANS) => self.pick(
                "Retrieve the Plans: choose the Rebel objective that goes to the bottom of the \
                 objective deck.",
                format!("{they} is choosing one of your objectives to bury."),
            ),
            (OverseeProject, OVERSEE) => self.pick(
                format!(
                    "Oversee Project: choose a unit on build-queue space 1 or 2 to deploy in \
                     {here}."
                ),
                format!("{they} is choosing a unit to deploy in {here}."),
            ),
            (SuperlaserOnline, CULL) => self.pick(
                format!(
                    "Superlaser Online: your ships in {here} lack the room to carry every unit; \
                     choose one to destroy."
                ),
                format!("{they} is choosing which of its units in {here} are lost."),
            ),
            (SuperlaserOnline, REGION_LOYALTY) => self.pick(
                "Superlaser Online: choose the populous system of the region that gains Imperial \
                 loyalty.",
                format!("{they} is choosing a system to gain Imperial loyalty."),
            ),
            _ => return None,
        })
    }

    /// Noble Sacrifice's window after Obi-Wan's capture: opened whether or not the Rebel
    /// holds the card, so the waiting words name no card.
    fn noble_sacrifice(&self) -> String {
        self.pick(
            if self.legal_has(|a| matches!(a, Action::Card(_))) {
                "Obi-Wan Kenobi is captured: play Noble Sacrifice to eliminate him instead and \
                 gain one reputation?"
            } else {
                "Obi-Wan Kenobi is captured (you hold no Noble Sacrifice); go on."
            },
            format!("{} may answer the capture of Obi-Wan Kenobi.", self.they()),
        )
    }

    fn rebel(&self, m: Mission, step: u8) -> Option<String> {
        use steps::rebel::*;
        use Mission::*;
        let they = self.they();
        let name = m.name();
        let here = self.mission_at(m);
        Some(match (m, step) {
            (Infiltration, OBJECTIVE) => self.pick(
                "Infiltration: choose the objective card that goes back on top; the other goes to \
                 the bottom.",
                format!("{they} is sorting the objective cards Infiltration showed."),
            ),
            (CovertOperation, OBJECTIVE) => self.pick(
                "Covert Operation: choose the objective card to keep; the other goes to the \
                 bottom.",
                format!("{they} is choosing an objective card to keep."),
            ),
            (StolenPlans, OBJECTIVE) => self.pick(
                "Stolen Plans: put an objective card back on top of the deck (each one goes above \
                 the one before).",
                format!("{they} is putting objective cards back in the order it likes."),
            ),
            (ContingencyPlan, START_MISSION) => self.pick(
                "Contingency Plan: choose the starting mission its leaders move onto.",
                format!("{they} is choosing a mission for Contingency Plan's leaders."),
            ),
            (DaringRescue | ForTheGreaterGood, RESCUE) => self.pick(
                format!("{name}: choose the captive in {here} to rescue."),
                format!("{they} is choosing which captive {name} rescues."),
            ),
            (DaringRescue, GO_HOME) => self.pick(
                "Daring Rescue: send a leader of the mission home to your base, or stay.",
                format!("{they} may send the mission's leaders home."),
            ),
            (HitAndRun | WookieeUprising, DESTROY) => {
                let most = if m == HitAndRun { "two" } else { "four" };
                self.pick(
                    format!(
                        "{name}: destroy Imperial units in {here} (a total health of {most} at \
                         most), then stop."
                    ),
                    format!("{they} is choosing Imperial units to destroy in {here}."),
                )
            }
            (Demolition, DESTROY_QUEUED) => self.pick(
                "Demolition: choose a unit on the Imperial build queue to destroy for this \
                 resource icon.",
                format!("{they} is destroying units on the Imperial build queue."),
            ),
            (RogueSquadronRaid, DESTROY_QUEUED) => self.pick(
                "Rogue Squadron Raid: destroy units on the Imperial build queue (a total health of \
                 four at most), then stop.",
                format!("{they} is raiding the Imperial build queue."),
            ),
            (HiddenFleet, CARRY) => self.pick(
                format!(
                    "Hidden Fleet: move units from your base to {here} (ground units need room on \
                     the ships), then stop."
                ),
                format!("{they} is moving units from its base to {here}."),
            ),
            (PlanTheAssault, CARRY) => self.pick(
                format!(
                    "Plan the Assault: move ships from your base to {here}, then stop and fight."
                ),
                format!("{they} is moving ships from its base to {here}."),
            ),
            (LeadTheStrikeTeam, CARRY) => self.pick(
                format!(
                    "Lead the Strike Team: move up to four ground units from your base to {here}, \
                     then stop."
                ),
                format!("{they} is moving ground units from its base to {here}."),
            ),
            (RapidMobilization, CARRY) => self.pick(
                self.mobilization_carry(),
                format!("{they} is carrying out Rapid Mobilization."),
            ),
            (Misdirection, MISDIRECT) => self.pick(
                "Misdirection: choose the leader whose missions the Empire cannot oppose from its \
                 pool this round.",
                format!("{they} is choosing a leader for Misdirection."),
            ),
            (PlantFalseLead, PROBE_CARDS) => self.pick(
                "Plant False Lead: put each probe card taken from the Empire on top or at the \
                 bottom of the probe deck.",
                format!("{they} is putting your probe cards back into the deck."),
            ),
            (PublicUprising, PLACE_UNITS) => self.pick(
                format!(
                    "Public Uprising: choose a unit to place in {here} (one of a circle icon, then \
                     two of a triangle icon)."
                ),
                format!("{they} is placing units in {here}."),
            ),
            (SeekYoda, YODA) => self.pick(
                "Seek Yoda: choose the leader who takes the Yoda ring.",
                format!("{they} is choosing who takes the Yoda ring."),
            ),
            (SupportOfMonCalamari, MON_CALAMARI) => self.pick(
                "Support of Mon Calamari: two Rebel loyalty in Mon Calamari, or a Mon Calamari \
                 Cruiser on build-queue space 3?",
                format!("{they} is choosing what Support of Mon Calamari brings."),
            ),
            (RapidMobilization, MOBILIZE) => self.pick(
                "Rapid Mobilization: gather units into the Rebel Base space from a system with \
                 your ships, or look at probe cards to move the base.",
                format!("{they} is choosing how to carry out Rapid Mobilization."),
            ),
            _ => return None,
        })
    }

    /// Rapid Mobilization carries units in or picks a new base: the deciding player's words
    /// follow the options (the waiting player's do not).
    fn mobilization_carry(&self) -> String {
        if self.legal_has(|a| matches!(a, Action::Probe(_))) {
            return "Rapid Mobilization: choose your new base among the probe cards you drew, or \
                    keep the old one."
                .to_string();
        }
        let from = self.view.legal.iter().find_map(|a| match a {
            Action::Move { from, .. } => Some(*from),
            _ => None,
        });
        match from {
            Some(from) => format!(
                "Rapid Mobilization: move units from {} into the Rebel Base space (five at most), \
                 then stop.",
                place_name(from)
            ),
            None => {
                "Rapid Mobilization: none of the probe cards you drew can be your new base; go on."
                    .to_string()
            }
        }
    }

    fn action_card(&self, card: ActionCard, step: u8) -> Option<String> {
        use steps::action::*;
        use ActionCard::*;
        let they = self.they();
        let name = card.name();
        let leader = card.info().leaders.first().map_or("", |l| l.name());
        // Where the card's leader went (the engine keeps the card's system in its frame).
        let there = card
            .info()
            .leaders
            .first()
            .and_then(|l| leader_place(self.view, *l))
            .map_or_else(|| "that system".to_string(), place_name);
        let sys = self
            .view
            .combat
            .as_ref()
            .map_or_else(|| "the combat".to_string(), |c| c.system.name().to_string());
        Some(match (card, step) {
            (_, SYSTEM) => {
                let ask = match card {
                    BrilliantAdministrator => {
                        "Brilliant Administrator: choose the Imperial system where Tarkin goes to \
                         build."
                    }
                    BobaFettWhere => {
                        "Boba Fett? Where?: choose the Imperial system Boba Fett watches over."
                    }
                    CatchThemBySurprise => {
                        "Catch Them by Surprise: choose the system Ozzel activates."
                    }
                    LocalRumors => {
                        "Local Rumors: choose the system Yularen visits (you learn whether the \
                         base is in its region)."
                    }
                    PublicSupport => {
                        "Public Support: choose the system Janus Greejatus goes to with three \
                         Stormtroopers."
                    }
                    ScoutingMission => "Scouting Mission: choose the system Fel scouts.",
                    StartTheEvacuation => {
                        "Start the Evacuation: choose the system Rieekan goes to; units from your \
                         base may follow."
                    }
                    TemporaryAlliance => {
                        "Temporary Alliance: choose the neutral system where Mon Mothma goes to \
                         build."
                    }
                    Ambush => {
                        "Ambush: choose the system with Imperial ground units where Madine strikes."
                    }
                    AnOldFriend => "An Old Friend: choose where Han Solo meets his old friend.",
                    IndependentOperation => {
                        "Independent Operation: choose the subjugated system Lando goes to."
                    }
                    _ => return None,
                };
                self.pick(
                    ask,
                    format!("{they} played {name} and is choosing where {leader} goes."),
                )
            }
            (ProceedingAsPlanned, LEADER) => self.pick(
                "Proceeding as Planned: choose who takes the project card, Ozzel or Jerjerrod.",
                format!("{they} is choosing a leader for Proceeding as Planned."),
            ),
            (ReadyForAction, LEADER) => self.pick(
                format!("Ready for Action: choose who joins the combat in {sys}."),
                format!("{they} is choosing who joins the combat in {sys}."),
            ),
            (Undercover, LEADER) => self.pick(
                "Undercover: choose who comes from another system to oppose the mission.",
                format!("{they} is choosing who goes undercover."),
            ),
            (TheMillenniumFalcon, LEADER) => self.pick(
                "The Millennium Falcon: choose who flies it, Han Solo or Chewbacca.",
                format!("{they} is choosing who flies the Millennium Falcon."),
            ),
            (ProceedingAsPlanned, SEARCH) => self.pick(
                "Proceeding as Planned: choose the project card your leader takes as a face-down \
                 mission.",
                format!("{they} is searching the project deck."),
            ),
            (OurMostDesperateHour, SEARCH) => self.pick(
                "Our Most Desperate Hour: choose the mission Leia takes from your deck.",
                format!("{they} is searching its mission deck for Leia."),
            ),
            (SonOfSkywalker, SEARCH) => self.pick(
                "Son of Skywalker: take Seek Yoda or Daring Rescue from your mission deck, or \
                 nothing.",
                format!("{they} is searching its mission deck (Son of Skywalker)."),
            ),
            (ScoutingMission, UNITS) => self.pick(
                format!(
                    "Scouting Mission: move TIE Fighters to {there} (four at most), then stop."
                ),
                format!("{they} is moving TIE Fighters to {there}."),
            ),
            (Ambush, UNITS) => self.pick(
                format!(
                    "Ambush: destroy Imperial ground units in {there} (a total health of three at \
                     most), then stop."
                ),
                format!("{they} is choosing Imperial ground units to destroy in {there}."),
            ),
            (FullyOperational, UNITS) => self.pick(
                format!("Fully Operational: choose the Rebel ship to destroy in {sys}."),
                format!("{they} is choosing a Rebel ship to destroy."),
            ),
            (TargetTheGenerator, UNITS) => self.pick(
                format!("Target the Generator: choose the Rebel structure to destroy in {sys}."),
                format!("{they} is choosing a Rebel structure to destroy."),
            ),
            (IndependentOperation, DESTINATION) => self.pick(
                format!(
                    "Independent Operation: choose the Imperial system your ground units in \
                     {there} must move to."
                ),
                format!("{they} is choosing where its ground units in {there} go."),
            ),
            (MoreDangerousThanYouRealize, DECK) => self.pick(
                "More Dangerous Than You Realize: choose the deck you draw three tactic cards \
                 from.",
                format!("{they} is choosing a tactic deck to draw from."),
            ),
            (OneInAMillion, FACES) => self.pick(
                "One in a Million: choose the face of a die to set (two at most), or roll the \
                 rest.",
                format!("{they} is setting dice with One in a Million."),
            ),
            (SonOfSkywalker, WINDOW) => self.pick(
                if self.legal_has(|a| matches!(a, Action::Card(_))) {
                    "The mission succeeded with Luke there: play Son of Skywalker?"
                } else {
                    "The mission succeeded with Luke there (you hold no Son of Skywalker); go on."
                },
                format!("{they} may play a card now that the mission succeeded with Luke there."),
            ),
            (TheMillenniumFalcon, WINDOW) => self.pick(
                "Discard the Millennium Falcon ring to rescue a captive here, or keep it.",
                format!("{they} may use the Millennium Falcon ring to rescue a captive."),
            ),
            (ItIsYourDestiny, WINDOW) => self.pick(
                if self.legal_has(|a| matches!(a, Action::Leader(_))) {
                    "A leader was rescued with Vader there: play It Is Your Destiny to capture one \
                     of the mission's leaders?"
                } else {
                    "A leader was rescued with Vader there (you hold no It Is Your Destiny); go on."
                },
                format!("{they} may answer the rescue, with Vader there."),
            ),
            (NobleSacrifice, WINDOW) => self.noble_sacrifice(),
            _ => return None,
        })
    }

    fn objective(&self, o: Objective, step: u8) -> Option<String> {
        use steps::objective::*;
        use Objective::*;
        let they = self.they();
        let plans = matches!(o, DeathStarPlansII | DeathStarPlansIII);
        Some(match step {
            PLANS_DICE if plans => self.pick(
                "Death Star Plans: choose how many of the three dice are red (only a direct hit \
                 counts).",
                format!("{they} revealed Death Star Plans and is choosing its dice."),
            ),
            PLANS_TARGET if plans => self.pick(
                "Death Star Plans hit: choose the station to destroy.",
                format!("{they} is choosing which station Death Star Plans destroys."),
            ),
            PLANS_REROLL if plans => self.pick(
                "Death Star Plans missed: reroll one of its dice with the Yoda ring, or not.",
                format!("{they} may reroll a Death Star Plans die with the Yoda ring."),
            ),
            JEDI_TARGET if o == ReturnOfTheJedi => self.pick(
                "Return of the Jedi: choose the Imperial leader Luke eliminates.",
                format!("{they} is choosing the Imperial leader Luke eliminates."),
            ),
            _ => return None,
        })
    }

    fn tactic(&self, t: Tactic, step: u8) -> Option<String> {
        use steps::tactic::*;
        use Tactic::*;
        let they = self.they();
        let name = t.name();
        Some(match (t, step) {
            (SpaceConcentrateFire | GroundConcentrateFire, REROLL) => self.pick(
                "Concentrate Fire: choose a die to reroll (two at most), then reroll.",
                format!("{they} is choosing dice to reroll."),
            ),
            (SpaceBrilliantStrategy | GroundBrilliantStrategy, DRAW) => self.pick(
                "Brilliant Strategy: choose the deck of this draw.",
                format!("{they} is drawing tactic cards (Brilliant Strategy)."),
            ),
            (GroundBombardment, SHIP) => self.pick(
                "Bombardment: choose the ship whose red attack sets the damage.",
                format!("{they} is choosing a ship to bombard with."),
            ),
            (SpaceOutmaneuver | GroundDigIn, COST) => self.pick(
                format!("{name}: choose another card to discard to pay for it."),
                format!("{they} is paying for {name}."),
            ),
            (
                SpaceDefensiveFormation | GroundDefensiveFormation | SpaceOutmaneuver | GroundDigIn,
                BLOCK,
            ) => self.pick(
                if self.legal_has(|a| *a == Action::Done) {
                    format!("{name}: choose another unit to take a damage off, or stop.")
                } else {
                    format!("{name}: choose the unit to take a damage off.")
                },
                format!("{they} is blocking damage with {name}."),
            ),
            _ => return None,
        })
    }
}

/// " in Bespin", " against Han Solo in Bespin", or nothing before a target is chosen.
fn target_words(run: &MissionView) -> String {
    let place = run.place.map(place_name);
    match (run.against, place) {
        (Some(l), Some(p)) => format!(" against {} in {p}", l.name()),
        (Some(l), None) => format!(" against {}", l.name()),
        (None, Some(p)) => format!(" in {p}"),
        (None, None) => String::new(),
    }
}

/// Where a leader stands on the board, as everyone sees it.
fn leader_place(view: &PlayerView, leader: swr_engine::LeaderId) -> Option<Place> {
    view.leaders.iter().find_map(|l| match l.spot {
        swr_engine::view::LeaderSpot::Board(p) if l.leader == leader => Some(p),
        _ => None,
    })
}

/// "a, b or c".
fn or_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// The automatic Refresh steps (no one decides them; shown while they run).
fn refresh_words(step: RefreshStep) -> &'static str {
    match step {
        RefreshStep::Objective => "Start of Refresh: objectives may be claimed.",
        RefreshStep::Retrieve => "Refresh: leaders go back to their pools.",
        RefreshStep::DrawMissions => "Refresh: both sides draw missions.",
        RefreshStep::Probes => "Refresh: the Empire draws probe cards.",
        RefreshStep::DrawObjective => "Refresh: the Rebellion draws an objective.",
        RefreshStep::AdvanceTime => "Refresh: the time marker advances.",
        RefreshStep::Recruit => "Refresh: recruiting.",
        RefreshStep::Build => "Refresh: building.",
        RefreshStep::Deploy { side: Side::Rebel } => "Refresh: the Rebellion deploys.",
        RefreshStep::Deploy { side: Side::Empire } => "Refresh: the Empire deploys.",
        RefreshStep::NextRound => "Refresh: a new round begins.",
    }
}

/// While units move (either side's, since moves are public): what has moved in so far, by
/// kind, and how much room the ships that came from each system leave for ground units.
pub fn moving_summary(view: &PlayerView) -> Option<String> {
    use super::cards::unit_name;
    use swr_engine::LogEvent;
    let moving = view.moving.as_ref()?;
    // The move began at the latest activation.
    let start = view
        .log
        .iter()
        .rposition(|e| {
            matches!(
                e,
                LogEvent::Activated { .. } | LogEvent::ActivatedBase { .. }
            )
        })
        .map_or(0, |i| i + 1);
    let mut counts: Vec<(swr_engine::UnitKind, u8)> = Vec::new();
    for e in &view.log[start..] {
        if let LogEvent::UnitMoved { kind, to, .. } = e {
            if *to == moving.to {
                match counts.iter_mut().find(|(k, _)| k == kind) {
                    Some((_, n)) => *n += 1,
                    None => counts.push((*kind, 1)),
                }
            }
        }
    }
    let moved = if counts.is_empty() {
        "nothing yet".to_string()
    } else {
        join_list(
            &counts
                .iter()
                .map(|&(k, n)| unit_name(k, n))
                .collect::<Vec<_>>(),
        )
    };
    let mut out = format!("Moved into {}: {moved}.", place_name(moving.to));
    let room: Vec<String> = moving
        .transport
        .iter()
        .map(|&(from, capacity, used)| {
            format!(
                "from {} {} of {capacity}",
                place_name(from),
                capacity.saturating_sub(used)
            )
        })
        .collect();
    if !room.is_empty() {
        out.push_str(&format!(
            " Room left for ground units: {}.",
            join_list(&room)
        ));
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use swr_engine::{Game, GameOptions};

    /// Every card step the engine asks, by its rules files.
    fn every_card_step() -> Vec<(Source, u8)> {
        use steps::*;
        use ActionCard as A;
        use Mission as M;
        use Objective as O;
        use Tactic as T;
        let mut out = Vec::new();
        let mut add = |source: Source, step: u8| out.push((source, step));
        for m in [M::CaptureRebelOperative, M::CollectBounty] {
            add(Source::Mission(m), imperial::NOBLE_SACRIFICE);
        }
        for (m, step) in [
            (M::CollectBounty, imperial::BOUNTY_DESTINATION),
            (M::HomingBeacon, imperial::HOMING_SYSTEM),
            (M::InterrogationDroid, imperial::DROID_DECOY),
            (M::PlanetaryConquest, imperial::CONQUEST_SOURCE),
            (M::PlanetaryConquest, imperial::CONQUEST_UNITS),
            (M::ResearchAndDevelopment, imperial::STUDY_OR_CLEAR),
            (M::ResearchAndDevelopment, imperial::KEEP_PROJECT),
            (M::ConstructDeathStar, imperial::FREE_SUPPLY),
            (M::ConstructSuperStarDestroyer, imperial::FREE_SUPPLY),
            (M::DoubleOurEfforts, imperial::HASTEN),
            (M::FearWillKeepThemInLine, imperial::FEAR_SYSTEM),
            (M::HuntThemDown, imperial::HUNT),
            (M::RetrieveThePlans, imperial::RETRIEVE_PLANS),
            (M::OverseeProject, imperial::OVERSEE),
            (M::SuperlaserOnline, imperial::CULL),
            (M::SuperlaserOnline, imperial::REGION_LOYALTY),
            (M::Infiltration, rebel::OBJECTIVE),
            (M::CovertOperation, rebel::OBJECTIVE),
            (M::StolenPlans, rebel::OBJECTIVE),
            (M::ContingencyPlan, rebel::START_MISSION),
            (M::DaringRescue, rebel::RESCUE),
            (M::ForTheGreaterGood, rebel::RESCUE),
            (M::DaringRescue, rebel::GO_HOME),
            (M::HitAndRun, rebel::DESTROY),
            (M::WookieeUprising, rebel::DESTROY),
            (M::Demolition, rebel::DESTROY_QUEUED),
            (M::RogueSquadronRaid, rebel::DESTROY_QUEUED),
            (M::HiddenFleet, rebel::CARRY),
            (M::PlanTheAssault, rebel::CARRY),
            (M::LeadTheStrikeTeam, rebel::CARRY),
            (M::RapidMobilization, rebel::CARRY),
            (M::Misdirection, rebel::MISDIRECT),
            (M::PlantFalseLead, rebel::PROBE_CARDS),
            (M::PublicUprising, rebel::PLACE_UNITS),
            (M::SeekYoda, rebel::YODA),
            (M::SupportOfMonCalamari, rebel::MON_CALAMARI),
            (M::RapidMobilization, rebel::MOBILIZE),
        ] {
            add(Source::Mission(m), step);
        }
        for c in [
            A::BrilliantAdministrator,
            A::BobaFettWhere,
            A::CatchThemBySurprise,
            A::LocalRumors,
            A::PublicSupport,
            A::ScoutingMission,
            A::StartTheEvacuation,
            A::TemporaryAlliance,
            A::Ambush,
            A::AnOldFriend,
            A::IndependentOperation,
        ] {
            add(Source::Action(c), action::SYSTEM);
        }
        for (c, step) in [
            (A::ProceedingAsPlanned, action::LEADER),
            (A::ReadyForAction, action::LEADER),
            (A::Undercover, action::LEADER),
            (A::TheMillenniumFalcon, action::LEADER),
            (A::ProceedingAsPlanned, action::SEARCH),
            (A::OurMostDesperateHour, action::SEARCH),
            (A::SonOfSkywalker, action::SEARCH),
            (A::ScoutingMission, action::UNITS),
            (A::Ambush, action::UNITS),
            (A::FullyOperational, action::UNITS),
            (A::TargetTheGenerator, action::UNITS),
            (A::IndependentOperation, action::DESTINATION),
            (A::MoreDangerousThanYouRealize, action::DECK),
            (A::OneInAMillion, action::FACES),
            (A::SonOfSkywalker, action::WINDOW),
            (A::TheMillenniumFalcon, action::WINDOW),
            (A::ItIsYourDestiny, action::WINDOW),
            (A::NobleSacrifice, action::WINDOW),
        ] {
            add(Source::Action(c), step);
        }
        for o in [O::DeathStarPlansII, O::DeathStarPlansIII] {
            for step in [
                objective::PLANS_DICE,
                objective::PLANS_TARGET,
                objective::PLANS_REROLL,
            ] {
                add(Source::Objective(o), step);
            }
        }
        add(
            Source::Objective(O::ReturnOfTheJedi),
            objective::JEDI_TARGET,
        );
        for (t, step) in [
            (T::SpaceConcentrateFire, tactic::REROLL),
            (T::GroundConcentrateFire, tactic::REROLL),
            (T::SpaceBrilliantStrategy, tactic::DRAW),
            (T::GroundBrilliantStrategy, tactic::DRAW),
            (T::GroundBombardment, tactic::SHIP),
            (T::SpaceOutmaneuver, tactic::COST),
            (T::GroundDigIn, tactic::COST),
            (T::SpaceDefensiveFormation, tactic::BLOCK),
            (T::GroundDefensiveFormation, tactic::BLOCK),
            (T::SpaceOutmaneuver, tactic::BLOCK),
            (T::GroundDigIn, tactic::BLOCK),
        ] {
            add(Source::Tactic(t), step);
        }
        out
    }

    #[test]
    fn every_card_step_has_its_words() {
        let game = Game::new(7, GameOptions::default());
        let steps = every_card_step();
        // The cards that build from icons ask the Build step's question (no card step).
        assert_eq!(steps.len(), 86);
        for viewer in Side::BOTH {
            let view = game.state().view(viewer);
            for &(source, step) in &steps {
                assert!(
                    effect_has_words(source, step, &view),
                    "{} step {step} has no words",
                    source_name(source)
                );
                let prompt = Prompt::Effect { source, step };
                let ask = prompt_text(&prompt, &view);
                let wait = waiting_text(&prompt, &view);
                assert!(!ask.contains('{') && !wait.contains('{'), "{ask} / {wait}");
                assert_ne!(ask, wait, "{}", source_name(source));
            }
        }
        // A step the engine never asks falls back to the card's name.
        let view = game.state().view(Side::Empire);
        let odd = Source::Tactic(Tactic::SpaceNoEscape);
        assert!(!effect_has_words(odd, 9, &view));
        let prompt = Prompt::Effect {
            source: odd,
            step: 9,
        };
        assert_eq!(prompt_text(&prompt, &view), "No Escape: choose.");
    }

    #[test]
    fn blindsides_window_for_the_revealers_teammate_says_whose_target_it_is() {
        // The Imperial General revealed; his teammate is asked first.
        let game = Game::new(3, GameOptions::team(4));
        let mut team = game.state().view(Side::Empire).team.expect("a team game");
        team.state.mission = Role::General;
        team.decider = Some(Seat::IMPERIAL_ADMIRAL);
        let prompt = Prompt::Mission(MissionStep::ChooseTarget);
        let mut empire = game.state().view(Side::Empire);
        empire.team = Some(team);
        empire.active = Some(Side::Empire);
        empire.legal = vec![Action::Card(ActionCard::Blindside), Action::Done];
        assert_eq!(
            prompt_text(&prompt, &empire),
            "The Imperial General reveals the mission: play Blindside before its target is \
             chosen, or let it go on."
        );
        empire.legal = vec![Action::Done];
        assert!(prompt_text(&prompt, &empire)
            .ends_with("none of your cards applies before its target is chosen."));
        let mut rebel = game.state().view(Side::Rebel);
        rebel.team = Some(team);
        rebel.active = Some(Side::Empire);
        assert_eq!(
            waiting_text(&prompt, &rebel),
            "The Imperial Admiral may use a card before the target of the mission is chosen."
        );
        // The revealer's own question keeps its words.
        team.decider = Some(Seat::IMPERIAL_GENERAL);
        empire.team = Some(team);
        empire.legal = vec![Action::Place(Place::RebelBase)];
        assert!(prompt_text(&prompt, &empire).starts_with("Reveal the mission: choose where"));
    }

    #[test]
    fn waiting_words_name_the_decider() {
        let game = Game::new(3, GameOptions::default());
        // Setup: the Empire places its units first.
        let rebel = game.state().view(Side::Rebel);
        let prompt = rebel.prompt.clone().expect("a prompt");
        assert_eq!(
            waiting_text(&prompt, &rebel),
            "The Empire is placing its starting units."
        );
        let empire = game.state().view(Side::Empire);
        assert!(prompt_text(&prompt, &empire).starts_with("Setup: place your starting units"));
    }
}
