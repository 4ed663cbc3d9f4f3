//! The local web server of `rollx watch`: read-only, bound to the loopback
//! address, answering its own five routes from what is in memory and 404
//! to anything else. No path of a request is ever used to open a file.

use std::sync::Arc;

use tiny_http::{Header, Method, Request, Response};

use super::Shared;
use super::page;

/// How the page shows the sheet: its template, colours and language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Look {
    /// The template, by its index in the page's list.
    pub template: usize,
    /// Black and white.
    pub mono: bool,
    /// The language: 0 the file's own, else the `lang`th of
    /// [`rollx::lang::Lang::all`] counted from 1.
    pub lang: usize,
}

impl Look {
    /// The query that asks for it (`template=0&mono=1&lang=0`).
    pub fn query(&self) -> String {
        format!(
            "template={}&mono={}&lang={}",
            self.template,
            u8::from(self.mono),
            self.lang
        )
    }

    /// The language asked for, if not the file's own.
    pub fn language(&self) -> Option<rollx::lang::Lang> {
        self.lang
            .checked_sub(1)
            .and_then(|i| rollx::lang::Lang::all().nth(i))
    }
}

/// What a request asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Route {
    /// `/`: the page.
    Page,
    /// `/version`: the numbers the page polls (JSON).
    Version,
    /// `/view?template=I&mono=0|1&lang=L`: the view of the newest build.
    View(Look),
    /// `/balance`: the balance summary.
    Balance,
    /// `/sheet.svg?build=N&template=I&mono=0|1&lang=L`: a build's first
    /// page.
    Sheet {
        /// The build (the newest, or the last good one).
        build: u64,
        /// How it is shown.
        look: Look,
    },
    /// Anything else (404).
    NotFound,
    /// A route asked for with a method other than GET (405).
    NotAllowed,
}

/// The route of a request for `url` (path and query) by `method`, with
/// `templates` templates on the page. Only the exact paths above are
/// routes, and only with the query keys they take, each once, with values
/// in range; anything else is [`Route::NotFound`].
pub fn route(method: &Method, url: &str, templates: usize) -> Route {
    let (path, query) = url.split_once('?').unwrap_or((url, ""));
    let mut pairs: Vec<(&str, &str)> = Vec::new();
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let Some((k, v)) = pair.split_once('=') else {
            return Route::NotFound;
        };
        if pairs.iter().any(|(seen, _)| *seen == k) {
            return Route::NotFound;
        }
        pairs.push((k, v));
    }
    let get = |key: &str| pairs.iter().find(|(k, _)| *k == key).map(|(_, v)| *v);
    let takes = |keys: &[&str]| pairs.iter().all(|(k, _)| keys.contains(k));
    let template = get("template").and_then(|v| v.parse::<usize>().ok());
    let template = template.filter(|&t| t < templates);
    let mono = match get("mono") {
        Some("1") => Some(true),
        Some("0") => Some(false),
        _ => None,
    };
    let lang = get("lang")
        .and_then(|v| v.parse::<usize>().ok())
        .filter(|&l| l <= rollx::lang::Lang::all().count());
    let look = match (template, mono, lang) {
        (Some(template), Some(mono), Some(lang)) => Some(Look {
            template,
            mono,
            lang,
        }),
        _ => None,
    };
    let found = match path {
        "/" if pairs.is_empty() => Route::Page,
        "/version" if pairs.is_empty() => Route::Version,
        "/balance" if pairs.is_empty() => Route::Balance,
        "/view" if takes(&["template", "mono", "lang"]) => {
            look.map_or(Route::NotFound, Route::View)
        }
        "/sheet.svg" if takes(&["build", "template", "mono", "lang"]) => {
            match (get("build").and_then(|v| v.parse().ok()), look) {
                (Some(build), Some(look)) => Route::Sheet { build, look },
                _ => Route::NotFound,
            }
        }
        _ => Route::NotFound,
    };
    match (found, method) {
        (Route::NotFound, _) => Route::NotFound,
        (found, Method::Get | Method::Head) => found,
        _ => Route::NotAllowed,
    }
}

/// A response of `status` with `body` of `kind` (a MIME type). Only the
/// page may run its script; a sheet, only its styles.
fn respond(request: Request, status: u16, kind: &str, body: Vec<u8>) {
    let policy = if kind == "text/html; charset=utf-8" {
        "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; connect-src 'self'"
    } else {
        "default-src 'none'; style-src 'unsafe-inline'"
    };
    let headers = [
        ("Content-Type", kind),
        ("Cache-Control", "no-store"),
        ("X-Content-Type-Options", "nosniff"),
        ("Content-Security-Policy", policy),
    ];
    let mut response = Response::from_data(body).with_status_code(status);
    for (name, value) in headers {
        response.add_header(
            Header::from_bytes(name.as_bytes(), value.as_bytes()).expect("a valid header"),
        );
    }
    // The browser may have gone away; nothing to do then.
    let _ = request.respond(response);
}

/// Whether the request's `Host` (when it has one) names this server by
/// its loopback address or `localhost`: a page of another site that a
/// browser is tricked into sending here by a name of its own is refused.
fn local_host(request: &Request, port: u16) -> bool {
    request
        .headers()
        .iter()
        .find(|h| h.field.equiv("Host"))
        .is_none_or(|h| {
            let host = h.value.as_str();
            [format!("127.0.0.1:{port}"), format!("localhost:{port}")]
                .iter()
                .any(|ok| host.eq_ignore_ascii_case(ok))
        })
}

/// Answers requests until the server is dropped.
pub fn serve(server: Arc<tiny_http::Server>, shared: Arc<Shared>, port: u16) {
    for request in server.incoming_requests() {
        answer(request, &shared, port);
    }
}

/// Answers one request.
fn answer(request: Request, shared: &Shared, port: u16) {
    if !local_host(&request, port) {
        return respond(
            request,
            403,
            "text/plain; charset=utf-8",
            b"not a local address\n".to_vec(),
        );
    }
    let html = "text/html; charset=utf-8";
    match route(request.method(), request.url(), shared.templates.len()) {
        Route::NotFound => respond(
            request,
            404,
            "text/plain; charset=utf-8",
            b"not found\n".to_vec(),
        ),
        Route::NotAllowed => respond(
            request,
            405,
            "text/plain; charset=utf-8",
            b"only GET\n".to_vec(),
        ),
        Route::Page => {
            let names: Vec<String> = shared.templates.iter().map(|(n, _)| n.clone()).collect();
            let body = page::page(&shared.file, &names, shared.first);
            respond(request, 200, html, body.into_bytes());
        }
        Route::Version => {
            let (build, balance) = shared.versions();
            let body = serde_json::json!({ "build": build, "balance": balance }).to_string();
            respond(request, 200, "application/json", body.into_bytes());
        }
        Route::View(look) => {
            let body = shared.view(look);
            respond(request, 200, html, body.into_bytes());
        }
        Route::Balance => respond(request, 200, html, shared.balance().into_bytes()),
        Route::Sheet { build, look } => match shared.sheet(build, look) {
            Some(svg) => respond(request, 200, "image/svg+xml", svg.into_bytes()),
            None => respond(
                request,
                404,
                "text/plain; charset=utf-8",
                b"not found\n".to_vec(),
            ),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_routes_with_their_own_queries_are_answered() {
        let get = Method::Get;
        assert_eq!(route(&get, "/", 3), Route::Page);
        assert_eq!(route(&get, "/version", 3), Route::Version);
        assert_eq!(route(&get, "/balance", 3), Route::Balance);
        assert_eq!(
            route(&get, "/view?template=2&mono=1&lang=0", 3),
            Route::View(Look {
                template: 2,
                mono: true,
                lang: 0
            })
        );
        let look = Look {
            template: 0,
            mono: false,
            lang: 2,
        };
        assert_eq!(
            route(&get, &format!("/sheet.svg?build=7&{}", look.query()), 3),
            Route::Sheet { build: 7, look }
        );
        assert_eq!(look.language().map(|l| l.code()), Some("es"));
        for url in [
            "",
            "/index.html",
            "/../Cargo.toml",
            "/..%2fCargo.toml",
            "//etc/passwd",
            "/maps/usa.toml",
            "/view",
            "/view?template=3&mono=0&lang=0",
            "/view?template=0&mono=2&lang=0",
            "/view?template=0&mono=0",
            "/view?template=0&mono=0&lang=99",
            "/view?template=0&mono=0&lang=0&file=../x",
            "/view?template=0&template=1&mono=0&lang=0",
            "/sheet.svg?build=x&template=0&mono=0&lang=0",
            "/version?x",
            "/version/",
            "/?path=/etc/passwd",
        ] {
            assert_eq!(route(&get, url, 3), Route::NotFound, "{url}");
        }
        assert_eq!(route(&Method::Post, "/version", 3), Route::NotAllowed);
        assert_eq!(route(&Method::Put, "/nowhere", 3), Route::NotFound);
        assert_eq!(route(&Method::Head, "/", 3), Route::Page);
    }
}
