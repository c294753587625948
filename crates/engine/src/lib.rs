//! Rules engine for Star Wars: Empire vs. Rebellion.
pub mod cards;
