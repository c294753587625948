//! `rules-html IN.md OUT.html TITLE`: writes the rules reference as the page the app's rules
//! overlay shows in a frame (a table of contents and the text). scripts/setup.sh (build_release)
//! runs it before the pages are built; index.html and rebellion.html copy its output.

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [input, output, title] = args.as_slice() else {
        eprintln!("usage: rules-html IN.md OUT.html TITLE");
        std::process::exit(2);
    };
    let markdown = std::fs::read_to_string(input).unwrap_or_else(|e| {
        eprintln!("rules-html: cannot read {input}: {e}");
        std::process::exit(1);
    });
    if let Some(dir) = std::path::Path::new(output).parent() {
        let _ = std::fs::create_dir_all(dir);
    }
    if let Err(e) = std::fs::write(output, rules_html::page(&markdown, title)) {
        eprintln!("rules-html: cannot write {output}: {e}");
        std::process::exit(1);
    }
}
