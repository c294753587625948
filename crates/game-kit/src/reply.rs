//! A computer player's reply, read back by the page that asked its Web Worker: `<tag>` and
//! the chosen actions' indices, or `<tag>` and advice (`index:permille` each), or
//! `<tag> error: …`. The games' protocols (`swr_ai::protocol`, `egr_ai::protocol`) write
//! their requests and replies; reading a reply names no game, so it is written once here.

/// An advice reply read back: its tag and the options, each (index, chance in thousandths).
pub fn read_advice(reply: &str) -> Result<(u32, Vec<(usize, u32)>), String> {
    let (tag, rest) = read_text_reply(reply)?;
    let unreadable = || "the computer's advice is unreadable".to_string();
    let options = rest
        .split(' ')
        .filter(|w| !w.is_empty())
        .map(|w| {
            let (i, p) = w.split_once(':').ok_or_else(unreadable)?;
            Ok((
                i.parse().map_err(|_| unreadable())?,
                p.parse().map_err(|_| unreadable())?,
            ))
        })
        .collect::<Result<Vec<_>, String>>()?;
    Ok((tag, options))
}

/// A reply read back as text: its tag and the rest, or the worker's error.
pub fn read_text_reply(reply: &str) -> Result<(u32, &str), String> {
    let (tag, rest) = reply.split_once(' ').unwrap_or((reply, ""));
    let tag = tag
        .parse()
        .map_err(|_| "the computer's reply is unreadable".to_string())?;
    match rest.strip_prefix("error: ") {
        Some(error) => Err(error.to_string()),
        None => Ok((tag, rest)),
    }
}

/// A move reply read back: its tag and the indices (one, or none when the seat had no
/// decision), or the worker's error.
pub fn read_reply(reply: &str) -> Result<(u32, Vec<usize>), String> {
    let (tag, rest) = read_text_reply(reply)?;
    let indices = rest
        .split(' ')
        .filter(|w| !w.is_empty())
        .map(|w| w.parse::<usize>())
        .collect::<Result<Vec<_>, _>>()
        .map_err(|_| "the computer's reply is unreadable".to_string())?;
    Ok((tag, indices))
}
