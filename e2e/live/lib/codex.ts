// What only the Codex live checks need: the model's tool calls in Codex's shapes, a script runner that
// counts every kind of tool output (Codex answers a tool_search with a tool_search_output, which the
// mock's default count skips), Codex's own view of the hooks (`codex app-server` hooks/list), the
// error items of a `codex exec --json` run, and agentihooks' hook log.
import { join } from "node:path";
import { cliPath, type RunOptions, type RunResult, runCli } from "./clis";
import type { Step } from "./mock-model";
import type { World } from "./world";

/** The shell tool as the model calls it (the hook sees `Bash`). */
export const shell = (cmd: string): Step => ({ tool: "exec_command", input: { cmd } });
/** apply_patch: a freeform custom tool call whose input is the patch text. */
export const patch = (body: string): Step => ({ tool: "apply_patch", custom: true, input: `*** Begin Patch\n${body}\n*** End Patch\n` });
/** Codex defers MCP tools: the model searches first, then calls the tool in its namespace. */
export const toolSearch = (query: string): Step => ({ tool: "tool_search", search: true, input: { query } });
export const mcp = (name: string, input: Record<string, unknown>): Step => ({ tool: name, namespace: "mcp__agentihooks", input });

/** Returns how many tool outputs of any kind (function, custom, tool_search) a request holds. */
export function outputs(body: Record<string, unknown>): number {
  const input = Array.isArray(body.input) ? (body.input as { type?: string }[]) : [];
  return input.filter((i) => /_output$/.test(i?.type ?? "")).length;
}

/**
 * Runs `codex exec` once playing `script` step by step, a tool_search counted as a step. `steps` may
 * be a function of the request, for a step that needs what the conversation holds (a session id).
 */
export function runCodex(world: World, script: (Step | ((body: Record<string, unknown>) => Step))[], o: Omit<RunOptions, "script" | "pick"> = {}): Promise<RunResult> {
  const pick = (body: Record<string, unknown>): Step => {
    const next = script[outputs(body)];
    if (next === undefined) return { text: "done" };
    return typeof next === "function" ? next(body) : next;
  };
  return runCli(world, { ...o, script: [], pick });
}

interface Event {
  type: string;
  item?: { type: string; message?: string; [k: string]: unknown };
  [k: string]: unknown;
}

/** Returns the JSON events `codex exec --json` printed. */
export function events(r: RunResult): Event[] {
  return r.stdout.split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l) as Event);
}

/** Returns the messages of the run's error items (a clamped hook timeout, a hook Codex rejected, ...). */
export function errorItems(r: RunResult): string[] {
  return events(r).filter((e) => e.item?.type === "error").map((e) => String(e.item?.message));
}


export interface CodexHook {
  key: string;
  eventName: string;
  command: string;
  currentHash: string;
  trustStatus: string;
  enabled: boolean;
}

/** Returns Codex's own list of the world's hooks with their trust status (`codex app-server`, hooks/list). */
export async function codexHooks(world: World): Promise<{ hooks: CodexHook[]; warnings: string[] }> {
  const proc = Bun.spawn([cliPath("codex"), "app-server", "-c", "features.daemon_auto_start=false"], {
    cwd: world.work,
    env: { ...world.env, CODEX_HOME: join(world.home, ".codex") },
    stdin: "pipe",
    stdout: "pipe",
    stderr: "ignore",
  });
  const send = (o: unknown) => proc.stdin.write(`${JSON.stringify(o)}\n`);
  send({ id: 1, method: "initialize", params: { clientInfo: { name: "agentihooks-live", version: "0" } } });
  send({ method: "initialized" });
  send({ id: 2, method: "hooks/list", params: { cwds: [world.work] } });
  await proc.stdin.flush();
  const timer = setTimeout(() => proc.kill(), 30_000);
  try {
    const decoder = new TextDecoder();
    let buffered = "";
    for await (const chunk of proc.stdout as unknown as AsyncIterable<Uint8Array>) {
      buffered += decoder.decode(chunk);
      for (const line of buffered.split("\n").slice(0, -1)) {
        const msg = JSON.parse(line) as { id?: number; result?: { data: { hooks: CodexHook[]; warnings: string[] }[] } };
        if (msg.id === 2 && msg.result) return { hooks: msg.result.data[0].hooks, warnings: msg.result.data[0].warnings };
      }
      buffered = buffered.slice(buffered.lastIndexOf("\n") + 1);
    }
    throw new Error("codex app-server ended without answering hooks/list");
  } finally {
    clearTimeout(timer);
    proc.kill();
    await proc.exited;
  }
}

/** Returns the text of every tool output the model was given (what the tools answered, nothing else). */
export function toolOutputs(r: RunResult): string {
  const last = r.model.requests[r.model.requests.length - 1] ?? {};
  const input = Array.isArray(last.input) ? (last.input as { type?: string; output?: unknown }[]) : [];
  return input.filter((i) => /_output$/.test(i?.type ?? "")).map((i) => JSON.stringify(i.output ?? i)).join("\n");
}
