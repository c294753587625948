//! The plain-English words of the Empires: Galactic Rebellion page: the names of factions,
//! planets, goods, workers and boxes; what every technology, Covert Mission and Imperial Action
//! card does; the question asked now; button labels; and the log. Pure functions of the
//! engine's public values and a player's view: no web dependency, no rule decided here.

pub mod actions;
pub mod cards;
pub mod hints;
pub mod lesson;
pub mod log;
pub mod names;
pub mod prompts;

pub use self::actions::{action_text, action_text_with};
pub use self::cards::{
    card_name, card_short_name, card_text, mission_at, mission_name, mission_text, mission_title,
    tech_cost_text, tech_name, tech_text,
};
pub use self::log::event_text;
pub use self::names::{
    a_kind, at_place, capitalize, counted, epoch_name, free_spot_name, good_name, join_list,
    kind_letter, kind_name, kind_plural, kinds, kinds_counted, phase_name, place_name, planet_name,
    seat_name, seat_possessive, seats_list, sentinels, spot_in, spot_name, step_name,
};
pub use self::prompts::{frame_actor, game_over_text, prompt_text, prompt_text_with};

#[cfg(test)]
mod tests {
    //! Every name, and seeded random games at every player count: every question, every legal
    //! action's label and every log line is put into words and checked for holes (empty text,
    //! template or debug leftovers).

    use super::*;
    use egr_engine::{
        BoardNumbers, Game, GameOptions, Good, ImperialCard, Kind, Mission, Planet, Prompt, Seat,
        Tech,
    };
    use game_kit::Rng;
    use std::collections::BTreeSet;

    /// Games per player count; `EGR_WORDS_GAMES` sets another number (a soak run plays more).
    fn games() -> u64 {
        std::env::var("EGR_WORDS_GAMES")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(25)
    }

    /// Text that is empty or shows code rather than words.
    fn looks_wrong(text: &str) -> bool {
        const LEFTOVERS: [&str; 9] = [
            "{", "}", "Some(", "None", "::", "Seat(", "Planet(", "Debug", "  ",
        ];
        text.trim().is_empty()
            || text != text.trim()
            || LEFTOVERS.iter().any(|l| text.contains(l))
            || text.split(|c: char| !c.is_alphanumeric()).any(camel_case)
    }

    /// An enum variant's name left in the text ("RareMinerals", "HumanCloning").
    fn camel_case(word: &str) -> bool {
        let chars: Vec<char> = word.chars().collect();
        chars
            .windows(2)
            .any(|w| w[0].is_lowercase() && w[1].is_uppercase())
    }

    fn all_distinct(names: &[String]) -> bool {
        let set: BTreeSet<&String> = names.iter().collect();
        set.len() == names.len()
    }

    fn check_names(what: &str, names: Vec<String>) {
        for n in &names {
            assert!(!looks_wrong(n), "{what}: {n:?}");
        }
        assert!(
            all_distinct(&names),
            "{what} names are not distinct: {names:?}"
        );
    }

    /// The board numbers with each possible 20th Covert Mission card, and the other Rescue
    /// Imperial Prisoner card giving the choice.
    fn all_numbers() -> Vec<BoardNumbers> {
        let mut out = Vec::new();
        for m in Mission::LISTED_ONCE {
            for rescue in [Planet::Vollux, Planet::Edara] {
                let mut n = BoardNumbers::provisional();
                n.twentieth_mission = m;
                n.rescue_choice_at = rescue;
                out.push(n);
            }
        }
        out
    }

    #[test]
    fn every_component_has_a_distinct_name_and_words() {
        check_names(
            "tech",
            Tech::ALL
                .iter()
                .map(|&t| tech_name(t).to_string())
                .collect(),
        );
        for t in Tech::ALL {
            assert!(!looks_wrong(tech_text(t)), "{t:?}: {:?}", tech_text(t));
            assert!(!looks_wrong(&tech_cost_text(t)), "{t:?}");
        }
        check_names(
            "card",
            ImperialCard::ALL
                .iter()
                .map(|&c| card_name(c).to_string())
                .collect(),
        );
        check_names(
            "card short",
            ImperialCard::ALL
                .iter()
                .map(|&c| card_short_name(c).to_string())
                .collect(),
        );
        for c in ImperialCard::ALL {
            assert!(!looks_wrong(card_text(c)), "{c:?}: {:?}", card_text(c));
        }
        for numbers in all_numbers() {
            check_names(
                "mission",
                Mission::ALL
                    .iter()
                    .map(|&m| mission_name(m, &numbers))
                    .collect(),
            );
            for m in Mission::ALL {
                let text = mission_text(m, &numbers);
                assert!(!looks_wrong(&text), "{m:?}: {text:?}");
                assert!(text.contains(" VP"), "{m:?}: {text:?}");
            }
        }
        let n = BoardNumbers::provisional();
        assert_eq!(
            mission_name(Mission::Twentieth, &n),
            "Save an Imperial Traitor (Vollux)"
        );
        assert_eq!(
            mission_name(Mission::SaveTraitor, &n),
            "Save an Imperial Traitor (Edara)"
        );
        check_names(
            "kind",
            Kind::ALL
                .iter()
                .map(|&k| kind_name(k).to_string())
                .collect(),
        );
        check_names(
            "kind plural",
            Kind::ALL
                .iter()
                .map(|&k| kind_plural(k).to_string())
                .collect(),
        );
        check_names(
            "kind letter",
            Kind::ALL
                .iter()
                .map(|&k| kind_letter(k).to_string())
                .collect(),
        );
        check_names(
            "planet",
            Planet::ALL
                .iter()
                .map(|&p| planet_name(p).to_string())
                .collect(),
        );
        check_names(
            "good",
            Good::ALL
                .iter()
                .map(|&g| good_name(g).to_string())
                .collect(),
        );
        check_names(
            "seat",
            Seat::all(5).map(|s| seat_name(s).to_string()).collect(),
        );
        assert_eq!(
            [1, 2, 3].map(epoch_name),
            ["I", "II", "III"],
            "epochs in Roman numerals"
        );
    }

    #[derive(Default)]
    struct Findings {
        bad: BTreeSet<String>,
        frames: BTreeSet<String>,
        events: BTreeSet<String>,
        decisions: usize,
        labels: usize,
        log_lines: usize,
    }

    impl Findings {
        fn check(&mut self, what: impl FnOnce() -> String, text: &str) {
            if looks_wrong(text) {
                self.bad.insert(format!("{}: {text:?}", what()));
            }
        }
    }

    /// A value's variant name, from its debug text: "Effect { seat: ..., effect: Plague }"
    /// gives "Effect Plague".
    fn variant(frame: &Prompt) -> String {
        let head = |s: String| {
            s.split(|c: char| !c.is_alphanumeric())
                .next()
                .unwrap_or_default()
                .to_string()
        };
        match frame {
            Prompt::Effect { effect, .. } => format!("Effect {}", head(format!("{effect:?}"))),
            f => head(format!("{f:?}")),
        }
    }

    fn play(players: u8, seed: u64, found: &mut Findings) {
        let numbers = BoardNumbers::provisional();
        let mut game = Game::new(seed, GameOptions::new(players));
        let mut policy = Rng::new(seed ^ 0x0E62_0E62 ^ players as u64);
        let mut read_to = 0;
        let mut steps = 0;
        loop {
            for event in game.log_for(Seat(0), read_to) {
                found.events.insert(
                    format!("{event:?}")
                        .split(|c: char| !c.is_alphanumeric())
                        .next()
                        .unwrap_or_default()
                        .to_string(),
                );
                if let Some(text) = event_text(event, &numbers) {
                    found.check(|| format!("log {event:?}"), &text);
                    found.log_lines += 1;
                }
            }
            let state = game.state();
            let Some(player) = state.active_player() else {
                break;
            };
            let view = state.view(player);
            let frame = view.prompt.expect("a decision has a prompt");
            found.frames.insert(variant(&frame));
            let text = prompt_text(&view);
            found.check(|| format!("prompt {frame:?}"), &text);
            found.check(|| format!("phase {frame:?}"), phase_name(&view));
            assert!(
                text.contains(seat_name(player)),
                "the prompt names who is asked: {text:?} ({frame:?})"
            );
            // The same question from a waiting seat reads the same.
            let other = Seat((player.0 + 1) % players);
            assert_eq!(prompt_text(&state.view(other)), text);
            // The phase, as it reads when nothing is asked.
            let mut idle = view.clone();
            idle.prompt = None;
            found.check(|| format!("idle {:?}", view.step), &prompt_text(&idle));
            let mut labels = BTreeSet::new();
            for &action in &view.legal_actions {
                let label = action_text(&view, action);
                found.check(|| format!("action {frame:?} {action:?}"), &label);
                labels.insert(label);
                found.labels += 1;
            }
            // Two copies of one Imperial Action card face up are the same choice.
            let same_cards = matches!(frame, Prompt::ChooseCard { .. });
            if labels.len() < view.legal_actions.len() && !same_cards {
                found.bad.insert(format!(
                    "two buttons alike under {frame:?}: {:?}",
                    view.legal_actions
                ));
            }
            found.decisions += 1;
            let action = view.legal_actions[policy.below(view.legal_actions.len())];
            read_to = game.apply(player, action).expect("a legal action");
            steps += 1;
            assert!(steps < 100_000, "seed {seed}: the game does not end");
        }
        // The whole log, as the page gets it, and the result.
        let view = game.view(Seat(0));
        assert!(view.log.len() >= read_to.min(view.log.len()));
        for event in &view.log {
            if let Some(text) = event_text(event, &numbers) {
                found.check(|| format!("log {event:?}"), &text);
            }
        }
        let over = prompt_text(&view);
        found.check(|| "game over".to_string(), &over);
        assert!(over.starts_with("Game over: "), "{over:?}");
    }

    #[test]
    fn random_games_read_well() {
        let mut found = Findings::default();
        let games = games();
        for players in 2..=5 {
            for seed in 0..games {
                play(players, seed * 31 + players as u64, &mut found);
            }
        }
        println!(
            "{} games, {} decisions, {} labels, {} log lines",
            4 * games,
            found.decisions,
            found.labels,
            found.log_lines
        );
        println!("questions seen: {:?}", found.frames);
        println!("events seen: {:?}", found.events);
        for bad in found.bad.iter().take(60) {
            println!("BAD {bad}");
        }
        assert!(found.bad.is_empty(), "{} texts look wrong", found.bad.len());
    }

    #[test]
    fn battles_read_as_asked() {
        use egr_engine::log::Fighter;
        use egr_engine::LogEvent;
        let numbers = BoardNumbers::provisional();
        let battle = LogEvent::Battle {
            planet: Planet::Trega,
            attacker: Fighter::Worker {
                seat: Seat(0),
                kind: Kind::Hero,
            },
            defender: Fighter::Sentinel,
            attacker_cubes: 5,
            defender_cubes: 5,
            attacker_drawn: 2,
            attacker_won: true,
        };
        assert_eq!(
            event_text(&battle, &numbers).unwrap(),
            "Red's Hero attacks the Sentinels on Trega: 5 cubes against 5, 2 of Red's drawn \
             — Red wins."
        );
        let war = LogEvent::Battle {
            planet: Planet::Sargas,
            attacker: Fighter::Sentinel,
            defender: Fighter::Worker {
                seat: Seat(1),
                kind: Kind::Rebel,
            },
            attacker_cubes: 8,
            defender_cubes: 3,
            attacker_drawn: 2,
            attacker_won: true,
        };
        assert_eq!(
            event_text(&war, &numbers).unwrap(),
            "The Sentinels attack Blue's Rebel on Sargas: 8 cubes against 3, 2 of the \
             Sentinels' drawn — the Sentinels win."
        );
    }

    /// Every effect's question, also those the random games rarely reach (a bombardment with
    /// no spare Imperial Fleet).
    #[test]
    fn every_effect_has_a_question() {
        use egr_engine::Effect::*;
        let game = Game::new(1, GameOptions::new(4));
        let mut view = game.view(Seat(2));
        let (p, q) = (Planet::Trega, Planet::Sargas);
        let effects = [
            BombardPlanet,
            BombardShip { to: p },
            BombardSentinels { from: p, left: 2 },
            VoxFleet,
            VoxSentinels { left: 3, done: 0 },
            NewCorps,
            BaseSource,
            BaseDestination { from: Some(p) },
            BaseDestination { from: None },
            BaseCount { from: p, to: q },
            BaseKill { at: q, left: 2 },
            Rebase { left: 3 },
            AwardRoute,
            AtrocityRemove,
            AtrocityAdd { from: Some(p) },
            AtrocityAdd { from: None },
            Spies { left: 3 },
            SpiesFrom {
                victim: Seat(1),
                left: 1,
            },
            Propaganda,
            WildfirePlanet,
            WildfireOther { planet: q },
            AddPieces {
                kind: Kind::Scientist,
            },
            Plague,
            CivilWar,
            KillRival {
                at: egr_engine::Place::Senate,
                kind: Kind::Diplomat,
            },
            SpySentinel,
            DestroyFleet,
            RescueKind,
            FleetTo,
            PushFleet { from: p },
            Alliance,
            Hyperdrive { left: 2 },
            HyperdriveTo {
                from: p,
                kind: Kind::Hero,
                left: 1,
            },
        ];
        let mut texts = BTreeSet::new();
        for effect in effects {
            view.prompt = Some(Prompt::Effect {
                seat: Seat(2),
                effect,
            });
            let text = prompt_text(&view);
            assert!(!looks_wrong(&text), "{effect:?}: {text:?}");
            assert!(text.contains("Green"), "{effect:?}: {text:?}");
            texts.insert(text);
            for action in [
                egr_engine::Action::Pass,
                egr_engine::Action::Planet(q),
                egr_engine::Action::Seat(Seat(1)),
                egr_engine::Action::Count(2),
                egr_engine::Action::Piece {
                    at: egr_engine::Place::Planet(q),
                    seat: Seat(1),
                    kind: Kind::Rebel,
                },
            ] {
                let label = action_text(&view, action);
                assert!(!looks_wrong(&label), "{effect:?} {action:?}: {label:?}");
            }
        }
        assert_eq!(
            texts.len(),
            effects.len(),
            "every question reads its own way"
        );
    }

    /// One game's words, to read them over: `cargo test -p star-wars-app --lib
    /// egr::words::tests::transcript -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn transcript() {
        let numbers = BoardNumbers::provisional();
        let players = 3;
        let mut game = Game::new(7, GameOptions::new(players));
        let mut policy = Rng::new(7);
        let mut read_to = 0;
        loop {
            for event in game.log_for(Seat(0), read_to) {
                if let Some(text) = event_text(event, &numbers) {
                    println!("    log: {text}");
                }
            }
            let state = game.state();
            let Some(player) = state.active_player() else {
                break;
            };
            let view = state.view(player);
            println!("ASK {}", prompt_text(&view));
            let labels: Vec<String> = view
                .legal_actions
                .iter()
                .map(|&a| action_text(&view, a))
                .collect();
            println!("  [{}]", labels.join(" | "));
            let action = view.legal_actions[policy.below(view.legal_actions.len())];
            read_to = game.apply(player, action).expect("a legal action");
        }
        println!("{}", prompt_text(&game.view(Seat(0))));
    }
}
