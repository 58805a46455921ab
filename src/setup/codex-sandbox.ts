// Codex's workspace-write sandbox (its default for `codex exec --approve-for-me` and the TUI's
// default mode; Linux: its bundled bubblewrap): the agent's commands may write only the workspace
// (the session's folder), `sandbox_workspace_write.writable_roots`, /tmp and $TMPDIR (unless
// `exclude_slash_tmp` / `exclude_tmpdir_env_var`). Hooks run outside it. So the gate is OS-enforced
// there when no protected place lies in a writable root; agentihooks never edits these keys (they are
// the person's), it only reads them and says which root holds which place. Codex has no deny list.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { codexHome, type SetupContext } from "./harness-setup";
import { rootHolding } from "./sandbox-places";

export interface CodexSandbox {
  /** Top-level `sandbox_mode` ("" when unset: Codex's default, workspace-write for exec --approve-for-me). */
  mode: string;
  writableRoots: string[];
  excludeSlashTmp: boolean;
  excludeTmpdir: boolean;
}

/** Returns a TOML string value (basic or literal), or undefined. */
function tomlString(s: string): string | undefined {
  const t = s.trim();
  if (t.startsWith("'") && t.endsWith("'") && t.length >= 2) return t.slice(1, -1);
  if (t.startsWith('"') && t.endsWith('"') && t.length >= 2) {
    try {
      return JSON.parse(t) as string;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Returns the strings of a one-level TOML array text (`["a", 'b']`). */
function tomlStrings(s: string): string[] {
  const out: string[] = [];
  for (const m of s.matchAll(/"(?:[^"\\]|\\.)*"|'[^']*'/g)) {
    const v = tomlString(m[0]);
    if (v !== undefined) out.push(v);
  }
  return out;
}

/** Reads the sandbox keys of Codex's config.toml text (a table and its dotted spelling alike). */
export function parseCodexSandbox(text: string): CodexSandbox {
  const out: CodexSandbox = { mode: "", writableRoots: [], excludeSlashTmp: false, excludeTmpdir: false };
  let table = "";
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].replace(/^\s+/, "");
    if (!line || line.startsWith("#")) continue;
    const head = /^\[\s*([^\]]+?)\s*\]\s*(#.*)?$/.exec(line);
    if (head) {
      table = head[1].replace(/["']/g, "");
      continue;
    }
    const kv = /^([A-Za-z0-9_."'-]+)\s*=\s*(.*)$/.exec(line);
    if (!kv) continue;
    const key = [table, kv[1].replace(/["'\s]/g, "")].filter(Boolean).join(".");
    let value = kv[2];
    // a multi-line array: read on until its brackets close
    while (value.trimStart().startsWith("[") && (value.match(/\[/g) ?? []).length > (value.match(/\]/g) ?? []).length && i + 1 < lines.length) value += `\n${lines[++i]}`;
    value = value.replace(/\s+#[^"'\]]*$/, "");
    if (key === "sandbox_mode") out.mode = tomlString(value) ?? "";
    else if (key === "sandbox_workspace_write.writable_roots") out.writableRoots = tomlStrings(value);
    else if (key === "sandbox_workspace_write.exclude_slash_tmp") out.excludeSlashTmp = value.trim() === "true";
    else if (key === "sandbox_workspace_write.exclude_tmpdir_env_var") out.excludeTmpdir = value.trim() === "true";
  }
  return out;
}

/** Returns Codex's user config.toml's sandbox keys (empty when the file does not exist). */
export function readCodexSandbox(ctx: SetupContext): CodexSandbox {
  let text = "";
  try {
    text = readFileSync(join(codexHome(ctx), "config.toml"), "utf8");
  } catch {}
  return parseCodexSandbox(text);
}

export interface CodexVerdict {
  enforced: boolean;
  lines: string[];
}

/** Returns whether Codex's sandbox keeps every protected place out of the agent's writes, and why not. */
export function codexVerdict(places: string[], sandbox: CodexSandbox, workspace: string, env: Record<string, string | undefined>): CodexVerdict {
  if (sandbox.mode === "danger-full-access") return { enforced: false, lines: ["codex: pattern-only: sandbox_mode is danger-full-access in config.toml (no OS sandbox)"] };
  const roots: [string, string][] = sandbox.writableRoots.map((r) => [r, "a writable root (sandbox_workspace_write.writable_roots)"]);
  if (!sandbox.excludeSlashTmp) roots.push(["/tmp", "/tmp (set sandbox_workspace_write.exclude_slash_tmp = true)"]);
  if (!sandbox.excludeTmpdir && env.TMPDIR) roots.push([env.TMPDIR, "$TMPDIR (set sandbox_workspace_write.exclude_tmpdir_env_var = true)"]);
  const lines: string[] = [];
  for (const place of places) {
    const root = rootHolding(place, roots.map(([r]) => r));
    if (root) lines.push(`codex: pattern-only: ${place} lies in ${roots.find(([r]) => r === root)?.[1] ?? root}, which Codex's sandbox lets the agent write`);
  }
  const inWorkspace = places.filter((p) => rootHolding(p, [workspace]));
  for (const p of inWorkspace) lines.push(`codex: pattern-only here: ${p} lies in this workspace (${workspace}), which Codex's sandbox lets the agent write`);
  if (lines.length) return { enforced: false, lines };
  const mode = sandbox.mode || "read-only or workspace-write";
  return { enforced: true, lines: [`codex: the gate is OS-enforced in Codex's sandbox (${mode}; not with --dangerously-bypass-approvals-and-sandbox): no writable root holds one of the ${places.length} protected places`] };
}
