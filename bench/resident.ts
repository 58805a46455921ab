// `make bench --only resident`: a tool call answered over the MCP pipe (`agentihooks mcp`, the `hook`
// tool, as Claude Code's mcp_tool handler calls it after `init --resident`) against the same call on
// the command path and against the floor, interleaved in one run. The resident figure is the round trip
// a client sees: request written to the server's stdin, answer read from its stdout. The client is a
// bare JSON-RPC line reader, so the figure is the server's cost and the pipe's, not a client library's.
import { inputTemplate } from "../src/resident/hook-input";
import { type BenchHome, MISSES_GIT_READ, claudeBash, makeHome } from "./sandbox";

export interface ResidentRow {
  id: string;
  figure: string;
  value: number;
  unit: string;
  reference?: number;
  referenceLabel?: string;
  ratio?: number;
  target: string;
  pass?: boolean;
}

interface Options {
  /** The executable under test (a fresh copy) and the floor executable. */
  subject: string;
  floor: string;
  runs: number;
  warmup: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const round = (x: number, d = 3) => Math.round(x * 10 ** d) / 10 ** d;

/** The `hook` tool's arguments as Claude Code fills its handler's input: every value a string, "" when absent. */
export function claudeArguments(payload: Record<string, unknown>): Record<string, unknown> {
  const fill = (t: unknown): unknown => {
    if (t && typeof t === "object") return Object.fromEntries(Object.entries(t).map(([k, v]) => [k, fill(v)]));
    const m = typeof t === "string" ? /^\$\{([^{}]+)\}$/.exec(t) : null;
    if (!m) return t;
    const v = payload[m[1]];
    return v === undefined || v === null ? "" : typeof v === "object" ? JSON.stringify(v) : String(v);
  };
  return fill(inputTemplate("claude", String(payload.hook_event_name))) as Record<string, unknown>;
}

const time = (f: () => void) => {
  const t = performance.now();
  f();
  return performance.now() - t;
};

/** A bare MCP client over the server's stdio: one request at a time, one line each way. */
async function rawClient(command: string[], env: Record<string, string>) {
  const p = Bun.spawn(command, { env, cwd: "/", stdin: "pipe", stdout: "pipe", stderr: "ignore" });
  const reader = p.stdout.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let id = 0;
  const readLine = async (): Promise<Record<string, unknown>> => {
    for (;;) {
      const nl = buffer.indexOf("\n");
      if (nl >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        return JSON.parse(line);
      }
      const { value, done } = await reader.read();
      if (done) throw new Error("resident: the server closed its output");
      buffer += decoder.decode(value, { stream: true });
    }
  };
  const send = (message: Record<string, unknown>) => {
    p.stdin.write(`${JSON.stringify(message)}\n`);
    p.stdin.flush();
  };
  const request = async (method: string, params: unknown) => {
    send({ jsonrpc: "2.0", id: ++id, method, params });
    const reply = await readLine();
    if (reply.id !== id || !reply.result) throw new Error(`resident: ${method} answered ${JSON.stringify(reply)}`);
    return reply.result as Record<string, unknown>;
  };
  await request("initialize", { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "agentihooks-bench", version: "1" } });
  send({ jsonrpc: "2.0", method: "notifications/initialized" });
  return {
    callTool: async (name: string, args: unknown) => ((await request("tools/call", { name, arguments: args })) as { content: { text: string }[] }).content[0].text,
    close: () => p.kill(),
  };
}

/** One figure: the floor, the command hook and the resident call of one payload, interleaved. */
async function figure(o: Options, h: BenchHome, stdin: string, expect: (text: string) => boolean): Promise<{ floor: number; command: number; resident: number }> {
  const client = await rawClient([o.subject, "mcp", "--target", "claude"], h.env);
  const args = claudeArguments(JSON.parse(stdin));
  const call = () => client.callTool("hook", args);
  const command = () => Bun.spawnSync([o.subject, "hook"], { env: h.env, cwd: h.repo, stdin: new Blob([stdin]), stdout: "pipe", stderr: "pipe" });
  const floor = () => Bun.spawnSync([o.floor], { stdin: new Blob([stdin]), stdout: "pipe" });
  try {
    const first = await call();
    const sameAsCommand = command().stdout.toString();
    if (!expect(first) || first !== sameAsCommand) throw new Error(`resident: unexpected answer ${JSON.stringify(first)} (command path: ${JSON.stringify(sameAsCommand)})`);
    const ms = { floor: [] as number[], command: [] as number[], resident: [] as number[] };
    for (let round = 0; round < o.warmup + o.runs; round++) {
      const steps: [keyof typeof ms, () => Promise<number>][] = [
        ["floor", async () => time(floor)],
        ["command", async () => time(command)],
        ["resident", async () => {
          const t = performance.now();
          await call();
          return performance.now() - t;
        }],
      ];
      if (round % 2) steps.reverse();
      for (const [key, run] of steps) {
        const t = await run();
        if (round >= o.warmup) ms[key].push(t);
      }
    }
    return { floor: median(ms.floor), command: median(ms.command), resident: median(ms.resident) };
  } finally {
    client.close();
  }
}

/** The resident figures: a no-match call and a default-profile call, each against the command path and the floor. */
export async function residentFigures(o: Options): Promise<ResidentRow[]> {
  const rows: ResidentRow[] = [];
  const plain = makeHome("resident", 8, MISSES_GIT_READ);
  const guarded = makeHome("resident-default", 8, MISSES_GIT_READ, ["bench", "default"]);
  const cases: [string, string, BenchHome][] = [["no-match", "no match (8 conditions)", plain], ["default", "default profile: Bash git status (both guards run)", guarded]];
  for (const [id, what, h] of cases) {
    const r = await figure(o, h, claudeBash(id === "no-match" ? "ls" : "git status", h.repo), (t) => t === "");
    rows.push({ id: `resident-${id}`, figure: `resident (MCP pipe), ${what}`, value: round(r.resident), unit: "ms", reference: round(r.floor), referenceLabel: "floor", ratio: round(r.resident / r.floor), target: "<= 0.25x", pass: r.resident / r.floor <= 0.25 });
    rows.push({ id: `resident-${id}-command`, figure: `resident vs command path, ${what}`, value: round(r.resident), unit: "ms", reference: round(r.command), referenceLabel: "command hook", ratio: round(r.resident / r.command), target: "(reference)" });
  }
  return rows;
}
