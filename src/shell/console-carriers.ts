// Programs whose own command language can run shell commands, read from their arguments or stdin:
// ssh's `-o ProxyCommand=CMD` (and LocalCommand, KnownHostsCommand), tar's old-style option letters,
// find's writing actions, zip's `-TT CMD`, ex mode of vim fed on stdin, and the consoles: sqlite3
// (`.shell CMD`, `.once |CMD`), psql (`\! CMD`, `\o |CMD`), mysql (`\! CMD`, `system CMD`), gdb
// (`-ex 'shell CMD'`), ed (`!CMD`, `r !CMD`, `w !CMD`). A console fed from a pipe or a file reads
// commands that are not in the line.
import { vimCommand } from "./editor-commands";
import { deliveredBody } from "./heredocs";
import { type CommandInfo, type Findings, type Site, addEffect, dynamic, spanOf, interactive } from "./findings";
import { stdinOf } from "./runners";
import type { Span, Word } from "./syntax";
import { FIND_EXEC } from "./wrappers";

/** Reads the console language of `info.program` in its arguments and stdin. */
export function consoleCarriers(words: Word[], i: number, site: Site, f: Findings, info: CommandInfo): void {
  const p = info.program ?? "";
  if (p === "ssh" || p === "scp" || p === "sftp") return sshOptions(words, i, site, f, info);
  if (p === "tar") return tarLetters(words, i, site, f, info);
  if (p === "find") return findActions(words, i, info);
  if (p === "zip") return zipTest(words, i, site, f, info);
  if (Object.hasOwn(CONSOLES, p)) return consoleOf(CONSOLES[p], p, words, i, site, f, info);
  // the other rows that read here are vim's names (carriers.ts): ex, or vim in ex mode (-e, -E)
  if (p === "ex" || words.slice(i).some((w) => /^-[a-zA-Z]*[eE]/.test(w.text))) {
    stdinCommands(site, f, info, p, (line, span) => vimCommand(line, `${p} (ex mode)`, span, site, f));
  }
}

// --- internal ---

const SSH_OPTIONS: Readonly<Record<string, "line" | "ssh" | "unseen">> = {
  proxycommand: "line", localcommand: "line", knownhostscommand: "line", remotecommand: "line", xauthlocation: "line",
  proxyjump: "ssh", include: "unseen", pkcs11provider: "unseen", securitykeyprovider: "unseen",
};

/** `-o Key=Value`, `-oKey=Value`, `-o 'Key Value'`; `-J` runs ssh again. */
function sshOptions(words: Word[], i: number, site: Site, f: Findings, info: CommandInfo): void {
  for (let k = i; k < words.length; k++) {
    const w = words[k];
    if (w.flags !== 0 || !w.text.startsWith("-") || w.text.startsWith("--")) continue;
    const at = w.text.indexOf("o");
    if (w.text.includes("J")) f.programs.add("ssh");
    if (at < 0 || /[^-BbcDEeFIiJLlmOpQRSWw46AaCfGgKkMNnqsTtVvXxYy]/.test(w.text.slice(1, at))) continue;
    const value = at + 1 < w.text.length ? { ...w, text: w.text.slice(at + 1) } : words[++k];
    if (!value) return;
    if (value.flags !== 0) {
      addEffect(info, `runs ${info.program} -o`);
      dynamic(f, "option-not-static", `${info.program} -o is given an option only known when the line runs`, spanOf(site, value));
      continue;
    }
    const m = /^\s*([A-Za-z0-9]+)\s*[=\s]\s*(.*)$/s.exec(value.text);
    const kind = m ? SSH_OPTIONS[m[1].toLowerCase()] : undefined;
    if (!m || !kind || /^none$/i.test(m[2].trim())) continue;
    addEffect(info, `runs ${info.program} -o ${m[1]}`);
    if (kind === "ssh") f.programs.add("ssh");
    else if (kind === "unseen") dynamic(f, "unseen-code", `${m[1]} makes ${info.program} load code or settings that are not in the line`, spanOf(site, value));
    else f.sh(m[2].replace(/%[%a-zA-Z]/g, "x"), site.depth + 1, f, `${info.program} -o ${m[1]}`, spanOf(site, value));
  }
}

/** Old-style `tar xIf CMD archive`: letters without a dash, their arguments in the following words. */
function tarLetters(words: Word[], i: number, site: Site, f: Findings, info: CommandInfo): void {
  const first = words[i];
  if (!first || first.flags !== 0 || first.text.startsWith("-") || !/^[A-Za-z]+$/.test(first.text)) return;
  let next = i + 1;
  for (const ch of first.text) {
    if (!"bCfFgHIKLNTVX".includes(ch)) continue;
    const arg = words[next++];
    if (!arg || (ch !== "I" && ch !== "F")) continue;
    addEffect(info, `runs tar ${ch}`);
    if (arg.flags !== 0) dynamic(f, "option-not-static", `tar's ${ch} is given a command only known when the line runs`, spanOf(site, arg));
    else f.sh(arg.text, site.depth + 1, f, `tar ${ch}`, spanOf(site, arg));
  }
}

const FIND_WRITES: Readonly<Record<string, string>> = { "-delete": "writes find -delete", "-fprint": "writes find -fprint", "-fprint0": "writes find -fprint0", "-fprintf": "writes find -fprintf", "-fls": "writes find -fls" };

function findActions(words: Word[], i: number, info: CommandInfo): void {
  for (let k = i; k < words.length; k++) {
    const t = words[k].text;
    if (Object.hasOwn(FIND_WRITES, t)) addEffect(info, FIND_WRITES[t]);
    if (FIND_EXEC.has(t)) addEffect(info, `runs find ${t}`);
  }
}

/** `zip -T -TT CMD`: zip tests the archive with CMD. */
function zipTest(words: Word[], i: number, site: Site, f: Findings, info: CommandInfo): void {
  for (let k = i; k + 1 < words.length; k++) {
    if (words[k].text !== "-TT") continue;
    addEffect(info, "runs zip -TT");
    const cmd = words[k + 1];
    if (cmd.flags !== 0) dynamic(f, "option-not-static", "zip -TT is given a command only known when the line runs", spanOf(site, cmd));
    else f.sh(cmd.text, site.depth + 1, f, "zip -TT", spanOf(site, cmd));
  }
}

/** A console: which options carry one of its commands, and how a command line of it is read. */
interface Console {
  /** Options whose argument is one console command (`psql -c`, `gdb -ex`). */
  command: readonly string[];
  /** Options that take an argument that is not a command. */
  args: readonly string[];
  /** Positionals before the commands (sqlite3's database): later ones are commands too. */
  commandOperands?: boolean;
  read(line: string): { run?: string; unseen?: boolean; writes?: boolean };
}

const CONSOLES: Readonly<Record<string, Console>> = {
  sqlite3: {
    command: ["-cmd"],
    args: ["-separator", "-newline", "-nullvalue", "-vfs", "-lookaside", "-pagecache", "-mmap", "-maxsize", "-escape"],
    commandOperands: true,
    read: (l) => {
      const m = /^\s*\.(\w+)\s*(.*)$/s.exec(l);
      if (m) {
        const args = sqliteArgs(m[2]);
        // sqlite3 re-splits and re-quotes the words; how it treats quotes inside them varies by version
        if (/^(?:sh|shell|system)$/.test(m[1])) return { run: args.map((a) => (a.includes(" ") ? `"${a}"` : a)).join(" "), unseen: /['"\\]/.test(m[2]) };
        if (/^(?:once|output|o|read|import|excel)$/.test(m[1]) && args.some((a) => a.startsWith("|"))) return { run: args.find((a) => a.startsWith("|"))?.slice(1) };
        if (/^(?:read|load|open|restore|clone)$/.test(m[1])) return { unseen: /^(?:read|load)$/.test(m[1]) };
        if (/^(?:once|output|o|save|backup|excel)$/.test(m[1])) return { writes: true };
      }
      return /load_extension\s*\(|\bedit\s*\(/i.test(l) ? { unseen: true } : /writefile\s*\(/i.test(l) ? { writes: true } : {};
    },
  },
  psql: {
    command: ["-c", "--command"],
    args: ["-d", "-h", "-p", "-U", "-v", "-P", "-F", "-R", "-T", "--dbname", "--host", "--port", "--username", "--set", "--variable", "--pset"],
    read: (l) => {
      const m = /\\(!|o|out|g|gx|w|write|copy|i|ir|include|include_relative|e|edit|ef|ev|setenv)\b\s*(.*)$/s.exec(l);
      if (!m) return {};
      if (m[1] === "!") return { run: m[2] };
      if (m[1] === "copy" && /\bprogram\s+'([^']*)'/i.test(m[2])) return { run: /\bprogram\s+'([^']*)'/i.exec(m[2])?.[1] };
      if (m[2].trim().startsWith("|")) return { run: m[2].trim().slice(1) };
      return /^(?:i|ir|include|include_relative|e|edit|ef|ev|setenv)$/.test(m[1]) ? { unseen: true } : { writes: /^(?:o|out|w|write)$/.test(m[1]) };
    },
  },
  mysql: {
    command: ["-e", "--execute"],
    args: ["-u", "-p", "-h", "-P", "-D", "--user", "--host", "--port", "--database"],
    read: (l) => {
      const m = /^\s*(?:\\!|system|\\P|pager)\s+(.*)$/is.exec(l);
      if (m) return { run: m[1] };
      return /^\s*(?:\\\.|source|\\e|edit)\b/i.test(l) ? { unseen: true } : /^\s*(?:\\T|tee)\b/i.test(l) ? { writes: true } : {};
    },
  },
  ed: {
    command: [],
    args: ["-p"],
    read: (l) => {
      const m = /^\s*(?:[0-9,.$;+\-'a-z]*\s*[rweEW]\s*)?!(.*)$/s.exec(l);
      return m ? { run: m[1] } : {};
    },
  },
  gdb: {
    command: ["-ex", "-iex", "--eval-command", "--init-eval-command"],
    args: ["-p", "--pid", "-c", "--core", "-d", "--directory", "-cd"],
    read: (l) => {
      const m = /^\s*(?:shell|!)\s*(.*)$/s.exec(l);
      if (m) return { run: m[1] };
      return /^\s*(?:python|py|pi|guile|gu|source|compile|pipe|\|)\b/.test(l) ? { unseen: true } : {};
    },
  },
};

/**
 * Splits a sqlite3 dot-command's arguments as sqlite3 does: blanks separate, `'...'` and `"..."`
 * quote (with backslash escapes in double quotes). `.shell` joins them again with blanks, quoting
 * those with a blank in `"..."`, and gives the result to the shell.
 */
function sqliteArgs(text: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; ) {
    while (i < text.length && /\s/.test(text[i])) i++;
    if (i >= text.length) break;
    const q = text[i];
    let arg = "";
    if (q === "'" || q === '"') {
      for (i++; i < text.length && text[i] !== q; i++) arg += q === '"' && text[i] === "\\" ? (ESC[text[++i]] ?? text[i]) : text[i];
      i++;
    } else while (i < text.length && !/\s/.test(text[i])) arg += text[i++];
    out.push(arg);
  }
  return out;
}

const ESC: Readonly<Record<string, string>> = { n: "\n", t: "\t", r: "\r", "\\": "\\", '"': '"', "'": "'" };

function consoleOf(c: Console, name: string, words: Word[], i: number, site: Site, f: Findings, info: CommandInfo): void {
  const use = (line: string, span: Span) => consoleLine(c, name, line, span, site, f, info);
  let operands = 0;
  let given = false; // a command given in the line: the console runs it and exits
  for (let k = i; k < words.length; k++) {
    const w = words[k];
    const [opt, attached] = w.text.startsWith("--") && w.text.includes("=") ? [w.text.slice(0, w.text.indexOf("=")), w.text.slice(w.text.indexOf("=") + 1)] : [w.text, undefined];
    if (w.flags === 0 && c.command.includes(opt)) {
      const v = attached !== undefined ? { ...w, text: attached } : words[++k];
      if (v) consoleWord(v, use, name, site, f);
      given = true;
    } else if (w.flags === 0 && c.args.includes(opt)) {
      if (attached === undefined) k++;
    } else if (name === "gdb" && w.text === "--args") {
      return f.resolve(words.slice(k + 1), 0, { depth: site.depth + 1, via: "gdb --args", origin: site.origin ?? site.cmd?.origin }, f);
    } else if (c.commandOperands && !(w.flags === 0 && w.text.startsWith("-")) && operands++ > 0) {
      consoleWord(w, use, name, site, f);
      given = true;
    }
  }
  stdinCommands(site, f, info, name, use, given);
}

function consoleWord(w: Word, use: (line: string, span: Span) => void, name: string, site: Site, f: Findings): void {
  if (w.flags !== 0) dynamic(f, "inline-code", `${name} is given a command only known when the line runs`, spanOf(site, w));
  else use(w.text, spanOf(site, w)); // an argument is one command, newlines and all
}

function consoleLine(c: Console, name: string, line: string, span: Span, site: Site, f: Findings, info: CommandInfo): void {
  const r = c.read(line);
  if (r.writes) addEffect(info, `writes ${name} output`);
  if (r.unseen) {
    addEffect(info, `runs ${name} commands`);
    dynamic(f, "unseen-code", `${name} runs a command that reads code not in the line`, span);
  }
  if (r.run !== undefined) {
    addEffect(info, `runs ${name} shell`);
    f.sh(r.run, site.depth + 1, f, name, span);
  }
}

/** The program reads commands from stdin: a heredoc or here-string line by line; a pipe or file is unseen. */
function stdinCommands(site: Site, f: Findings, info: CommandInfo, name: string, use: (line: string, span: Span) => void, given = false): void {
  const cmd = site.cmd;
  if (!cmd) return given ? undefined : interactive(f, site, name);
  const feed = stdinOf(cmd.redirects);
  if (feed && (feed.op === "<<" || feed.op === "<<-" || feed.op === "<<<")) {
    const text = feed.op === "<<<" ? feed.target.text : (feed.body ?? "");
    const span = feed.bodySpan ?? spanOf(site, feed.target);
    const expands = feed.op === "<<<" ? feed.target.flags !== 0 : !feed.target.quoted && deliveredBody(text).expands;
    if (expands) dynamic(f, "inline-code", `${name} reads commands whose text is only known when the line runs`, span);
    for (const line of text.split("\n")) use(line, span);
  } else if (feed || cmd.pipedIn) {
    addEffect(info, `runs ${name} commands from stdin`);
    dynamic(f, "stdin-script", `${name} reads its commands from ${feed ? "a file" : "a pipe"}, which is not in the line`, feed ? spanOf(site, feed.target) : spanOf(site, cmd.words[0]));
  } else if (!given) interactive(f, site, name);
}
