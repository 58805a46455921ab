// The agent driving agentihooks itself from its shell: `agentihooks link <its folder>`, `init`,
// `uninit`, `conditions set`, a forged payload piped into `agentihooks hook`, a renamed copy. The CLI
// trusts whoever runs it at a terminal, so it must not be reachable through the agent's shell while
// the gate is closed. A program counts as this executable when its word resolves (through the line's
// folders and PATH, as bash looks it up) to the running executable (same file, a hard link, a symlink,
// a copy of the same size and bytes) or to a file that names agentihooks (another build, a wrapper
// script). A program that resolves to nothing yet (made earlier in the same line), one only known when
// it runs, or one the line itself writes, counts when its arguments have the shape of a subcommand
// that changes state.
import { basename, join } from "node:path";
import type { CommandInfo } from "../shell/programs";
import type { Word } from "../shell/scan";
import type { Identity } from "./exe-identity";
import { argWords, isLiteral, type LineState, literalText } from "./line-state";
import { absolutePath } from "./paths";

export interface SelfCall {
  what: string;
  /** Never through an agent, gate open or not: trusting a repository, (un)registering the hooks. */
  personOnly: boolean;
}

type Effect = "read" | "change" | "person";

/** Subcommands that only read (anything else changes state, or might in a later version). */
const READS = new Set(["programs", "stats", "doctor", "help", "--help", "-h", "--version", "-v"]);
const SUB_READS: Record<string, Set<string>> = {
  conditions: new Set(["list", "show", "explain", "test", "lint", "--help", "-h"]),
  enforcement: new Set(["list", "--help", "-h"]),
  profile: new Set(["list", "--help", "-h"]),
};
const PERSON_ONLY = new Set(["trust", "init", "uninit"]);
/** Subcommands only a person may run: `profile use` switches which guards run, as `init` records them. */
const PERSON_SUBS: Record<string, Set<string>> = { profile: new Set(["use"]) };
/** Shapes that count on a program that cannot be told apart from this one. */
const CHANGE_SHAPES = new Set(["hook", "link", "unlink", "mcp", "trust", "init", "uninit"]);

/** Returns what running `args` would do. */
export function effectOf(args: readonly string[]): Effect {
  const first = args[0];
  if (first === undefined || READS.has(first)) return "read";
  if (PERSON_ONLY.has(first) || PERSON_SUBS[first]?.has(args[1] ?? "")) return "person";
  const sub = SUB_READS[first];
  if (sub) return args[1] === undefined || sub.has(args[1]) ? "read" : "change";
  return "change";
}

/** Returns true when args have the shape of one of this executable's state-changing subcommands. */
function changeShape(args: readonly string[]): boolean {
  const first = args[0];
  if (first === undefined) return false;
  if (CHANGE_SHAPES.has(first)) return true;
  return !!SUB_READS[first] && effectOf(args) !== "read" && ["set", "clear", "use", "disable", "enable"].includes(args[1] ?? "");
}

/** Returns a checker of one command of the line (given the line's state at that command). */
export function selfCallChecker(commands: readonly CommandInfo[], exe: string | undefined): (c: CommandInfo, line: LineState) => SelfCall | undefined {
  // computed on the first call that needs them: most lines run nothing shaped like a set-up change
  let written: Set<string> | undefined;
  let self: Identity | undefined | null = null;
  const known = () => {
    if (!written) {
      written = writtenNames(commands);
      for (const n of redefinedNames(commands)) written.add(n);
    }
    if (self === null) self = exe ? identityOf(exe) : undefined;
    return { written, self };
  };
  return (c, line) => {
    // a program only known when it runs has its own word first among the args; an interpreter, its script
    const callArgs = c.program === null ? c.args.slice(1) : INTERPRETERS.has(c.program) ? scriptArgs(c.args) : c.args;
    const callWords = argWords(c).slice(c.args.length - callArgs.length);
    // xargs, parallel and find -exec add words of their own: what runs is not all in the line
    const fed = !!c.via && /xargs|parallel|find|watch/.test(c.via);
    const named = c.program !== null && /^agentihooks/.test(c.program);
    // the subcommand as bash will see it: each value the line gives it, or unknown (then it may be `trust`)
    const sub = subcommands(c, callArgs, callWords, line);
    // resolving a program costs stats and reads: only for calls shaped like a change of set-up
    if (!named && !fed && !sub.unknown && !sub.shapes.some(changeShape)) return undefined;
    // an interpreter's script given an argument only known when it runs counts when the script may be ours
    if (sub.unknown && c.program !== null && INTERPRETERS.has(c.program) && !c.args.some((a) => /agentihooks|main\.[jt]s$/i.test(a))) return undefined;
    // a script run by an interpreter (`bun src/main.ts link .`) cannot be told apart: its shape decides
    const { written, self } = known();
    const who = named ? "self" : c.program !== null && INTERPRETERS.has(c.program) ? "unknown" : whoRuns(c, line, self, written);
    if (who === "other") return undefined;
    // a fed program that is simply not installed is not a copy of this one, unless the line made it
    if (fed && who === "unknown" && c.program !== null && !written.has(c.program) && !changeShape(callArgs)) return undefined;
    // a static program that is simply not installed, given an argument only known when it runs, neither
    if (!named && !fed && who === "unknown" && c.program !== null && !written.has(c.program) && !sub.shapes.some(changeShape)) return undefined;
    const effect = fed ? effectOf(["?"]) : sub.unknown ? "person" : worst(sub.shapes.map(effectOf));
    if (effect === "read") return undefined;
    const name = c.program ?? c.args[0] ?? "?";
    const shown = `\`${[name, ...callArgs.slice(0, 3)].join(" ")}\``;
    const how = who === "self" ? "runs agentihooks" : "may run agentihooks (its program cannot be told apart before it runs)";
    const unknownSub = sub.unknown ? " (its subcommand is only known when it runs, and may be `trust`, `init` or `uninit`)" : "";
    return { what: `a shell command that ${how} to change its set-up: ${shown}${unknownSub}`, personOnly: effect === "person" };
  };
}

const RANK: Record<Effect, number> = { read: 0, change: 1, person: 2 };
const worst = (effects: Effect[]): Effect => effects.reduce((a, b) => (RANK[b] > RANK[a] ? b : a), "read");

/** More combinations of subcommand values than this, and the subcommand counts as unknown. */
const MAX_SHAPES = 16;

/**
 * The argument lists a call can have once bash expanded its first two words (the line's values for
 * its variables), or `unknown` when one of them is only known when it runs, or when a program word
 * only known when it runs may split into a program and arguments of its own.
 */
function subcommands(c: CommandInfo, callArgs: string[], callWords: readonly Word[], line: LineState): { shapes: string[][]; unknown: boolean } {
  const unknown = { shapes: [callArgs], unknown: true };
  let lead: string[][] = [[]];
  if (c.program === null) {
    const progWord = argWords(c)[0];
    // its values whole (`"$a"`), split into words below: `$a` with a="agentihooks trust" runs agentihooks
    const whole = progWord && /^\$\{?[A-Za-z_][A-Za-z0-9_]*\}?$/.test(progWord.raw) ? { ...progWord, raw: `"${progWord.raw}"` } : progWord;
    const prog = whole ? valuesOf(whole, line) : undefined;
    if (!prog) return unknown;
    // `$cmd` with cmd="npm test" (or "agentihooks trust"): the value's own words come first
    const fields = prog.map((v) => v.trim().split(/\s+/).slice(1));
    if (fields.some((f) => f.length)) {
      if (callWords.some((w) => !valuesOf(w, line))) return unknown;
      lead = fields;
    }
  }
  if (lead.some((f) => f.length)) {
    const shapes = lead.map((f) => [...f, ...callArgs]);
    return shapes.length > MAX_SHAPES ? unknown : { shapes, unknown: false };
  }
  const firsts = callWords[0] ? valuesOf(callWords[0], line) : [callArgs[0] ?? ""];
  if (!firsts) return unknown;
  const seconds = callWords[1] ? valuesOf(callWords[1], line) : [callArgs[1] ?? ""];
  if (!seconds && firsts.some((f) => Object.hasOwn(SUB_READS, f))) return unknown;
  const shapes: string[][] = [];
  for (const a of firsts) {
    for (const b of seconds ?? ["?"]) {
      if (shapes.length >= MAX_SHAPES) return unknown;
      shapes.push(callArgs.length === 0 ? [] : callArgs.length === 1 ? [a] : [a, b, ...callArgs.slice(2)]);
    }
  }
  return { shapes: shapes.length ? shapes : [callArgs], unknown: false };
}

/** The texts a word can have, or undefined when any part of it is only known when it runs (or a glob). */
function valuesOf(w: Word, line: LineState): string[] | undefined {
  if (w.flags === 0) return [w.text];
  const pats = line.patterns(w);
  return pats.every(isLiteral) ? pats.map(literalText) : undefined;
}

/** Interpreters that run a script given as their first operand (agentihooks' own source, for one). */
const INTERPRETERS = new Set(["bun", "node", "nodejs", "deno", "tsx", "ts-node"]);

/** The arguments after an interpreter's script (options and `run` skipped). */
function scriptArgs(args: readonly string[]): string[] {
  let i = 0;
  while (i < args.length && (args[i].startsWith("-") || args[i] === "run")) i++;
  return args.slice(i + 1);
}

/** Names the line makes mean something else: `alias ls=...`, `hash -p PATH ls`. */
function redefinedNames(commands: readonly CommandInfo[]): string[] {
  const out: string[] = [];
  for (const c of commands) {
    if (c.program === "alias") for (const a of c.args) if (a.includes("=")) out.push(a.slice(0, a.indexOf("=")).toLowerCase());
    if (c.program === "hash" && c.args.includes("-p")) out.push(...c.args.slice(c.args.indexOf("-p") + 2).map((a) => a.toLowerCase()));
  }
  return out;
}

/** Programs that write the files their operands name (a copy of this executable, under any name). */
const WRITERS = new Set(["cp", "mv", "ln", "install", "rsync", "tee", "dd", "curl", "wget", "tar", "unzip", "scp", "ditto", "cat", "bun", "go", "gcc", "cc"]);

/** Basenames of the files the line writes: a copy made in the line may be run in it. */
function writtenNames(commands: readonly CommandInfo[]): Set<string> {
  const out = new Set<string>();
  for (const c of commands) {
    if (c.program !== null && WRITERS.has(c.program)) for (const a of c.args) if (!a.startsWith("-")) out.add(basename(a).toLowerCase());
    for (const r of c.redirects) if (r.op.includes(">")) out.add(basename(r.target).toLowerCase());
  }
  return out;
}

/** exe-identity.ts, loaded for calls shaped like a set-up change only. */
const identityOf = (path: string) => (require("./exe-identity") as typeof import("./exe-identity")).identity(path);
const sameProgram = (a: Identity, b: Identity) => (require("./exe-identity") as typeof import("./exe-identity")).isSameProgram(a, b);

function whoRuns(c: CommandInfo, line: LineState, self: Identity | undefined, written: Set<string>): "self" | "other" | "unknown" {
  if (c.program !== null && /^agentihooks/.test(c.program)) return "self";
  const words = c.words ?? [];
  // a program only known when it runs is its first arg's word; the line may still give it its values
  const progWord = c.program === null ? argWords(c)[0] : words[words.length - argWords(c).length - 1];
  const word = c.program === null && progWord && /^\$\{?[A-Za-z_][A-Za-z0-9_]*\}?$/.test(progWord.raw) ? { ...progWord, raw: `"${progWord.raw}"` } : progWord;
  if (!word) return c.program === null && !c.dynamic ? "other" : "unknown";
  const pats = line.patterns(word);
  if (!pats.every(isLiteral)) return "unknown";
  let found = false;
  for (const p of pats) {
    // a program word whose value holds blanks runs its first word
    const text = c.program === null ? literalText(p).trim().split(/\s+/)[0] : literalText(p);
    if (/^agentihooks/i.test(basename(text))) return "self";
    if (written.has(basename(text).toLowerCase())) return "unknown";
    for (const candidate of candidates(text, line)) {
      const st = identityOf(candidate);
      if (!st) continue;
      found = true;
      if (self && sameProgram(st, self)) return "self";
    }
  }
  if (!found || (c.program !== null && written.has(c.program))) return "unknown";
  return "other";
}

/** Where bash looks for a program word: the path itself, else each PATH folder (the line's PATH too). */
function candidates(word: string, line: LineState): string[] {
  if (word.includes("/")) {
    if (line.cwdUnknown && !word.startsWith("/") && !word.startsWith("~")) return [];
    return line.cwds.map((cwd) => absolutePath(word, line.scope, cwd));
  }
  const dirs = new Set<string>();
  for (const p of line.expand.vars("PATH") ?? []) for (const d of literalText(p).split(":")) dirs.add(d || ".");
  for (const d of (line.scope.env?.PATH ?? process.env.PATH ?? "").split(":")) dirs.add(d || ".");
  return [...dirs].flatMap((d) => line.cwds.map((cwd) => absolutePath(join(d, word), line.scope, cwd)));
}

