// Matcher grammar, shared by conditions and enforcements:
//   matcher     := alternative ("+" alternative)*
//   alternative := "any" | "mcp" | "mcp__" server | "mcp__" server "__" tool | "bash." cli | tool
// Case-insensitive; each alternative is [a-z0-9_.-]+ after lowercasing. Matching runs on the
// normalized (Claude) tool name, so `bash` also matches the Codex and Copilot shell tools.

export type Alternative =
  | { kind: "any" }
  | { kind: "mcp" }
  | { kind: "mcp_server"; server: string }
  | { kind: "exact"; name: string }
  | { kind: "cli"; cli: string };

export interface Matcher {
  /** Lowercased, alternatives sorted: the form used in dedup keys. */
  readonly normalized: string;
  readonly alternatives: readonly Alternative[];
}

const TOKEN = /^[a-z0-9_.-]+$/;
const parsed = new Map<string, Matcher | string>();

/**
 * Returns the parsed matcher, or an error string saying why it is invalid. Memoized: a folder of a
 * thousand conditions holds a handful of distinct matchers, and a rebuild parses every filename.
 */
export function parseMatcher(text: string): Matcher | string {
  let m = parsed.get(text);
  if (m === undefined) {
    if (parsed.size >= 4096) parsed.clear(); // bounded: the MCP server is long-lived
    parsed.set(text, (m = parse(text)));
  }
  return m;
}

function parse(text: string): Matcher | string {
  if (text === "") return "empty matcher";
  const parts = text.toLowerCase().split("+");
  const alternatives: Alternative[] = [];
  for (const p of parts) {
    if (p === "") return `empty alternative in matcher "${text}" (a+b joins two tokens)`;
    if (!TOKEN.test(p)) return `invalid characters in matcher token "${p}" (allowed: letters, digits, _ . -)`;
    const alt = parseAlternative(p);
    if (typeof alt === "string") return alt;
    alternatives.push(alt);
  }
  const normalized = parts.length === 1 ? parts[0] : [...new Set(parts)].sort().join("+");
  return { normalized, alternatives };
}

function parseAlternative(p: string): Alternative | string {
  if (p === "any") return { kind: "any" };
  if (p === "mcp") return { kind: "mcp" };
  if (p.startsWith("mcp__")) {
    const rest = p.slice(5);
    if (rest === "" || rest.startsWith("__")) return `"${p}" names no MCP server (mcp__<server> or mcp__<server>__<tool>)`;
    const sep = rest.indexOf("__");
    if (sep === -1) return { kind: "mcp_server", server: rest };
    if (sep === rest.length - 2) return `"${p}" names no MCP tool after the server`;
    return { kind: "exact", name: p };
  }
  if (p.startsWith("bash.")) {
    const cli = p.slice(5);
    if (cli === "" || cli.startsWith(".")) return `"${p}" names no program (bash.<cli>)`;
    return { kind: "cli", cli };
  }
  return { kind: "exact", name: p };
}

/** What a tool call offers to a matcher. `programs` is needed only for bash.<cli>. */
export interface Subject {
  /** The normalized tool name, or for non-tool steps the matched field (source, reason, ...). */
  name: string;
  programs?: () => { programs: string[]; dynamic: boolean; modules?: string[]; wrappers?: string[]; why?: { construct: string; start: number; end: number }[] };
}

/**
 * Codex hands MCP names over sanitized: every character outside [A-Za-z0-9_] of the server and the
 * tool becomes "_" (server gateway-tools, tool github-create_pull_request arrive as
 * mcp__gateway_tools__github_create_pull_request; measured with Codex 0.169). A matcher written with
 * the configured name matches that form too.
 */
const sanitized = (s: string) => s.replace(/[^a-z0-9_]/g, "_");

/** Returns true when any alternative matches. bash.<cli> fires for every dynamic command. */
export function matches(m: Matcher, subject: Subject): boolean {
  const name = subject.name.toLowerCase();
  for (const alt of m.alternatives) {
    switch (alt.kind) {
      case "any":
        return true;
      case "mcp":
        if (name.startsWith("mcp__")) return true;
        break;
      case "mcp_server":
        if (name.startsWith(`mcp__${alt.server}__`) || name.startsWith(`mcp__${sanitized(alt.server)}__`)) return true;
        break;
      case "exact":
        if (name === alt.name || (alt.name.startsWith("mcp__") && name === sanitized(alt.name))) return true;
        break;
      case "cli": {
        if (name !== "bash" || !subject.programs) break;
        const a = subject.programs();
        // `python -m pip` runs pip's code: a pip guard must see it, though pip is not the program;
        // and `sudo git push` runs sudo, which a `bash.sudo` guard must see, though git is the program
        if (a.dynamic || a.programs.includes(alt.cli) || a.modules?.includes(alt.cli) || a.wrappers?.includes(alt.cli)) return true;
        // `/usr/lib/git-core/git-push` is git's own push (src/facts/git.ts reads it as `git push`)
        if (alt.cli === "git" && a.programs.some((p) => p.startsWith("git-"))) return true;
        break;
      }
    }
  }
  return false;
}

/** Returns true when the matcher uses bash.<cli> (so the command must be analysed). */
export function needsPrograms(m: Matcher): boolean {
  return m.alternatives.some((a) => a.kind === "cli");
}
