//! Helpers shared by the integration tests: run `rollx` as a user would,
//! from the project's root.

#![allow(dead_code)] // Each test file uses its own subset.

use std::path::Path;

use assert_cmd::Command;

pub mod counties;

/// The project's root (maps, fixtures and docs are found from it).
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The `rollx` binary, run from the project's root without colours:
/// `ROLLX_BIN` (a path from the project's root) when set, as `.ci/run` sets
/// it to the release binary for the `#[ignore]`d tests, else the one cargo
/// built for the tests.
pub fn rollx() -> Command {
    let mut cmd = match std::env::var_os("ROLLX_BIN") {
        Some(bin) => Command::new(root().join(bin)),
        None => Command::cargo_bin("rollx").expect("binary built"),
    };
    // The sheet is fitted to 80 columns when the output is not a terminal,
    // unless COLUMNS says otherwise.
    cmd.current_dir(root())
        .env("NO_COLOR", "1")
        .env_remove("COLUMNS");
    cmd
}

/// The `.toml` files of a folder of the project (`maps`,
/// `tests/fixtures/bad`), sorted.
pub fn toml_files(dir: &str) -> Vec<std::path::PathBuf> {
    let mut out: Vec<std::path::PathBuf> = std::fs::read_dir(root().join(dir))
        .expect("the folder exists")
        .map(|e| e.expect("a readable entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    out.sort();
    out
}

/// Runs `rollx` with arguments: (exit code, stdout, stderr).
pub fn run(args: &[&str]) -> (i32, String, String) {
    run_with_input(args, None)
}

/// Runs `rollx` with arguments and, optionally, text on stdin.
pub fn run_with_input(args: &[&str], stdin: Option<&str>) -> (i32, String, String) {
    let mut cmd = rollx();
    cmd.args(args);
    if let Some(input) = stdin {
        cmd.write_stdin(input);
    }
    let out = cmd.output().expect("runs");
    (
        out.status.code().expect("exit code"),
        String::from_utf8(out.stdout).expect("utf-8 stdout"),
        String::from_utf8(out.stderr).expect("utf-8 stderr"),
    )
}

/// Runs an external program (qpdf, poppler's tools) for the `#[ignore]`d
/// tests `.ci/run` runs after installing them: (success, stdout, stderr).
pub fn tool(name: &str, args: &[&str]) -> (bool, String, String) {
    let out = std::process::Command::new(name)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("{name} is needed for this test ({e}); .ci/run installs it"));
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Referees a game played by the computer, through its JSON log as
/// `rollx referee` reads it, and asserts that it is clean and that the
/// referee's X agree with the final sheets.
pub fn assert_referees_clean(
    game: &rollx::rolling::Game,
    played: &rollx::rolling::PlayedGame,
    what: &str,
) {
    let log = rollx::rolling::GameLog::parse(&played.log.to_json()).expect("a played log parses");
    let verdict = rollx::rolling::referee(game, &log).expect("the log's own map");
    assert!(
        verdict.is_clean(),
        "{what}: {:?} {:?}",
        verdict.problems,
        verdict.violations
    );
    for (v, s) in verdict.players.iter().zip(&played.states) {
        assert_eq!(v.crosses, game.score(s).crosses, "{what}");
        assert_eq!(v.mistakes, 0, "{what}");
    }
}

/// The flags every headless Chromium of the tests starts with: no sandbox
/// (the tests run as root), no GPU, and none of the background
/// connections that this machine's closed network refuses.
pub const CHROMIUM_HEADLESS: [&str; 8] = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
];

/// The pixels of a PNG screenshot that are clearly coloured (not white,
/// grey or black): charts, regions, heat maps.
pub fn coloured_pixels(png: &[u8]) -> usize {
    let pixmap = resvg::tiny_skia::Pixmap::decode_png(png).expect("a PNG screenshot");
    pixmap
        .pixels()
        .iter()
        .filter(|p| {
            let (r, g, b) = (p.red(), p.green(), p.blue());
            r.max(g).max(b) - r.min(g).min(b) > 60
        })
        .count()
}

/// One SVG text of a page as headless Chromium draws it: its words, the
/// colour the browser computed for it, and the fill of the shape beneath
/// its middle (white where none is).
#[derive(Debug)]
pub struct DrawnLabel {
    /// The words.
    pub text: String,
    /// The computed fill of the text, as red, green, blue.
    pub ink: [u8; 3],
    /// The computed fill of the topmost shape whose inside holds the
    /// text's middle.
    pub under: [u8; 3],
}

impl DrawnLabel {
    /// The WCAG contrast ratio of the ink on what is beneath it.
    pub fn contrast(&self) -> f64 {
        let lum = |c: [u8; 3]| {
            let lin = |v: u8| {
                let v = f64::from(v) / 255.0;
                if v <= 0.04045 {
                    v / 12.92
                } else {
                    ((v + 0.055) / 1.055).powf(2.4)
                }
            };
            0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2])
        };
        let (a, b) = (lum(self.ink), lum(self.under));
        (a.max(b) + 0.05) / (a.min(b) + 0.05)
    }
}

/// Every SVG text of the HTML page `html` with the colours headless
/// Chromium computes for it and for what lies beneath it: the page's own
/// style sheet applies, so a rule that overrides a label's fill shows.
pub fn drawn_labels(html: &Path) -> Vec<DrawnLabel> {
    // The probe runs at the end of the body, once the page is laid out;
    // its answer goes into the DOM that --dump-dom prints.
    const PROBE: &str = r#"<script>
(() => {
  const rgb = s => { const m = /rgba?\(([^)]*)\)/.exec(s || ''); if (!m) return null;
    const v = m[1].split(',').map(Number); return v.length > 3 && v[3] === 0 ? null : v.slice(0, 3); };
  const out = [];
  for (const t of document.querySelectorAll('svg text')) {
    t.scrollIntoView({block: 'center', inline: 'center'});
    const r = t.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    let under = [255, 255, 255];
    for (const e of document.elementsFromPoint(x, y)) {
      if (!(e instanceof SVGGeometryElement)) continue;
      const fill = rgb(getComputedStyle(e).fill);
      if (!fill) continue;
      const p = new DOMPoint(x, y).matrixTransform(e.getScreenCTM().inverse());
      if (e.isPointInFill(p)) { under = fill; break; }
    }
    out.push({text: t.textContent, ink: rgb(getComputedStyle(t).fill), under});
  }
  const pre = document.createElement('pre');
  pre.id = 'drawn-labels';
  pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
})();
</script>"#;
    let page = std::fs::read_to_string(html).expect("the page");
    let dir = tempfile::tempdir().unwrap();
    let probed = dir.path().join("probed.html");
    std::fs::write(&probed, page.replace("</body>", &format!("{PROBE}</body>"))).unwrap();
    let profile = format!("--user-data-dir={}", dir.path().join("profile").display());
    let url = format!("file://{}", probed.display());
    let out = std::process::Command::new("chromium")
        .args(CHROMIUM_HEADLESS)
        .args([
            profile.as_str(),
            "--window-size=1200,1600",
            "--dump-dom",
            url.as_str(),
        ])
        .output()
        .expect("chromium is needed for this test; .ci/run installs it");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let dom = String::from_utf8_lossy(&out.stdout);
    let json = dom
        .split("<pre id=\"drawn-labels\">")
        .nth(1)
        .and_then(|s| s.split("</pre>").next())
        .unwrap_or_else(|| panic!("the probe ran: {dom:.2000}"));
    let json = json
        .replace("&quot;", "\"")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&");
    let rows: Vec<serde_json::Value> = serde_json::from_str(&json).expect("the probe's JSON");
    let colour = |v: &serde_json::Value| -> [u8; 3] {
        let a = v.as_array().expect("a colour");
        std::array::from_fn(|i| a[i].as_f64().expect("a channel") as u8)
    };
    rows.iter()
        .map(|r| DrawnLabel {
            text: r["text"].as_str().unwrap_or_default().to_string(),
            ink: colour(&r["ink"]),
            under: colour(&r["under"]),
        })
        .collect()
}
