// The local dashboard (issue 26 part 3), through the compiled executable: `agentihooks ui --json` on a
// home whose log holds real hook calls (a deny, an allow, a dynamic line, two sessions, a record whose
// command is markup). The server refuses requests without the token and with a foreign Host header,
// answers only GET, and the page, loaded in headless Chromium, shows the records as text.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, readFileSync, statSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import { addCondition, BIN, claudeBash, hook, REPO, run, sandbox, type Sandbox, tempDir, writeFile } from "../helpers";

const CHROMIUM = Bun.which("chromium") ?? Bun.which("chromium-browser");
const BROWSER_MS = 90_000;
const ARTIFACTS = process.env.AGENTIHOOKS_TEST_ARTIFACTS || join(REPO, "test", "artifacts");
/** A command that would run script in the page if it were ever treated as markup. */
const XSS = `rm -f x "><img src=x onerror="document.body.setAttribute('data-pwned','img')"><script>document.body.setAttribute('data-pwned','script')</script>`;

let sb: Sandbox;
let server: ReturnType<typeof Bun.spawn>;
let url: string;
let port: number;
let token: string;

function world(): Sandbox {
  const s = sandbox();
  const dir = join(s.home, "conditions");
  addCondition(dir, "pre-bash.rm-no_rm.sh", '#!/bin/bash\necho "rm is not allowed here; use trash-put" >&2\nexit 2\n');
  addCondition(dir, "pre-bash.ls-listing_ok.sh", '#!/bin/bash\necho \'{"decision":"allow","reason":"listing is harmless"}\'\n');
  addCondition(dir, "pre-bash.echo-echo_note.sh", "#!/bin/bash\necho noted\n");
  const cases = [
    { name: "rm is denied", tool: "Bash", command: "rm -rf build", expect: { decision: "deny" } },
    { name: "expected to fail: rm -i let through", tool: "Bash", command: "rm -i x", expect: { decision: "allow" } },
  ];
  writeFile(join(dir, "_pre-bash.rm-no_rm.cases.json"), JSON.stringify({ condition: "pre-bash.rm-no_rm.sh", cases }));
  const call = (command: string, session: string, id: string) => hook(claudeBash(command, s.repo, { session_id: session, tool_use_id: id }), { env: s.env, target: "claude", cwd: s.repo });
  expect(call("rm -rf build", "s-one", "t1").exitCode).toBe(2);
  expect(call("ls -la", "s-one", "t2").json?.hookSpecificOutput?.permissionDecision).toBe("allow");
  call("$CMD -rf /", "s-two", "t4");
  expect(call(XSS, "s-two", "t5").exitCode).toBe(2);
  return s;
}

beforeAll(async () => {
  sb = world();
  server = Bun.spawn([BIN, "ui", "--json"], { env: sb.env, cwd: sb.repo, stdin: "ignore", stdout: "pipe", stderr: "pipe" });
  const reader = (server.stdout as ReadableStream<Uint8Array>).getReader();
  let text = "";
  while (!text.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) break;
    text += new TextDecoder().decode(value);
  }
  reader.releaseLock();
  ({ url, port } = JSON.parse(text));
  token = new URL(url).searchParams.get("token") as string;
});

afterAll(() => server?.kill());

const api = (path: string, headers: Record<string, string> = {}) => fetch(`http://127.0.0.1:${port}${path}`, { headers, redirect: "manual" });
const bearer = () => ({ authorization: `Bearer ${token}` });
const doc = async (path: string): Promise<any> => (await api(path, bearer())).json();

/** Sends one raw HTTP request (fetch would not let a test choose the Host header) and returns the status. */
function rawStatus(host: string, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const sock = connect(port, "127.0.0.1", () => sock.write(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${token}\r\nConnection: close\r\n\r\n`));
    let data = "";
    sock.on("data", (d) => (data += d.toString()));
    sock.on("end", () => resolve(Number(/^HTTP\/1\.1 (\d+)/.exec(data)?.[1] ?? 0)));
    sock.on("error", reject);
  });
}

/** Runs headless Chromium on the URL with the flags that keep it offline and quiet; returns stdout. */
function chromium(args: string[], target: string): string {
  const profile = tempDir("chromium-");
  const p = Bun.spawnSync(
    [CHROMIUM as string, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
      "--disable-component-update", "--disable-sync", `--user-data-dir=${profile}`, "--virtual-time-budget=5000", ...args, target],
    { env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: profile, TMPDIR: profile }, stdout: "pipe", stderr: "pipe", timeout: 90_000 },
  );
  return p.stdout.toString();
}

describe("agentihooks ui: the server", () => {
  test("--json prints the URL on 127.0.0.1 with a token, and the port", () => {
    expect(url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/\\?token=[A-Za-z0-9_-]{40,}$`));
  });

  test("without the token every path is refused with 403, the API included", async () => {
    for (const path of ["/", "/api/overview?since=7d", "/api/session?id=s-one", "/api/layers", "/api/tests", "/nothing"]) {
      const res = await api(path);
      expect([path, res.status]).toEqual([path, 403]);
      expect(await res.text()).not.toContain("rm -rf");
    }
    expect((await api("/?token=wrong")).status).toBe(403);
    expect((await api("/api/overview", { authorization: "Bearer wrong" })).status).toBe(403);
    expect((await api("/api/overview", { cookie: `agentihooks_ui_${port}=wrong` })).status).toBe(403);
    // the token in the query opens the page only, never the API
    expect((await api(`/api/overview?token=${token}`)).status).toBe(403);
  });

  test("the token URL sets an HttpOnly SameSite=Strict cookie and redirects it out of the address bar", async () => {
    const res = await api(`/?token=${token}`);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/");
    const cookie = res.headers.get("set-cookie") as string;
    expect(cookie).toContain(`agentihooks_ui_${port}=${token}`);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Strict");
    const page = await api("/", { cookie: cookie.split(";")[0] });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toMatch(/default-src 'none'; script-src 'nonce-[^']+'/);
    expect(await page.text()).toContain("Decisions over time");
  });

  test("a Host header other than 127.0.0.1:port or localhost:port is refused (DNS rebinding)", async () => {
    expect(await rawStatus(`127.0.0.1:${port}`, "/api/layers")).toBe(200);
    expect(await rawStatus(`localhost:${port}`, "/api/layers")).toBe(200);
    expect(await rawStatus(`evil.example:${port}`, "/api/layers")).toBe(403);
    expect(await rawStatus("127.0.0.1", "/api/layers")).toBe(403);
    expect(await rawStatus(`127.0.0.1:${port + 1}`, "/api/layers")).toBe(403);
  });

  test("read-only: anything but GET is refused", async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/overview`, { method: "POST", headers: bearer(), body: "{}" });
    expect(res.status).toBe(405);
  });

  test("the overview holds the calls the hooks logged: decisions, rules, denials with reasons, sessions", async () => {
    const overview = await doc("/api/overview?since=7d");
    expect(overview.totals).toMatchObject({ calls: 4, deny: 3, allow: 1, sessions: 2 });
    expect(overview.buckets.reduce((n: number, b: { deny: number }) => n + b.deny, 0)).toBe(3);
    // the gate denies `$CMD -rf /` (its program may be agentihooks) and the unterminated markup line first
    expect(overview.rules).toEqual([
      { rule: "guard:gate", denies: 2, asks: 0 },
      { rule: "bash.rm-no_rm", denies: 1, asks: 0 },
    ]);
    expect(overview.denials.map((d: { reason: string }) => d.reason).join("\n")).toContain("rm is not allowed here; use trash-put");
    expect(overview.sessions.map((s: { session: string }) => s.session).sort()).toEqual(["s-one", "s-two"]);
    const two = await doc("/api/session?id=s-two");
    expect(two.records.map((r: { input: string }) => r.input)).toEqual(["$CMD -rf /", XSS]);
    expect(two.records[0].dynamic.join(" ")).toContain("program-not-static");
    expect((await api("/api/overview?since=soon", bearer())).status).toBe(400);
  });

  test("layers, trust and the conditions' cases", async () => {
    const layers = await doc("/api/layers");
    expect(layers.conditions.map((c: { file: string }) => c.file).sort()).toEqual(["pre-bash.echo-echo_note.sh", "pre-bash.ls-listing_ok.sh", "pre-bash.rm-no_rm.sh"]);
    expect(layers.trust.repositories).toEqual({});
    const tests = await doc("/api/tests");
    expect([tests.passed, tests.failed]).toEqual([1, 1]);
  });

  test("bad flags are one-line errors; a port in use is named", () => {
    const bad = run(["ui", "--port", "http"], { env: sb.env });
    expect(bad.exitCode).not.toBe(0);
    expect(bad.stderr.trim()).toBe('agentihooks: --port "http" is not a port number (1-65535)');
    const busy = run(["ui", "--json", "--port", String(port)], { env: sb.env });
    expect(busy.exitCode).toBe(1);
    expect(busy.stderr).toContain(`cannot listen on 127.0.0.1:${port}`);
    expect(busy.stderr.trim().split("\n")).toHaveLength(1);
  });

  test("Ctrl-C ends the server", async () => {
    const p = Bun.spawn([BIN, "ui", "--json", "--no-open"], { env: sb.env, stdin: "ignore", stdout: "pipe", stderr: "pipe" });
    const reader = (p.stdout as ReadableStream<Uint8Array>).getReader();
    const { port: own } = JSON.parse(new TextDecoder().decode((await reader.read()).value));
    expect((await fetch(`http://127.0.0.1:${own}/`)).status).toBe(403);
    p.kill("SIGINT");
    expect(await p.exited).toBe(0);
    expect(await fetch(`http://127.0.0.1:${own}/`).then(() => "answered", () => "closed")).toBe("closed");
  });
});

describe("agentihooks ui: the page in headless Chromium", () => {
  if (!CHROMIUM) console.warn("skipped: the headless Chromium tests need `chromium` (apt-get install chromium, or make test-tools)");
  const browserTest = CHROMIUM ? test : test.skip;

  browserTest("with the token the page shows the records; markup in a record stays text", () => {
    const dom = chromium(["--dump-dom"], `${url}#session=s-two`);
    expect(dom).toContain('<span class="badge deny">deny</span>');
    expect(dom).toContain("rm is not allowed here; use trash-put");
    expect(dom).toContain("bash.rm-no_rm");
    expect(dom).toContain('<option value="s-one">');
    expect(dom).toContain("session s-two: 2 calls");
    expect(dom).toContain("$CMD -rf /");
    expect(dom).toContain("program-not-static");
    expect(dom).toContain("pre-bash.ls-listing_ok.sh"); // the layers
    expect(dom).toContain("2 cases: 1 passed, 1 failed"); // the tests
    // The command is shown as text in the denials and the timeline, never as elements; nothing ran.
    expect(dom).toContain("&lt;script&gt;document.body.setAttribute('data-pwned','script')&lt;/script&gt;");
    expect(dom).toContain('"&gt;&lt;img src=x onerror=');
    expect(dom).not.toContain("<img");
    expect(dom).not.toContain("data-pwned=");
    expect(dom.match(/<script/g)).toHaveLength(1); // the page's own
  }, BROWSER_MS);

  browserTest("without the token the browser gets the 403 and no record", () => {
    const dom = chromium(["--dump-dom"], `http://127.0.0.1:${port}/`);
    expect(dom).toContain("forbidden");
    expect(dom).not.toContain("rm -rf");
  }, BROWSER_MS);

  browserTest("a screenshot is kept as a test artifact", () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    const file = join(ARTIFACTS, "dashboard.png");
    chromium([`--screenshot=${file}`, "--window-size=1280,1600", "--hide-scrollbars"], `${url}#session=s-one`);
    const png = readFileSync(file);
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    expect(statSync(file).size).toBeGreaterThan(20_000);
    console.log(`dashboard screenshot: ${file}`);
  }, BROWSER_MS);
});

describe("agentihooks ui: time ranges and a log with bad lines", () => {
  /** Starts `ui --json` on a home and returns its port and a reader of its documents. */
  async function serve(s: Sandbox): Promise<{ get: (path: string) => Promise<any>; stop: () => void }> {
    const p = Bun.spawn([BIN, "ui", "--json"], { env: s.env, cwd: s.repo, stdin: "ignore", stdout: "pipe", stderr: "pipe" });
    const reader = (p.stdout as ReadableStream<Uint8Array>).getReader();
    const { url: u, port: at } = JSON.parse(new TextDecoder().decode((await reader.read()).value));
    const auth = { authorization: `Bearer ${new URL(u).searchParams.get("token")}` };
    return { get: async (path) => (await fetch(`http://127.0.0.1:${at}${path}`, { headers: auth })).json(), stop: () => p.kill() };
  }

  test("an empty home shows no decisions, not an error", async () => {
    const ui = await serve(sandbox());
    try {
      const o = await ui.get("/api/overview?since=all");
      expect(o.totals.calls).toBe(0);
      expect(o.buckets).toEqual([]);
      expect(o.sessions).toEqual([]);
    } finally {
      ui.stop();
    }
  });

  test("the range picks the records; the chart's slots cover it; bad lines are counted, not shown", async () => {
    const s = sandbox();
    const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
    const rec = (t: string, decision: string, session: string) => JSON.stringify({ t, kind: "hook", session, event: "PreToolUse", tool: "Bash", input: { command: `echo ${decision}` }, decision, by: "pre-bash.echo-guard.sh", reason: `said ${decision}` });
    const lines = [rec(ago(3 * 86400e3), "deny", "old"), rec(ago(2 * 3600e3), "allow", "new"), "{torn", rec("yesterday", "deny", "bad-time"), rec(ago(600e3), "ask", "new")];
    writeFile(join(s.home, "logs", "hook.jsonl"), `${lines.join("\n")}\n`, 0o600);
    const ui = await serve(s);
    try {
      const day = await ui.get("/api/overview?since=24h");
      expect(day.totals).toMatchObject({ calls: 2, allow: 1, ask: 1, deny: 0, sessions: 1 });
      expect(day.unreadable).toBe(1);
      expect(day.bucket_ms).toBe(3600e3); // 24 one-hour slots
      expect(day.buckets.length).toBeGreaterThanOrEqual(24);
      expect(day.denials.map((d: { decision: string; reason: string }) => [d.decision, d.reason])).toEqual([["ask", "said ask"]]);
      const all = await ui.get("/api/overview?since=all");
      expect(all.totals).toMatchObject({ calls: 3, deny: 1, sessions: 2 });
      expect(all.buckets.length).toBeLessThanOrEqual(61);
      expect(all.buckets.reduce((n: number, b: Record<string, number>) => n + b.deny + b.ask + b.allow + b.other + b.error, 0)).toBe(3);
      expect(all.rules).toEqual([{ rule: "bash.echo-guard", denies: 1, asks: 1 }]);
      const week = await ui.get("/api/overview?since=7d");
      expect(week.bucket_ms).toBe(3 * 3600e3);
      expect((await ui.get("/api/session?id=new")).records.map((r: { input: string }) => r.input)).toEqual(["echo allow", "echo ask"]);
    } finally {
      ui.stop();
    }
  });
});
