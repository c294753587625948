//! The game log in plain words, from one player's seat. The engine writes each event only for
//! those who may read it (a secret twice: in full for its owner, without it for the other),
//! so these sentences say exactly what the event holds and nothing more.

use super::cards::{
    capitalize, counted, dice_text, die_text, join_list, number_of, objective_label, place_name,
    ring_name, tactic_label, theater_name, unit_name, who, whose,
};
use super::prompts::NO_DIE;
use swr_engine::log::{Reshuffled, Victory};
use swr_engine::{LogEvent, Loyalty, Mission, Ring, Side, SystemId};

/// One log event as a sentence for `viewer`.
pub fn log_text(event: &LogEvent, viewer: Side) -> String {
    // Sentence subjects and possessives from the viewer's seat: "You", "The Empire's".
    let they = |side: Side| capitalize(&who(side, viewer));
    let their = |side: Side| capitalize(&whose(side, viewer));
    match event {
        LogEvent::StartingLoyalty {
            system,
            loyalty,
            subjugated,
        } => match (loyalty, subjugated) {
            (Loyalty::Empire, true) => format!("Setup: {} starts subjugated.", system.name()),
            (Loyalty::Empire, false) => {
                format!("Setup: {} starts loyal to the Empire.", system.name())
            }
            (Loyalty::Rebel, _) => {
                format!("Setup: {} starts loyal to the Rebellion.", system.name())
            }
        },
        LogEvent::UnitPlaced { kind, place } => format!(
            "{} was placed in {}.",
            capitalize(&unit_name(*kind, 1)),
            place_name(*place)
        ),
        LogEvent::BaseChosen { system } => match system {
            Some(s) => format!("You hid your base in {}.", s.name()),
            None => "The Rebellion hid its base.".to_string(),
        },
        LogEvent::BaseRevealed { system } => {
            format!("The Rebel base is revealed: it is in {}.", system.name())
        }
        LogEvent::RoundStarted { round } => format!("Round {round} begins."),
        LogEvent::MissionsDrawn {
            side,
            missions,
            count,
        } => match missions {
            Some(list) if !list.is_empty() => {
                format!(
                    "{} drew {}.",
                    they(*side),
                    names(list.iter().map(|m| m.name()))
                )
            }
            _ => format!(
                "{} drew {}.",
                they(*side),
                number_of(*count as usize, "mission card")
            ),
        },
        LogEvent::MissionDiscarded { side, mission } => match mission {
            Some(m) => format!("{} discarded {} face down.", they(*side), m.name()),
            None => format!("{} discarded a mission card face down.", they(*side)),
        },
        LogEvent::MissionAssigned {
            side,
            mission,
            leaders,
            ..
        } => {
            let what = mission.map_or_else(
                || "a mission face down".to_string(),
                |m| m.name().to_string(),
            );
            let with = names(leaders.iter().flatten().map(|l| l.name()));
            if with.is_empty() {
                format!("{} assigned {what}.", they(*side))
            } else {
                format!("{} assigned {what} to {with}.", they(*side))
            }
        }
        LogEvent::ActionCardUsed { side, card } => format!("{} used {}.", they(*side), card.name()),
        LogEvent::ActionCardGained { side, card } => match card {
            Some(c) => format!("{} gained the action card {}.", they(*side), c.name()),
            None => format!("{} gained an action card.", they(*side)),
        },
        LogEvent::RingAttached { leader, ring } => match ring {
            Ring::LureOfTheDarkSide => format!(
                "{} has turned to the dark side and now serves the Empire.",
                leader.name()
            ),
            Ring::Captured => format!("{} is held captive.", leader.name()),
            Ring::Carbonite => format!("{} is frozen in carbonite.", leader.name()),
            _ => format!("{} now carries the {}.", leader.name(), ring_name(*ring)),
        },
        LogEvent::Activated {
            side,
            leader,
            system,
        } => format!(
            "{} activated {} with {}.",
            they(*side),
            system.name(),
            leader.name()
        ),
        LogEvent::ActivatedBase { leader } => format!(
            "{} activated the Rebel Base space with {}.",
            they(Side::Rebel),
            leader.name()
        ),
        LogEvent::UnitMoved { kind, from, to } => format!(
            "{} moved from {} to {}.",
            capitalize(&unit_name(*kind, 1)),
            place_name(*from),
            place_name(*to)
        ),
        LogEvent::LeaderMoved { leader, to } => {
            format!("{} went to {}.", leader.name(), place_name(*to))
        }
        LogEvent::LoyaltyChanged { system, loyalty } => match loyalty {
            Some(Loyalty::Rebel) => format!("{} is now loyal to the Rebellion.", system.name()),
            Some(Loyalty::Empire) => format!("{} is now loyal to the Empire.", system.name()),
            None => format!("{} lost its loyalty marker.", system.name()),
        },
        LogEvent::Subjugated { system } => format!("{} is subjugated.", system.name()),
        LogEvent::SubjugationLifted { system } => {
            format!("{} is no longer subjugated.", system.name())
        }
        LogEvent::Sabotaged { system } => format!("{} is sabotaged.", system.name()),
        LogEvent::SabotageRemoved { system } => {
            format!("The sabotage marker in {} was removed.", system.name())
        }
        LogEvent::SystemDestroyed { system } => format!("{} was destroyed.", system.name()),
        LogEvent::MissionRevealed {
            side,
            mission,
            place,
            ..
        } => match mission {
            // It has no target of its own (the engine names the base space).
            Mission::ContingencyPlan => format!("{} revealed {}.", they(*side), mission.name()),
            _ => format!(
                "{} revealed {} in {}.",
                they(*side),
                mission.name(),
                place_name(*place)
            ),
        },
        LogEvent::Opposed { side, leader } => {
            format!(
                "{} opposed the mission with {}.",
                they(*side),
                leader.name()
            )
        }
        LogEvent::MissionRoll {
            side,
            dice,
            successes,
        } => format!(
            "{} rolled {}: {}.",
            they(*side),
            dice_text(dice),
            match successes {
                0 => "no success".to_string(),
                1 => "1 success".to_string(),
                n => format!("{n} successes"),
            }
        ),
        LogEvent::MissionSucceeded { side, mission } => {
            format!("{} {} succeeded.", their(*side), mission.name())
        }
        LogEvent::MissionFailed { side, mission } => {
            format!("{} {} failed.", their(*side), mission.name())
        }
        LogEvent::MissionReturned { side, .. } => format!(
            "{} mission could not be carried out and went back to the hand.",
            their(*side)
        ),
        LogEvent::Passed { side } => format!("{} passed.", they(*side)),
        // The team game names the seat: a teammate may play on.
        LogEvent::SeatPassed { seat } => format!("The {} passed.", seat.name()),
        LogEvent::CombatStarted { system } => format!("Combat begins in {}.", system.name()),
        LogEvent::LeaderAddedToCombat { side, leader } => {
            format!("{} added {} to the combat.", they(*side), leader.name())
        }
        LogEvent::TacticsDrawn {
            side,
            theater,
            cards,
            count,
        } => match cards {
            Some(list) if !list.is_empty() => format!(
                "{} drew {}.",
                they(*side),
                join_list(&list.iter().map(|t| tactic_label(*t)).collect::<Vec<_>>())
            ),
            _ => format!(
                "{} drew {}.",
                they(*side),
                number_of(
                    *count as usize,
                    &format!("{} tactic card", theater_name(*theater))
                )
            ),
        },
        LogEvent::TacticPlayed { side, tactic } => {
            format!("{} played {}.", they(*side), tactic_label(*tactic))
        }
        LogEvent::AttackRolled {
            side,
            theater,
            dice,
        } => format!(
            "{} rolled {} in the {} attack.",
            they(*side),
            dice_text(dice),
            theater_name(*theater)
        ),
        LogEvent::DieSpent { side, die } => {
            format!(
                "{} spent die {} (a special).",
                they(*side),
                *die as usize + 1
            )
        }
        LogEvent::DamageAssigned { side, die, kind } => {
            if *die == NO_DIE {
                format!(
                    "{} put a point of card damage on {}.",
                    they(*side),
                    unit_name(*kind, 1)
                )
            } else {
                format!(
                    "{} assigned die {} to {}.",
                    they(*side),
                    *die as usize + 1,
                    unit_name(*kind, 1)
                )
            }
        }
        LogEvent::DamageBlocked { side, kind, amount } => format!(
            "{} blocked {amount} damage on {}.",
            they(*side),
            unit_name(*kind, 1)
        ),
        LogEvent::UnitDestroyed { kind, place } => format!(
            "{} was destroyed in {}.",
            capitalize(&unit_name(*kind, 1)),
            place_name(*place)
        ),
        LogEvent::Retreated { side, leader, to } => format!(
            "{} retreated to {} with {}.",
            they(*side),
            to.name(),
            leader.name()
        ),
        LogEvent::BattleWon {
            side,
            system,
            theater,
        } => format!(
            "{} won the {} battle in {}.",
            they(*side),
            theater_name(*theater),
            system.name()
        ),
        LogEvent::CombatEnded { system } => format!("The combat in {} is over.", system.name()),
        LogEvent::LeaderCaptured { leader, ring } => match ring {
            Ring::Carbonite => format!("{} was frozen in carbonite.", leader.name()),
            _ => format!("{} was captured.", leader.name()),
        },
        LogEvent::LeaderRescued { leader } => format!("{} was rescued.", leader.name()),
        LogEvent::LeaderEliminated { leader } => format!("{} was eliminated.", leader.name()),
        LogEvent::LeaderRecruited { side, leader } => {
            format!("{} recruited {}.", they(*side), leader.name())
        }
        LogEvent::ProbesDrawn { systems, count } => match systems {
            Some(list) if !list.is_empty() => {
                format!("You drew the probe cards {}.", system_names(list))
            }
            _ => format!(
                "{} drew {}.",
                they(Side::Empire),
                number_of(*count as usize, "probe card")
            ),
        },
        LogEvent::ProbeSeen { system } => match system {
            Some(s) => format!("You saw the probe card of {}.", s.name()),
            None => format!("{} saw a probe card.", they(Side::Empire)),
        },
        LogEvent::ObjectiveDrawn { objective } => match objective {
            Some(o) => format!("You drew the objective {}.", objective_label(*o)),
            None => format!("{} drew an objective card.", they(Side::Rebel)),
        },
        LogEvent::ObjectivePlayed {
            objective,
            reputation,
        } => format!(
            "{} claimed {} for {} reputation.",
            they(Side::Rebel),
            objective_label(*objective),
            reputation
        ),
        LogEvent::ReputationMoved { reputation } => {
            format!("The reputation marker is now on {reputation}.")
        }
        LogEvent::TimeAdvanced { time } => format!("The time marker advances to {time}."),
        LogEvent::UnitBuilt { side, kind, space } => format!(
            "{} put {} on build-queue space {space}.",
            they(*side),
            unit_name(*kind, 1)
        ),
        LogEvent::UnitDeployed { kind, place } => format!(
            "{} was deployed to {}.",
            capitalize(&unit_name(*kind, 1)),
            place_name(*place)
        ),
        LogEvent::QueueAdvanced { side } => {
            format!("{} build queue moved one space on.", their(*side))
        }
        LogEvent::DeckReshuffled { what } => match what {
            Reshuffled::Missions(side) => format!("{} mission deck was shuffled.", their(*side)),
            Reshuffled::Projects => "The project deck was shuffled.".to_string(),
            Reshuffled::Actions(side) => format!("{} action deck was shuffled.", their(*side)),
            Reshuffled::Probes => "The probe deck was shuffled.".to_string(),
        },
        LogEvent::GameWon { side, how } => {
            let how = match how {
                Victory::Reputation => "the reputation marker met the time marker",
                Victory::BaseOccupied => "Imperial units hold the Rebel base",
                Victory::BaseDestroyed => "the Death Star destroyed the Rebel base",
            };
            format!("{} won the game: {how}.", they(*side))
        }
        LogEvent::LeaderDetained { leader } => format!(
            "{} is detained and stays on the board at the next Refresh.",
            leader.name()
        ),
        LogEvent::ObjectivesShown { objectives } => {
            let list = join_list(
                &objectives
                    .iter()
                    .map(|o| objective_label(*o))
                    .collect::<Vec<_>>(),
            );
            match (viewer, list.is_empty()) {
                (_, true) => "The Rebel objective hand was shown: it is empty.".to_string(),
                (Side::Rebel, false) => format!("The Empire saw your objectives: {list}."),
                (Side::Empire, false) => format!("You saw the Rebel objectives: {list}."),
            }
        }
        LogEvent::ObjectiveToBottom { objective } => format!(
            "{} went to the bottom of the objective deck.",
            objective_label(*objective)
        ),
        LogEvent::BaseProbed { system, found } => format!(
            "Long-range probe: the Rebel base {} in {}.",
            if *found { "is" } else { "is not" },
            system.name()
        ),
        LogEvent::BaseAmong { systems } => format!(
            "The Rebel base is in {}, {} or {}.",
            systems[0].name(),
            systems[1].name(),
            systems[2].name()
        ),
        LogEvent::ProbesIntercepted {
            shown,
            taken,
            returned,
        } => {
            let empire = who(Side::Empire, viewer);
            let took = if taken.is_empty() {
                format!("{empire} took no probe card")
            } else {
                format!("{empire} took {}", system_names(taken))
            };
            let back = number_of(*returned as usize, "card");
            match shown {
                Some(list) if !list.is_empty() => format!(
                    "Intercepted transmissions: you saw {}; {took}; {back} went back into the \
                     deck.",
                    system_names(list)
                ),
                _ => format!("Intercepted transmissions: {took}; {back} went back into the deck."),
            }
        }
        LogEvent::QueueUnitMoved {
            side,
            kind,
            from,
            to,
        } => format!(
            "{} moved from space {from} to space {to} of {} build queue.",
            capitalize(&unit_name(*kind, 1)),
            whose(*side, viewer)
        ),
        LogEvent::DiceRerolled { side, dice } => {
            let list: Vec<String> = dice
                .iter()
                .map(|(i, d)| {
                    format!(
                        "die {} now shows {}",
                        *i as usize + 1,
                        counted(1, &die_text(*d))
                    )
                })
                .collect();
            format!("{} rerolled: {}.", they(*side), join_list(&list))
        }
        LogEvent::TacticDiscarded { side, tactic } => format!(
            "{} discarded {} to pay for a block.",
            they(*side),
            tactic_label(*tactic)
        ),
        LogEvent::TacticDeckReshuffled { theater } => format!(
            "The {} tactic discards were shuffled into a new deck.",
            theater_name(*theater)
        ),
        LogEvent::DeathStarPlansRolled { objective, dice } => {
            let hit = dice
                .iter()
                .any(|d| d.face == swr_engine::log::Face::DirectHit);
            format!(
                "{} revealed {} and rolled {}{}",
                they(Side::Rebel),
                objective_label(*objective),
                dice_text(dice),
                if hit {
                    ": a direct hit!"
                } else {
                    ": no direct hit."
                }
            )
        }
        LogEvent::Misdirected { leader } => format!(
            "Misdirection: this round the Empire cannot oppose the missions of {} from its pool.",
            leader.name()
        ),
        LogEvent::ProbesTaken { systems } => format!(
            "Plant False Lead took {} from the Empire: {}.",
            number_of(systems.len(), "probe card"),
            system_names(systems)
        ),
        LogEvent::QueuedUnitDestroyed { side, kind, space } => format!(
            "{} on space {space} of {} build queue was destroyed.",
            capitalize(&unit_name(*kind, 1)),
            whose(*side, viewer)
        ),
        LogEvent::BecameJedi { leader } => format!("{} is now a Jedi.", leader.name()),
        LogEvent::RingDiscarded { leader, ring } => {
            format!("{} used up the {}.", leader.name(), ring_name(*ring))
        }
        LogEvent::BaseRegionTold {
            system,
            same_region,
        } => format!(
            "Local rumors: the Rebel base {} in the region of {}.",
            if *same_region { "is" } else { "is not" },
            system.name()
        ),
        LogEvent::DiePlaced { side, die } => {
            format!(
                "{} set a die to {}.",
                they(*side),
                counted(1, &die_text(*die))
            )
        }
        LogEvent::MissionDieChanged { side, die, to } => format!(
            "{} mission die {} now shows {}.",
            their(*side),
            *die as usize + 1,
            counted(1, &die_text(*to))
        ),
        LogEvent::ObjectivesSeen { objectives, count } => match objectives {
            Some(list) if !list.is_empty() => format!(
                "You looked at the objective cards {}.",
                join_list(&list.iter().map(|o| objective_label(*o)).collect::<Vec<_>>())
            ),
            _ => format!(
                "{} looked at {}.",
                they(Side::Rebel),
                number_of(*count as usize, "objective card")
            ),
        },
        LogEvent::ProbesSeen { systems, count } => match systems {
            Some(list) if !list.is_empty() => {
                format!("You looked at the probe cards {}.", system_names(list))
            }
            _ => format!(
                "{} looked at {}.",
                they(Side::Rebel),
                number_of(*count as usize, "probe card")
            ),
        },
    }
}

fn names<'a>(items: impl Iterator<Item = &'a str>) -> String {
    join_list(&items.map(str::to_string).collect::<Vec<_>>())
}

fn system_names(systems: &[SystemId]) -> String {
    names(systems.iter().map(|s| s.name()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use swr_engine::log::{Die, DieColor, Face};
    use swr_engine::{LeaderId, Place, UnitKind};

    #[test]
    fn seats_read_differently() {
        let e = LogEvent::Passed { side: Side::Empire };
        assert_eq!(log_text(&e, Side::Empire), "You passed.");
        assert_eq!(log_text(&e, Side::Rebel), "The Empire passed.");
        let e = LogEvent::MissionsDrawn {
            side: Side::Rebel,
            missions: None,
            count: 2,
        };
        assert_eq!(
            log_text(&e, Side::Empire),
            "The Rebellion drew 2 mission cards."
        );
    }

    #[test]
    fn a_team_games_pass_names_the_seat() {
        let e = LogEvent::SeatPassed {
            seat: swr_engine::Seat::IMPERIAL_GENERAL,
        };
        for viewer in [Side::Rebel, Side::Empire] {
            assert_eq!(log_text(&e, viewer), "The Imperial General passed.");
        }
    }

    #[test]
    fn secrets_stay_out() {
        let e = LogEvent::BaseChosen { system: None };
        assert!(!log_text(&e, Side::Empire).contains(" in "));
        let e = LogEvent::MissionAssigned {
            side: Side::Empire,
            slot: 0,
            mission: None,
            leaders: [Some(LeaderId::Vader), None],
        };
        assert_eq!(
            log_text(&e, Side::Rebel),
            "The Empire assigned a mission face down to Darth Vader."
        );
    }

    #[test]
    fn rolls_and_units() {
        let hit = Die {
            color: DieColor::Red,
            face: Face::Hit,
        };
        let e = LogEvent::MissionRoll {
            side: Side::Rebel,
            dice: vec![hit],
            successes: 1,
        };
        assert_eq!(
            log_text(&e, Side::Rebel),
            "You rolled a red hit: 1 success."
        );
        let e = LogEvent::UnitMoved {
            kind: UnitKind::XWing,
            from: Place::RebelBase,
            to: Place::System(swr_engine::data::systems::named::YAVIN),
        };
        assert_eq!(
            log_text(&e, Side::Empire),
            "An X-wing moved from the Rebel Base space to Yavin."
        );
    }
}
