//! Empires: Galactic Rebellion in the browser, for 2 to 5 players (galactic-rebellion.html):
//! the session (the game and who sits in each seat), where on the board each answer is given,
//! the board's numbers kept on this device, the words, and the components. The computer
//! players run in a Web Worker (`crates/egr-computer`).

pub mod app;
pub mod breakdown;
pub mod components;
pub mod lesson;
pub mod numbers;
pub mod online;
pub mod session;
pub mod targets;
pub mod words;

pub use app::App;
pub use online::OnlineApp;
