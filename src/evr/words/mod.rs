//! Empire vs. Rebellion's words for players that are more than a label.

pub mod hints;
pub mod lesson;
