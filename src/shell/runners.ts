// What a runner runs, by its kind (option-spec.ts): a shell's `-c` string or stdin, the words after
// xargs or find -exec, a joined command line (eval, ssh), subcommands (`uv run`). Whatever comes from
// outside the line (a script file, a pipe feeding a shell, xargs's input in the program's place)
// makes it dynamic.
import { heredocScript } from "./heredocs";
import { type Findings, type Site, basename, dynamic, record, spanOf, stop, wordLike, interactive } from "./findings";
import { lookup, type RunnerSpec } from "./option-spec";
import { runScript, type Seen, skipOptions, type Words } from "./options";
import { MAX_DEPTH, PROCESS, type Redirect, SUBSTITUTION, VARIABLE } from "./scan";
import type { Word } from "./syntax";
import { BASH_LIKE, BASH_LONG, shellOptionWhy } from "./core";
import { FIND_EXEC, SHELL_ARG_OPTIONS, SHELL_LONG_ARG, STDIN_FILES } from "./wrappers";

/** Analyzes what a runner runs; `words[i]` is its first argument. */
export function run(spec: RunnerSpec, name: string, words: Word[], i: number, site: Site, f: Findings): void {
  if (site.depth + 1 > MAX_DEPTH) return stop(f, `nesting deeper than ${MAX_DEPTH}`);
  if (spec.alsoRuns) f.programs.add(spec.alsoRuns);
  const inner: Site = { depth: site.depth + 1, via: name, origin: site.origin ?? site.cmd?.origin };
  switch (spec.kind) {
    case "shell":
      return runShell(words, i, site, f, name);
    case "find":
      return runFind(words, i, inner, f);
    case "source":
      return runSource(words[words[i]?.text === "--" ? i + 1 : i], site, f, name);
    case "trap":
      while (i < words.length && words[i].text.startsWith("-") && words[i].flags === 0 && words[i].text !== "-") i++;
      return runScript(words[i], site, f, name, "bash");
    case "sub":
      return runSub(spec, name, words, i, site, f);
  }
  const ref: Words = { words };
  const seen: Seen = { direct: false };
  const next = skipOptions(ref, i, spec, site, f, seen);
  if (next < 0) return;
  words = ref.words;
  let end = words.length;
  if (spec.until) for (let j = next; j < end; j++) if (spec.until.includes(words[j].text)) end = j;
  if (next >= end) return noCommand(spec, name, words, site, f, end);
  const rest = words.slice(next, end);
  if (spec.kind === "command" || seen.direct) return runNamed(rest, spec, inner, f);
  if (spec.kind === "join") return runJoined(rest, inner, f);
  if (spec.kind === "input") return runInput(name, words, i, next, end, inner, f);
  if (spec.kind === "lines") for (const w of rest) runScript(w, site, f, name);
  if (spec.kind === "options" && spec.shellArgs) runShell(words, next, site, f, name);
}

/** A shell reading its script from stdin: analyze a heredoc or here-string, else dynamic if fed. */
export function readsStdin(site: Site, f: Findings, name: string): void {
  const cmd = site.cmd;
  if (!cmd) return interactive(f, site, name); // a runner passed the words on: its stdin is not in the line
  const feed = stdinOf(cmd.redirects);
  if (feed && (feed.op === "<<" || feed.op === "<<-")) {
    const span = feed.bodySpan ?? spanOf(site, feed.target);
    const script = heredocScript(feed);
    if (script.expands) dynamic(f, "heredoc-expansion", `${name} reads a heredoc whose expansions are only known when the line runs`, span);
    return shellLine(name, script.text, site.depth + 1, f, "heredoc", span);
  }
  if (feed && feed.op === "<<<") {
    if (feed.target.flags !== 0) return runScript(feed.target, site, f, "here-string");
    return shellLine(name, feed.target.text, site.depth + 1, f, "here-string", spanOf(site, feed.target));
  }
  if (feed || cmd.pipedIn) {
    const span = feed ? spanOf(site, feed.target) : spanOf(site, cmd.words[0] ?? { start: 0, end: 0 });
    dynamic(f, "stdin-script", `${name} reads its commands from ${feed ? "a file" : "a pipe"}, which is not in the line`, span);
    record(f, { depth: site.depth + 1, via: `${name} <${feed ? "" : "|"}` }, null, [], 0, true);
  } else interactive(f, site, name);
}

/** Returns the redirection that feeds stdin (the last one on fd 0), if any. */
export function stdinOf(redirects: Redirect[]): Redirect | undefined {
  let feed: Redirect | undefined;
  for (const r of redirects) if ((r.fd === "" || r.fd === "0") && r.op[0] === "<" && r.op !== "<>") feed = r;
  return feed;
}

// --- internal ---

/** Shells whose syntax is bash's, POSIX sh's (dash and friends), or neither (zsh, fish, csh). */
const DIALECTS: Readonly<Record<string, "bash" | "sh" | "other">> = {
  bash: "bash", rbash: "bash", sh: "sh", dash: "sh", ash: "sh", posh: "sh", ksh: "sh", mksh: "sh", yash: "sh", busybox: "sh",
  zsh: "other", fish: "other", csh: "other", tcsh: "other",
};

/** Analyzes a script that the shell `name` reads, by that shell's syntax as far as it is modelled. */
function shellLine(name: string, text: string, depth: number, f: Findings, via: string, span: readonly [number, number]): void {
  const row = lookup(DIALECTS, name);
  const dialect = row ?? "sh";
  if (dialect === "bash") return f.find(text, depth, f, via, span);
  if (dialect === "other") {
    dynamic(f, "shell-dialect", `${name}'s syntax is not bash's, and this analysis reads only bash and POSIX sh`, span);
    return f.find(text, depth, f, via, span);
  }
  f.sh(text, depth, f, via, span, row ? name : undefined);
}

/** Nothing after the options: the program's fallback runs (`xargs` echo), or a shell reads stdin. */
function noCommand(spec: RunnerSpec, name: string, words: Word[], site: Site, f: Findings, end: number): void {
  if (spec.kind === "input" && spec.until && end < words.length) return runParallelArgs(words, end, site, f);
  if (spec.kind === "input" && !spec.fallback) {
    dynamic(f, "input-command", `${name} reads the commands it runs from its input`, spanOf(site, words[0] ?? { start: 0, end: 0 }));
    return;
  }
  if (spec.fallback) {
    f.programs.add(spec.fallback);
    record(f, { depth: site.depth + 1, via: name }, spec.fallback, [], 0);
  }
  if (spec.readsScript || spec.shellArgs) readsStdin(site, f, name);
}

/** `sub` kind: the first word after the options names a subcommand, read with its own row. */
function runSub(spec: RunnerSpec, name: string, words: Word[], i: number, site: Site, f: Findings): void {
  const ref: Words = { words };
  const next = skipOptions(ref, i, spec, site, f);
  const w = next < 0 ? undefined : ref.words[next];
  if (!w) return;
  // a subcommand not known before the line runs may be the one that runs a program (`docker $X`)
  if (w.flags !== 0) {
    dynamic(f, "subcommand-not-static", `the subcommand of ${name} is only known when the line runs`, spanOf(site, w));
    record(f, { depth: site.depth + 1, via: name }, null, [w], 0, true);
    return;
  }
  const sub = lookup(spec.sub, w.text);
  if (sub) run(sub, `${name} ${w.text}`, ref.words, next + 1, site, f);
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
    if (text !== w.text) words = [wordLike(w, text), ...words.slice(1)];
  }
  f.resolve(words, 0, site, f);
}

/**
 * A joined command line (`eval a b`, `ssh host a b`): the program re-parses the text, so any
 * non-static word makes the line dynamic; static parts are still analyzed for what they name.
 */
function runJoined(words: Word[], site: Site, f: Findings): void {
  let text = "";
  for (const w of words) {
    if (w.flags !== 0) {
      dynamic(f, "command-not-static", `${site.via ?? "a runner"} joins its words into a command line, and this one is only known when the line runs`, spanOf(site, w));
      record(f, site, null, [w], 0, true);
    }
    text += (text ? " " : "") + (w.flags !== 0 ? w.raw : w.text);
  }
  const first = words[0];
  f.find(text, site.depth, f, site.via, site.origin ?? (first ? [first.start, words[words.length - 1].end] : undefined));
}

/**
 * xargs and parallel: the command gets words from the input, appended or put in place of the
 * replacement string (`-I {}`). Those words are not known, so in the program's place (or as a
 * shell's script) they make the line dynamic. parallel joins the command into a shell line, with
 * each replacement quoted.
 */
function runInput(name: string, words: Word[], i: number, next: number, end: number, site: Site, f: Findings): void {
  const cmd = words.slice(next, end);
  if (name === "parallel") return runParallel(cmd, site, f);
  const repl = xargsReplacement(words, i, next);
  const input = (w: Word) => wordLike(w, w.raw, VARIABLE);
  const replaced = repl ? cmd.map((w) => (w.flags === 0 && w.text.includes(repl) ? input(w) : w)) : [...cmd, input(cmd[cmd.length - 1])];
  f.resolve(replaced, 0, site, f);
}

/** parallel's replacement strings: `{}`, `{.}`, `{/}`, `{//}`, `{/.}`, `{#}`, `{%}`, `{3}`, `{3.}`... */
const PARALLEL_REPLACEMENT = /\{(?:[0-9]*(?:\.|\/\/|\/\.|\/)?|#|%)\}/g;

function runParallel(cmd: Word[], site: Site, f: Findings): void {
  if (cmd.some((w) => w.raw.includes("{="))) dynamic(f, "inline-code", "parallel runs the perl code of a {= ... =} replacement string", spanOf(site, cmd[0]));
  let replaced = false;
  const parts = cmd.map((w) => {
    if (w.flags !== 0) return w.raw;
    const t = w.text.replace(PARALLEL_REPLACEMENT, () => ((replaced = true), '"$PARALLEL_ARG"'));
    return t;
  });
  const text = parts.join(" ") + (replaced ? "" : ' "$PARALLEL_ARG"');
  f.sh(text, site.depth, f, "parallel", site.origin ?? [cmd[0].start, cmd[cmd.length - 1].end]);
}

/** xargs's replacement string (-I R, -iR, --replace[=R], BSD -J R), or undefined: input is appended. */
function xargsReplacement(words: Word[], i: number, next: number): string | undefined {
  for (let k = i; k < next; k++) {
    const t = words[k].text;
    if (t.startsWith("--")) {
      if (t.startsWith("--replace") || (t.length > 4 && "--replace".startsWith(t.split("=")[0]))) return t.includes("=") ? t.slice(t.indexOf("=") + 1) : "{}";
      continue;
    }
    const m = /^-[^-]*?([IJi])(.*)$/.exec(t);
    if (!m || !/^-[0oprtx]*[IJi]/.test(t)) continue;
    if (m[1] === "i") return m[2] || "{}";
    return m[2] || words[k + 1]?.text || "{}";
  }
  return undefined;
}

/** `parallel ::: 'cmd a' 'cmd b'` with no command: each argument is a command line; after `::::`, a file of them. */
function runParallelArgs(words: Word[], from: number, site: Site, f: Findings): void {
  let files = false;
  for (let k = from; k < words.length; k++) {
    const t = words[k].text;
    if (/^:::/.test(t)) files = t.startsWith("::::");
    else if (files) return void dynamic(f, "input-command", "parallel runs the commands of a file, which are not in the line", spanOf(site, words[k]));
    else runScript(words[k], site, f, "parallel :::");
  }
}

/** `find ... -exec CMD ... ;` (or `{} +`): each action's words are a command; `{}` is a found file's name. */
function runFind(words: Word[], i: number, site: Site, f: Findings): void {
  for (; i < words.length; i++) {
    if (words[i].flags !== 0 || !FIND_EXEC.has(words[i].text)) continue;
    let j = i + 1;
    while (j < words.length && !(words[j].text === ";" || (words[j].text === "+" && words[j - 1].text === "{}"))) j++;
    const cmd = words.slice(i + 1, j).map((w) => (w.flags === 0 && w.text.includes("{}") ? wordLike(w, w.raw, VARIABLE) : w));
    f.resolve(cmd, 0, { depth: site.depth, via: `find ${words[i].text}`, origin: site.origin }, f);
    i = j;
  }
}

/**
 * `bash [options] -c STRING` runs STRING; `bash [options] FILE` runs a file, whose commands are not
 * in the line (dynamic); otherwise (or with `-s`) the shell reads its script from stdin: a heredoc
 * or here-string is analyzed, a pipe or a file is dynamic (`curl ... | bash`).
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
      if (SHELL_LONG_ARG.includes(t.split("=")[0].slice(2))) {
        dynamic(f, "startup-file", `${t.split("=")[0]} makes ${name} read a file of commands that are not in the line`, spanOf(site, w));
        if (!t.includes("=")) i++;
      } else if (BASH_LIKE.has(name) && !BASH_LONG.has(t.slice(2))) {
        dynamic(f, "shell-option", `${name} ${t} changes how the shell runs its commands, which this analysis does not model`, spanOf(site, w));
      }
      continue;
    }
    if (t.length < 2 || (t[0] !== "-" && t[0] !== "+")) break;
    if (BASH_LIKE.has(name)) {
      const why = shellOptionWhy(t, words[i + 1]);
      if (why) dynamic(f, "shell-option", `${name} ${why} changes how the shell runs its commands, which this analysis does not model`, spanOf(site, w));
    }
    if (t.includes("c")) dashC = true;
    if (t.includes("s")) stdin = true;
    if (SHELL_ARG_OPTIONS.includes(t[t.length - 1])) i++;
  }
  if (dashC) {
    const w = words[i];
    if (!w || w.flags !== 0) return runScript(w, site, f, `${name} -c`);
    return shellLine(name, w.text, site.depth + 1, f, `${name} -c`, spanOf(site, w));
  }
  const operand = words[i];
  if (operand && !stdin && !(operand.flags === 0 && STDIN_FILES.has(operand.text))) {
    const what = operand.flags & (PROCESS | SUBSTITUTION) ? "the output of a substitution" : operand.flags ? "a file only known when the line runs" : `the file ${operand.text}`;
    dynamic(f, "script-file", `${name} runs ${what}, whose commands are not in the line`, spanOf(site, operand));
    record(f, { depth: site.depth + 1, via: name }, null, [operand], 0, true);
    return;
  }
  readsStdin(site, f, name);
}

/** `source FILE` / `. FILE`: the file's commands are not in the line (stdin with a heredoc is read). */
function runSource(operand: Word | undefined, site: Site, f: Findings, name: string): void {
  if (!operand) return;
  if (operand.flags === 0 && STDIN_FILES.has(operand.text)) return readsStdin(site, f, name);
  dynamic(f, "source-file", `${name} runs the commands of ${operand.flags ? "a file only known when the line runs" : operand.text}, which are not in the line`, spanOf(site, operand));
  record(f, { depth: site.depth + 1, via: name }, null, [operand], 0, true);
}
