// Words -> programs. Each simple command contributes its program word once assignments and wrappers
// are peeled off; runners (bash -c, eval, xargs, find -exec, ...) contribute what they run as well.
// Fail closed: whenever a program, or a command line that will be run, is not known before the line
// runs, the analysis is dynamic.
import {
  type Issue, MAX_DEPTH, PROCESS, type Redirect, type ScanContext, type SimpleCommand, SUBSTITUTION, scan, type Word,
} from "./scan";
import { FIND_EXEC, lookup, type OptionSpec, type RunnerSpec, runnerOf, SHELL_ARG_OPTIONS, SHELL_LONG_ARG, STDIN_FILES, wrapperOf } from "./wrappers";

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
  /**
   * The scanned words this command was resolved from (assignments and wrappers included), with their
   * provenance: the gate compares paths after quote removal and expands globs itself. Not enumerable,
   * so `programs --json` stays as it is.
   */
  readonly words?: readonly Word[];
}

/** Everything one analysis has found so far; nested analyses add to the same object. */
export interface Findings {
  programs: Set<string>;
  /** Python modules run with `-m`: not programs, but `bash.<cli>` matches them too. */
  modules: Set<string>;
  dynamic: boolean;
  commands: CommandInfo[];
  ctx: ScanContext;
}

/** Adds to `f` the programs of the command line `text`, scanned at nesting `depth`. */
export function findPrograms(text: string, depth: number, f: Findings, via?: string): void {
  if (f.ctx.stopped) return;
  if (depth > MAX_DEPTH) return stop(f, "too-deep", `nesting deeper than ${MAX_DEPTH}`);
  const { commands, complete } = scan(text, depth, f.ctx);
  if (!complete) f.dynamic = true;
  for (const cmd of commands) {
    if (cmd.words.length) resolveWords(cmd.words, 0, { cmd, depth: cmd.depth, via }, f);
    else if (cmd.redirects.length) record(f, { cmd, depth: cmd.depth, via }, null, [], 0);
  }
}

// --- internal ---

/** Where a list of words came from: its simple command (for stdin and redirections) and nesting. */
interface Site {
  /** The simple command whose stdin and redirections apply; absent once a runner passed it on. */
  cmd?: SimpleCommand;
  depth: number;
  via?: string;
}

function stop(f: Findings, code: Issue["code"], message: string): void {
  f.ctx.issues.push({ code, message, offset: 0 });
  f.ctx.stopped = true;
  f.dynamic = true;
}

/** Returns the lowercased basename of a program path (`/usr/bin/Python3` -> `python3`). */
export function basename(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1).toLowerCase();
}

/** Resolves the command that starts at `words[i]`: assignments, then wrappers, then the program. */
function resolveWords(words: Word[], i: number, site: Site, f: Findings): void {
  while (i < words.length && words[i].assign) i++;
  for (;;) {
    if (i >= words.length) return record(f, site, null, words, i);
    const w = words[i];
    if (w.flags !== 0) return record(f, site, null, words, i, true);
    const name = basename(w.text);
    const wrapper = wrapperOf(name);
    if (wrapper) {
      const next = skipOptions(words, i + 1, wrapper, site, f);
      if (next < 0) return;
      i = next;
      continue;
    }
    if (name === "") return;
    f.programs.add(name);
    record(f, site, name, words, i);
    const runner = runnerOf(name);
    if (runner) run(runner, name, words, i + 1, site, f);
    return;
  }
}

function record(f: Findings, site: Site, program: string | null, words: Word[], i: number, dynamic = false): void {
  if (dynamic) f.dynamic = true;
  const info: CommandInfo = {
    program,
    args: words.slice(program === null ? i : i + 1).map((w) => (w.flags ? w.raw : w.text)),
    depth: site.depth,
    redirects: site.cmd ? site.cmd.redirects.map(describeRedirect) : [],
  };
  if (dynamic) info.dynamic = true;
  if (site.via) info.via = site.via;
  Object.defineProperty(info, "words", { value: words });
  f.commands.push(info);
}

function describeRedirect(r: Redirect): CommandInfo["redirects"][number] {
  const out: CommandInfo["redirects"][number] = { op: r.op, target: r.target.flags ? r.target.raw : r.target.text };
  if (r.fd) out.fd = r.fd;
  Object.defineProperty(out, "word", { value: r.target }); // for the gate, as `words` above
  return out;
}

/**
 * Skips the options (and their arguments) of a wrapper or runner starting at `words[i]`; returns the
 * index of the first word after them, or -1 when nothing more runs (a script option was analyzed,
 * or an option such as `sudo -e` means the rest are files). Options may follow positionals.
 */
function skipOptions(words: Word[], i: number, spec: OptionSpec, site: Site, f: Findings, seen?: Seen): number {
  let positionals = spec.positionals ?? 0;
  for (; i < words.length; i++) {
    const w = words[i];
    const t = w.text;
    if (spec.assignments && (w.assign || (w.flags === 0 && isEnvArgument(t)))) continue;
    if (w.flags !== 0) return i;
    if (t === "--") return i + 1;
    if (t.length > 1 && t[0] === "-") {
      if (spec.direct && isDirect(t, spec)) {
        positionals = 0;
        if (seen) seen.direct = true;
      }
      const r = t[1] === "-" ? longOption(words, i, spec, site, f) : shortOptions(words, i, spec, site, f);
      if (r < 0) return -1;
      i = r;
    } else if (t === "-") continue;
    else if (positionals > 0) positionals--;
    else return i;
  }
  return i;
}

/**
 * True when env or sudo takes the argument `t` as `NAME=value`: they look at the word after quote
 * removal, so `'X=a b'` counts too. A word starting with `-` is an option; sudo leaves one starting
 * with `/` or `=` to be the command.
 */
function isEnvArgument(t: string): boolean {
  return t[0] !== "=" && t[0] !== "/" && t[0] !== "-" && t.includes("=");
}

/** What skipOptions saw on the way: a `direct` option (`watch -x`, `runuser -u`). */
interface Seen {
  direct: boolean;
}

/** True when the option word `t` is one of the spec's `direct` options (alone or in a flag cluster). */
function isDirect(t: string, spec: OptionSpec): boolean {
  if (t[1] === "-") return spec.longDirect?.includes(t.slice(2).split("=")[0]) ?? false;
  for (let k = 1; k < t.length; k++) {
    if (spec.direct?.includes(t[k])) return true;
    if (spec.arg?.includes(t[k])) return false; // the rest of the cluster is that option's argument
  }
  return false;
}

/** `--name[=value]`: returns the index of its last word, or -1 after a script option. */
function longOption(words: Word[], i: number, spec: OptionSpec, site: Site, f: Findings): number {
  const t = words[i].text;
  const eq = t.indexOf("=");
  const name = t.slice(2, eq < 0 ? undefined : eq);
  if (spec.longModule?.includes(name)) {
    runModule(eq >= 0 ? { ...words[i], text: t.slice(eq + 1) } : words[i + 1], site, f, t.slice(0, eq < 0 ? undefined : eq));
    return -1;
  }
  if (spec.longScript?.includes(name)) {
    if (eq >= 0) findPrograms(t.slice(eq + 1), site.depth + 1, f, t.slice(0, eq));
    else runScript(words[i + 1], site, f, t);
    return -1;
  }
  return eq < 0 && spec.long?.includes(name) ? i + 1 : i;
}

/** `-abc` clusters: returns the index of the last word used, or -1 after a script option. */
function shortOptions(words: Word[], i: number, spec: OptionSpec, site: Site, f: Findings): number {
  const t = words[i].text;
  for (let k = 1; k < t.length; k++) {
    const ch = t[k];
    if (spec.noCommand?.includes(ch)) return -1;
    if (spec.module?.includes(ch)) {
      runModule(k + 1 < t.length ? { ...words[i], text: t.slice(k + 1) } : words[i + 1], site, f, `-${ch}`);
      return -1;
    }
    if (spec.script?.includes(ch)) {
      const via = `-${ch}`;
      if (k + 1 < t.length) findPrograms(t.slice(k + 1), site.depth + 1, f, via);
      else runScript(words[i + 1], site, f, via);
      return -1;
    }
    if (spec.arg?.includes(ch)) return k + 1 < t.length ? i : i + 1;
    if (spec.attached?.includes(ch)) return i;
  }
  return i;
}

/** Records `python -m MODULE`'s top-level module name (`http.server` -> `http`); unknown is dynamic. */
function runModule(w: Word | undefined, site: Site, f: Findings, via: string): void {
  if (!w) return;
  const inner: Site = { depth: site.depth + 1, via };
  if (w.flags !== 0) return record(f, inner, null, [w], 0, true);
  const name = w.text.split(".")[0].toLowerCase();
  if (name) f.modules.add(name);
  record(f, inner, null, [w], 0);
}

/** Analyzes a word that a program runs as a command line: dynamic unless it is static. */
function runScript(w: Word | undefined, site: Site, f: Findings, via: string): void {
  if (!w) return;
  if (w.flags !== 0) return record(f, { depth: site.depth + 1, via }, null, [w], 0, true);
  findPrograms(w.text, site.depth + 1, f, via);
}

/**
 * Resolves `words` as a command whose program word may name a package or a module rather than a
 * file: the name ends at the first `cut` character after its first (`prettier@3`, `@scope/pkg@1`,
 * `http.server`) and starts after the last `prefix` character (`test:pytest`); with `only`, any
 * other program runs nothing (`corepack enable`).
 */
function runNamed(words: Word[], spec: RunnerSpec, site: Site, f: Findings): void {
  const w = words[0];
  if (w && w.flags === 0 && !w.assign && (spec.cut || spec.prefix || spec.only)) {
    let text = w.text;
    if (spec.prefix) text = text.slice(text.lastIndexOf(spec.prefix) + 1);
    if (spec.cut) {
      for (let k = 1; k < text.length; k++) {
        if (spec.cut.includes(text[k])) {
          text = text.slice(0, k);
          break;
        }
      }
    }
    if (spec.only && !spec.only.includes(basename(text))) return;
    if (text !== w.text) words = [{ ...w, text }, ...words.slice(1)];
  }
  resolveWords(words, 0, site, f);
}

/** Analyzes what a runner runs; `words[i]` is its first argument. */
function run(spec: RunnerSpec, name: string, words: Word[], i: number, site: Site, f: Findings): void {
  if (site.depth + 1 > MAX_DEPTH) return stop(f, "too-deep", `nesting deeper than ${MAX_DEPTH}`);
  const inner: Site = { depth: site.depth + 1, via: name };
  if (spec.kind === "shell") return runShell(words, i, site, f, name);
  if (spec.kind === "find") return runFind(words, i, inner, f);
  if (spec.kind === "source") return runOperand(words[words[i]?.text === "--" ? i + 1 : i], false, site, f, name);
  if (spec.kind === "trap") {
    while (i < words.length && words[i].text.startsWith("-") && words[i].flags === 0 && words[i].text !== "-") i++;
    return runScript(words[i], site, f, name);
  }
  if (spec.kind === "sub") {
    const next = skipOptions(words, i, spec, site, f);
    const w = next < 0 ? undefined : words[next];
    if (!w) return;
    // a subcommand not known before the line runs may be the one that runs a program (`docker $X`)
    if (w.flags !== 0) return record(f, inner, null, [w], 0, true);
    const sub = lookup(spec.sub, w.text);
    if (sub) run(sub, `${name} ${w.text}`, words, next + 1, site, f);
    return;
  }
  const seen: Seen = { direct: false };
  const next = skipOptions(words, i, spec, site, f, seen);
  if (next < 0 || next >= words.length) return;
  let end = words.length;
  if (spec.until) for (let j = next; j < end; j++) if (spec.until.includes(words[j].text)) end = j;
  if (spec.kind === "command" || seen.direct) return runNamed(words.slice(next, end), spec, inner, f);
  if (spec.kind === "join") return runJoined(words.slice(next, end), inner, f);
}

/**
 * A joined command line (`eval a b`, `ssh host a b`): the program re-parses the text, so any
 * non-static word makes the line dynamic; static parts are still analyzed for what they name.
 */
function runJoined(words: Word[], site: Site, f: Findings): void {
  let text = "";
  for (const w of words) {
    if (w.flags !== 0) record(f, site, null, [w], 0, true);
    text += (text ? " " : "") + (w.flags !== 0 ? w.raw : w.text);
  }
  findPrograms(text, site.depth, f, site.via);
}

/** `find ... -exec CMD ... ;` (or `{} +`): each action's words are a command. */
function runFind(words: Word[], i: number, site: Site, f: Findings): void {
  for (; i < words.length; i++) {
    if (words[i].flags !== 0 || !FIND_EXEC.has(words[i].text)) continue;
    let j = i + 1;
    while (j < words.length && !(words[j].text === ";" || (words[j].text === "+" && words[j - 1].text === "{}"))) j++;
    resolveWords(words.slice(i + 1, j), 0, { depth: site.depth, via: `find ${words[i].text}` }, f);
    i = j;
  }
}

/**
 * `bash [options] -c STRING` runs STRING; `bash [options] FILE` runs a file (not analyzed);
 * otherwise (or with `-s`) the shell reads its script from stdin: a heredoc or here-string is
 * analyzed, and a pipe or a file is dynamic (`curl ... | bash`).
 */
function runShell(words: Word[], i: number, site: Site, f: Findings, name: string): void {
  let dashC = false;
  let stdin = false;
  for (; i < words.length; i++) {
    const w = words[i];
    const t = w.text;
    if (w.flags !== 0) break;
    if (t === "--" || t === "-") {
      i++;
      break;
    }
    if (t.startsWith("--")) {
      if (SHELL_LONG_ARG.includes(t.slice(2))) i++;
      continue;
    }
    if (t.length < 2 || (t[0] !== "-" && t[0] !== "+")) break;
    if (t.includes("c")) dashC = true;
    if (t.includes("s")) stdin = true;
    if (SHELL_ARG_OPTIONS.includes(t[t.length - 1])) i++;
  }
  if (dashC) return runScript(words[i], site, f, `${name} -c`);
  runOperand(words[i], stdin, site, f, name);
}

/** A script file operand: made by a substitution (`<(curl ...)`) is dynamic; none, or stdin, reads stdin. */
function runOperand(operand: Word | undefined, stdin: boolean, site: Site, f: Findings, name: string): void {
  if (operand && operand.flags & (PROCESS | SUBSTITUTION)) record(f, site, null, [operand], 0, true);
  if (!operand || stdin || (operand.flags === 0 && STDIN_FILES.has(operand.text))) readsStdin(site, f, name);
}

/** A shell reading its script from stdin: analyze a heredoc or here-string, else dynamic if fed. */
function readsStdin(site: Site, f: Findings, name: string): void {
  const cmd = site.cmd;
  if (!cmd) return; // a runner passed the words on; stdin is not this line's to feed
  let feed: Redirect | undefined;
  for (const r of cmd.redirects) if ((r.fd === "" || r.fd === "0") && r.op[0] === "<" && r.op !== "<>") feed = r;
  const inner: Site = { depth: site.depth + 1, via: `${name} <${feed?.op === "<<<" ? "<<<" : "<"}` };
  if (feed && (feed.op === "<<" || feed.op === "<<-")) return findPrograms(feed.body ?? "", site.depth + 1, f, "heredoc");
  if (feed && feed.op === "<<<") return runScript(feed.target, site, f, "here-string");
  if (feed || cmd.pipedIn) record(f, inner, null, [], 0, true);
}
