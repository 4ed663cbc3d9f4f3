//! `rollx watch`: the server answers its own routes and nothing else, on
//! loopback only; the page follows the file through a valid edit, a
//! syntax error and its fix (in headless Chromium too); the balance
//! summary is the same for the same content; Ctrl-C stops it cleanly.
#![cfg(unix)]

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

/// A running `rollx watch`, stopped with Ctrl-C when dropped.
struct Watching {
    child: Child,
    port: u16,
    lines: Receiver<String>,
}

/// The binary: `ROLLX_BIN` when set (the release binary in `.ci/run`),
/// else the one cargo built.
fn bin() -> PathBuf {
    match std::env::var_os("ROLLX_BIN") {
        Some(b) => common::root().join(b),
        None => PathBuf::from(env!("CARGO_BIN_EXE_rollx")),
    }
}

impl Watching {
    /// Starts `rollx watch file --no-open` with `args`, and waits for the
    /// address it prints.
    fn start(file: &Path, args: &[&str]) -> Watching {
        let mut child = Command::new(bin())
            .current_dir(file.parent().unwrap())
            .env("NO_COLOR", "1")
            .arg("watch")
            .arg(file.file_name().unwrap())
            .arg("--no-open")
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("rollx starts");
        let (tx, lines) = channel();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        std::thread::spawn(move || {
            for line in stdout.lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let first = lines
            .recv_timeout(Duration::from_secs(60))
            .expect("the address is printed");
        let port = first
            .split("http://127.0.0.1:")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .and_then(|p| p.parse().ok())
            .unwrap_or_else(|| panic!("no address in {first:?}"));
        assert!(first.starts_with("watching "), "{first}");
        Watching { child, port, lines }
    }

    /// The next line printed, within a minute.
    fn line(&self) -> String {
        self.lines
            .recv_timeout(Duration::from_secs(60))
            .expect("a line is printed")
    }

    /// `GET path` with `Host: 127.0.0.1:port`.
    fn get(&self, path: &str) -> (u16, String) {
        request(self.port, "GET", path, &format!("127.0.0.1:{}", self.port))
    }

    /// Polls `path` until `ready` holds of its body (30 s at most).
    fn wait_for(&self, path: &str, what: &str, ready: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let (status, body) = self.get(path);
            if status == 200 && ready(&body) {
                return body;
            }
            assert!(
                start.elapsed() < Duration::from_secs(30),
                "{path} never showed {what}: {body}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Ctrl-C: the exit code and what was printed after the lines read.
    fn interrupt(mut self) -> (i32, String) {
        // SAFETY: sends SIGINT to the child, which is still running.
        assert_eq!(
            unsafe { libc::kill(self.child.id() as libc::pid_t, libc::SIGINT) },
            0
        );
        let status = self.child.wait().unwrap();
        let mut rest = String::new();
        while let Ok(line) = self.lines.recv_timeout(Duration::from_secs(5)) {
            rest.push_str(&line);
            rest.push('\n');
        }
        let mut err = String::new();
        self.child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut err)
            .unwrap();
        assert_eq!(err, "", "nothing on stderr");
        (status.code().expect("an exit code"), rest)
    }
}

impl Drop for Watching {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One HTTP/1.1 request, the path sent as given: status and body.
fn request(port: u16, method: &str, path: &str, host: &str) -> (u16, String) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("the server listens");
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n"
    )
    .unwrap();
    read_response(stream)
}

/// An HTTP response's status and body: the body by its `Content-Length`,
/// else to the end of the connection.
fn read_response(stream: TcpStream) -> (u16, String) {
    let mut reader = BufReader::new(stream);
    let mut head = String::new();
    let mut length: Option<usize> = None;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).unwrap() == 0 || line == "\r\n" {
            break;
        }
        if let Some((name, value)) = line.split_once(':')
            && name.eq_ignore_ascii_case("content-length")
        {
            length = value.trim().parse().ok();
        }
        head.push_str(&line);
    }
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("a status line: {head:?}"));
    let mut body = Vec::new();
    match length {
        Some(n) => {
            body.resize(n, 0);
            reader.read_exact(&mut body).unwrap();
        }
        None => {
            reader.read_to_end(&mut body).unwrap();
        }
    }
    (status, String::from_utf8_lossy(&body).into_owned())
}

/// A copy of a shipped map or board in a folder of its own.
fn copy(name: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(Path::new(name).file_name().unwrap());
    std::fs::copy(common::root().join(name), &path).unwrap();
    (dir, path)
}

/// Writes `text` to `path` as an editor saving it does: a new file
/// renamed over the old one.
fn save(path: &Path, text: &str) {
    let temp = path.with_extension("swp");
    std::fs::write(&temp, text).unwrap();
    std::fs::rename(&temp, path).unwrap();
}

/// The address of a network interface other than loopback, when the
/// machine has one (no packet is sent: a UDP socket is only connected).
fn other_address() -> Option<std::net::IpAddr> {
    let socket = std::net::UdpSocket::bind("0.0.0.0:0").ok()?;
    socket.connect("10.255.255.255:9").ok()?;
    let ip = socket.local_addr().ok()?.ip();
    (!ip.is_loopback() && !ip.is_unspecified()).then_some(ip)
}

#[test]
fn the_server_answers_its_own_routes_and_nothing_else_on_loopback() {
    let (_dir, path) = copy("maps/examples/tutorial.toml");
    let w = Watching::start(&path, &["--games", "20"]);
    assert!(w.line().starts_with("build 1: tutorial.toml: ok"));

    let (status, page) = w.get("/");
    assert_eq!(status, 200);
    assert!(
        page.contains("<title>tutorial.toml · rollx watch</title>"),
        "{page}"
    );
    let (status, version) = w.get("/version");
    assert_eq!(status, 200);
    let version: serde_json::Value = serde_json::from_str(&version).unwrap();
    assert_eq!(version["build"], 1);
    let view = w.wait_for("/view?template=0&mono=0&lang=0", "the sheet", |b| {
        b.contains("data-status=\"ok")
    });
    assert!(
        view.contains("src=\"/sheet.svg?build=1&amp;template=0&amp;mono=0&amp;lang=0\""),
        "{view}"
    );
    let (status, svg) = w.get("/sheet.svg?build=1&template=0&mono=0&lang=0");
    assert_eq!(status, 200);
    assert!(svg.contains("<svg"), "{}", &svg[..svg.len().min(200)]);
    let (status, _) = w.get("/sheet.svg?build=1&template=2&mono=1&lang=0");
    assert_eq!(
        status, 200,
        "every shipped template, in black and white too"
    );
    // Every shipped language: the page offers them, and the sheet speaks
    // the one chosen (es is the third: after the file's own and English).
    let (_, page) = w.get("/");
    assert!(
        page.contains("<option value=\"2\">Español (es)</option>"),
        "{page}"
    );
    let (status, svg) = w.get("/sheet.svg?build=1&template=0&mono=0&lang=2");
    assert_eq!(status, 200);
    assert!(svg.contains(">Ronda<") && !svg.contains(">Round<"), "{svg}");

    // Nothing else: no file by its path, no way up, no listing.
    for path in [
        "/tutorial.toml",
        "/../tutorial.toml",
        "/..%2ftutorial.toml",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/../../../../etc/passwd",
        "/maps/",
        "/index.html",
        "/sheet.svg?build=99&template=0&mono=0&lang=0",
        "/view?template=9&mono=0&lang=0",
        "/view?template=0&mono=0&lang=0&file=tutorial.toml",
    ] {
        let (status, body) = w.get(path);
        assert_eq!(status, 404, "{path}: {body}");
        assert!(
            !body.contains("[map]") && !body.contains("root:"),
            "{path}: {body}"
        );
    }
    assert_eq!(
        request(w.port, "POST", "/version", &format!("127.0.0.1:{}", w.port)).0,
        405
    );
    assert_eq!(
        request(w.port, "DELETE", "/", &format!("127.0.0.1:{}", w.port)).0,
        405
    );
    // A request that names another host (a rebinding page) is refused.
    assert_eq!(request(w.port, "GET", "/", "evil.example:80").0, 403);
    assert_eq!(
        request(w.port, "GET", "/", &format!("localhost:{}", w.port)).0,
        200
    );
    // Bound to loopback alone.
    if let Some(ip) = other_address() {
        assert!(
            TcpStream::connect_timeout(&(ip, w.port).into(), Duration::from_secs(2)).is_err(),
            "reachable on {ip}"
        );
    }
    let (code, rest) = w.interrupt();
    assert_eq!(code, 0);
    assert!(rest.contains("stopped watching tutorial.toml"), "{rest}");
}

#[test]
fn the_page_follows_an_edit_a_syntax_error_and_its_fix() {
    let (_dir, path) = copy("maps/examples/tutorial.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    let w = Watching::start(&path, &["--games", "20"]);
    assert!(w.line().starts_with("build 1: tutorial.toml: ok"));
    let name = |view: &str| view.contains("Rolling Dicia");
    w.wait_for("/view?template=0&mono=0&lang=0", "the map's name", name);

    // A save that changes nothing builds nothing: the next line is the
    // next change's.
    save(&path, &text);
    std::thread::sleep(Duration::from_millis(1500));

    // A valid change: the summary shows the new name.
    let renamed = text.replacen("name = \"", "name = \"Renamed ", 1);
    assert_ne!(renamed, text);
    save(&path, &renamed);
    assert!(w.line().starts_with("build 2: tutorial.toml: ok"));
    w.wait_for("/view?template=0&mono=0&lang=0", "the new name", |v| {
        v.contains("data-build=\"2\"") && v.contains("Renamed ")
    });

    // A syntax error: the error where it is, and the last good sheet
    // greyed beside it.
    save(&path, &renamed.replacen("[map]", "[map", 1));
    let line = w.line();
    assert!(
        line.starts_with("build 3: tutorial.toml: 1 error"),
        "{line}"
    );
    let view = w.wait_for("/view?template=0&mono=0&lang=0", "the error", |v| {
        v.contains("data-build=\"3\"")
    });
    assert!(view.contains("data-level=\"bad\""), "{view}");
    assert!(view.contains("class=\"finding error\""), "{view}");
    assert!(view.contains("tutorial.toml:"), "the line is named: {view}");
    assert!(view.contains("class=\"sheet stale\""), "{view}");
    assert!(view.contains("/sheet.svg?build=2&amp;"), "{view}");
    assert_eq!(w.get("/sheet.svg?build=2&template=0&mono=0&lang=0").0, 200);

    // Mended.
    save(&path, &text);
    assert!(w.line().starts_with("build 4: tutorial.toml: ok"));
    let view = w.wait_for("/view?template=0&mono=0&lang=0", "the sheet again", |v| {
        v.contains("data-build=\"4\"")
    });
    assert!(!view.contains("stale"), "{view}");
    // The earlier builds' sheets are gone with them.
    assert_eq!(w.get("/sheet.svg?build=2&template=0&mono=0&lang=0").0, 404);
    let (code, _) = w.interrupt();
    assert_eq!(code, 0);
}

#[test]
fn the_balance_summary_is_the_same_for_the_same_content_and_agrees_with_simulate() {
    let (_dir, path) = copy("maps/encore-black.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    let w = Watching::start(&path, &["--games", "300", "--seed", "5"]);
    assert!(w.line().starts_with("build 1: encore-black.toml: ok"));
    let done = |b: &str| b.contains("balance-report");
    let first = w.wait_for("/balance", "the summary", done);
    // A comment changes the file but not the board: built again, played
    // again, the same summary.
    save(&path, &format!("{text}\n# a comment\n"));
    assert!(w.line().contains("build 2"));
    assert!(first.contains("data-build=\"1\""), "{first}");
    let second = w.wait_for("/balance", "the summary of build 2", |b| {
        done(b) && b.contains("data-build=\"2\"")
    });
    assert_eq!(
        first.replace("data-build=\"1\"", "data-build=\"2\""),
        second
    );
    // The same figures as `rollx simulate` with the same games and seed.
    let report = first
        .split("<pre id=\"balance-report\">")
        .nth(1)
        .and_then(|r| r.split("</pre>").next())
        .unwrap()
        .replace("&amp;", "&")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"");
    let (code, out, err) = common::run(&[
        "simulate",
        "maps/encore-black.toml",
        "--games",
        "300",
        "--seed",
        "5",
        "--policy",
        "greedy",
        "--quiet",
    ]);
    assert_eq!(code, 0, "{err}");
    // The same words, the command that reproduces it naming the file as
    // watched (so its paragraph may wrap elsewhere).
    let words = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    let watched = path.file_name().unwrap().to_string_lossy();
    let out = out.replace("maps/encore-black.toml", &watched);
    assert_eq!(words(&report), words(&out));
    drop(w);
}

/// WebDriver, spoken to chromedriver over plain HTTP.
mod webdriver {
    use super::*;
    use serde_json::{Value, json};

    /// A request to chromedriver: the `value` of its answer.
    pub fn call(port: u16, method: &str, path: &str, body: Option<Value>) -> Value {
        let body = body.map(|b| b.to_string()).unwrap_or_default();
        let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("chromedriver listens");
        write!(
            stream,
            "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        )
        .unwrap();
        let (_, body) = read_response(stream);
        let value: Value = serde_json::from_str(&body).unwrap_or_else(|e| panic!("{e}: {body}"));
        value["value"].clone()
    }

    /// A browser session: chromedriver and the headless Chromium it
    /// drives, ended when dropped.
    pub struct Browser {
        driver: Child,
        port: u16,
        session: String,
        _profile: tempfile::TempDir,
    }

    impl Browser {
        pub fn start() -> Browser {
            let port = std::net::TcpListener::bind("127.0.0.1:0")
                .unwrap()
                .local_addr()
                .unwrap()
                .port();
            let driver = Command::new("chromedriver")
                .arg(format!("--port={port}"))
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .expect("chromedriver is needed for this test; .ci/run installs it");
            let start = Instant::now();
            while TcpStream::connect(("127.0.0.1", port)).is_err() {
                assert!(
                    start.elapsed() < Duration::from_secs(30),
                    "chromedriver did not start"
                );
                std::thread::sleep(Duration::from_millis(100));
            }
            let profile = tempfile::tempdir().unwrap();
            let args = common::CHROMIUM_HEADLESS
                .map(String::from)
                .into_iter()
                .chain([
                    "--window-size=1400,500".to_string(),
                    format!("--user-data-dir={}", profile.path().display()),
                ])
                .collect::<Vec<_>>();
            let caps = json!({ "capabilities": { "alwaysMatch": {
                "browserName": "chrome",
                "goog:chromeOptions": { "binary": "/usr/bin/chromium", "args": args }
            }}});
            let value = call(port, "POST", "/session", Some(caps));
            let session = value["sessionId"]
                .as_str()
                .unwrap_or_else(|| panic!("no session: {value}"))
                .to_string();
            Browser {
                driver,
                port,
                session,
                _profile: profile,
            }
        }

        pub fn go(&self, url: &str) {
            call(
                self.port,
                "POST",
                &format!("/session/{}/url", self.session),
                Some(json!({ "url": url })),
            );
        }

        /// Runs `script` in the page: what it returns.
        pub fn eval(&self, script: &str) -> Value {
            call(
                self.port,
                "POST",
                &format!("/session/{}/execute/sync", self.session),
                Some(json!({ "script": script, "args": [] })),
            )
        }

        /// Waits (30 s at most) until `script` returns true in the page.
        pub fn wait(&self, what: &str, script: &str) {
            let start = Instant::now();
            while self.eval(script) != Value::Bool(true) {
                assert!(
                    start.elapsed() < Duration::from_secs(30),
                    "the page never showed {what}: status {:?}",
                    self.eval("return document.getElementById('status').textContent")
                );
                std::thread::sleep(Duration::from_millis(100));
            }
        }

        /// A screenshot of the window, as PNG bytes.
        pub fn screenshot(&self) -> Vec<u8> {
            let value = call(
                self.port,
                "GET",
                &format!("/session/{}/screenshot", self.session),
                None,
            );
            decode_base64(value.as_str().expect("base64 text"))
        }
    }

    impl Drop for Browser {
        fn drop(&mut self) {
            call(
                self.port,
                "DELETE",
                &format!("/session/{}", self.session),
                None,
            );
            let _ = self.driver.kill();
            let _ = self.driver.wait();
        }
    }

    /// Standard base64 (what WebDriver sends screenshots as).
    fn decode_base64(text: &str) -> Vec<u8> {
        let value = |c: u8| match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => panic!("not base64: {c}"),
        };
        let digits: Vec<u8> = text.bytes().filter(|&c| c != b'=').map(value).collect();
        let mut out = Vec::with_capacity(digits.len() * 3 / 4);
        for chunk in digits.chunks(4) {
            let mut n = 0u32;
            for (i, &d) in chunk.iter().enumerate() {
                n |= u32::from(d) << (18 - 6 * i);
            }
            for i in 0..chunk.len() - 1 {
                out.push((n >> (16 - 8 * i)) as u8);
            }
        }
        out
    }
}

#[test]
#[ignore = "needs Debian's chromium and chromedriver; run by .ci/run"]
fn in_headless_chromium_the_page_follows_the_file() {
    let (_dir, path) = copy("maps/usa.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    let w = Watching::start(&path, &["--games", "500"]);
    let browser = webdriver::Browser::start();
    browser.go(&format!("http://127.0.0.1:{}/", w.port));
    browser.wait(
        "the sheet",
        "const i = document.querySelector('.sheet img'); \
         return document.getElementById('status').textContent.startsWith('ok') \
         && !!i && i.complete && i.naturalWidth > 0;",
    );
    browser.wait(
        "the balance summary",
        "return !!document.getElementById('balance-report');",
    );
    let shot = browser.screenshot();
    let coloured = common::coloured_pixels(&shot);
    assert!(
        coloured > 20_000,
        "the map's regions show: {coloured} coloured pixels"
    );
    // Scrolled down, the page keeps its place through the updates (the
    // window is short enough for every state of the page to scroll so
    // far).
    let scrolled = browser.eval(
        "window.scrollTo(0, 200); return [window.scrollY, document.documentElement.scrollHeight, window.innerHeight];",
    );
    assert_eq!(scrolled[0], 200, "{scrolled}");

    // A valid change.
    save(&path, &text.replacen("name = \"", "name = \"Edited ", 1));
    browser.wait(
        "the new name",
        "return document.getElementById('summary').textContent.includes('Edited ');",
    );
    // A syntax error: the finding in the sheet's place, the last good
    // sheet greyed.
    save(&path, &text.replacen("[map]", "[map", 1));
    browser.wait(
        "the error",
        "return document.getElementById('status').textContent === '1 error' \
         && !!document.querySelector('.finding.error') \
         && !!document.querySelector('.sheet.stale img');",
    );
    let finding = browser.eval("return document.querySelector('.finding.error').textContent");
    assert!(finding.as_str().unwrap().contains("usa.toml:"), "{finding}");
    // Mended: the sheet again, not greyed.
    save(&path, &text);
    browser.wait(
        "the mended sheet",
        "return document.getElementById('status').textContent.startsWith('ok') \
         && !document.querySelector('.stale') && !!document.querySelector('.sheet img');",
    );
    assert_eq!(
        browser.eval("return window.scrollY"),
        serde_json::json!(200)
    );
    // Black and white, chosen on the page.
    browser.eval("const m = document.getElementById('mono'); m.click(); return true;");
    browser.wait(
        "the black and white sheet",
        "const i = document.querySelector('.sheet img'); return !!i && i.src.includes('mono=1') && i.complete;",
    );
    drop(browser);
    let (code, rest) = w.interrupt();
    assert_eq!(code, 0);
    assert!(rest.contains("build 4: usa.toml: ok"), "{rest}");
}

#[test]
fn a_missing_file_a_taken_port_and_a_bad_template_are_refused_up_front() {
    let (code, out, err) = common::run(&["watch", "maps/nowhere.toml", "--no-open"]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("cannot read maps/nowhere.toml"), "{err}");
    assert_eq!(out, "");

    let (code, _, err) = common::run(&["watch", "maps", "--no-open"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("maps is a folder"), "{err}");

    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let (code, out, err) = common::run(&["watch", "maps/usa.toml", "--no-open", "--port", &port]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        err.contains(&format!("cannot serve on 127.0.0.1:{port}")),
        "{err}"
    );
    assert!(err.contains("choose another --port"), "{err}");
    assert_eq!(out, "");

    let (code, _, err) = common::run(&["watch", "maps/usa.toml", "--no-open", "--template", "a3"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("a3"), "{err}");
    let (code, _, err) = common::run(&["watch", "maps/usa.toml", "--port", "0"]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn a_save_of_the_atlas_shapes_file_or_of_the_file_extended_rebuilds() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("atlas")).unwrap();
    let shapes = dir.path().join("atlas/us-states.geojson");
    std::fs::copy(common::root().join("maps/atlas/us-states.geojson"), &shapes).unwrap();
    let base = dir.path().join("usa-atlas.toml");
    std::fs::copy(common::root().join("maps/usa-atlas.toml"), &base).unwrap();
    let variant = dir.path().join("variant.toml");
    std::fs::write(
        &variant,
        "extends = \"usa-atlas.toml\"\n\n[map]\nid = \"variant\"\nname = \"Variant\"\n",
    )
    .unwrap();
    let w = Watching::start(&variant, &["--games", "20"]);
    let line = w.line();
    assert!(line.starts_with("build 1: variant.toml: ok"), "{line}");
    // The shapes file, in a folder of its own, broken and mended.
    let text = std::fs::read_to_string(&shapes).unwrap();
    save(&shapes, "{\"type\": \"FeatureCollection\", \"features\": [");
    let line = w.line();
    assert!(line.starts_with("build 2: variant.toml: 1 error"), "{line}");
    save(&shapes, &text);
    let line = w.line();
    assert!(line.starts_with("build 3: variant.toml: ok"), "{line}");
    // The map it extends.
    let map = std::fs::read_to_string(&base).unwrap();
    save(&base, &map.replacen("[map]", "[map\n", 1));
    let line = w.line();
    assert!(line.starts_with("build 4: variant.toml: 1 error"), "{line}");
    let view = w.wait_for("/view?template=0&mono=0&lang=0", "the error", |v| {
        v.contains("data-build=\"4\"")
    });
    assert!(
        view.contains("usa-atlas.toml:"),
        "the error is in the file extended: {view}"
    );
    let (code, _) = w.interrupt();
    assert_eq!(code, 0);
}
