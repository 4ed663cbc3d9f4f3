//! `rollx simulate` as a map designer runs it.

mod common;
use common::run;

use std::process::Command as Process;

use serde_json::Value;

fn json(args: &[&str]) -> Value {
    let mut all = vec!["simulate", "--format", "json", "--quiet"];
    all.extend_from_slice(args);
    let (code, out, err) = run(&all);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).unwrap()
}

#[test]
fn results_are_identical_for_any_thread_count() {
    let args = [
        "maps/examples/tutorial.toml",
        "--games",
        "300",
        "--policy",
        "random,greedy",
        "--seed",
        "9",
    ];
    let one = json(&[&args[..], &["--threads", "1"]].concat());
    let two = json(&[&args[..], &["--threads", "2"]].concat());
    let three = json(&[&args[..], &["--threads", "3"]].concat());
    assert_eq!(one, two);
    assert_eq!(one, three);
    // Another seed gives other games.
    let other = json(&[
        "maps/examples/tutorial.toml",
        "--games",
        "300",
        "--policy",
        "random,greedy",
        "--seed",
        "10",
    ]);
    assert_ne!(
        one["maps"][0]["policies"][0]["distribution"],
        other["maps"][0]["policies"][0]["distribution"]
    );
}

#[test]
fn the_report_adds_up() {
    let v = json(&["maps/usa.toml", "maps/japan.toml", "--games", "200"]);
    assert_eq!(v["games"], 200);
    let maps = v["maps"].as_array().unwrap();
    assert_eq!(maps.len(), 2, "several maps side by side");
    for m in maps {
        let p = &m["policies"][0];
        assert_eq!(p["policy"], "greedy");
        let dist: Vec<u64> = p["distribution"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n.as_u64().unwrap())
            .collect();
        assert_eq!(dist.iter().sum::<u64>(), 200);
        let mean = dist
            .iter()
            .enumerate()
            .map(|(x, &n)| x as f64 * n as f64)
            .sum::<f64>()
            / 200.0;
        assert!((p["mean"].as_f64().unwrap() - mean).abs() < 1e-9);
        let ci = p["ci95"].as_array().unwrap();
        assert!(ci[0].as_f64().unwrap() < mean && mean < ci[1].as_f64().unwrap());
        // Per-area X rates add up to the mean, and so do the causes.
        let areas = p["areas"].as_array().unwrap();
        assert_eq!(areas.len() as u64, m["areas"].as_u64().unwrap());
        let area_sum: f64 = areas.iter().map(|a| a["x_rate"].as_f64().unwrap()).sum();
        assert!((area_sum - mean).abs() < 1e-9);
        let cause_sum: f64 = p["causes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["per_game"].as_f64().unwrap())
            .sum();
        assert!((cause_sum - mean).abs() < 1e-9);
        // Every granted power has a use count and a value.
        for power in p["powers"].as_array().unwrap() {
            assert!(power["value"].is_number(), "{power}");
            assert!(power["uses_per_game"].as_f64().unwrap() <= power["granted"].as_f64().unwrap());
        }
        let regions = p["regions"].as_array().unwrap();
        assert_eq!(regions.len(), 6);
        for r in regions {
            let pressure = r["size"].as_f64().unwrap() / r["reach"].as_f64().unwrap();
            assert!((r["pressure"].as_f64().unwrap() - pressure).abs() < 1e-9);
        }
    }
    // Japan grants only Color Change.
    let japan_powers: Vec<&str> = maps[1]["policies"][0]["powers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["power"].as_str().unwrap())
        .collect();
    assert_eq!(japan_powers, ["color_change"]);
}

#[test]
fn text_output_names_the_statistics() {
    let (code, out, _) = run(&["simulate", "maps/usa.toml", "--games", "100", "--quiet"]);
    assert_eq!(code, 0);
    for needle in [
        "mean X (95 % CI)",
        "median",
        "perfect games",
        "Guard uses per game",
        "X saved (value)",
        "X per game: left empty",
        "areas most often X",
    ] {
        assert!(out.contains(needle), "{needle} missing:\n{out}");
    }
}

#[test]
fn saved_logs_referee_clean() {
    let dir = tempfile::tempdir().unwrap();
    let logs = dir.path().join("logs");
    let (code, _, err) = run(&[
        "simulate",
        "maps/examples/tutorial.toml",
        "maps/usa.toml",
        "--games",
        "12",
        "--policy",
        "random,greedy",
        "--quiet",
        "--no-power-value",
        "--save-logs",
        logs.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let files: Vec<_> = std::fs::read_dir(&logs)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(files.len(), 2 * 2 * 12);
    for f in &files {
        let (code, out, err) = run(&["referee", f.to_str().unwrap()]);
        assert_eq!(code, 0, "{}: {out}{err}", f.display());
    }
    // The logs are the simulated games: their X match the simulation's distribution.
    let v = json(&[
        "maps/examples/tutorial.toml",
        "--games",
        "12",
        "--policy",
        "greedy",
        "--no-power-value",
    ]);
    let dist: Vec<u64> = v["maps"][0]["policies"][0]["distribution"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_u64().unwrap())
        .collect();
    let mut from_logs = vec![0u64; dist.len().max(20)];
    for f in files.iter().filter(|f| {
        f.file_name()
            .unwrap()
            .to_string_lossy()
            .starts_with("tutorial-greedy")
    }) {
        let log: Value = serde_json::from_str(&std::fs::read_to_string(f).unwrap()).unwrap();
        from_logs[log["result"][0]["crosses"].as_u64().unwrap() as usize] += 1;
    }
    from_logs.truncate(dist.len());
    assert_eq!(from_logs, dist);
}

#[test]
fn a_reader_that_stops_early_does_not_cost_the_files() {
    // `rollx simulate ... | head`: the pipe is closed before rollx prints a
    // word, and the report and the logs must still be written whole.
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("balance.html");
    let logs = dir.path().join("logs");
    let mut child = Process::new(assert_cmd::cargo::cargo_bin("rollx"))
        .current_dir(common::root())
        .args(["simulate", "maps/examples/tutorial.toml", "--games", "6"])
        .args(["--policy", "greedy", "--quiet", "--no-power-value"])
        .arg("--report")
        .arg(&report)
        .arg("--save-logs")
        .arg(&logs)
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    child.wait().unwrap();
    let html = std::fs::read_to_string(&report).unwrap();
    assert!(html.trim_end().ends_with("</html>"), "the report is whole");
    assert_eq!(std::fs::read_dir(&logs).unwrap().count(), 6);
}

#[test]
fn the_html_report_is_self_contained_with_charts_and_heat_maps() {
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("balance.html");
    let (code, out, _) = run(&[
        "simulate",
        "maps/usa.toml",
        "maps/japan.toml",
        "--games",
        "100",
        "--policy",
        "greedy,random",
        "--quiet",
        "--report",
        report.to_str().unwrap(),
    ]);
    assert_eq!(code, 0);
    assert!(out.contains("report written to"));
    let html = std::fs::read_to_string(&report).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(
        !html.contains("src=\"http") && !html.contains("href=\"http"),
        "nothing is loaded from elsewhere"
    );
    // One histogram per map, one heat map per map and policy.
    assert_eq!(html.matches("class=\"chart\"").count(), 2);
    assert_eq!(html.matches("<figure>").count(), 4);
    for code in [
        "TX",
        "HKD",
        "Rolling America",
        "Rolling Japan",
        "X saved",
        "rollx simulate maps/usa.toml maps/japan.toml",
    ] {
        assert!(html.contains(code), "{code} missing");
    }
}

#[test]
fn bad_input_is_refused() {
    let (code, _, _) = run(&["simulate", "tests/fixtures/bad/syntax.toml"]);
    assert_eq!(code, 1);
    let (code, _, _) = run(&["simulate", "maps/usa.toml", "--policy", "clever"]);
    assert_eq!(code, 2);
    let (code, _, _) = run(&["simulate", "maps/usa.toml", "--games", "0"]);
    assert_eq!(code, 2);
    let (code, _, _) = run(&["simulate"]);
    assert_eq!(code, 2);
    let (code, out, err) = run(&[
        "simulate",
        "maps/examples/tutorial.toml",
        "--games",
        "10",
        "--quiet",
    ]);
    assert_eq!(code, 0);
    assert!(err.is_empty(), "--quiet prints nothing on stderr: {err}");
    assert!(!out.is_empty());
}

#[test]
#[ignore = "needs Debian's chromium; run by .ci/run"]
fn the_report_renders_in_headless_chromium_without_errors() {
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("balance.html");
    let (code, _, _) = run(&[
        "simulate",
        "maps/usa.toml",
        "maps/japan.toml",
        "--games",
        "200",
        "--quiet",
        "--report",
        report.to_str().unwrap(),
    ]);
    assert_eq!(code, 0);
    let shot = dir.path().join("shot.png");
    let profile = dir.path().join("profile");
    let url = format!("file://{}", report.display());
    let logging = ["--enable-logging=stderr", "--v=0"];
    let profile_arg = format!("--user-data-dir={}", profile.display());
    let shot_arg = format!("--screenshot={}", shot.display());
    let out = Process::new("chromium")
        .args(common::CHROMIUM_HEADLESS)
        .args(logging)
        .args([
            profile_arg.as_str(),
            shot_arg.as_str(),
            "--window-size=1200,2400",
            url.as_str(),
        ])
        .output()
        .expect("chromium is needed for this test; .ci/run installs it");
    let log = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{log}");
    for line in log.lines() {
        assert!(
            !(line.contains("Uncaught") || line.contains("CONSOLE") && line.contains("ERROR")),
            "page error: {line}"
        );
    }
    // The screenshot shows charts: plenty of non-white, coloured pixels.
    let png = std::fs::read(&shot).expect("a screenshot");
    assert!(
        common::coloured_pixels(&png) > 5_000,
        "charts and heat maps are visible"
    );
    // And the DOM holds the SVG charts.
    let dom = Process::new("chromium")
        .args(common::CHROMIUM_HEADLESS)
        .args(logging)
        .args([profile_arg.as_str(), "--dump-dom", url.as_str()])
        .output()
        .unwrap();
    let dom = String::from_utf8_lossy(&dom.stdout);
    assert!(
        dom.matches("<svg").count() >= 4,
        "histograms and heat maps are in the page"
    );
}
