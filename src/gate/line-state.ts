// What one shell line knows about itself as it goes: the variables it assigns (and the loop variables
// of its `for` headers), and the folders it can be in after each `cd`. Both are over-approximations:
// every value a variable is given anywhere in the line counts, and a `cd` adds a folder without
// removing the one before it (a subshell, a failed `cd`). A `cd` whose target is only known when it
// runs leaves the folder unknown, and relative paths after it are suspect.
// A variable has values only where every write to it in the line is a plain assignment word (or a
// `for` header's word): `printf -v`, `read`, `mapfile`, `getopts`, `unset`, `${x:=...}`, arithmetic,
// `declare` with options, make it unknown; a nameref, a computed name, `eval`, `source`, a trap or a
// program only known when it runs may write any variable, and make them all unknown (shell-writes.ts).
import type { CommandInfo } from "../shell/programs";
import type { Word } from "../shell/scan";
import { findGitRoot } from "../conditions/git-root";
import { type PathScope, absolutePath } from "./paths";
import { GateLimit } from "./limits";
import { forHeaders, shellWrites } from "./shell-writes";
import type { ExpandContext, Piece } from "./word-value";
import { isDir } from "../fs-kind";

/** More folders than this after `cd`s, and the folder counts as unknown. */
const MAX_CWDS = 8;
/** More values than this for a variable written where the gate cannot see, and it is only ANY. */
const MAX_UNION = 32;

/** Variables whose value the hook's own environment gives (the tool's shell has the same ones). */
const ENV_VARS = new Set(["HOME", "AGENTIHOOKS_HOME", "TMPDIR", "USER", "LOGNAME", "CODEX_HOME", "CLAUDE_CONFIG_DIR", "COPILOT_HOME", "QWEN_HOME", "KIMI_CODE_HOME", "XDG_CONFIG_HOME", "CLAUDE_PROJECT_DIR", "SHELL"]);

export class LineState {
  cwds: string[];
  cwdUnknown = false;
  private assigned = new Map<string, Piece[][] | undefined>();
  /** Variables whose values were too many to hold: using one is a limit reached (limits.ts). */
  private overflow = new Map<string, GateLimit>();
  /** Variables written other than by plain assignment words, or every variable (`all`). */
  private unknown: { all: boolean; names: Set<string> };

  constructor(
    readonly scope: PathScope,
    command: string,
    commands: CommandInfo[],
  ) {
    this.cwds = [scope.cwd];
    this.unknown = shellWrites(command, commands);
    // `${x:=v}` and `${x=v}` give x the value v where x was unset
    // (looked for only in a line holding `${`: the first matchAll of a process costs ~0.2 ms)
    if (command.includes("${")) for (const m of command.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*):?=([^}]*)\}/g)) this.bindSafely(m[1], () => this.patterns({ text: m[2], raw: m[2], flags: 1 }));
    for (const [name, words] of forHeaders(command)) this.bindSafely(name, () => words.flatMap((w) => this.patterns(w)));
    for (const c of commands) {
      const fold = caseFolds(c);
      for (const [name, value] of assignments(c)) this.bindSafely(name, () => (value ? folded(this.patterns(value), fold) : undefined));
      // what `printf -v` and `read <<<` assign is in the line: kept as values besides ANY (the name stays unknown)
      for (const [name, text] of shownWrites(c)) this.bindSafely(name, () => [[{ lit: text }]]);
    }
  }

  /** True when the line may give `name` a value the gate does not see. */
  changed(name: string): boolean {
    return this.unknown.all || this.unknown.names.has(name);
  }

  /** The expansion context: variables, known command substitutions, `~`. */
  get expand(): ExpandContext {
    return {
      vars: (n) => this.lookup(n),
      substitution: (s) => this.substitution(s),
      homes: this.homes(),
      ifs: this.ifs(),
    };
  }

  /** The IFS values unquoted expansions may split at: the default, and every value the line gives IFS. */
  private ifs(): string[] | undefined {
    if (this.changed("IFS")) return undefined;
    if (!this.assigned.has("IFS")) return [" \t\n"];
    const values = this.assigned.get("IFS");
    if (!values?.every(isLiteral)) return undefined;
    return [" \t\n", ...values.map(literalText)];
  }

  /** What `~` stands for: the hook's $HOME, and every value the line gives HOME (ANY when it cannot tell). */
  private homes(): Piece[][] {
    const own: Piece[] = [{ lit: this.scope.userHome }];
    if (!this.assigned.has("HOME") && !this.changed("HOME")) return [own];
    return [...(this.lookup("HOME") ?? [[{ any: true }]]), own];
  }

  /** Returns the patterns a word can stand for (a static word is its text: word-value.ts loads only for the others). */
  patterns(w: Pick<Word, "text" | "raw" | "flags">): Piece[][] {
    if (w.flags === 0) {
      const t = w.text;
      if (!(w.raw.startsWith("~") && (t === "~" || t.startsWith("~/")))) return [[{ lit: t }]];
      // `~` is $HOME as the line leaves it
      return this.homes().map((h) => [...h, { lit: t.slice(1) }]);
    }
    const { wordPatterns } = require("./word-value") as typeof import("./word-value");
    return wordPatterns(w, this.expand);
  }

  /** Follows a `cd`/`pushd`/`popd` command. */
  follow(c: CommandInfo): void {
    if (c.program !== "cd" && c.program !== "pushd" && c.program !== "popd") return;
    if (c.program === "popd") return void (this.cwdUnknown = true);
    const words = argWords(c);
    const target = words.find((w) => !(w.flags === 0 && /^-[LPe@]+$/.test(w.text)));
    // `cd` alone goes to $HOME as the line leaves it
    const pats = target ? this.patterns(target) : (this.lookup("HOME") ?? [[{ any: true }]]);
    if (target && target.flags === 0 && target.text === "-") return void (this.cwdUnknown = true);
    if (!pats.every(isLiteral)) return void (this.cwdUnknown = true);
    // with CDPATH, `cd name` may land in any folder CDPATH lists
    const cdpath = this.assigned.has("CDPATH") || this.changed("CDPATH") || !!this.scope.env?.CDPATH;
    const bare = (p: Piece[]) => !/^(?:\/|~|\.\.?(?:\/|$))/.test(literalText(p));
    if (cdpath && pats.some(bare)) return void (this.cwdUnknown = true);
    const dirs = this.cwds.flatMap((cwd) => pats.map((p) => absolutePath(literalText(p), this.scope, cwd)));
    // with `shopt -s cdable_vars` (set in the line, or in the shell's start-up files), `cd name` for a
    // folder that does not exist goes to the folder $name holds
    if (pats.some(bare) && dirs.some((d) => !isDir(d))) return void (this.cwdUnknown = true);
    this.add(dirs);
  }

  private add(dirs: string[]): void {
    for (const d of dirs) if (!this.cwds.includes(d)) this.cwds.push(d);
    if (this.cwds.length > MAX_CWDS) this.cwdUnknown = true;
  }

  /** Binds a value computed by `value`; a value past the gate's limits is kept as the limit. */
  private bindSafely(name: string, value: () => Piece[][] | undefined): void {
    try {
      this.bind(name, value());
    } catch (e) {
      if (!(e instanceof GateLimit)) throw e;
      this.overflow.set(name, e);
    }
  }

  private bind(name: string, value: Piece[][] | undefined): void {
    if (this.assigned.has(name) && this.assigned.get(name) === undefined) return;
    if (!value) return void this.assigned.set(name, undefined);
    this.assigned.set(name, [...(this.assigned.get(name) ?? []), ...value]);
  }

  private lookup(name: string): Piece[][] | undefined {
    const limit = this.overflow.get(name);
    if (limit) throw limit;
    if (this.changed(name)) return this.anyOrAssigned();
    if (this.assigned.has(name)) return this.assigned.get(name);
    if (name === "PWD") return this.cwdUnknown ? undefined : this.cwds.map((c) => [{ lit: c }]);
    if (name === "HOME") return [[{ lit: this.scope.userHome }]];
    if (name === "AGENTIHOOKS_HOME") return [[{ lit: this.scope.home }]];
    const v = ENV_VARS.has(name) ? this.scope.env?.[name] : undefined;
    return v ? [[{ lit: v }]] : undefined;
  }

  /**
   * What a variable written where the gate cannot see may hold: anything (ANY), or any value the line
   * assigns anywhere (a nameref's `r=v` lands in its target), so a symlink such a value names is found.
   */
  private anyOrAssigned(): Piece[][] {
    const out: Piece[][] = [[{ any: true }]];
    for (const v of this.assigned.values()) if (v) out.push(...v);
    return out.length > MAX_UNION ? [[{ any: true }]] : out;
  }

  /** The few command substitutions whose value is known before the line runs. */
  private substitution(inner: string): Piece[][] | undefined {
    if (this.cwdUnknown) return undefined;
    if (inner === "pwd" || inner === "pwd -P" || inner === "pwd -L") return this.cwds.map((c) => [{ lit: c }]);
    const gitEnv = ["GIT_DIR", "GIT_WORK_TREE", "GIT_CEILING_DIRECTORIES", "GIT_DISCOVERY_ACROSS_FILESYSTEM"].some((n) => this.assigned.has(n) || this.changed(n));
    if (/^git\s+rev-parse\s+--show-toplevel$/.test(inner) && gitEnv) return [[{ any: true }], ...(this.lookup("GIT_WORK_TREE") ?? [])];
    if (/^git\s+rev-parse\s+--show-toplevel$/.test(inner)) {
      const root = findGitRoot(this.cwds[0]);
      return root === undefined ? undefined : [[{ lit: root }]];
    }
    // mktemp makes a fresh name in $TMPDIR (-t and --tmpdir too): known only when the line leaves TMPDIR
    // alone and the hook's TMPDIR is the tool's (both come from the harness)
    if (/^mktemp(?:\s+-[dqtu]+)*(?:\s+-t\s+\S+|\s+--tmpdir)?$/.test(inner)) {
      const dirs = this.assigned.has("TMPDIR") ? this.lookup("TMPDIR") : [[{ lit: this.scope.env?.TMPDIR || "/tmp" }]];
      return dirs?.map((d) => [...d, { lit: "/.agentihooks-mktemp-fresh" }]);
    }
    return undefined;
  }
}

/** Returns the words of a command's arguments (after its program word), with their provenance. */
export function argWords(c: CommandInfo): readonly Word[] {
  const words = c.words ?? [];
  return c.args.length ? words.slice(words.length - c.args.length) : [];
}

/**
 * Values a builtin's own words show for the variable it writes: `printf -v t FMT ARGS` (the format
 * with `%s`-like directives filled in order, and each argument), `read x <<< WORD` (the word, and
 * each of its fields). Only static words; the variable stays unknown (shell-writes.ts) besides these.
 */
function shownWrites(c: CommandInfo): [string, string][] {
  const out: [string, string][] = [];
  if (c.program === "printf") {
    const i = c.args.findIndex((a) => a === "-v" || (a.startsWith("-v") && a.length > 2));
    if (i < 0) return out;
    const name = c.args[i] === "-v" ? c.args[i + 1] : c.args[i].slice(2);
    const rest = c.args.slice(c.args[i] === "-v" ? i + 2 : i + 1).filter((a) => a !== "--");
    const [fmt = "", ...args] = rest;
    let k = 0;
    out.push([name, fmt.replace(/%[-+ #0-9.]*[sbdqiouxXcfeEgG]/g, () => args[k++] ?? "").replace(/%%/g, "%")]);
    for (const a of args) out.push([name, a]);
  }
  if (c.program === "read") {
    const word = c.redirects.find((r) => r.op === "<<<")?.target;
    const names = c.args.filter((a) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(a));
    if (word !== undefined) for (const n of names.length ? names : ["REPLY"]) for (const v of [word, ...word.split(/\s+/)]) out.push([n, v]);
  }
  return out.filter(([n]) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(n));
}

/** The case changes `declare -l`/`-u` (and kin) apply to the values they assign. */
function caseFolds(c: CommandInfo): ("l" | "u")[] {
  if (c.program === null || !["declare", "typeset", "local", "export", "readonly"].includes(c.program)) return [];
  const opts = c.args.filter((a) => a.startsWith("-")).join("");
  return (["l", "u"] as const).filter((f) => opts.includes(f));
}

/** The patterns with their literal text lowercased or uppercased as each fold says (every fold kept: the last one wins in bash). */
function folded(pats: Piece[][], folds: ("l" | "u")[]): Piece[][] {
  if (!folds.length) return pats;
  return folds.flatMap((f) => pats.map((p) => p.map((x) => ("lit" in x ? { lit: f === "l" ? x.lit.toLowerCase() : x.lit.toUpperCase() } : x))));
}

/** Returns the `NAME=value` assignments of a command (before its program, or args of export & co). */
function assignments(c: CommandInfo): [string, Word | undefined][] {
  const out: [string, Word | undefined][] = [];
  const words = c.words ?? [];
  const declare = c.program !== null && ["export", "declare", "typeset", "local", "readonly"].includes(c.program);
  for (const w of words) {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)(?:\[[^\]]*\])?\+?=/.exec(w.text);
    if (!m || !(w.assign || declare)) continue;
    // the value is the part after `=`: static words give it as text; others are read from their source
    const rawEq = w.raw.indexOf("=");
    out.push([m[1], rawEq < 0 ? undefined : { text: w.text.slice(m[0].length), raw: w.raw.slice(rawEq + 1), flags: w.flags, quoted: w.quoted, assign: false }]);
  }
  return out;
}

/** Returns true when a pattern holds no wildcard: it names one path. */
export function isLiteral(p: Piece[]): boolean {
  for (const x of p) if (!("lit" in x)) return false;
  return true;
}

/** Returns the literal text of a pattern (wildcards left out). */
export function literalText(p: Piece[]): string {
  let out = "";
  for (const x of p) if ("lit" in x) out += x.lit;
  return out;
}
