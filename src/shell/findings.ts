// What one analysis collects as it walks a line: the programs, wrappers and modules, each simple
// command resolved for people, the reasons it is dynamic, and interpreters' inline code. The walk
// recurses through the functions kept here (`find`, `resolve`, `expand`), so the modules that read
// runners, builtins or interpreters need not import the module that calls them.
import { addReason, type Redirect, type ScanContext, type SimpleCommand, type Span, type Word } from "./syntax";

/** One resolved simple command, for people: what runs, with what, how deep, and its redirections. */
export interface CommandInfo {
  program: string | null;
  args: string[];
  depth: number;
  redirects: { op: string; fd?: string; target: string; readonly word?: Word }[];
  /** The program word (or the command line a runner runs) is not static. */
  dynamic?: boolean;
  /** How it was reached when a runner ran it: `bash -c`, `xargs`, `find -exec`, `heredoc`, ... */
  via?: string;
  /** Some argument is made by an expansion (its value, and so whether it is an option, is only known when it runs). */
  argsExpand?: boolean;
  /** The wrappers it was run through, outermost first (`sudo`, `env`, `timeout`). */
  wrappers?: string[];
  /**
   * What an option, configuration or environment variable of this call does besides reading:
   * `runs core.pager`, `writes sed w` (the read-only check refuses any of them).
   */
  effects?: string[];
  /**
   * The scanned words this command was resolved from (assignments and wrappers included), with their
   * provenance: the gate compares paths after quote removal and expands globs itself. Not enumerable,
   * so `programs --json` stays as it is.
   */
  readonly words?: readonly Word[];
}

/** Code given to an interpreter in the line (`python -c`, `perl -e`, an awk program, a heredoc). */
export interface InlineCode {
  language: string;
  code: string;
  via: string;
  start: number;
  end: number;
}

/** Where a list of words came from: its simple command (for stdin and redirections) and nesting. */
export interface Site {
  /** The simple command whose stdin and redirections apply; absent once a runner passed it on. */
  cmd?: SimpleCommand;
  depth: number;
  via?: string;
  /** The span of the top-level line that nested text came from (undefined: the words' own spans). */
  origin?: Span;
}

/** Everything one analysis has found so far; nested analyses add to the same object. */
export interface Findings {
  programs: Set<string>;
  /** Python modules run with `-m`: not programs, but `bash.<cli>` matches them too. */
  modules: Set<string>;
  /** Wrappers (`sudo`, `env`, `timeout`): not programs, but `bash.<cli>` matches them too. */
  wrappers: Set<string>;
  dynamic: boolean;
  commands: CommandInfo[];
  inline: InlineCode[];
  ctx: ScanContext;
  /** Adds the programs of the command line `text` (from `origin` of the top-level line). */
  find(text: string, depth: number, f: Findings, via?: string, origin?: Span): void;
  /** Resolves the command that starts at `words[i]`. */
  resolve(words: Word[], i: number, site: Site, f: Findings): void;
  /** Adds the programs of the substitutions in `text` (bash expands it as a heredoc body). */
  expand(text: string, depth: number, f: Findings, origin: Span): void;
  /**
   * Adds the programs of `text` run by /bin/sh (system(), popen, `sed e`, `sh -c`): dash on Debian,
   * bash in posix mode elsewhere. Where the two read it differently, the line is dynamic too. The
   * shell is reported as the program `sh` unless `shell` names the one the line already runs.
   */
  sh(text: string, depth: number, f: Findings, via?: string, origin?: Span, shell?: string): void;
}

/** Returns the span of `w` in the top-level line. */
export function spanOf(site: Site, w: { start: number; end: number }): Span {
  return site.origin ?? site.cmd?.origin ?? [w.start, w.end];
}

/** Records that the line is dynamic because of `construct` at `span`. */
export function dynamic(f: Findings, construct: string, message: string, span: Span): void {
  f.dynamic = true;
  addReason(f.ctx, construct, message, span[0], span[1]);
}

/**
 * Records a program that reads its commands from stdin when nothing in the line feeds it: it reads
 * what is typed into it later (a terminal, or a harness tool that writes to a running process, such as
 * Codex's write_stdin, which fires no hook), so what it runs is not in the line.
 */
export function interactive(f: Findings, site: Site, name: string): void {
  const at = site.cmd?.words[0] ?? { start: 0, end: 0 };
  dynamic(f, "interactive", `${name} reads its commands from the terminal: what is typed into it later is never seen by a hook`, spanOf(site, at));
}

/** Stops the whole analysis (nesting too deep): an issue, and the line is dynamic. */
export function stop(f: Findings, message: string): void {
  f.ctx.issues.push({ code: "too-deep", message, offset: 0 });
  f.ctx.stopped = true;
  f.dynamic = true;
}

/** Returns the lowercased program name of a path: basename, `.exe` and friends dropped (`C:\Git\git.EXE` -> `git`). */
export function basename(path: string): string {
  // one pass: where the last separator and the last dot are, and whether anything is upper case
  let start = 0;
  let dot = -1;
  let upper = false;
  for (let i = 0; i < path.length; i++) {
    const c = path.charCodeAt(i);
    if (c === 47 || c === 92) {
      start = i + 1;
      dot = -1;
    } else if (c === 46) dot = i;
    else if ((c >= 65 && c <= 90) || c > 127) upper = true; // upper case, or a letter toLowerCase may change
  }
  let name = start ? path.slice(start) : path;
  if (upper) name = name.toLowerCase();
  if (dot <= start) return name;
  const ext = name.slice(dot - start + 1);
  return Object.hasOwn(WINDOWS_EXTENSIONS, ext) ? name.slice(0, dot - start) : name;
}

const WINDOWS_EXTENSIONS: Readonly<Record<string, 1>> = { exe: 1, cmd: 1, bat: 1, com: 1 };

/** Records one resolved command for people and returns it (so effects can be added). */
export function record(f: Findings, site: Site, program: string | null, words: Word[], i: number, isDynamic = false, wrappers?: string[]): CommandInfo {
  if (isDynamic) f.dynamic = true;
  const args = words.slice(program === null ? i : i + 1);
  const info: CommandInfo = {
    program,
    args: args.map((w) => (w.flags ? w.raw : w.text)),
    depth: site.depth,
    redirects: site.cmd ? site.cmd.redirects.map(describeRedirect) : [],
  };
  if (isDynamic) info.dynamic = true;
  if (args.some((w) => w.flags !== 0)) info.argsExpand = true;
  if (site.via) info.via = site.via;
  if (wrappers?.length) info.wrappers = wrappers;
  Object.defineProperty(info, "words", { value: words });
  f.commands.push(info);
  return info;
}

/** Adds an effect to a command (see CommandInfo.effects). */
export function addEffect(info: CommandInfo | undefined, effect: string): void {
  if (!info) return;
  (info.effects ??= []).push(effect);
}

/** Returns a static word made from `text` at `w`'s place (for words a program splits or rewrites). */
export function wordLike(w: Word, text: string, flags = 0): Word {
  return { text, raw: text, flags, quoted: false, assign: false, start: w.start, end: w.end };
}

// --- internal ---

function describeRedirect(r: Redirect): CommandInfo["redirects"][number] {
  const out: CommandInfo["redirects"][number] = { op: r.op, target: r.target.flags ? r.target.raw : r.target.text };
  if (r.fd) out.fd = r.fd;
  Object.defineProperty(out, "word", { value: r.target }); // for the gate, as `words` above
  return out;
}
