//! The page of `rollx watch`, and the parts of it that the page fetches
//! again when the file changes: the view of a build and the balance
//! summary. Everything is HTML text made here; the page's script only
//! polls [`super::server`]'s `/version` and swaps the parts in.

use std::fmt::Write;

use rollx::render::svg::escape as esc;

use super::balance::{PLAYER, Stage};
use super::build::{Build, Verdict};
use super::server::Look;

/// The style sheet.
const STYLE: &str = "body{font-family:system-ui,-apple-system,'DejaVu Sans',sans-serif;margin:0;color:#222;background:#f6f6f4}
header{position:sticky;top:0;z-index:2;display:flex;flex-wrap:wrap;gap:.6em 1.4em;align-items:center;padding:.5em 1em;background:#fff;border-bottom:1px solid #ddd}
header h1{font-size:1.05em;margin:0}header label{font-size:.9em}
#status{font-weight:600;padding:.15em .6em;border-radius:.8em;background:#e8e8e8}
#status.ok{background:#d7f0d9;color:#14561c}#status.warn{background:#fff0c2;color:#6b4a00}#status.bad{background:#fbd5d5;color:#8a1111}
#link{font-size:.85em;color:#777}#link.lost{color:#b00;font-weight:600}
main{display:flex;flex-wrap:wrap;gap:1em;padding:1em;align-items:flex-start}
.sheet{flex:3 1 520px;min-width:320px}.side{flex:2 1 360px;min-width:300px}
.sheet img{width:100%;height:auto;background:#fff;box-shadow:0 1px 4px rgba(0,0,0,.25)}
.stale img{filter:grayscale(1);opacity:.4}
.caption{font-size:.85em;color:#555;margin:.3em 0 .8em}
section{background:#fff;border:1px solid #ddd;border-radius:4px;padding:.4em .9em;margin-bottom:1em}
h2{font-size:1em;margin:.4em 0}
pre{font-family:'DejaVu Sans Mono',monospace;font-size:.78em;white-space:pre-wrap;overflow-x:auto;margin:.3em 0}
.finding{border-left:4px solid #e0b000;padding-left:.5em;margin:.6em 0}.finding.error{border-left-color:#c62828}
.errors{flex:3 1 520px;min-width:320px}
progress{width:100%}
";

/// The page's script: every quarter of a second (and at once when the
/// template or the colours are switched) it asks `/version`; when the
/// build changed (or the template chosen) it fetches `/view`, when the
/// balance summary moved on `/balance`, and swaps them in where the old
/// ones were, keeping the scroll position.
const SCRIPT: &str = r#"
const state = { build: -1, balance: '', key: '' };
const $ = (id) => document.getElementById(id);
function choice() {
  return 'template=' + $('template').value + '&mono=' + ($('mono').checked ? 1 : 0) + '&lang=' + $('lang').value;
}
async function swap(id, url) {
  const r = await fetch(url, { cache: 'no-store' });
  if (!r.ok) return false;
  const html = await r.text();
  // The part keeps its height until the new one's images have arrived,
  // so that the page does not shrink under the reader and lose its place.
  const y = window.scrollY;
  const el = $(id);
  el.style.minHeight = el.offsetHeight + 'px';
  el.innerHTML = html;
  window.scrollTo(0, y);
  await Promise.all([...el.querySelectorAll('img')].map((i) => i.decode().catch(() => {})));
  el.style.minHeight = '';
  if (window.scrollY < y) window.scrollTo(0, y);
  return true;
}
// One loop asks for news; a change of template or colours asks at once
// (never two requests at a time: a second waits for the first).
let busy = false, timer = null;
async function poll() {
  clearTimeout(timer);
  if (busy) { timer = setTimeout(poll, 50); return; }
  busy = true;
  try {
    const r = await fetch('/version', { cache: 'no-store' });
    const v = await r.json();
    if (v.build !== state.build || choice() !== state.key) {
      const key = choice();
      if (await swap('view', '/view?' + key)) {
        state.build = v.build;
        state.key = key;
        const s = $('view').querySelector('[data-status]');
        if (s) { $('status').textContent = s.dataset.status; $('status').className = s.dataset.level; }
      }
    }
    if (v.balance !== state.balance) {
      if (await swap('balance', '/balance')) state.balance = v.balance;
    }
    $('link').textContent = 'live';
    $('link').className = '';
  } catch (e) {
    $('link').textContent = 'rollx watch is not running';
    $('link').className = 'lost';
  }
  busy = false;
  timer = setTimeout(poll, 250);
}
$('template').addEventListener('change', poll);
$('mono').addEventListener('change', poll);
$('lang').addEventListener('change', poll);
poll();
"#;

/// The whole page for `file`, the template of `templates`, black and
/// white and the language as `first` chooses them first. Its parts arrive
/// by the script.
pub fn page(file: &str, templates: &[String], first: Look) -> String {
    let mut options = String::new();
    for (i, name) in templates.iter().enumerate() {
        let _ = write!(
            options,
            "<option value=\"{i}\"{}>{}</option>",
            if i == first.template { " selected" } else { "" },
            esc(name)
        );
    }
    let mut langs = format!(
        "<option value=\"0\"{}>the file's</option>",
        if first.lang == 0 { " selected" } else { "" }
    );
    for (i, lang) in rollx::lang::Lang::all().enumerate() {
        let _ = write!(
            langs,
            "<option value=\"{}\"{}>{} ({})</option>",
            i + 1,
            if first.lang == i + 1 { " selected" } else { "" },
            esc(lang.name()),
            lang.code()
        );
    }
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{file} · rollx watch</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n\
<header><h1>{file}</h1><span id=\"status\">building…</span>\
<label>template <select id=\"template\">{options}</select></label>\
<label><input type=\"checkbox\" id=\"mono\"{}> black and white</label>\
<label>language <select id=\"lang\">{langs}</select></label>\
<span id=\"link\">connecting…</span></header>\n\
<noscript><p style=\"padding:1em\">This page updates itself with JavaScript; allow it for 127.0.0.1.</p></noscript>\n\
<main id=\"view\"></main>\n\
<div style=\"padding:0 1em 1em\"><section id=\"balance\"></section></div>\n\
<script>{SCRIPT}</script>\n</body>\n</html>\n",
        if first.mono { " checked" } else { "" },
        file = esc(file),
    )
}

/// The status of a build, in a few words, and its level for the colour
/// of the badge (`ok`, `warn`, `bad`).
fn status(build: &Build) -> (String, &'static str) {
    let level = match &build.verdict {
        Verdict::Unreadable(_) | Verdict::Invalid => "bad",
        Verdict::Valid { .. } if build.warnings() > 0 => "warn",
        Verdict::Valid { .. } => "ok",
    };
    let words = match &build.verdict {
        Verdict::Unreadable(_) => "cannot read the file".to_string(),
        _ => build.words(),
    };
    (words, level)
}

/// The sheet of a build: the image (the first page as SVG, fetched from
/// `/sheet.svg`), then the boxes' size and what the print checks found.
fn sheet_html(
    out: &mut String,
    build: &Build,
    sheet: &super::build::Sheet,
    key: &str,
    stale: bool,
) {
    let _ = write!(
        out,
        "<div class=\"sheet{}\"><img alt=\"the sheet of build {n}\" width=\"{w}\" height=\"{h}\" src=\"/sheet.svg?build={n}&amp;{key}\">",
        if stale { " stale" } else { "" },
        n = build.number,
        key = esc(key),
        w = sheet.size.0.round(),
        h = sheet.size.1.round(),
    );
    if stale {
        let _ = write!(
            out,
            "<p class=\"caption\">the last good version (build {}), until the errors are mended</p>",
            build.number
        );
    }
    let _ = write!(out, "<p class=\"caption\">{}; ", esc(&sheet.boxes));
    if sheet.problems.is_empty() {
        out.push_str("the print checks pass on this template.</p>");
    } else {
        let _ = write!(
            out,
            "{} on this template: <code>rollx print</code> refuses it.</p>",
            match sheet.problems.len() {
                1 => "1 print check fails".to_string(),
                n => format!("{n} print checks fail"),
            }
        );
        for p in &sheet.problems {
            let _ = write!(
                out,
                "<div class=\"finding error\"><pre>{}</pre></div>",
                esc(p)
            );
        }
    }
    out.push_str("</div>");
}

/// The findings of a build, errors first.
fn findings_html(out: &mut String, build: &Build) {
    let (e, w) = (build.errors(), build.warnings());
    let _ = write!(
        out,
        "<section id=\"findings\"><h2>rollx check: {}</h2>",
        if e + w == 0 {
            "no findings".to_string()
        } else {
            format!(
                "{}, {}",
                rollx::text::count(e, "error"),
                rollx::text::count(w, "warning")
            )
        }
    );
    for error in [true, false] {
        for f in build.findings.iter().filter(|f| f.error == error) {
            let _ = write!(
                out,
                "<div class=\"finding{}\" data-code=\"{}\"><pre>{}</pre></div>",
                if f.error { " error" } else { "" },
                f.code,
                esc(&f.text)
            );
        }
    }
    out.push_str("</section>");
}

/// The view of `build`: its sheet on the chosen template (the query
/// `key` of `/sheet.svg`), the print checks, the findings of `check` and
/// its summary. A build with errors shows them in the sheet's place, the
/// `last_good` sheet greyed beside them.
pub fn view(
    build: &Build,
    sheet: Option<&super::build::Sheet>,
    last_good: Option<(&Build, &super::build::Sheet)>,
    key: &str,
) -> String {
    let (words, level) = status(build);
    let mut out = format!(
        "<div hidden data-status=\"{}\" data-level=\"{level}\" data-build=\"{}\"></div>",
        esc(&words),
        build.number
    );
    match (&build.verdict, sheet) {
        (Verdict::Valid { summary, .. }, sheet) => {
            match sheet {
                Some(sheet) => sheet_html(&mut out, build, sheet, key, false),
                None => out.push_str(
                    "<div class=\"sheet\"><p class=\"caption\">the sheet could not be drawn as SVG; <code>rollx print --svg</code> says why</p></div>",
                ),
            }
            out.push_str("<div class=\"side\">");
            findings_html(&mut out, build);
            let _ = write!(
                out,
                "<section id=\"summary\"><h2>{} · build {} in {} ms</h2><pre>{}</pre></section>",
                esc(build.title.as_deref().unwrap_or("")),
                build.number,
                build.took.as_millis(),
                esc(summary)
            );
            out.push_str("</div>");
        }
        (verdict, _) => {
            out.push_str("<div class=\"errors\">");
            if let Verdict::Unreadable(why) = verdict {
                let _ = write!(
                    out,
                    "<section id=\"findings\"><h2>build {}</h2><div class=\"finding error\"><pre>{}</pre></div></section>",
                    build.number,
                    esc(why)
                );
            } else {
                findings_html(&mut out, build);
            }
            out.push_str("</div>");
            match last_good {
                Some((good, sheet)) => sheet_html(&mut out, good, sheet, key, true),
                None => out.push_str(
                    "<div class=\"sheet stale\"><p class=\"caption\">no valid version yet: the sheet shows once the errors are mended</p></div>",
                ),
            }
        }
    }
    out
}

/// The balance summary of the build numbered `build`: a progress bar
/// while the games are played, the report once they are; `stale` when the
/// newest build is not valid and this is the last good one's.
pub fn balance(stage: Option<(&Stage, u64, u64, u64, bool)>) -> String {
    let Some((stage, build, games, seed, stale)) = stage else {
        return "<h2>balance</h2><p class=\"caption\">the games start once the file is valid</p>"
            .into();
    };
    let head = format!(
        "<h2 data-build=\"{build}\">balance: {} {PLAYER} games, seed {seed}{}</h2>",
        games,
        if stale {
            " (of the last good version)"
        } else {
            ""
        }
    );
    match stage {
        Stage::Playing(done, total) => format!(
            "{head}<progress max=\"{}\" value=\"{done}\"></progress><p class=\"caption\">playing: {done} of {} games and replays</p>",
            (*total).max(1),
            total
        ),
        Stage::Done(text) => format!(
            "{head}<pre id=\"balance-report\">{}</pre><p class=\"caption\">the same as <code>rollx simulate FILE --games {games} --seed {seed} --policy {PLAYER}</code></p>",
            esc(text)
        ),
        Stage::Failed(why) => format!("{head}<p class=\"caption\">no summary: {}</p>", esc(why)),
    }
}
