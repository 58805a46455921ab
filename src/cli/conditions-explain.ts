import { defineCommand } from "citty";
import { AgentihooksError } from "../errors";
import { detectTarget } from "../harness/detect";
import { DRY_SESSION, payloadFromSpec, readPayloadFile } from "../explain/payload";
import { type CallExplain, type ExplainDocument, explainPayload } from "../explain/trace";
import { TARGETS } from "../types";
import { chooseTarget } from "./common";
import { paint } from "./paint";
import { writeJson, writeOut } from "./terminal-text";

// `agentihooks conditions explain`: one payload through the real pipeline, every step shown.
// Side effects are real: matched conditions run (unless --no-run), and enforcement counters of the
// payload's session advance as on a real call; a payload built from --command uses its own session.

export default defineCommand({
  meta: {
    name: "explain",
    description: "Run one payload through the real pipeline and show every step and each harness's answer",
    examples: [
      ["agentihooks conditions explain --command 'git push --force'", "what happens to this Bash call, step by step"],
      ["agentihooks conditions explain --payload call.json --no-run", "the layers and matches for a saved payload, without running a condition"],
      ["agentihooks conditions explain --command 'rm -rf /' --exit-code >/dev/null", "exit 1 when the call would be denied or asked (for scripts and CI)"],
    ],
    docs: ["docs/conditions.md", "docs/dry-runs.md"],
  },
  args: {
    payload: { type: "string", description: "The hook payload as JSON: a file, or - for stdin" },
    command: { type: "string", description: "Instead of --payload: a Bash command (a PreToolUse call in the current directory)" },
    tool: { type: "string", description: "With --command or alone: the tool name (default Bash)" },
    target: { type: "string", valueHint: "claude|codex|copilot|gemini|opencode", description: "Harness the payload comes from: claude, codex, copilot, gemini or opencode (default: detected from the payload)" },
    event: { type: "string", description: "Hook event, for payloads that do not name it (Copilot camelCase)" },
    run: { type: "boolean", default: true, description: "Run the matched conditions (--no-run stops before running anything)" },
    json: { type: "boolean", description: "Print one JSON document" },
    "exit-code": { type: "boolean", description: "Exit 1 when the call would be denied, asked or blocked, 0 when not (2 usage error, 3 any other error)" },
  },
  async run({ args }) {
    try {
      await explain(args);
    } catch (err) {
      // not 1: that means "denied"
      if (args["exit-code"]) process.exitCode = (err as { code?: string }).code === "E_USAGE" ? 2 : 3;
      throw err;
    }
  },
});

// --- internal ---

/** The exit code --exit-code gives: 1 when the payload's own harness would be told no (deny, ask or block). */
function verdictExit(doc: ExplainDocument): number {
  const e = doc.effect;
  return e.decision === "deny" || e.decision === "ask" || e.block !== undefined ? 1 : 0;
}

async function explain(args: { payload?: string; command?: string; tool?: string; target?: string; event?: string; run?: boolean; json?: boolean; "exit-code"?: boolean }): Promise<void> {
  if (!args.payload && args.command === undefined && !args.tool) throw new AgentihooksError("E_USAGE", "explain needs --payload FILE|- or --command CMD");
  if (args.payload && (args.command !== undefined || args.tool)) throw new AgentihooksError("E_USAGE", "--payload and --command/--tool exclude each other");
  if (args.target) chooseTarget(args.target); // a bad --target is an error, not a silent detection
  const raw = args.payload
    ? await readPayloadFile(args.payload)
    : payloadFromSpec({ command: args.command, tool: args.tool }, "PreToolUse", process.cwd());
  const target = detectTarget(raw, process.env.AGENTIHOOKS_TARGET, args.target);
  const doc = await explainPayload(raw, { target, event: args.event, run: args.run !== false });
  if (args.json) writeJson(doc);
  else writeOut(render(doc));
  if (args["exit-code"]) process.exitCode = verdictExit(doc);
}

type P = ReturnType<typeof paint>;

const indent = (text: string, pad: string) => text.replace(/\n$/, "").split("\n").map((l) => pad + l).join("\n");
const compact = (v: unknown) => JSON.stringify(v) ?? "undefined";

function render(doc: ExplainDocument): string {
  const p = paint();
  const out: string[] = [p.bold(`${doc.event} from ${doc.target} (step ${doc.step})`)];
  if (!doc.enabled) out.push(p.yellow("  CONDITIONS_ENABLED is off: no condition runs"));
  renderLayers(out, doc, p);
  doc.calls.forEach((c, i) => renderCall(out, c, doc, p, doc.calls.length > 1 ? i + 1 : 0));
  if (doc.notes.length) out.push("", p.bold("Notes"), ...doc.notes.map((n) => `  ${n}`));
  renderAnswers(out, doc, p);
  return `${out.join("\n")}\n`;
}

function renderLayers(out: string[], doc: ExplainDocument, p: P): void {
  out.push("", p.bold("Layers (lowest to highest priority)"));
  if (!doc.layers.length) out.push(p.dim("  none loaded (a guard answered first, or conditions are off)"));
  for (const l of doc.layers) {
    const state = l.skipped ? p.yellow("skipped") : !l.exists ? p.dim("missing") : p.green(`used, ${l.count} file${l.count === 1 ? "" : "s"}`);
    out.push(`  ${p.cyan(l.source.padEnd(16))} ${state}  ${l.path}`);
    if (l.note) out.push(`  ${"".padEnd(16)} ${p.dim(l.note)}`);
  }
  for (const i of doc.invalid) out.push(`  ${p.red("invalid")} ${i.path}: ${i.error}`);
  for (const pr of doc.problems) out.push(`  ${p.yellow("problem")} ${pr}`);
}

function renderCall(out: string[], c: CallExplain, doc: ExplainDocument, p: P, n: number): void {
  out.push("", p.bold(n ? `Call ${n} of the batch` : "Normalized call"));
  const pl = c.payload;
  if (pl.tool_name !== undefined) out.push(`  tool      ${pl.tool_name}`, `  input     ${compact(pl.tool_input)}`);
  if (pl.tool_response !== undefined) out.push(`  response  ${truncate(compact(pl.tool_response), 200)}`);
  if (typeof pl.prompt === "string") out.push(`  prompt    ${truncate(pl.prompt, 200)}`);
  out.push(`  session   ${pl.session_id || p.dim("(none)")}${pl.session_id === DRY_SESSION ? p.dim(" (made up for this dry run)") : ""}`, `  cwd       ${pl.cwd}`);
  if (pl.permission_mode) out.push(`  mode      ${pl.permission_mode}`);
  if (c.programs) {
    const progs = c.programs.programs.join(" ") || p.dim("(none)");
    out.push(`  programs  ${progs}${c.programs.dynamic ? p.yellow("  dynamic: every bash.<cli> condition fires") : ""}`);
    for (const i of c.programs.issues) out.push(`            ${p.yellow(i)}`);
  }
  if (c.guard) {
    out.push("", p.bold(p.red(`Denied by the ${c.guard.stage} stage before any condition`)), indent(c.guard.reason, "  "));
    return;
  }
  out.push("", p.bold(`Matched (${c.matched.length} of ${c.candidates} ${doc.step} conditions)`));
  if (!c.matched.length) out.push(p.dim("  nothing matches this call"));
  for (const m of c.matched) out.push(`  ${p.green(m.file)}  ${p.dim(`[${m.source}] ${m.why}${m.async ? "; async: started detached, output ignored" : ""}`)}`);
  renderOutcomes(out, c, doc, p);
  renderMerged(out, c, p);
}

function renderOutcomes(out: string[], c: CallExplain, doc: ExplainDocument, p: P): void {
  if (!c.matched.length) return;
  out.push("", p.bold("Ran"));
  if (!doc.ran) {
    out.push(p.dim("  nothing (--no-run)"));
    return;
  }
  for (const o of c.outcomes) {
    const colour = o.status === "answered" ? p.green : o.status === "denied" ? p.red : p.yellow;
    const exit = o.exit === null ? "no exit" : `exit ${o.exit}`;
    out.push(`  ${o.file}  ${colour(o.status)}  ${exit}  ${o.duration_ms} ms${o.error ? p.yellow(`  (${o.error})`) : ""}`);
    if (o.stdout.trim()) out.push(`    stdout:`, indent(truncate(o.stdout, 2000), "      "));
    if (o.stderr.trim()) out.push(`    stderr:`, indent(truncate(o.stderr, 2000), "      "));
  }
}

function renderMerged(out: string[], c: CallExplain, p: P): void {
  const m = c.merged;
  out.push("", p.bold("Merged"));
  out.push(`  decision  ${m.decision ?? p.dim("(none)")}`);
  for (const r of m.reasons) out.push(`  reason    ${r}`);
  if (m.inputPatch) out.push(`  rewrite   ${compact(m.inputPatch)}  ${p.dim(`by ${m.inputWriters.join(", ")}`)}`);
  if (m.output !== undefined) out.push(`  output    ${truncate(compact(m.output), 200)}  ${p.dim(`by ${m.outputWriters.join(", ")}`)}`);
  for (const ctx of m.contexts) out.push(`  context`, indent(truncate(ctx, 2000), "    "));
  for (const n of m.notes) out.push(`  note      ${p.yellow(n)}`);
}

function renderAnswers(out: string[], doc: ExplainDocument, p: P): void {
  if (!doc.answers) return;
  out.push("", p.bold("What each harness would receive"));
  for (const t of TARGETS) {
    const a = doc.answers[t];
    const own = t === doc.target ? p.dim(" (this payload's harness)") : "";
    out.push(`  ${p.cyan(t)}${own}  exit ${a.exitCode}`);
    out.push(`    stdout: ${a.stdout ? a.stdout.replace(/\n$/, "") : p.dim("(empty)")}`);
    out.push(`    stderr: ${a.stderr ? indent(a.stderr, "            ").trimStart() : p.dim("(empty)")}`);
  }
}

function truncate(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max)}... [${s.length - max} more characters]` : s;
}
