// OpenTelemetry export (issue 26), through the compiled executable, against a receiver on 127.0.0.1
// that decodes each request with OpenTelemetry's own protobuf definitions (the generated
// opentelemetry-proto root shipped in @opentelemetry/otlp-transformer 0.203, a dev dependency): every
// decision arrives as a log record and a span, record for record, through a collector outage and a
// restart, with nothing lost and nothing sent twice; the hook never waits on the network.
import { afterEach, describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import root from "otlp-proto-defs/build/src/generated/root";
import { addCondition, BIN, claudeBash, hook, run, sandbox, type Sandbox } from "../helpers";

const proto = (root as any).opentelemetry.proto;
const LogsRequest = proto.collector.logs.v1.ExportLogsServiceRequest;
const TraceRequest = proto.collector.trace.v1.ExportTraceServiceRequest;
const asObject = (m: unknown, T: any) => T.toObject(m, { longs: String, bytes: String, defaults: false });

type Attr = { key: string; value: Record<string, unknown> };
const attrs = (list: Attr[] = []) =>
  Object.fromEntries(list.map((a) => [a.key, a.value.stringValue ?? a.value.intValue ?? a.value.doubleValue ?? a.value.boolValue ?? a.value.arrayValue]));

/** An OTLP/HTTP receiver: decodes what it gets; `fail` answers 503 to the next N requests. */
function receiver(port = 0) {
  const got = { logs: [] as any[], spans: [] as any[], requests: 0, fail: 0 };
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port,
    async fetch(req) {
      got.requests++;
      if (req.headers.get("content-type") !== "application/x-protobuf") return new Response("bad type", { status: 415 });
      if (got.fail > 0) {
        got.fail--;
        return new Response("unavailable", { status: 503 });
      }
      const body = new Uint8Array(await req.arrayBuffer());
      const path = new URL(req.url).pathname;
      if (path === "/v1/logs") {
        const r = asObject(LogsRequest.decode(body), LogsRequest);
        for (const rl of r.resourceLogs ?? []) for (const sl of rl.scopeLogs ?? []) for (const l of sl.logRecords ?? []) got.logs.push({ resource: attrs(rl.resource?.attributes), scope: sl.scope, ...l, attributes: attrs(l.attributes) });
      } else if (path === "/v1/traces") {
        const r = asObject(TraceRequest.decode(body), TraceRequest);
        for (const rs of r.resourceSpans ?? []) for (const ss of rs.scopeSpans ?? []) for (const s of ss.spans ?? []) got.spans.push({ ...s, attributes: attrs(s.attributes) });
      } else return new Response("no", { status: 404 });
      return new Response(new Uint8Array(0), { status: 200, headers: { "content-type": "application/x-protobuf" } });
    },
  });
  return { got, server, url: `http://127.0.0.1:${server.port}` };
}

const servers: { stop: (force?: boolean) => void }[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.stop(true);
});

function world(): Sandbox {
  const sb = sandbox();
  addCondition(join(sb.home, "conditions"), "pre-bash.rm-no_rm.sh", '#!/bin/bash\necho "rm is not allowed; use trash-put" >&2\nexit 2\n');
  addCondition(join(sb.home, "conditions"), "pre-any-note.sh", "#!/bin/bash\necho noted\n");
  return sb;
}

const logged = (sb: Sandbox) =>
  readFileSync(join(sb.home, "logs", "hook.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));

/** Hook calls with export off (AGENTIHOOKS_OTLP=off), so only `log ship` sends. */
function calls(sb: Sandbox, commands: string[]) {
  commands.forEach((c, i) => hook(claudeBash(c, sb.repo, { tool_use_id: `t-${c.length}-${i}` }), { env: { ...sb.env, AGENTIHOOKS_OTLP: "off" }, target: "claude", cwd: sb.repo }));
}

/** `log ship`, spawned without blocking: the receiver answers from this same process. */
async function shipWith(sb: Sandbox, url: string, ...args: string[]) {
  const p = Bun.spawn([BIN, "log", "ship", ...args], { env: { ...sb.env, OTEL_EXPORTER_OTLP_ENDPOINT: url }, stdout: "pipe", stderr: "pipe" });
  const [exitCode, stdout, stderr] = await Promise.all([p.exited, new Response(p.stdout).text(), new Response(p.stderr).text()]);
  return { exitCode, stdout, stderr };
}

/** Ends the detached shipper a hook started (its pid is in the lock), once it has started. */
async function stopShipper(sb: Sandbox) {
  const lock = join(sb.home, "logs", "ship.lock");
  for (let i = 0; i < 50 && !existsSync(lock); i++) await Bun.sleep(100);
  const pid = Number(readFileSync(lock, "utf8"));
  if (pid > 0) process.kill(pid, "SIGTERM");
}

describe("OTLP export", () => {
  test("every record arrives as a log record and a span, attribute for attribute", async () => {
    const sb = world();
    calls(sb, ["ls", "rm -rf build", "echo AKIAIOSFODNN7EXAMPLE", "git status"]);
    const rx = receiver();
    servers.push(rx.server);
    const r = await shipWith(sb, rx.url);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe("sent 4 records\n");
    const records = logged(sb);
    expect(rx.got.logs.length).toBe(4);
    rx.got.logs.forEach((l, i) => {
      const rec = records[i];
      expect(l.resource).toMatchObject({ "service.name": "agentihooks", "host.name": rec.host, "user.name": rec.user });
      expect(l.scope.name).toBe("agentihooks");
      expect(l.timeUnixNano).toBe(String(Date.parse(rec.t) * 1e6));
      expect(l.attributes).toMatchObject({
        "event.name": "agentihooks.decision",
        "gen_ai.conversation.id": rec.session,
        "gen_ai.tool.name": "Bash",
        "gen_ai.tool.call.id": rec.tool_use_id,
        "agentihooks.hook.event": "PreToolUse",
        "agentihooks.harness": "claude",
        "agentihooks.decision": rec.decision ?? "none",
        "agentihooks.input": rec.input.command,
        "agentihooks.record.prev": rec.prev,
      });
    });
    const deny = rx.got.logs[1];
    expect(deny.severityText).toBe("ERROR");
    expect(deny.attributes["agentihooks.rule"]).toBe("bash.rm-no_rm");
    expect(deny.attributes["agentihooks.reason"]).toContain("rm is not allowed; use trash-put");
    // redacted in the log, so redacted on the wire
    expect(JSON.stringify(rx.got.logs)).not.toContain("AKIAIOSFODNN7EXAMPLE");
    // a span per call, a child span per condition
    const roots = rx.got.spans.filter((s) => !s.parentSpanId);
    const children = rx.got.spans.filter((s) => s.parentSpanId);
    expect(roots.length).toBe(4);
    expect(children.length).toBe(records.reduce((n, r) => n + (r.conditions?.length ?? 0), 0));
    for (const c of children) expect(roots.some((p) => p.spanId === c.parentSpanId && p.traceId === c.traceId)).toBe(true);
    expect(roots[1]).toMatchObject({ name: "hook PreToolUse Bash", status: { code: 2 } });
    expect(deny.traceId).toBe(roots[1].traceId);
  });

  test("a collector that is down loses nothing; after its restart everything arrives once", async () => {
    const sb = world();
    calls(sb, ["echo 1", "echo 2"]);
    // down: nothing listens on the port
    const probe = receiver();
    const port = probe.server.port;
    probe.server.stop(true);
    const down = await shipWith(sb, `http://127.0.0.1:${port}`, "--max-time", "1");
    expect(down.exitCode).toBe(1);
    expect(down.stdout).toBe("sent 0 records, 2 still pending\n");
    expect(down.stderr).toContain("the rest stays in the log");
    calls(sb, ["echo 3"]);
    // restarted on the same port, failing its first two requests
    const rx = receiver(port);
    servers.push(rx.server);
    rx.got.fail = 2;
    const up = await shipWith(sb, rx.url, "--max-time", "20");
    expect(up.exitCode).toBe(0);
    expect(up.stderr).toContain("answered 503");
    expect(rx.got.logs.map((l) => l.attributes["agentihooks.input"])).toEqual(["echo 1", "echo 2", "echo 3"]);
    // nothing twice: a second run sends nothing; a new record goes alone
    expect((await shipWith(sb, rx.url)).stdout).toBe("sent 0 records\n");
    calls(sb, ["echo 4"]);
    expect((await shipWith(sb, rx.url)).stdout).toBe("sent 1 record\n");
    expect(rx.got.logs.map((l) => l.attributes["agentihooks.input"])).toEqual(["echo 1", "echo 2", "echo 3", "echo 4"]);
  });

  test("the hook starts a detached shipper and never waits on the network", async () => {
    const sb = world();
    const rx = receiver();
    servers.push(rx.server);
    const env = { ...sb.env, OTEL_EXPORTER_OTLP_ENDPOINT: rx.url };
    for (const c of ["echo a", "echo b"]) expect(hook(claudeBash(c, sb.repo), { env, target: "claude", cwd: sb.repo }).exitCode).toBe(0);
    for (let i = 0; i < 100 && rx.got.logs.length < 2; i++) await Bun.sleep(100);
    expect(rx.got.logs.map((l) => l.attributes["agentihooks.input"]).sort()).toEqual(["echo a", "echo b"]);
    // one shipper at a time: its lock names a live process while it watches
    expect(existsSync(join(sb.home, "logs", "ship.lock"))).toBe(true);
    await stopShipper(sb);
  });

  test("a collector that never answers does not hold the hook", async () => {
    const sb = world();
    const hang = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Promise<Response>(() => {}) });
    servers.push(hang);
    const r = hook(claudeBash("echo c", sb.repo), { env: { ...sb.env, OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${hang.port}` }, target: "claude", cwd: sb.repo });
    expect(r.exitCode).toBe(0);
    await stopShipper(sb);
  });

  test("no endpoint is a one-line error", () => {
    const sb = world();
    const r = run(["log", "ship"], { env: sb.env });
    expect(r.exitCode).not.toBe(0);
    expect(r.stderr.trim()).toBe("agentihooks: no OTLP endpoint: set OTEL_EXPORTER_OTLP_ENDPOINT (or AGENTIHOOKS_OTLP_ENDPOINT), and AGENTIHOOKS_OTLP is not off");
  });
});
