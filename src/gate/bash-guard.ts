// Whether a shell line touches something protected (paths.ts), judged on the words bash will see:
// after quote removal (the analyzer's words), with globs counted as every path they could match,
// `cd` followed through the line, variables the line assigns expanded, and symlinks (dangling ones
// too) followed. A line that touches something protected passes the closed gate only when it only
// reads (read-only.ts). Before that, two kinds of line are refused outright: this executable driven
// to change its set-up (self-call.ts) and git changing a layer repository's trust (git-guard.ts).
// What it cannot see: a program that writes there by itself without naming the place (a script, a
// compiler), which SECURITY.md says. Loaded for shell lines only, as one chunk.
import { basename, join } from "node:path";
import type { ShellAnalysis } from "../shell/analyze";
import type { CommandInfo } from "../shell/programs";
import type { Word } from "../shell/scan";
import { patchPaths } from "../harness/common";
import { argWords, isLiteral, LineState, literalText } from "./line-state";
import { checkDeadline, GateLimit, overBudget } from "./limits";
import { KIND_TEXT, type PathScope, absolutePath, holdsProtected, protectedDirKind, protectedKind } from "./paths";
import { withHere } from "./pattern-alternatives";
import { plainReadOnly, readOnlyProblem } from "./read-only";
import { UNFINISHED_ADVICE, maySelfCall } from "./reading-line";
import type { Piece } from "./word-value";
import { isDir } from "../fs-kind";

/** What a call would change among the things that decide which conditions run. */
export interface Write {
  /** What the call would do, for the deny reason. */
  what: string;
  /** A person's act whatever the gate says (trusting a repository, registering or removing the hooks). */
  personOnly?: boolean;
}

/** Programs whose operands, when they are folders holding protected things, delete or move them. */
const REMOVERS = new Set(["rm", "rmdir", "mv", "rsync", "shred", "unlink", "chmod", "chown", "chgrp", "find", "git", "ln"]);
/** Names that, relative to a folder only known when the line runs, could be part of a protected path. */
const PROTECTED_NAMES = new Set(["conditions", "gates", "cache", "builtin", "hooks", ".git", ".claude", ".agentihooks", ".codex", ".github", ".copilot", ".opencode"]);
/** Each operand costs a symlink walk: past this many, the line is one the gate cannot judge (limits.ts). */
const MAX_OPERANDS = 4096;

/**
 * Returns what the shell line would change, or undefined when it leaves protected things alone. A
 * limit reached on the way (limits.ts) counts as touching something protected: only reading passes.
 */
export function bashWrite(command: string, scope: PathScope, analysis?: ShellAnalysis): Write | undefined {
  try {
    return judgeLine(command, scope, analysis);
  } catch (e) {
    if (!(e instanceof GateLimit)) throw e;
    const problem = readOnlyProblem(analysis?.commands ?? [], analysis);
    return problem ? { what: `a shell command the gate cannot judge in full (${e.limit}) that ${problem}; ${e.advice}` } : undefined;
  }
}

function judgeLine(command: string, scope: PathScope, analysis?: ShellAnalysis): Write | undefined {
  const commands = analysis?.commands ?? [];
  const line = new LineState(scope, command, commands);
  // self-call.ts loads only for a line that may drive this executable (a superset, cheaply told)
  const selfCall = commands.some(maySelfCall) ? (require("./self-call") as typeof import("./self-call")).selfCallChecker(commands, scope.exe) : undefined;
  for (const c of commands) {
    const self = selfCall?.(c, line);
    if (self) return self;
    const change = c.program === "git" ? (require("./git-guard") as typeof import("./git-guard")).gitChange(c, line) : undefined;
    if (change) return { what: `a shell command that makes ${change}` };
    line.follow(c);
  }
  // a line the analysis could not finish may do anything in the part it did not see
  const stop = analysis?.issues?.find((i) => Object.hasOwn(UNFINISHED_ADVICE, i.code));
  // a huge plain read (`cat` of thousands of files) is read-only without the analysis
  if (stop?.code === "too-long" && plainReadOnly(command)) return undefined;
  if (stop) throw new GateLimit(`the shell analysis could not finish the line (${stop.code}: ${stop.message})`, UNFINISHED_ADVICE[stop.code]);
  // A line that only reads passes whatever it touches: asked first, since it is cheaper than finding
  // what the line touches (the protected places resolved, every operand followed through its links).
  const problem = readOnlyProblem(commands, analysis);
  if (!problem) return undefined;
  const touched = touchedBy(command, analysis, scope);
  return touched ? { what: `a shell command that touches ${touched} and ${problem}` } : undefined;
}

/** Returns what the line touches that is protected (a phrase), or undefined. */
export function touchedBy(command: string, analysis: ShellAnalysis | undefined, scope: PathScope): string | undefined {
  const commands = analysis?.commands ?? [];
  const named = mentions(command, commands, scope);
  if (named) return named;
  const line = new LineState(scope, command, commands);
  const memo = new Map<string, string>();
  const dotglob = /dotglob|GLOBIGNORE/.test(command);
  let budget = MAX_OPERANDS;
  // apply_patch run from the shell (Codex runs `apply_patch <<'EOF' ... EOF` itself): its headers name paths
  if (commands.some((c) => c.program === "apply_patch" || c.program === "applypatch")) {
    for (const path of patchPaths(command)) {
      const k = protectedKind(path, scope, scope.cwd, memo);
      if (k) return `${KIND_TEXT[k]} (${path}, in a patch)`;
    }
  }
  for (const c of commands) {
    if (!line.cwdUnknown) {
      for (const cwd of line.cwds) {
        const k = protectedDirKind(cwd, scope, memo);
        if (k) return `${KIND_TEXT[k]} (it runs inside ${cwd})`;
      }
    }
    const remover = c.program !== null && REMOVERS.has(c.program);
    const words = operands(c);
    for (const w of words) {
      if (budget-- <= 0) overBudget("the line names too many operands to check", MAX_OPERANDS, "split it into smaller commands");
      if ((budget & 63) === 0) checkDeadline("checking the line's operands");
      const hit = judgeWord(w.word, line, remover || w.redirect, dotglob, memo);
      if (hit) return hit;
    }
    const landed = intoFolder(words, line, memo);
    if (landed) return landed;
    line.follow(c);
  }
  return codeTouches(analysis, line, memo, budget);
}

/**
 * Paths named inside code the line carries (`python -c 'open("innocent/x","w")'`, an awk program, a
 * sed script, any argument with blanks in it): each token that looks like a path is checked as one,
 * as the cwd the line starts in sees it, so a symlink beside the line is found there too.
 */
function codeTouches(analysis: ShellAnalysis | undefined, line: LineState, memo: Map<string, string>, budget: number): string | undefined {
  const texts = [...(analysis?.inline ?? []).map((i) => i.code), ...(analysis?.commands ?? []).flatMap((c) => c.args.filter((a) => /\s/.test(a)))];
  for (const text of texts) {
    for (const token of text.split(/[\s"'`(),;=<>{}|&!]+/)) {
      if (!token.includes("/") || token.length > 4096) continue;
      if (budget-- <= 0) overBudget("the line's code names too many paths to check", MAX_OPERANDS, "split it into smaller commands");
      for (const cwd of line.cwds) {
        const k = protectedKind(token.startsWith("~/") ? line.scope.userHome + token.slice(1) : token, line.scope, cwd, memo);
        if (k) return `${KIND_TEXT[k]} (${token}, in code the line runs)`;
      }
    }
  }
  return undefined;
}

/**
 * The words of a command that may name paths: arguments, the value of `--opt=VALUE` and `key=VALUE`
 * (dd's `of=`), a short option's attached value when it looks like a path (`-oDIR/x`), and redirect
 * targets.
 */
function operands(c: CommandInfo): { word: Word; redirect: boolean }[] {
  const out: { word: Word; redirect: boolean }[] = [];
  const tail = (w: Word, text: number, raw: number) => out.push({ word: { ...w, text: w.text.slice(text), raw: w.raw.slice(raw) }, redirect: false });
  for (const w of argWords(c)) {
    const eqText = w.text.indexOf("=");
    const eqRaw = w.raw.indexOf("=");
    if (w.text.startsWith("-")) {
      if (w.text.startsWith("--") && eqText > 0 && eqRaw > 0) tail(w, eqText + 1, eqRaw + 1);
      else if (!w.text.startsWith("--") && w.text.length > 2 && w.text.includes("/") && w.raw.length > 2) tail(w, 2, 2);
      continue;
    }
    out.push({ word: w, redirect: false });
    if (/^[A-Za-z_][\w-]*=/.test(w.text) && eqRaw > 0) tail(w, eqText + 1, eqRaw + 1);
  }
  for (const r of c.redirects) if (r.word) out.push({ word: r.word, redirect: true });
  return out;
}

/**
 * A command that copies, moves or links into a folder writes `<folder>/<name of each source>` (`cp
 * x/status.sh ~/bin/`), a path no operand spells: each static operand that is an existing folder is
 * joined with the last name of every other static operand, and the result judged like an operand.
 */
function intoFolder(words: { word: Word; redirect: boolean }[], line: LineState, memo: Map<string, string>): string | undefined {
  const texts = words.filter((w) => !w.redirect && w.word.flags === 0 && w.word.text !== "").map((w) => w.word.text);
  if (texts.length < 2 || line.cwdUnknown) return undefined;
  for (const cwd of line.cwds) {
    for (const d of texts) {
      const dir = absolutePath(d, line.scope, cwd);
      if (!isDir(dir)) continue;
      for (const o of texts) {
        const name = basename(o);
        if (o === d || name === "" || name === "." || name === "..") continue;
        const k = protectedKind(join(dir, name), line.scope, cwd, memo);
        if (k) return `${KIND_TEXT[k]} (${join(dir, name)}: where ${o} lands in ${d})`;
      }
    }
  }
  return undefined;
}

/** Returns what a word can name that is protected, or undefined. */
function judgeWord(w: Word, line: LineState, remover: boolean, dotglob: boolean, memo: Map<string, string>): string | undefined {
  const scope = line.scope;
  for (const p of withHere(line.patterns(w))) {
    if (isLiteral(p)) {
      const text = literalText(p);
      if (!text) continue;
      if (!text.startsWith("/") && !text.startsWith("~") && line.cwdUnknown) {
        if (pathLike(text)) return `a path (${text}) relative to a folder a \`cd\` in the line only knows when it runs`;
        continue;
      }
      for (const cwd of line.cwds) {
        const k = protectedKind(text, scope, cwd, memo);
        if (k) return `${KIND_TEXT[k]} (${text})`;
        // creating, filling or replacing a folder that holds protected things creates them (`mv /tmp/evil .agentihooks`)
        if (isHolderName(text) || (remover && holdsProtected(text, scope, cwd, memo))) return `a folder that holds ${KIND_TEXT.layer} or other protected files (${text})`;
      }
      continue;
    }
    const hit = judgePattern(p, w.raw, line, remover, dotglob, memo);
    if (hit) return hit;
  }
  return undefined;
}

function judgePattern(p: Piece[], raw: string, line: LineState, remover: boolean, dotglob: boolean, memo: Map<string, string>): string | undefined {
  const scope = line.scope;
  // Loaded for globs and values only known when the line runs: most words are plain.
  const { expandGlob, globMatch, lexicalMatch, segmentsOf } = require("./path-match") as typeof import("./path-match");
  if (remover && p.every((x) => "any" in x)) return `an operand only known when it runs (${raw})`;
  const first = p[0];
  const absolute = (first && "lit" in first && first.lit.startsWith("/")) || (first !== undefined && "any" in first);
  const bases: Piece[][] = absolute ? [p] : line.cwdUnknown ? [[{ any: true }, { lit: "/" }, ...p]] : line.cwds.map((c) => [{ lit: `${c}/` }, ...p]);
  for (const full of bases) {
    const { segs, absolute: abs } = segmentsOf(full, dotglob);
    const lexical = lexicalMatch(segs, abs, scope);
    if (lexical.kind) return `${KIND_TEXT[lexical.kind]} (the pattern ${raw} can name it)`;
    if (lexical.ancestor) return `a folder holding protected files (the pattern ${raw} can name it)`;
    if (full.some((x) => "any" in x)) continue;
    const matches = expandGlob(segs, abs, "/");
    const found = globMatch(matches, scope, memo);
    if (found.kind) return `${KIND_TEXT[found.kind]} (the pattern ${raw} matches it)`;
    if (remover && found.ancestor) return `a folder holding protected files (the pattern ${raw} matches it)`;
  }
  return undefined;
}

/** Folders that are the agentihooks' or a harness's own, whatever holds them: `.agentihooks`, `.claude`, ... */
const HOLDER_NAMES = new Set([".agentihooks", ".claude", ".codex", ".copilot"]);

function isHolderName(text: string): boolean {
  const name = text.replace(/\/+$/, "").split("/").pop() ?? "";
  return HOLDER_NAMES.has(name.toLowerCase());
}

function pathLike(text: string): boolean {
  return /[/.]/.test(text) || PROTECTED_NAMES.has(text.toLowerCase());
}

/**
 * The textual net: a line that names a protected place anywhere in its text or its words after quote
 * removal (an interpreter's inline code, a heredoc fed to one, an option's attached value) counts as
 * touching it, so only reading passes.
 */
function mentions(command: string, commands: CommandInfo[], scope: PathScope): string | undefined {
  const texts = [command];
  for (const c of commands) {
    for (const w of c.words ?? []) if (w.text !== w.raw) texts.push(w.text);
    for (const r of c.redirects) if (r.word && r.word.text !== r.word.raw) texts.push(r.word.text);
  }
  const blob = texts.join("\n").toLowerCase();
  const home = /\.agentihooks|agentihooks_home/.test(blob) || blob.includes(scope.home.toLowerCase());
  if (/conditions/.test(blob) && (home || /\.claude/.test(blob))) return `${KIND_TEXT.layer} (named in the command)`;
  if (home && /gates|cache|builtin|state\.json|trust\.json/.test(blob)) return `${KIND_TEXT.home} (named in the command)`;
  if (/\.claude\/+settings(?:\.local)?\.json|\.codex\/+(?:hooks\.json|config\.toml)|\.copilot\/+(?:hooks|settings\.json)|\.github\/+(?:hooks|copilot\/+settings)/.test(blob)) {
    return `${KIND_TEXT.harness} (named in the command)`;
  }
  if (/codex_home|claude_config_dir|copilot_home/.test(blob) && /hooks|settings|config\.toml/.test(blob)) return `${KIND_TEXT.harness} (named in the command)`;
  return undefined;
}
