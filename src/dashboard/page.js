// The dashboard's browser script. Every text that comes from the server (a record is whatever a
// payload held: attacker-controlled) becomes a DOM text node or an attribute value, never markup:
// nothing here assigns innerHTML, and the page's CSP runs only this script.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
const KINDS = ["deny", "ask", "allow", "other", "error"];
const COLORS = { deny: "#c62828", ask: "#ef8f00", allow: "#2e7d32", other: "#90a4ae", error: "#6a1b9a" };
const $ = (id) => document.getElementById(id);

/** Returns an element with a class and children: strings become text nodes. */
function el(tag, cls, ...children) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  for (const c of children) if (c !== undefined && c !== null && c !== false) e.append(c instanceof Node ? c : String(c));
  return e;
}

function svg(tag, attrs, ...children) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, String(v));
  for (const c of children) e.append(c instanceof Node ? c : String(c));
  return e;
}

function fill(id, ...children) {
  const box = $(id);
  box.replaceChildren(...children.filter(Boolean));
  return box;
}

const empty = (text) => el("p", "empty", text);
const badge = (d) => el("span", `badge ${KINDS.includes(d) || d === "block" ? d : ""}`, d);
const when = (t) => {
  const d = new Date(t);
  return Number.isNaN(d.getTime()) ? String(t) : d.toLocaleString(undefined, { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", second: "2-digit" });
};

async function get(path) {
  const res = await fetch(path, { credentials: "same-origin", headers: { accept: "application/json" } });
  const body = await res.json().catch(() => ({ error: `HTTP ${res.status}` }));
  if (!res.ok || body.error) throw new Error(body.error || `HTTP ${res.status}`);
  return body;
}

function table(head, rows) {
  const t = el("table");
  t.append(el("thead", null, el("tr", null, ...head.map(([h, w]) => {
    const th = el("th", null, h);
    if (w) th.style.width = w;
    return th;
  }))));
  t.append(el("tbody", null, ...rows.map((cells) => el("tr", null, ...cells.map((c) => el("td", null, c))))));
  return t;
}

// --- overview ---

function totals(doc) {
  const t = doc.totals;
  const card = (cls, n, label) => el("div", `card ${cls}`, el("b", null, n), label);
  fill("totals", card("", t.calls, "hook calls"), card("deny", t.deny, "denied"), card("ask", t.ask, "asked"), card("allow", t.allow, "allowed"),
    card("", t.other, "no decision"), card("error", t.error, "errors"), card("", t.sessions, "sessions"));
}

/** Stacked bars per time slot, drawn as SVG. */
function chart(doc) {
  if (!doc.buckets.length) return fill("chart", empty("No decisions in this range."));
  const W = 1000, H = 220, L = 40, B = 24, T = 8;
  const max = Math.max(1, ...doc.buckets.map((b) => KINDS.reduce((n, k) => n + b[k], 0)));
  const step = (W - L) / doc.buckets.length;
  const bw = Math.min(40, Math.max(1, step * 0.8));
  const y = (n) => T + (H - T - B) * (1 - n / max);
  const root = svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": "decisions over time" });
  for (const f of [0, 0.5, 1]) {
    const v = Math.round(max * f);
    root.append(svg("line", { x1: L, x2: W, y1: y(v), y2: y(v), stroke: "#dde3e8" }), svg("text", { x: L - 6, y: y(v) + 4, "text-anchor": "end" }, v));
  }
  const daily = doc.bucket_ms >= 86400000;
  const label = (t) => new Date(t).toLocaleString(undefined, daily ? { month: "short", day: "numeric" } : { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });
  const every = Math.max(1, Math.ceil(doc.buckets.length / 6));
  doc.buckets.forEach((b, i) => {
    const x = L + i * step + (step - bw) / 2;
    let base = 0;
    for (const k of KINDS) {
      if (!b[k]) continue;
      const r = svg("rect", { x, y: y(base + b[k]), width: bw, height: y(base) - y(base + b[k]), fill: COLORS[k] });
      r.append(svg("title", {}, `${label(b.t)}: ${b[k]} ${k}`));
      root.append(r);
      base += b[k];
    }
    if (i % every === 0) root.append(svg("text", { x: x + bw / 2, y: H - 6, "text-anchor": "middle" }, label(b.t)));
  });
  const legend = el("div", "legend", ...KINDS.map((k) => el("span", null, el("i", `sw-${k}`), k === "other" ? "no decision" : k)));
  fill("chart", root, legend);
}

/** A name, a thin SVG bar in proportion to the largest, and the figures. */
function bars(id, items, value, name, figures, none) {
  if (!items.length) return fill(id, empty(none));
  const max = Math.max(1, ...items.map(value));
  fill(id, ...items.map((it) => {
    const w = Math.max(1, Math.round((value(it) / max) * 100));
    const name_ = el("span", "name mono", name(it));
    name_.title = name(it);
    return el("div", "bar", name_, svg("svg", { viewBox: "0 0 100 10", preserveAspectRatio: "none" }, svg("rect", { x: 0, y: 0, width: w, height: 10, fill: COLORS[it.denies ? "deny" : "other"], rx: 1 })), el("span", "dim", figures(it)));
  }));
}

function denials(doc) {
  if (!doc.denials.length) return fill("denials", empty("No denials or asks in this range."));
  fill("denials", table([["time", "11rem"], ["", "4.5rem"], ["rule", "22%"], ["tool", "6rem"], ["call", "30%"], ["reason", null]],
    doc.denials.map((d) => [when(d.t), badge(d.decision), el("span", "mono", d.by || ""), d.tool || d.event || "", el("code", null, d.input), d.reason || ""])));
}

function errors(doc) {
  $("errors-section").hidden = !doc.errors.length;
  fill("errors", table([["time", "11rem"], ["event", "10rem"], ["error", null]], doc.errors.map((e) => [when(e.t), e.event || "", el("code", null, e.error)])));
}

function sessions(doc) {
  const pick = $("session");
  const wanted = new URLSearchParams(location.hash.slice(1)).get("session") || pick.value;
  pick.replaceChildren(...doc.sessions.map((s) => {
    const o = el("option", null, `${s.session}  (${s.calls} call${s.calls === 1 ? "" : "s"}${s.denies ? `, ${s.denies} denied` : ""}; last ${when(s.last)})`);
    o.value = s.session;
    return o;
  }));
  if (!doc.sessions.length) return fill("timeline", empty("No sessions in this range."));
  pick.value = doc.sessions.some((s) => s.session === wanted) ? wanted : doc.sessions[0].session;
  return showSession(pick.value);
}

async function showSession(id) {
  const doc = await get(`/api/session?id=${encodeURIComponent(id)}`);
  const items = doc.records.map((r) => {
    const head = el("div", null, el("span", "dim", when(r.t)), " ", badge(r.decision), " ", el("b", null, r.tool || r.event || ""), r.by ? el("span", "dim", ` by ${r.by}`) : null,
      r.ran ? el("span", "dim", ` · ran: ${r.ran}`) : null, r.ms !== undefined ? el("span", "dim", ` · ${r.ms} ms`) : null);
    const li = el("li", r.decision, head);
    if (r.input) li.append(el("div", null, el("code", null, r.input)));
    if (r.reason) li.append(el("div", null, r.reason));
    if (r.error) li.append(el("div", "bad", r.error));
    for (const d of r.dynamic || []) li.append(el("div", "warn", `dynamic: ${d}`));
    if (r.conditions.length) li.append(el("div", "chips", ...r.conditions.map((c) => el("span", `chip ${c.status || ""}`, `${c.name} ${c.status || ""}${c.ms !== undefined ? ` ${c.ms} ms` : ""}`))));
    return li;
  });
  const more = doc.calls > doc.records.length ? el("p", "dim", `the newest ${doc.records.length} of ${doc.calls} calls`) : null;
  fill("timeline", el("p", "dim", `session ${doc.session}: ${doc.calls} call${doc.calls === 1 ? "" : "s"}`), more, el("ol", "timeline", ...items));
}

async function loadOverview() {
  $("status").textContent = "loading…";
  const doc = await get(`/api/overview?since=${encodeURIComponent($("range").value)}`);
  totals(doc);
  chart(doc);
  bars("rules", doc.rules, (r) => r.denies + r.asks, (r) => r.rule, (r) => `${r.denies} denied${r.asks ? `, ${r.asks} asked` : ""}`, "No rule denied or asked in this range.");
  bars("conditions", doc.conditions, (c) => c.calls, (c) => c.condition, (c) => `${c.calls} run${c.calls === 1 ? "" : "s"}${c.denies ? `, ${c.denies} denied` : ""}${c.failures ? `, ${c.failures} failed` : ""} · p95 ${c.p95} ms`, "No condition ran in this range.");
  denials(doc);
  errors(doc);
  await sessions(doc);
  $("status").textContent = `${doc.totals.calls} calls${doc.from ? ` from ${when(doc.from)} to ${when(doc.to)}` : ""}${doc.unreadable ? ` · ${doc.unreadable} unreadable lines` : ""}`;
}

// --- layers, trust, tests ---

async function loadLayers() {
  const doc = await get("/api/layers");
  const blocks = doc.layers.map((l) => {
    const state = l.skipped ? el("span", "warn", `skipped${l.untrusted_owner ? `: untrusted owner ${l.untrusted_owner}` : ""}`) : l.exists ? el("span", "ok", `${l.count} condition${l.count === 1 ? "" : "s"}`) : el("span", "dim", "missing");
    // a source names one layer, except where several folders share it: then the path tells
    const shared = doc.layers.filter((x) => x.source === l.source).length > 1;
    const mine = doc.conditions.filter((c) => c.source === l.source && (!shared || c.path.startsWith(`${l.path}/`)));
    const list = mine.length ? table([["#", "3rem"], ["condition", "45%"], ["step", "6rem"], ["matcher", null]], mine.map((c) => [c.order + 1, el("span", "mono", c.file), c.step, el("span", "mono", `${c.matcher}${c.async ? " (async)" : ""}`)])) : null;
    return el("div", "layer", el("div", null, el("b", null, l.source), " ", el("span", "mono dim", l.path), " · ", state), list);
  });
  const invalid = doc.invalid.map((i) => el("div", "bad", el("span", "mono", i.path), `: ${i.error}`));
  const problems = [...doc.problems, ...doc.enforcement_problems.map((e) => `${e.path}: ${e.error}`)].map((p) => el("div", "warn", p));
  fill("layers", el("p", "dim", `as the ${doc.target} hook sees them from ${doc.cwd}`), ...blocks, ...invalid, ...problems);
  const trust = doc.trust;
  const rows = Object.entries(trust.repositories).map(([root, r]) => [el("span", r.trusted ? "ok" : "bad", r.trusted ? "trusted" : "untrusted"), el("span", "mono", root), `${r.by}, ${when(r.since)}`, r.why]);
  fill("trust", trust.problem ? el("p", "bad", trust.problem) : null, rows.length ? table([["", "6rem"], ["repository", "40%"], ["by", "9rem"], ["why", null]], rows) : empty("No trust records: a repository's own conditions run only after `agentihooks trust`."));
}

async function loadTests(rerun) {
  fill("tests", empty("running the conditions' cases…"));
  const doc = await get(`/api/tests${rerun ? "?rerun=1" : ""}`);
  const summary = el("p", doc.failed ? "bad" : "ok", `${doc.passed + doc.failed} case${doc.passed + doc.failed === 1 ? "" : "s"}: ${doc.passed} passed, ${doc.failed} failed`);
  const files = doc.files.map((f) => {
    const name = (f.condition || f.cases_file).split("/").pop();
    const failed = f.results.filter((r) => !r.pass);
    const line = el("div", null, el("span", failed.length || f.error ? "bad" : "ok", failed.length || f.error ? "FAIL" : "pass"), " ", el("span", "mono", name), el("span", "dim", ` ${f.results.length} case${f.results.length === 1 ? "" : "s"}`));
    if (f.error) line.append(el("div", "bad", f.error));
    for (const r of failed) {
      line.append(el("div", "bad", `✗ ${r.name}${r.error ? `: ${r.error}` : ""}`));
      for (const d of r.diffs || []) line.append(el("div", "dim mono", `    ${d.what}: expected ${d.expected}, got ${d.actual}`));
    }
    return line;
  });
  const without = doc.without_cases.length ? el("p", "dim", `No cases: ${doc.without_cases.map((p) => p.split("/").pop()).join(", ")}`) : null;
  fill("tests", summary, ...files, without);
}

function guard(promise, id) {
  return promise.catch((err) => fill(id, el("p", "bad", `could not load: ${err.message}`)));
}

$("range").addEventListener("change", () => guard(loadOverview(), "chart"));
$("session").addEventListener("change", () => {
  history.replaceState(null, "", `#session=${encodeURIComponent($("session").value)}`);
  guard(showSession($("session").value), "timeline");
});
$("rerun").addEventListener("click", () => guard(loadTests(true), "tests"));
const range = new URLSearchParams(location.hash.slice(1)).get("range");
if (range && [...$("range").options].some((o) => o.value === range)) $("range").value = range;
guard(loadOverview(), "chart");
guard(loadLayers(), "layers");
guard(loadTests(false), "tests");
