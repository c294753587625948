//! A tiny Markdown-to-HTML renderer for the rules references (docs/evr/rules.md,
//! docs/swr/rules.md): headings, paragraphs, `-` lists, `**bold**` and pipe tables. All text
//! is HTML-escaped, so the output is safe to put in `inner_html`. It runs at build time (the
//! `rules-html` tool): the app fetches the HTML, and its wasm carries no renderer.

fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// Escapes a line and turns `**x**` into `<strong>x</strong>` and `` `x` `` into code.
fn inline(text: &str) -> String {
    let escaped = escape(text);
    let mut out = String::with_capacity(escaped.len());
    let mut bold = false;
    let mut code = false;
    let mut rest = escaped.as_str();
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("**") {
            out.push_str(if bold { "</strong>" } else { "<strong>" });
            bold = !bold;
            rest = after;
        } else if let Some(after) = rest.strip_prefix('`') {
            out.push_str(if code { "</code>" } else { "<code>" });
            code = !code;
            rest = after;
        } else {
            let c = rest.chars().next().unwrap_or(' ');
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    if code {
        out.push_str("</code>");
    }
    if bold {
        out.push_str("</strong>");
    }
    out
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

fn cells(line: &str) -> Vec<&str> {
    line.trim()
        .trim_start_matches('|')
        .trim_end_matches('|')
        .split('|')
        .map(str::trim)
        .collect()
}

fn is_separator(line: &str) -> bool {
    let t = line.trim();
    t.starts_with('|') && t.chars().all(|c| matches!(c, '|' | '-' | ':' | ' '))
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
    let mut html = String::new();
    let lines: Vec<&str> = markdown.lines().collect();
    let mut i = 0;
    let mut paragraph: Vec<&str> = Vec::new();
    let flush = |paragraph: &mut Vec<&str>, html: &mut String| {
        if !paragraph.is_empty() {
            html.push_str("<p>");
            html.push_str(&inline(&paragraph.join(" ")));
            html.push_str("</p>\n");
            paragraph.clear();
        }
    };
    while i < lines.len() {
        let line = lines[i];
        let trimmed = line.trim();
        if trimmed.is_empty() {
            flush(&mut paragraph, &mut html);
            i += 1;
        } else if let Some((level, text)) = heading(trimmed) {
            flush(&mut paragraph, &mut html);
            html.push_str(&format!(
                "<h{level} id=\"{}\">{}</h{level}>\n",
                slug(text),
                inline(text)
            ));
            i += 1;
        } else if trimmed.starts_with("- ") {
            flush(&mut paragraph, &mut html);
            html.push_str("<ul>\n");
            while i < lines.len() && lines[i].trim().starts_with("- ") {
                html.push_str("<li>");
                html.push_str(&inline(&lines[i].trim()[2..]));
                html.push_str("</li>\n");
                i += 1;
            }
            html.push_str("</ul>\n");
        } else if trimmed.starts_with('|') && i + 1 < lines.len() && is_separator(lines[i + 1]) {
            flush(&mut paragraph, &mut html);
            html.push_str("<div class=\"table-wrap\"><table>\n<thead><tr>");
            for cell in cells(trimmed) {
                html.push_str(&format!("<th>{}</th>", inline(cell)));
            }
            html.push_str("</tr></thead>\n<tbody>\n");
            i += 2;
            while i < lines.len() && lines[i].trim().starts_with('|') {
                html.push_str("<tr>");
                for cell in cells(lines[i]) {
                    html.push_str(&format!("<td>{}</td>", inline(cell)));
                }
                html.push_str("</tr>\n");
                i += 1;
            }
            html.push_str("</tbody></table></div>\n");
        } else {
            paragraph.push(trimmed);
            i += 1;
        }
    }
    flush(&mut paragraph, &mut html);
    html
}

/// The page's own style: the app shows it in a frame, so it carries its colours with it.
const STYLE: &str = "body{margin:0;padding:0.5rem 1rem 2rem;background:#151a2e;color:#e8ecf6;\
font:16px/1.5 system-ui,sans-serif}a{color:#ffd34d}.toc{columns:2 12rem;padding-left:1.2rem}\
table{border-collapse:collapse;font-size:0.88rem}.table-wrap{overflow-x:auto}\
th,td{border:1px solid #ffffff2a;padding:0.25rem 0.4rem;text-align:left}";

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
            escape(&title)
        ));
    }
    html.push_str("</ul></nav>\n<article class=\"rules-text\">\n");
    html.push_str(&to_html(markdown));
    html.push_str("</article>\n</body></html>\n");
    html
}

fn heading(line: &str) -> Option<(usize, &str)> {
    let level = line.chars().take_while(|c| *c == '#').count();
    if (1..=4).contains(&level) && line[level..].starts_with(' ') {
        Some((level, line[level..].trim()))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
