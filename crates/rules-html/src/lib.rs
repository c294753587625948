//! A small Markdown-to-HTML renderer for the rules references (docs/evr/rules.md,
//! docs/swr/play.md). Blocks: headings, paragraphs, `-`/`*`/`+` and numbered (`1.`) lists
//! (nested by indentation; an item may wrap onto indented lines), pipe tables, fenced code
//! and `---` rules. Inline: `**bold**`, `*italic*`/`_italic_`, `` `code` ``, `[links](#anchor)`
//! and backslash escapes. All text is HTML-escaped, so the output is safe to put in
//! `inner_html`. It runs at build time (the `rules-html` tool): the app fetches the HTML, and
//! its wasm carries no renderer.

fn push_escaped(out: &mut String, c: char) {
    match c {
        '&' => out.push_str("&amp;"),
        '<' => out.push_str("&lt;"),
        '>' => out.push_str("&gt;"),
        '"' => out.push_str("&quot;"),
        '\'' => out.push_str("&#39;"),
        _ => out.push(c),
    }
}

fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        push_escaped(&mut out, c);
    }
    out
}

/// Escapes a line and renders its inline markup.
fn inline(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    render_inline(&chars, &mut out);
    out
}

/// Where a `*` or `_` at `i` may open emphasis: followed by a non-space, and for `_` not
/// inside a word (so snake_case names stay as they are).
fn opens_emphasis(s: &[char], i: usize) -> bool {
    let Some(&next) = s.get(i + 1) else {
        return false;
    };
    if next.is_whitespace() || next == s[i] {
        return false;
    }
    s[i] != '_' || i == 0 || !s[i - 1].is_alphanumeric()
}

/// The closing partner of a single `*` or `_` opened at `open`.
fn closing_emphasis(s: &[char], open: usize) -> Option<usize> {
    let mark = s[open];
    (open + 2..s.len()).find(|&j| {
        s[j] == mark
            && !s[j - 1].is_whitespace()
            && s[j - 1] != mark
            && s.get(j + 1) != Some(&mark)
            && (mark != '_' || s.get(j + 1).is_none_or(|c| !c.is_alphanumeric()))
    })
}

/// The closing `**` of a `**` opened at `open`.
fn closing_strong(s: &[char], open: usize) -> Option<usize> {
    (open + 3..s.len().saturating_sub(1))
        .find(|&j| s[j] == '*' && s[j + 1] == '*' && !s[j - 1].is_whitespace())
}

/// A link's target is kept only when it cannot run script: an anchor, a web address or a
/// relative path.
fn safe_url(url: &str) -> bool {
    let lower = url.to_ascii_lowercase();
    lower.starts_with('#')
        || lower.starts_with("https://")
        || lower.starts_with("http://")
        || !lower.contains(':')
}

/// `[text](url)` starting at `open`: the end of the text, the url and the index after `)`.
fn link_at(s: &[char], open: usize) -> Option<(usize, String, usize)> {
    let close = (open + 1..s.len()).find(|&j| s[j] == ']')?;
    if s.get(close + 1) != Some(&'(') {
        return None;
    }
    let end = (close + 2..s.len()).find(|&j| s[j] == ')')?;
    let url: String = s[close + 2..end].iter().collect();
    Some((close, url.trim().to_string(), end + 1))
}

fn render_inline(s: &[char], out: &mut String) {
    let mut i = 0;
    while i < s.len() {
        let c = s[i];
        match c {
            '\\' if s.get(i + 1).is_some_and(|n| n.is_ascii_punctuation()) => {
                push_escaped(out, s[i + 1]);
                i += 2;
            }
            '`' => {
                if let Some(end) = (i + 1..s.len()).find(|&j| s[j] == '`') {
                    out.push_str("<code>");
                    for &ch in &s[i + 1..end] {
                        push_escaped(out, ch);
                    }
                    out.push_str("</code>");
                    i = end + 1;
                } else {
                    out.push('`');
                    i += 1;
                }
            }
            '*' if s.get(i + 1) == Some(&'*') => {
                let opens = s.get(i + 2).is_some_and(|n| !n.is_whitespace());
                match closing_strong(s, i).filter(|_| opens) {
                    Some(end) => {
                        out.push_str("<strong>");
                        render_inline(&s[i + 2..end], out);
                        out.push_str("</strong>");
                        i = end + 2;
                    }
                    None => {
                        out.push_str("**");
                        i += 2;
                    }
                }
            }
            '*' | '_' if opens_emphasis(s, i) => match closing_emphasis(s, i) {
                Some(end) => {
                    out.push_str("<em>");
                    render_inline(&s[i + 1..end], out);
                    out.push_str("</em>");
                    i = end + 1;
                }
                None => {
                    out.push(c);
                    i += 1;
                }
            },
            '[' => match link_at(s, i) {
                Some((close, url, next)) => {
                    if safe_url(&url) {
                        out.push_str(&format!("<a href=\"{}\">", escape(&url)));
                        render_inline(&s[i + 1..close], out);
                        out.push_str("</a>");
                    } else {
                        render_inline(&s[i + 1..close], out);
                    }
                    i = next;
                }
                None => {
                    out.push('[');
                    i += 1;
                }
            },
            _ => {
                push_escaped(out, c);
                i += 1;
            }
        }
    }
}

/// A heading's anchor: lowercase words joined by dashes.
pub fn slug(text: &str) -> String {
    let mut slug = String::new();
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            slug.push(c.to_ascii_lowercase());
        } else if !slug.ends_with('-') && !slug.is_empty() {
            slug.push('-');
        }
    }
    slug.trim_end_matches('-').to_string()
}

/// A table row's cells; `\|` is a pipe inside a cell.
fn cells(line: &str) -> Vec<String> {
    let t = line.trim();
    let t = t.strip_prefix('|').unwrap_or(t);
    let t = if t.ends_with('|') && !t.ends_with("\\|") {
        &t[..t.len() - 1]
    } else {
        t
    };
    let mut cells = Vec::new();
    let mut cell = String::new();
    let mut chars = t.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&'|') => {
                cell.push_str("\\|");
                chars.next();
            }
            '|' => cells.push(std::mem::take(&mut cell).trim().to_string()),
            _ => cell.push(c),
        }
    }
    cells.push(cell.trim().to_string());
    cells
}

fn is_separator(line: &str) -> bool {
    let t = line.trim();
    t.starts_with('|') && t.contains('-') && t.chars().all(|c| matches!(c, '|' | '-' | ':' | ' '))
}

/// A thematic break: three or more `-`, `*` or `_` and nothing else.
fn is_rule(t: &str) -> bool {
    let t: String = t.chars().filter(|c| !c.is_whitespace()).collect();
    let first = t.chars().next();
    t.len() >= 3 && matches!(first, Some('-' | '*' | '_')) && t.chars().all(|c| Some(c) == first)
}

fn is_fence(t: &str) -> bool {
    t.starts_with("```") || t.starts_with("~~~")
}

fn indent_of(line: &str) -> usize {
    line.len() - line.trim_start().len()
}

/// A list item's marker: its indentation, its number (for `1.` items) and the column
/// where its text starts.
struct Marker {
    indent: usize,
    number: Option<u64>,
    content: usize,
}

fn list_marker(line: &str) -> Option<Marker> {
    let indent = indent_of(line);
    let rest = line.trim_start();
    let (number, width) = if ["- ", "* ", "+ "].iter().any(|m| rest.starts_with(m)) {
        (None, 1)
    } else {
        let digits = rest.chars().take_while(|c| c.is_ascii_digit()).count();
        let after = &rest[digits..];
        if !(1..=9).contains(&digits) || !(after.starts_with(". ") || after.starts_with(") ")) {
            return None;
        }
        (rest[..digits].parse().ok(), digits + 1)
    };
    let spaces = indent_of(&rest[width..]);
    Some(Marker {
        indent,
        number,
        content: indent + width + spaces,
    })
}

fn heading(line: &str) -> Option<(usize, &str)> {
    let level = line.chars().take_while(|c| *c == '#').count();
    if (1..=6).contains(&level) && line[level..].starts_with(' ') {
        Some((level, line[level..].trim()))
    } else {
        None
    }
}

/// Whether a line starts a block of its own (and so cannot continue a paragraph).
fn starts_block(lines: &[String], i: usize) -> bool {
    let t = lines[i].trim();
    heading(t).is_some()
        || is_rule(t)
        || is_fence(t)
        || (t.starts_with('|') && lines.get(i + 1).is_some_and(|n| is_separator(n)))
}

/// Renders a run of lines (the document, or one list item's lines with the item's
/// indentation removed). In a `tight` list item, paragraphs are not wrapped in `<p>`.
fn blocks(lines: &[String], tight: bool, html: &mut String) {
    let mut i = 0;
    let mut paragraph: Vec<&str> = Vec::new();
    let flush = |paragraph: &mut Vec<&str>, html: &mut String| {
        if !paragraph.is_empty() {
            let text = inline(&paragraph.join(" "));
            if tight {
                html.push_str(&text);
                html.push('\n');
            } else {
                html.push_str(&format!("<p>{text}</p>\n"));
            }
            paragraph.clear();
        }
    };
    while i < lines.len() {
        let line = lines[i].as_str();
        let trimmed = line.trim();
        if trimmed.is_empty() {
            flush(&mut paragraph, html);
            i += 1;
        } else if is_fence(trimmed) {
            flush(&mut paragraph, html);
            let fence = &trimmed[..3];
            html.push_str("<pre><code>");
            i += 1;
            while i < lines.len() && !lines[i].trim().starts_with(fence) {
                html.push_str(&escape(&lines[i]));
                html.push('\n');
                i += 1;
            }
            html.push_str("</code></pre>\n");
            i += 1;
        } else if let Some((level, text)) = heading(trimmed) {
            flush(&mut paragraph, html);
            html.push_str(&format!(
                "<h{level} id=\"{}\">{}</h{level}>\n",
                slug(text),
                inline(text)
            ));
            i += 1;
        } else if is_rule(trimmed) && list_marker(line).is_none() {
            flush(&mut paragraph, html);
            html.push_str("<hr />\n");
            i += 1;
        } else if trimmed.starts_with('|') && i + 1 < lines.len() && is_separator(&lines[i + 1]) {
            flush(&mut paragraph, html);
            html.push_str("<div class=\"table-wrap\"><table>\n<thead><tr>");
            for cell in cells(trimmed) {
                html.push_str(&format!("<th>{}</th>", inline(&cell)));
            }
            html.push_str("</tr></thead>\n<tbody>\n");
            i += 2;
            while i < lines.len() && lines[i].trim().starts_with('|') {
                html.push_str("<tr>");
                for cell in cells(&lines[i]) {
                    html.push_str(&format!("<td>{}</td>", inline(&cell)));
                }
                html.push_str("</tr>\n");
                i += 1;
            }
            html.push_str("</tbody></table></div>\n");
        } else if let Some(marker) = list_marker(line)
            // Only a list starting at 1 may interrupt a paragraph ("2016. The…" stays text).
            .filter(|m| paragraph.is_empty() || m.number.is_none_or(|n| n == 1))
        {
            flush(&mut paragraph, html);
            i = list(lines, i, &marker, html);
        } else {
            paragraph.push(trimmed);
            i += 1;
        }
    }
    flush(&mut paragraph, html);
}

/// Renders the list whose first item is at `start`; returns the index of the first line
/// after it.
fn list(lines: &[String], start: usize, first: &Marker, html: &mut String) -> usize {
    let ordered = first.number.is_some();
    // An item of this list, not of a list nested in an item.
    let sibling = |line: &str| {
        list_marker(line).filter(|m| m.indent < first.content && m.number.is_some() == ordered)
    };
    let mut items: Vec<Vec<String>> = Vec::new();
    let mut loose = false;
    let mut i = start;
    while i < lines.len() {
        let Some(marker) = sibling(&lines[i]) else {
            break;
        };
        let mut item = vec![lines[i][marker.content.min(lines[i].len())..].to_string()];
        i += 1;
        while i < lines.len() {
            let line = lines[i].as_str();
            if line.trim().is_empty() {
                let next = (i..lines.len()).find(|&j| !lines[j].trim().is_empty());
                match next {
                    Some(j) if sibling(&lines[j]).is_some() => {
                        loose = true;
                        i = j;
                        break;
                    }
                    Some(j) if indent_of(&lines[j]) > marker.indent => {
                        loose = true;
                        item.extend((i..j).map(|_| String::new()));
                        i = j;
                        continue;
                    }
                    _ => break,
                }
            }
            if sibling(line).is_some() {
                break;
            }
            let indented = indent_of(line) > marker.indent;
            let lazy = !indented
                && list_marker(line).is_none()
                && !starts_block(lines, i)
                && item.last().is_some_and(|l| !l.trim().is_empty());
            if !indented && !lazy {
                break;
            }
            item.push(line[indent_of(line).min(marker.content)..].to_string());
            i += 1;
        }
        items.push(item);
    }
    match first.number {
        Some(n) if n != 1 => html.push_str(&format!("<ol start=\"{n}\">\n")),
        Some(_) => html.push_str("<ol>\n"),
        None => html.push_str("<ul>\n"),
    }
    for item in &items {
        html.push_str("<li>");
        let mut inner = String::new();
        blocks(item, !loose, &mut inner);
        html.push_str(inner.trim_end());
        html.push_str("</li>\n");
    }
    html.push_str(if ordered { "</ol>\n" } else { "</ul>\n" });
    i
}

/// The headings of level 2 (title and anchor), for a table of contents.
pub fn sections(markdown: &str) -> Vec<(String, String)> {
    markdown
        .lines()
        .filter_map(|l| l.strip_prefix("## "))
        .map(|t| (t.trim().to_string(), slug(t)))
        .collect()
}

pub fn to_html(markdown: &str) -> String {
    let lines: Vec<String> = markdown.lines().map(str::to_string).collect();
    let mut html = String::new();
    blocks(&lines, false, &mut html);
    html
}

/// The page's own style: the app shows it in a frame, so it carries its colours with it.
const STYLE: &str = "body{margin:0;padding:0.5rem 1rem 2rem;background:#151a2e;color:#e8ecf6;\
font:16px/1.5 system-ui,sans-serif}a{color:#ffd34d}.toc{columns:2 12rem;padding-left:1.2rem}\
table{border-collapse:collapse;font-size:0.88rem}.table-wrap{overflow-x:auto;margin:0.75rem 0}\
th,td{border:1px solid #ffffff2a;padding:0.25rem 0.4rem;text-align:left;vertical-align:top}\
li+li{margin-top:0.15rem}hr{border:0;border-top:1px solid #ffffff2a;margin:1.5rem 0}\
code,pre{font-size:0.9em}pre{overflow-x:auto}";

/// The whole reference as a page of its own (the app shows it in a frame): a table of
/// contents of the level-2 headings, then the text.
pub fn page(markdown: &str, title: &str) -> String {
    let mut html = format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\" />\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\" />\
<meta name=\"color-scheme\" content=\"dark\" /><title>{}</title><style>{STYLE}</style></head>\n<body>\n",
        escape(title)
    );
    html.push_str("<nav aria-label=\"Rules sections\"><ul class=\"toc\">");
    for (title, anchor) in sections(markdown) {
        html.push_str(&format!(
            "<li><a href=\"#{anchor}\">{}</a></li>",
            inline(&title)
        ));
    }
    html.push_str("</ul></nav>\n<article class=\"rules-text\">\n");
    html.push_str(&to_html(markdown));
    html.push_str("</article>\n</body></html>\n");
    html
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a reader sees: the page without its style, title and tags.
    fn visible_text(html: &str) -> String {
        let mut text = String::new();
        let mut rest = html;
        while let Some(open) = rest.find('<') {
            text.push_str(&rest[..open]);
            rest = &rest[open..];
            for hidden in ["<style>", "<title>"] {
                if rest.starts_with(hidden) {
                    let close = format!("</{}", &hidden[1..]);
                    rest = &rest[rest.find(&close).unwrap_or(0)..];
                }
            }
            rest = &rest[rest.find('>').map_or(rest.len(), |e| e + 1)..];
        }
        text.push_str(rest);
        text
    }

    /// No Markdown syntax survives into what the reader sees.
    fn assert_no_raw_markdown(name: &str, markdown: &str) {
        let text = visible_text(&page(markdown, "Rules"));
        for mark in ["**", "`", "](", "|---", "|:--", "*"] {
            assert!(!text.contains(mark), "{name}: {mark:?} left in the text");
        }
        for line in text.lines() {
            let line = line.trim_start();
            assert!(!line.starts_with('#'), "{name}: heading left: {line}");
            assert!(
                list_marker(line).is_none_or(|m| m.number.is_some()),
                "{name}: list item left: {line}"
            );
            assert!(!line.starts_with('|'), "{name}: table row left: {line}");
        }
    }

    #[test]
    fn renders_the_subset_and_escapes_everything() {
        let md = "# Title\n\nSome **bold** <b>text</b>\nmore.\n\n- one\n- two\n\n| A | B |\n|---|---|\n| 1 | 2 |\n";
        let html = to_html(md);
        assert!(html.contains("<h1 id=\"title\">Title</h1>"));
        assert!(html.contains("<p>Some <strong>bold</strong> &lt;b&gt;text&lt;/b&gt; more.</p>"));
        assert!(html.contains("<ul>\n<li>one</li>\n<li>two</li>\n</ul>"));
        assert!(html.contains("<th>A</th><th>B</th>"));
        assert!(html.contains("<td>1</td><td>2</td>"));
        assert!(!html.contains("<b>"));
    }

    #[test]
    fn renders_emphasis_code_and_links() {
        let html = to_html(
            "An *italic* and _another_ word, **bold with *italic* inside**, `a*b`, \
snake_case_name, 2 * 3 and a lone * star.\n\n[Setup](#setup) and [bad](javascript:alert(1)).",
        );
        assert!(html.contains("An <em>italic</em> and <em>another</em> word"));
        assert!(html.contains("<strong>bold with <em>italic</em> inside</strong>"));
        assert!(html.contains("<code>a*b</code>"));
        assert!(html.contains("snake_case_name, 2 * 3 and a lone * star."));
        assert!(html.contains("<a href=\"#setup\">Setup</a>"));
        assert!(!html.contains("javascript"));
        assert!(html.contains("and bad"));
        assert_eq!(to_html("\\*not italic\\*"), "<p>*not italic*</p>\n");
        assert_eq!(to_html("**unclosed"), "<p>**unclosed</p>\n");
    }

    #[test]
    fn renders_numbered_nested_and_wrapped_lists() {
        let md = "1. First step\n   wraps here.\n2. Second step:\n   - a nested point\n   - another\n     that wraps\n3. Third\n\nText after.\n\n4. Four\n5. Five\n\n* star item\n+ plus item\n";
        let html = to_html(md);
        assert!(
            html.contains(
                "<ol>\n<li>First step wraps here.</li>\n<li>Second step:\n<ul>\n\
<li>a nested point</li>\n<li>another that wraps</li>\n</ul></li>\n<li>Third</li>\n</ol>"
            ),
            "{html}"
        );
        assert!(html.contains("<p>Text after.</p>"));
        assert!(html.contains("<ol start=\"4\">\n<li>Four</li>\n<li>Five</li>\n</ol>"));
        assert!(html.contains("<ul>\n<li>star item</li>\n<li>plus item</li>\n</ul>"));
        // A loose list (blank lines between items) keeps its paragraphs.
        let loose = to_html("- one\n\n- two\n");
        assert_eq!(
            loose,
            "<ul>\n<li><p>one</p></li>\n<li><p>two</p></li>\n</ul>\n"
        );
        // A year ending a wrapped line is not a list.
        let text = to_html("It came out in\n2016. Then more.\n");
        assert_eq!(text, "<p>It came out in 2016. Then more.</p>\n");
    }

    #[test]
    fn renders_rules_fences_and_tables_in_lists() {
        let html = to_html(
            "Before\n\n---\n\n```\n# not a heading\n```\n\n- item\n\n  | A | B \\| C |\n  |---|---|\n  | 1 | 2 |\n",
        );
        assert!(html.contains("<hr />"));
        assert!(html.contains("<pre><code># not a heading\n</code></pre>"));
        assert!(html.contains("<li><p>item</p>\n<div class=\"table-wrap\"><table>"));
        assert!(html.contains("<th>B | C</th>"));
    }

    #[test]
    fn the_rules_document_renders_with_its_sections() {
        let doc = include_str!("../../../docs/evr/rules.md");
        let html = to_html(doc);
        let sections = sections(doc);
        assert!(sections.len() >= 8, "{sections:?}");
        for (_, anchor) in &sections {
            assert!(html.contains(&format!("id=\"{anchor}\"")));
        }
        assert!(html.contains("Escape From Tatooine"));
        let page = page(doc, "Rules <&>");
        assert!(page.starts_with("<!DOCTYPE html>") && page.ends_with("</html>\n"));
        assert!(page.contains("<title>Rules &lt;&amp;&gt;</title>"));
        for (_, anchor) in &sections {
            assert!(page.contains(&format!("<a href=\"#{anchor}\">")));
        }
        assert_eq!(
            html.matches("<table>").count(),
            html.matches("</table>").count()
        );
    }

    #[test]
    fn the_markdown_check_catches_what_is_left() {
        for raw in ["A `tick", "**open", "# Title\n\n\\# hash", "[a] (b)](c"] {
            let caught = std::panic::catch_unwind(|| assert_no_raw_markdown("raw", raw));
            assert!(caught.is_err(), "{raw:?} passed the check");
        }
    }

    #[test]
    fn the_in_app_references_show_no_raw_markdown() {
        let evr = include_str!("../../../docs/evr/rules.md");
        let swr = include_str!("../../../docs/swr/play.md");
        assert_no_raw_markdown("docs/evr/rules.md", evr);
        assert_no_raw_markdown("docs/swr/play.md", swr);
    }

    /// Galactic Rebellion's in-app rules (docs/egr/play.md) are for players: no raw Markdown,
    /// every heading its own anchor, every link to a heading, and no code names, paths or
    /// rulebook line citations (those stay in the developers' docs/egr/rules.md).
    #[test]
    fn the_galactic_reference_is_for_players() {
        let doc = include_str!("../../../docs/egr/play.md");
        assert_no_raw_markdown("docs/egr/play.md", doc);
        let html = to_html(doc);
        assert!(html.contains("<table>"));
        assert!(sections(doc).len() >= 10, "{:?}", sections(doc));
        let mut anchors: Vec<String> = doc
            .lines()
            .filter_map(|l| heading(l.trim()))
            .map(|(_, t)| slug(t))
            .collect();
        let count = anchors.len();
        anchors.sort();
        anchors.dedup();
        assert_eq!(anchors.len(), count, "two headings share an anchor");
        for link in html.split("href=\"#").skip(1) {
            let anchor = &link[..link.find('"').unwrap_or(0)];
            assert!(
                anchors.iter().any(|a| a == anchor),
                "no heading for #{anchor}"
            );
        }
        // What the browser test checks on the page, here on the source: no `::`, `()`,
        // backticks, paths, `.rs` files, words with underscores or line citations like L359.
        for mark in ["::", "()", "`", "crates/", ".rs", "§"] {
            assert!(!doc.contains(mark), "play.md contains {mark:?}");
        }
        for word in doc.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-')) {
            let w = word.trim_matches('-');
            assert!(!w.contains('_'), "play.md names {w:?}");
            let citation = w.strip_prefix('L').is_some_and(|rest| {
                !rest.is_empty()
                    && rest
                        .split('-')
                        .all(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
            });
            assert!(!citation, "play.md cites line {w:?}");
        }
        let lower = doc.to_lowercase();
        // ("Engines" is in a technology's name and Research is a box: look for the phrases.)
        for word in [
            "the engine",
            "engine's",
            "crate",
            "issue",
            "this document",
            "research notes",
            "rulings]",
        ] {
            assert!(!lower.contains(word), "play.md mentions {word:?}");
        }
        // The start screen and the board send players here for these.
        for words in [
            "Provisional numbers",
            "Enter the printed numbers",
            "Keep these numbers",
        ] {
            assert!(doc.contains(words), "play.md lacks {words:?}");
        }
    }

    #[test]
    fn the_rebellion_reference_is_for_players() {
        let doc = include_str!("../../../docs/swr/play.md");
        let html = to_html(doc);
        assert!(doc.contains("Rebel base"));
        assert!(html.contains("<table>"));
        let sections = sections(doc);
        assert!(sections.len() >= 10, "{sections:?}");
        // Every heading has its own anchor, so the contents never point to the wrong place.
        let mut anchors: Vec<String> = doc
            .lines()
            .filter_map(|l| heading(l.trim()))
            .map(|(_, t)| slug(t))
            .collect();
        let count = anchors.len();
        anchors.sort();
        anchors.dedup();
        assert_eq!(anchors.len(), count, "two headings share an anchor");
        // Every link inside the page leads to a heading of the page.
        for link in html.split("href=\"#").skip(1) {
            let anchor = &link[..link.find('"').unwrap_or(0)];
            assert!(
                anchors.iter().any(|a| a == anchor),
                "no heading for #{anchor}"
            );
        }
        let lower = doc.to_lowercase();
        for word in [
            "engine",
            "crate",
            "issue",
            "this document",
            "ruling]",
            "rr p.",
        ] {
            assert!(!lower.contains(word), "play.md mentions {word:?}");
        }
    }
}
