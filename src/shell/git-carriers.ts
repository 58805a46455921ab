// git: settings that run programs (`-c core.pager=CMD`, `-c alias.x='!CMD'`, `--config-env`),
// options before the subcommand, and the subcommands whose options or words run commands
// (`clone --upload-pack`, `push --receive-pack`, `rebase --exec`, `bisect run`, `submodule foreach`,
// `filter-branch --tree-filter`...). A setting key is matched as git reads it: section and name
// case-insensitive, the subsection (`diff.<driver>.textconv`) any. Settings the agent wrote into
// the repository's own config earlier are not visible here (SECURITY.md).
import { applyRow, type CarrierRow } from "./carrier-rows";
import { type CommandInfo, type Findings, type Site, addEffect, dynamic, spanOf, wordLike } from "./findings";
import { CONFIG, GLOBAL, isGitCommand, isHarmlessSetting } from "./git-table";
import { lookup } from "./option-spec";
import type { Word } from "./syntax";

/**
 * What a setting's value is:
 * - line:   a command line (or program) git runs
 * - switch: a boolean, or else a command line (`core.pager=false`, `core.fsmonitor=true`)
 * - bang:   a command line when it starts with `!` (aliases, `submodule.<name>.update`)
 * - helper: a credential helper: `!CMD`, a path, or NAME for `git-credential-NAME`
 * - unseen: a file or directory of code or settings (`include.path`, `core.hooksPath`)
 */
type Setting = "line" | "switch" | "bang" | "helper" | "unseen";

const SETTINGS: Readonly<Record<string, Setting>> = {
  "alias.*": "bang", "core.fsmonitor": "switch", "core.pager": "switch", "pager.*": "switch",
  "core.editor": "line", "sequence.editor": "line", "core.sshcommand": "line", "core.gitproxy": "line", "core.askpass": "line",
  "diff.external": "line", "diff.*.command": "line", "diff.*.textconv": "line", "filter.*.clean": "line", "filter.*.smudge": "line",
  "filter.*.process": "line", "merge.*.driver": "line", "gpg.program": "line", "gpg.*.program": "line",
  "sendemail.sendmailcmd": "line", "sendemail.tocmd": "line", "sendemail.cccmd": "line", "sendemail.smtpserver": "line",
  "uploadpack.packobjectshook": "line", "difftool.*.cmd": "line", "mergetool.*.cmd": "line", "web.browser": "line",
  "browser.*.cmd": "line", "browser.*.path": "line", "man.*.cmd": "line", "man.*.path": "line", "instaweb.httpd": "line",
  "instaweb.browser": "line", "remote.*.uploadpack": "line", "remote.*.receivepack": "line", "remote.*.proxy": "line",
  "interactive.difffilter": "line", "guitool.*.cmd": "line", "hook.*.command": "line", "credential.helper": "helper",
  "credential.*.helper": "helper", "submodule.*.update": "bang", "core.hookspath": "unseen", "include.path": "unseen",
  "includeif.*.path": "unseen", "protocol.allow": "unseen", "protocol.*.allow": "unseen", "core.attributesfile": "unseen",
};


/** Subcommands whose options or words run commands (others: only settings do). */
const SUBCOMMANDS: Readonly<Record<string, CarrierRow & { config?: true; words?: "command" | "line" | "hook"; after?: string }>> = {
  clone: { short: { u: "line" }, long: { "upload-pack": "line", template: "unseen" }, shortArgs: "objc", expansions: "any", config: true },
  fetch: { long: { "upload-pack": "line" }, expansions: "any" },
  pull: { long: { "upload-pack": "line" }, expansions: "any" },
  "ls-remote": { short: { u: "line" }, long: { "upload-pack": "line" }, expansions: "any" },
  "fetch-pack": { long: { "upload-pack": "line", exec: "line" }, expansions: "any" },
  push: { long: { "receive-pack": "line", exec: "line" }, expansions: "any" },
  "send-pack": { long: { "receive-pack": "line", exec: "line" }, expansions: "any" },
  archive: { long: { exec: "line", output: "writes" }, shortArgs: "o", expansions: "any" },
  rebase: { short: { x: "line" }, long: { exec: "line" }, expansions: "any" },
  difftool: { short: { x: "line" }, long: { extcmd: "line" }, expansions: "any" },
  grep: { optional: { "open-files-in-pager": "line" }, expansions: "any" },
  "send-email": { long: { "sendmail-cmd": "line", "to-cmd": "line", "cc-cmd": "line", "header-cmd": "line", "smtp-server": "line" }, expansions: "any" },
  instaweb: { short: { b: "line", d: "line" }, long: { browser: "line", httpd: "line" }, expansions: "any" },
  "filter-branch": {
    long: { "env-filter": "line", "tree-filter": "line", "index-filter": "line", "parent-filter": "line", "msg-filter": "line", "commit-filter": "line", "tag-name-filter": "line", setup: "line" },
    expansions: "any",
  },
  "format-patch": { short: { o: "writes" }, long: { "output-directory": "writes" } },
  diff: { long: { output: "writes" } },
  log: { long: { output: "writes" } },
  show: { long: { output: "writes" } },
  bisect: { words: "command", after: "run" },
  submodule: { words: "line", after: "foreach" },
  hook: { words: "hook", after: "run" },
  config: { config: true },
};

/** Reads git's words after the program: settings and global options, then the subcommand's row. */
export function gitCarriers(words: Word[], i: number, site: Site, f: Findings, info: CommandInfo, aliases = new Map<string, string>(), depth = 0): void {
  let k = i;
  for (; k < words.length; k++) {
    const w = words[k];
    if (w.flags !== 0) {
      return dynamic(f, "option-not-static", "git is given a word only known when the line runs where a setting (-c) or option could be", spanOf(site, w));
    }
    const t = w.text;
    if (t === "-c") {
      const alias = /^alias\.([^=]+)=([^]*)$/i.exec(words[k + 1]?.flags === 0 ? words[k + 1].text : "");
      if (alias) aliases.set(alias[1].toLowerCase(), alias[2]);
      setting(words[++k], w, site, f, info, "-c");
    }
    else if (t === "--config-env" || t.startsWith("--config-env=")) settingFromEnvironment(t.includes("=") ? wordLike(w, t.slice(13)) : words[++k], w, site, f, info);
    else if (t.startsWith("--exec-path=")) {
      addEffect(info, "runs git --exec-path");
      dynamic(f, "unseen-code", "git --exec-path runs its subcommands from another folder", spanOf(site, w));
    } else if (GLOBAL.args.has(t)) k++;
    else if (!t.startsWith("-")) break;
    else if (!GLOBAL.flags.has(t) && !GLOBAL.args.has(t.slice(0, t.indexOf("=")))) {
      return dynamic(f, "git-option", `git ${t} is not an option this analysis knows`, spanOf(site, w));
    }
  }
  const sub = words[k];
  if (!sub) return;
  transports(words, i, site, f);
  if (!isGitCommand(sub.text) && aliases.has(sub.text.toLowerCase())) return expandAlias(aliases, sub, words, k + 1, site, f, info, depth);
  // an alias's text (or an external git-NAME) is not in the line: any command that is not git's own
  if (!isGitCommand(sub.text)) return dynamic(f, "git-alias", `git ${sub.text} is not one of git's own commands: an alias or an external command runs what the line does not show`, spanOf(site, sub));
  if (!Object.hasOwn(SUBCOMMANDS, sub.text)) return;
  const row = SUBCOMMANDS[sub.text];
  applyRow(row, `git ${sub.text}`, words, k + 1, site, f, info);
  if (row.config) configWords(sub.text, words, k + 1, site, f, info);
  if (row.words) subcommandWords(row.words, row.after ?? "", words, k + 1, site, f, info);
}

// --- internal ---

/**
 * `git -c alias.NAME=VALUE NAME ARGS`: an alias the line defines. `!CMD` ran as a command line (read
 * with the setting); otherwise VALUE's words take NAME's place and are read again (`fetch
 * --upload-pack=CMD`). Quotes or escapes in VALUE (git splits it its own way) or a chain of aliases are dynamic.
 */
function expandAlias(aliases: Map<string, string>, sub: Word, words: Word[], next: number, site: Site, f: Findings, info: CommandInfo, depth: number): void {
  const value = aliases.get(sub.text.toLowerCase()) ?? "";
  if (value.trimStart().startsWith("!")) return;
  if (/["'\\]/.test(value) || depth > 3) return dynamic(f, "git-alias", `the git alias ${sub.text} expands to text this analysis does not split`, spanOf(site, sub));
  const expanded = value.split(/\s+/).filter(Boolean).map((t) => wordLike(sub, t));
  gitCarriers([...expanded, ...words.slice(next)], 0, site, f, info, aliases, depth + 1);
}

/** `-c KEY=VALUE` (and `clone -c`, `git config KEY VALUE`): a setting that may run a command. */
function setting(w: Word | undefined, at: Word, site: Site, f: Findings, info: CommandInfo, via: string): void {
  if (!w) return;
  const span = spanOf(site, w ?? at);
  if (w.flags !== 0) {
    addEffect(info, `config ${via}`);
    return dynamic(f, "option-not-static", `git ${via} is given a setting only known when the line runs`, span);
  }
  const eq = w.text.indexOf("=");
  const key = eq < 0 ? w.text : w.text.slice(0, eq);
  valueOf(key, eq < 0 ? undefined : w.text.slice(eq + 1), span, site, f, info);
}

function valueOf(key: string, value: string | undefined, span: readonly [number, number], site: Site, f: Findings, info: CommandInfo): void {
  const kind = settingOf(key);
  if (!kind) {
    if (isHarmlessSetting(key)) return;
    addEffect(info, `config ${key}`);
    return dynamic(f, "git-setting", `the git setting ${key} is not one this analysis knows to be harmless`, span);
  }
  addEffect(info, `runs config ${key}`);
  const command = commandOf(kind, value);
  if (command === "unseen") return dynamic(f, "unseen-code", `the git setting ${key} makes git run code or read settings that are not in the line`, span);
  if (command) f.sh(command, site.depth + 1, f, `git config ${key}`, span);
  if (kind === "helper" && value && !command) f.programs.add(`git-credential-${value.split(/\s/)[0].toLowerCase()}`);
}

/** Returns the command line a setting's value runs, "" for none, or "unseen". */
function commandOf(kind: Setting, value: string | undefined): string {
  if (kind === "unseen") return value === undefined ? "" : "unseen";
  if (value === undefined) return "";
  const v = value.trim();
  if (kind === "switch") return /^(?:true|false|yes|no|on|off|1|0|)$/i.test(v) ? "" : value;
  if (kind === "bang" || kind === "helper") return v.startsWith("!") ? v.slice(1) : kind === "helper" && v.includes("/") ? value : "";
  return value;
}

/** Returns how git reads the setting `key` (`Core.FSMonitor`, `diff.my driver.textconv`), if it may run something. */
function settingOf(key: string): Setting | undefined {
  const first = key.indexOf(".");
  const last = key.lastIndexOf(".");
  if (first < 0) return undefined;
  const section = key.slice(0, first).toLowerCase();
  const name = key.slice(last + 1).toLowerCase();
  const pattern = first === last ? `${section}.${name}` : `${section}.*.${name}`;
  return lookup(SETTINGS, pattern) ?? lookup(SETTINGS, `${section}.*`);
}

/** `--config-env=KEY=ENVVAR`: the value comes from the environment. */
function settingFromEnvironment(w: Word | undefined, at: Word, site: Site, f: Findings, info: CommandInfo): void {
  if (!w) return;
  const key = w.text.split("=")[0];
  if (w.flags === 0 && isHarmlessSetting(key)) return;
  addEffect(info, `config ${key}`);
  dynamic(f, "environment", `git --config-env takes the value of ${key} from the environment`, spanOf(site, w));
}

/** `git config [--global] KEY VALUE` and `git clone -c/--config KEY=VALUE` write settings that may run later. */
function configWords(sub: string, words: Word[], i: number, site: Site, f: Findings, info: CommandInfo): void {
  if (sub === "clone") {
    for (let k = i; k < words.length; k++) {
      const t = words[k].text;
      if (t === "-c" || t === "--config") setting(words[++k], words[k - 1], site, f, info, `clone ${t}`);
      else if (t.startsWith("--config=")) setting(wordLike(words[k], t.slice(9)), words[k], site, f, info, "clone --config");
    }
    return;
  }
  let reads = false;
  const operands: Word[] = [];
  for (let k = i; k < words.length; k++) {
    const w = words[k];
    const t = w.text;
    if (w.flags !== 0) {
      if (operands.length < 2) return dynamic(f, "option-not-static", "git config is given a word only known when the line runs, where an option, key or value could be", spanOf(site, w));
      continue;
    }
    if (operands.length === 0 && (CONFIG.reads.has(t) || t.startsWith("--get"))) reads = true;
    else if (t === "set" && operands.length === 0 && k === firstOperand(words, i)) continue;
    else if (t.startsWith("-") && t.length > 1) {
      const name = t.includes("=") ? t.slice(0, t.indexOf("=")) : t;
      if (CONFIG.args.has(name)) k += t.includes("=") ? 0 : 1;
      else if (!CONFIG.flags.has(t) && !(name.startsWith("--") && CONFIG.args.has(name))) {
        return dynamic(f, "git-option", `git config ${t} is not an option this analysis knows (it may edit or rename settings)`, spanOf(site, w));
      }
    } else operands.push(w);
  }
  if (reads || operands.length < 2) return;
  addEffect(info, "writes git config");
  valueOf(operands[0].text, operands[1].text, spanOf(site, operands[1]), site, f, info);
}

/** Index of the first word at or after `i` that is not an option (`git config set K V`'s `set`). */
function firstOperand(words: Word[], i: number): number {
  let k = i;
  while (k < words.length && words[k].text.startsWith("-")) k += CONFIG.args.has(words[k].text) ? 2 : 1;
  return k;
}

/** A remote of git's `ext::` or `fd::` transport runs a command (or talks to a descriptor) the analysis does not read. */
function transports(words: Word[], i: number, site: Site, f: Findings): void {
  for (let k = i; k < words.length; k++) {
    const t = words[k].text;
    if (t.includes("::") && /(?:^|[=\s])(?:ext|fd)::/i.test(t)) return dynamic(f, "git-transport", "git's ext:: and fd:: transports run a command or use a descriptor this analysis does not follow", spanOf(site, words[k]));
  }
}

/** `bisect run CMD...`, `submodule foreach CMD...`, `hook run NAME`. */
function subcommandWords(kind: "command" | "line" | "hook", after: string, words: Word[], i: number, site: Site, f: Findings, info: CommandInfo): void {
  let k = i;
  while (k < words.length && words[k].text !== after) k++;
  if (k >= words.length) return;
  addEffect(info, `runs git ${after}`);
  const rest = words.slice(k + 1).filter((w, n, all) => !(kind === "line" && n < all.length - 1 && w.text === "--recursive"));
  if (kind === "hook") return dynamic(f, "unseen-code", "git hook run runs a hook whose commands are not in the line", spanOf(site, words[k]));
  const inner: Site = { depth: site.depth + 1, via: `git ${after}`, origin: site.origin ?? site.cmd?.origin };
  if (kind === "command") return f.resolve(rest, 0, inner, f);
  let text = "";
  for (const w of rest) {
    if (w.flags !== 0) dynamic(f, "command-not-static", "git submodule foreach runs a command line only known when the line runs", spanOf(site, w));
    text += (text ? " " : "") + (w.flags ? w.raw : w.text);
  }
  if (rest.length) f.sh(text, inner.depth, f, inner.via, inner.origin ?? [rest[0].start, rest[rest.length - 1].end]);
}
