//! Computer players for Star Wars: Rebellion. Each one chooses from a [`swr_engine::PlayerView`]
//! only: the same view a person at the screen gets.
