// Where an interpreter's inline code is in its words: `python -c CODE`, `perl -e CODE` (several),
// `node -e/-p CODE`, `ruby -e CODE`, an awk program (its first operand, or `-e`/`--source`),
// `php -r CODE`, `lua -e CODE`, `Rscript -e CODE`, and code on stdin (a heredoc or here-string; from
// a pipe it is not in the line). The code is recorded for `programs --json` and scanned by
// inline-code.ts. Code made by an expansion is only known when the line runs: dynamic. So is a word
// made by an expansion where an option could be (`python "$X"` may be `-c CODE`).
import { heredocScript } from "./heredocs";
import { type Findings, type Site, dynamic, spanOf, interactive } from "./findings";
import { scanCode } from "./inline-code";
import { stdinOf } from "./runners";
import { type Interpreter, lookupInterpreter, moduleRunsCode } from "./interpreter-table";
import type { Span, Word } from "./syntax";

/** Scans the inline code of interpreter `name` (the program of `words[i-1]`), if it is one. */
export function runInline(name: string, words: Word[], i: number, site: Site, f: Findings): void {
  const spec = lookupInterpreter(name);
  if (!spec) {
    if (name === "osascript") osascript(words, i, site, f);
    return;
  }
  let code = false;
  let file = false;
  for (let k = i; k < words.length; k++) {
    const w = words[k];
    const t = w.text;
    if (w.flags !== 0 && !code && !file) {
      return dynamic(f, "inline-code", `${name} is given a word only known when the line runs, where its code or an option for code could be`, spanOf(site, w));
    }
    if (t === "--") {
      if (spec.operandIsCode && !code && !file) inline(spec, name, words[k + 1], `${name} program`, site, f);
      return;
    }
    if (t.startsWith("--") && !code) {
      const eq = t.indexOf("=");
      const opt = t.slice(2, eq < 0 ? undefined : eq);
      const value = eq >= 0 ? { ...w, text: t.slice(eq + 1) } : words[k + 1];
      const known = spec.longCode?.includes(opt) || spec.longFile?.includes(opt) || spec.longArgs?.includes(opt) || spec.longFlags?.includes(opt);
      const why = !known && spec.flags !== undefined && t !== "--" ? "is not an option this analysis knows to be harmless" : valueRunsCode(spec, opt, value);
      if (why) return dynamic(f, "interpreter-option", `${name} ${t} ${why}`, spanOf(site, w));
      if (spec.longCode?.includes(opt)) code = inline(spec, name, value, `${name} --${opt}`, site, f) || true;
      else if (spec.longFile?.includes(opt)) file = true;
      if ((spec.longCode?.includes(opt) || spec.longFile?.includes(opt) || spec.longArgs?.includes(opt)) && eq < 0) k++;
      continue;
    }
    if (name === "py" && /^-(?:\d[\d.]*(?:-(?:32|64))?|V:\S*)$/.test(t)) continue; // the launcher's version (`py -3.12`)
    if (t.length > 1 && t[0] === "-") {
      const r = shortOption(spec, name, words, k, site, f);
      if (r.stop) return;
      code ||= r.code;
      file ||= r.file;
      k = r.next;
      continue;
    }
    // the first operand: awk's program, `-` for code on stdin, or a script file (its code is the program's own)
    if (spec.operandIsCode && !code && !file) inline(spec, name, w, `${name} program`, site, f);
    else if (t === "-" && spec.stdin && !code && !file) stdinCode(spec, name, site, f);
    return;
  }
  if (!code && !file && spec.stdin) stdinCode(spec, name, site, f);
}

// --- internal ---

/** Options after which an interpreter prints something and exits without reading code. */
const EXITS = new Set(["--version", "-V", "--help", "-h"]);

function shortOption(spec: Interpreter, name: string, words: Word[], k: number, site: Site, f: Findings): { next: number; code: boolean; file: boolean; stop?: boolean } {
  const w = words[k];
  const t = w.text;
  const refuse = (why: string) => {
    dynamic(f, "interpreter-option", `${name} ${t} ${why}`, spanOf(site, w));
    return { next: k, code: false, file: false, stop: true };
  };
  for (let j = 1; j < t.length; j++) {
    const ch = t[j];
    if (spec.stop?.includes(ch)) {
      const module = j + 1 < t.length ? t.slice(j + 1) : words[k + 1]?.flags === 0 ? words[k + 1].text : "";
      return moduleRunsCode(module) ? refuse(`runs the standard module ${module}, which runs code from its arguments or input`) : { next: k, code: false, file: false, stop: true };
    }
    if (spec.rest?.includes(ch)) {
      const pattern = spec.restPattern?.[ch];
      const taken = pattern ? (pattern.exec(t.slice(j + 1))?.[0] ?? "") : t.slice(j + 1);
      const why = valueRunsCode(spec, ch, { ...w, text: taken });
      if (why) return refuse(why);
      if (!pattern) return { next: k, code: false, file: false };
      j += taken.length; // the cluster goes on after the value (`-lne CODE`, `-0777ne CODE`)
      continue;
    }
    const takes = spec.code.includes(ch) || spec.args?.includes(ch) || spec.file?.includes(ch);
    if (!takes) {
      if (spec.flags !== undefined && !spec.flags.includes(ch)) return refuse(`has -${ch}, which is not an option this analysis knows to be harmless`);
      continue;
    }
    const attached = j + 1 < t.length;
    const value = attached ? { ...w, text: t.slice(j + 1) } : words[k + 1];
    const why = valueRunsCode(spec, ch, value);
    if (why) return refuse(why);
    if (spec.code.includes(ch)) inline(spec, name, value, `${name} -${ch}`, site, f);
    return { next: attached ? k : k + 1, code: spec.code.includes(ch), file: spec.file?.includes(ch) ?? false };
  }
  return { next: k, code: false, file: false };
}

/** Files that are a process's stdin: code read from them is not in the line. */
const STDIN_FILES = /^(?:-|\/dev\/stdin|\/dev\/fd\/\d+|\/proc\/[^/]+\/fd\/\d+|\/dev\/tty)$/;

/** Options whose value may be code, so one made by an expansion is dynamic (`perl -M"$m"`, `node --import "$u"`). */
const CODE_VALUES = /^(?:perl [MmF]|javascript (?:r|require|import|loader|experimental-loader)|awk W)$/;

/**
 * Returns why the value of option `opt` (a letter or a long name) makes code run that is not in the
 * line, if it does: a module given as code (`perl -M'x;system ...'`), a `data:` URL (`node --import`),
 * a program file that is stdin (`awk -f /dev/stdin`), an awk `-W` that is not a plain setting.
 */
function valueRunsCode(spec: Interpreter, opt: string, value: Word | undefined): string | undefined {
  if (!value) return undefined;
  const file = spec.file?.includes(opt) || spec.longFile?.includes(opt);
  if (value.flags !== 0) return file || CODE_VALUES.test(`${spec.language} ${opt}`) ? "is given a value only known when the line runs, which may be code" : undefined;
  const v = value.text;
  if (file && STDIN_FILES.test(v)) return "reads its program from stdin, which is not in the line";
  if (spec.language === "perl" && (opt === "M" || opt === "m") && !/^-?[\w:]+(?:=[\w:,.-]*)?$/.test(v)) return "loads a module whose text is code";
  if (spec.language === "perl" && opt === "F" && !/^[\w\s,:;|\\/.-]*$/.test(v)) return "splits with a pattern that may hold code";
  if (spec.language === "javascript" && /^(?:r|require|import|loader|experimental-loader)$/.test(opt) && /^[a-z][\w+.-]*:/i.test(v) && !/^node:/.test(v)) return "loads code from a URL";
  if (spec.language === "python" && opt === "X" && !/^(?:importtime(?:=\d)?|dev|utf8(?:=[01])?|faulthandler|tracemalloc(?:=\d+)?|warn_default_encoding|no_debug_ranges|frozen_modules(?:=on|=off)?|int_max_str_digits=\d+|perf|perf_jit|cpu_count=\w+|gil=[01]|showrefcount|pycache_prefix=[^]*|context_aware_warnings(?:=[01])?|thread_inherit_context(?:=[01])?)$/.test(v)) return "is given an -X setting this analysis does not know";
  if (spec.language === "awk" && opt === "W" && !/^(?:v|version|usage|help|posix_space|interactive|dump|traditional|posix|compat|lint(?:=\w+)?|sprintf=\d+|random=\d+)$/.test(v)) return "is given a -W setting this analysis does not know";
  return undefined;
}

/** Records and scans one piece of inline code. */
function inline(spec: Interpreter, name: string, w: Word | undefined, via: string, site: Site, f: Findings): boolean {
  if (!w) return false;
  const span = spanOf(site, w);
  if (w.flags !== 0) {
    dynamic(f, "inline-code", `${via} runs code that is only known when the line runs`, span);
    return true;
  }
  record(spec.language, w.text, via, span, f);
  scanCode(spec.language, w.text, span, via, site, f);
  return true;
}

function record(language: string, code: string, via: string, span: Span, f: Findings): void {
  if (f.inline.length < 16) f.inline.push({ language, code: code.length > 4096 ? `${code.slice(0, 4096)}...` : code, via, start: span[0], end: span[1] });
}

/** Code on stdin: a heredoc or here-string is scanned; a pipe's or a file's code is not in the line. */
function stdinCode(spec: Interpreter, name: string, site: Site, f: Findings): void {
  const cmd = site.cmd;
  if (!cmd) return interactive(f, site, name);
  if (cmd.words.some((w) => w.flags === 0 && EXITS.has(w.text))) return; // prints and exits, reads nothing
  const feed = stdinOf(cmd.redirects);
  if (feed && (feed.op === "<<" || feed.op === "<<-" || feed.op === "<<<")) {
    const span = feed.bodySpan ?? spanOf(site, feed.target);
    if (feed.op === "<<<") return void inline(spec, name, feed.target, `${name} <<<`, site, f);
    const body = heredocScript(feed);
    if (body.expands) dynamic(f, "inline-code", `${name} reads code from a heredoc whose expansions are only known when the line runs`, span);
    record(spec.language, body.text, `${name} heredoc`, span, f);
    return scanCode(spec.language, body.text, span, `${name} heredoc`, site, f);
  }
  if (!feed && cmd.pipedIn) dynamic(f, "stdin-script", `${name} runs code from a pipe, which is not in the line`, spanOf(site, cmd.words[0]));
  else if (!feed) interactive(f, site, name);
}

/**
 * `osascript -e CODE`: AppleScript (`do shell script`, `tell ... to do script`) and JavaScript for
 * Automation (`$.system`, `doShellScript`) reach the shell in ways this analysis does not read: any
 * inline code is dynamic. A script file is osascript's own business.
 */
function osascript(words: Word[], i: number, site: Site, f: Findings): void {
  for (let k = i; k < words.length; k++) {
    const w = words[k];
    if (w.flags !== 0 || w.text === "-e" || w.text.startsWith("-e")) return dynamic(f, "inline-code", "osascript runs AppleScript or JavaScript code this analysis does not read", spanOf(site, w));
  }
}
