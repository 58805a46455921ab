// The text heuristics of `conditions lint`: where a guard's script reads the payload in a way that lets
// a payload it cannot parse through (fails open). A PreToolUse condition that exits 1 is skipped, and
// one that reads nothing and exits 0 allows the call, so either way an unreadable payload passes; only
// exit 2 (or a JSON deny) fails closed. These read the text, not the code, and say so.

export interface ScriptFinding {
  rule: string;
  message: string;
  fix: string;
}

const DENY_FIX = 'add || { echo "cannot read the payload; denied to fail closed" >&2; exit 2; } to that command';

/** Returns the fail-open patterns of a guard script of extension `ext` (heuristic, from its text). */
export function failOpenFindings(text: string, ext: string): ScriptFinding[] {
  const lines = text.split("\n");
  if (ext === "sh" || ext === "bash" || /^#!.*\b(ba)?sh\b/.test(lines[0] ?? "")) return shellFindings(text);
  if (ext === "py" || /^#!.*python/.test(lines[0] ?? "")) return pythonFindings(lines);
  return [];
}

// --- internal ---

interface Reader {
  /** What reads the payload: "python3 -c" or "jq". */
  tool: "python3 -c" | "jq";
  line: number;
  /** The whole statement: from its line's start to the end of the line where the inline code closes. */
  statement: string;
  /** The inline code (python3 -c only) and where it starts in the text. */
  code: string;
  codeAt: number;
}

const PYTHON_C = /(?:python[0-9.]*|\$\{?AGENTIHOOKS_PYTHON[^}\s]*\}?)["']?\s+-c\s+/g;
const JQ = /(^|[\s|;(`$&])jq(?=\s)/g;

function shellFindings(text: string): ScriptFinding[] {
  // An ERR trap that exits 2 denies on any failing command under set -e: every reader is handled.
  if (/^\s*trap\s+.*\bexit\s+2\b.*\bERR\b/m.test(text)) return [];
  const errexit = /^\s*set\s+(-[a-z]*e[a-z]*\b|-o\s+errexit)/m.test(text);
  const out: ScriptFinding[] = [];
  for (const r of readers(text)) {
    if (r.tool === "python3 -c" && (!/json\.load|sys\.stdin/.test(r.code) || /\btry\s*:/.test(r.code))) continue;
    if (r.tool === "jq" && !/\.tool_input|\.tool_name|\.tool_response/.test(r.statement)) continue;
    if (r.tool === "jq" && !/\s(-[a-zA-Z]*e[a-zA-Z]*|--exit-status)\b/.test(r.statement)) {
      out.push({
        rule: "jq-null",
        message: `line ${r.line}: jq without -e exits 0 when the field is missing (printing "null", or nothing with // empty), so such a payload is judged as that text and passes (fails open; heuristic)`,
        fix: "use jq -e (-er for raw text), which exits non-zero on null or false, and handle that failure with exit 2",
      });
    }
    if (handled(r, text)) continue;
    const what = r.tool === "jq" ? "jq" : "python3 -c";
    out.push(
      errexit
        ? { rule: "exit-1-on-bad-input", message: `line ${r.line}: ${what} reads the payload under set -e without a fallback (|| ...): a payload it cannot parse exits 1, which skips the condition (fails open) instead of denying (heuristic)`, fix: DENY_FIX }
        : { rule: "empty-on-bad-input", message: `line ${r.line}: ${what} reads the payload with no failure handling: on a payload it cannot parse its output is empty, the script goes on and exits 0 (fails open) instead of denying (heuristic)`, fix: DENY_FIX },
    );
  }
  return out;
}

/** True when the reader's failure is acted on: `||`, `if !`, or an emptiness test of what it assigned. */
function handled(r: Reader, text: string): boolean {
  const after = r.tool === "python3 -c" ? r.statement.slice(r.statement.lastIndexOf(r.code) + r.code.length) : r.statement;
  if (/\|\|/.test(after) || /^\s*(if|until|while)\s+!/.test(r.statement)) return true;
  const v = /([A-Za-z_][A-Za-z0-9_]*)=["']?\$\(/.exec(r.statement)?.[1];
  return !!v && new RegExp(`-z\\s+"?\\$\\{?${v}\\b|\\$\\{${v}:\\?`).test(text);
}

/** Returns every place the script runs python3 -c or jq, outside comments. */
function readers(text: string): Reader[] {
  const out: Reader[] = [];
  const lineAt = (i: number) => text.slice(0, i).split("\n").length;
  const lineStart = (i: number) => text.lastIndexOf("\n", i - 1) + 1;
  const lineEnd = (i: number) => (text.indexOf("\n", i) === -1 ? text.length : text.indexOf("\n", i));
  const commented = (i: number) => /^\s*#/.test(text.slice(lineStart(i), i));
  for (const m of text.matchAll(PYTHON_C)) {
    const at = m.index ?? 0;
    if (commented(at)) continue;
    const open = at + m[0].length;
    const q = text[open];
    let close = q === "'" ? text.indexOf("'", open + 1) : q === '"' ? closingDouble(text, open + 1) : lineEnd(open);
    if (close === -1) close = text.length;
    const codeAt = q === "'" || q === '"' ? open + 1 : open;
    out.push({ tool: "python3 -c", line: lineAt(at), statement: text.slice(lineStart(at), lineEnd(close)), code: text.slice(codeAt, close), codeAt });
  }
  for (const m of text.matchAll(JQ)) {
    const at = (m.index ?? 0) + m[1].length;
    if (commented(at) || insideAny(out, at)) continue;
    out.push({ tool: "jq", line: lineAt(at), statement: text.slice(lineStart(at), lineEnd(at)), code: "", codeAt: -1 });
  }
  return out.sort((a, b) => a.line - b.line);
}

function closingDouble(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    if (text[i] === "\\") i++;
    else if (text[i] === '"') return i;
  }
  return -1;
}

/** True when `at` lies inside some python3 -c code already found (a "jq" word in Python text). */
function insideAny(found: Reader[], at: number): boolean {
  return found.some((r) => r.codeAt >= 0 && at >= r.codeAt && at < r.codeAt + r.code.length);
}

function pythonFindings(lines: string[]): ScriptFinding[] {
  const i = lines.findIndex((l) => /json\.loads?\(\s*sys\.stdin/.test(l) && !/^\s*#/.test(l));
  if (i < 0) return [];
  const depth = lines[i].search(/\S/);
  // Inside a try block: some earlier `try:` sits at a smaller indentation than the load.
  if (lines.slice(0, i).some((l) => /^\s*try\s*:/.test(l) && l.search(/\S/) < depth)) return [];
  return [{
    rule: "exit-1-on-bad-input",
    message: `line ${i + 1}: json.load of stdin outside a try block: a payload it cannot read exits 1, which skips the condition (fails open) instead of denying (heuristic)`,
    fix: "wrap the load in try/except and, on failure, print the reason to stderr and sys.exit(2)",
  }];
}
