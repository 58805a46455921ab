// What the gate protects: every file that decides which conditions run. Writing any of them is a way
// around the gate, so each is guarded as the condition folders are:
//   layer     .claude/conditions/ and .agentihooks/conditions/ anywhere, and the runtime layer
//   home      the home's other decision files: gates (a forged one opens the gate), the index cache (a
//             forged one lists any script), built-in profiles, state.json (links, bundle, profiles),
//             trust.json (which repositories may run their own conditions), executable-path (the
//             executable the plugin's launcher runs)
//   harness   what a harness runs on its own, outside any tool call, so outside the gate: its hook
//             registrations (remove ours, or add one that rewrites a call after we judged it) in
//             Claude's settings*.json, Codex's hooks.json and config.toml, Copilot's hooks/ folders and
//             settings.json, Gemini's and Qwen Code's settings.json, OpenCode's plugin folders (where init puts the plugin), Cline's hook folders; the definitions that carry hooks of their own
//             (Claude's agents, skills and commands, Codex's skills, Qwen's agents); plugin and extension caches (a
//             plugin ships hooks); the MCP server lists (`.mcp.json`, `~/.claude.json`, Copilot's
//             mcp-config.json: a server is a program the harness starts, and mcp_tool hooks answer
//             through ours); and the scripts those registrations name (harness-scripts.ts)
//   executable the agentihooks executable that is running (replacing it replaces every guard)
//   startup   the files a shell reads before the command it is given: Codex runs each hook as a command
//             line through the user's shell (`<shell> -c`, `-lc` in earlier versions) and has no exec
//             form, so ~/.zshenv (or ~/.bash_profile under -lc) could end the hook before it answers
//   git       .git/config of a repository holding a layer (its remotes decide trust)
// A path counts when, after `~` and `..` are resolved, it or the path its symlinks lead to (dangling
// ones too) lies in one of them.
import { existsSync, lstatSync } from "node:fs";
import { hardLinkKind } from "./hard-links";
import { harnessScripts } from "./harness-scripts";
import { basename, dirname, join, resolve } from "node:path";
import { HOME_VARIABLES, claudeStateDir, harnessHome } from "../harness-homes";
import { followLinks } from "./links";
import { callMemo } from "../state/call-memo";
import type { Target } from "../types";

export type ProtectedKind = "layer" | "home" | "harness" | "executable" | "git" | "startup";

/** How each kind reads in a deny reason. */
export const KIND_TEXT: Record<ProtectedKind, string> = {
  layer: "a condition layer",
  home: "the gate's own state (gates, index cache, built-in profiles, state.json, trust records, the plugin's pinned executable)",
  harness: "a harness's hook registration",
  executable: "the agentihooks executable",
  git: "the git config of a repository that holds a condition layer",
  startup: "a shell startup file (read before Codex runs a hook)",
};

/**
 * The startup files, in the user's home, of the shells Codex may run a hook with: zsh reads .zshenv
 * even for `zsh -c`; a login shell (`-lc`) reads the profiles, which usually source .bashrc.
 */
export const SHELL_STARTUP = [".zshenv", ".zprofile", ".zlogin", ".bash_profile", ".bash_login", ".profile", ".bashrc"];

/** Entries of $AGENTIHOOKS_HOME (or any `.agentihooks` folder) that decide which conditions run. */
export const HOME_ENTRIES = ["conditions", "gates", "cache", "builtin", "state.json", "trust.json", "executable-path"];

/** Consecutive path segments that are protected wherever they appear; `under`: and all beneath. */
export interface Template {
  segs: string[];
  under: boolean;
  kind: ProtectedKind;
}

/**
 * Factory Droid's `.factory/` (user and project): its hook files (hooks.json, the legacy hooks/ folder,
 * and settings*.json, whose `hooks` Droid reads when hooks.json is absent), its MCP servers and plugins.
 */
const DROID_FILES: [string, boolean][] = [
  ["hooks.json", false], ["hooks", true], ["settings.json", false], ["settings.local.json", false], ["mcp.json", false], ["plugins", true],
];

/** Kimi Code's `.kimi-code/`: config.toml (its [[hooks]]), its MCP servers, and plugins (which bring hooks). */
const KIMI_FILES: [string, boolean][] = [["config.toml", false], ["mcp.json", false], ["plugins", true]];

/**
 * The templates, built on first use: a line that only reads never asks, and building them on every
 * hook call's start cost more than the asking (bench/README.md, entry 34).
 */
export function templates(): readonly Template[] {
  return templateTable().list;
}

let built: { list: Template[]; byFirst: Map<string, Template[]> } | undefined;

/** The templates, and the same by their first segment's name. */
const templateTable = () => (built ??= buildTemplates());

function buildTemplates(): { list: Template[]; byFirst: Map<string, Template[]> } {
  const list: Template[] = [
    { segs: [".claude", "conditions"], under: true, kind: "layer" },
    ...HOME_ENTRIES.map((e): Template => ({ segs: [".agentihooks", e], under: true, kind: e === "conditions" ? "layer" : "home" })),
    { segs: [".claude", "settings.json"], under: false, kind: "harness" },
    { segs: [".claude", "settings.local.json"], under: false, kind: "harness" },
    { segs: [".codex", "hooks.json"], under: false, kind: "harness" },
    { segs: [".codex", "config.toml"], under: false, kind: "harness" },
    { segs: [".copilot", "hooks"], under: true, kind: "harness" },
    { segs: [".copilot", "settings.json"], under: false, kind: "harness" },
    { segs: [".github", "hooks"], under: true, kind: "harness" },
    { segs: [".github", "copilot", "settings.json"], under: false, kind: "harness" },
    { segs: [".github", "copilot", "settings.local.json"], under: false, kind: "harness" },
    { segs: [".claude", "agents"], under: true, kind: "harness" },
    { segs: [".claude", "skills"], under: true, kind: "harness" },
    { segs: [".claude", "commands"], under: true, kind: "harness" },
    { segs: [".claude", "plugins"], under: true, kind: "harness" },
    { segs: [".mcp.json"], under: false, kind: "harness" },
    { segs: [".codex", "skills"], under: true, kind: "harness" },
    { segs: [".codex", "plugins"], under: true, kind: "harness" },
    { segs: [".copilot", "mcp-config.json"], under: false, kind: "harness" },
    { segs: [".copilot", "installed-plugins"], under: true, kind: "harness" },
    { segs: [".copilot", "agents"], under: true, kind: "harness" },
    { segs: [".github", "agents"], under: true, kind: "harness" },
    { segs: [".gemini", "settings.json"], under: false, kind: "harness" },
    { segs: [".gemini", "extensions"], under: true, kind: "harness" },
    { segs: [".opencode", "plugins"], under: true, kind: "harness" },
    { segs: [".opencode", "plugin"], under: true, kind: "harness" },
    ...DROID_FILES.map(([name, under]) => ({ segs: [".factory", name], under, kind: "harness" as const })),
    { segs: [".clinerules", "hooks"], under: true, kind: "harness" },
    { segs: [".cline", "hooks"], under: true, kind: "harness" },
    { segs: [".qwen", "settings.json"], under: false, kind: "harness" },
    { segs: [".qwen", "extensions"], under: true, kind: "harness" },
    { segs: [".qwen", "agents"], under: true, kind: "harness" },
    ...KIMI_FILES.map(([name, under]) => ({ segs: [".kimi-code", name], under, kind: "harness" as const })),
  ];
  // by their first segment's name
  const byFirst = new Map<string, Template[]>();
  for (const t of list) byFirst.set(t.segs[0], [...(byFirst.get(t.segs[0]) ?? []), t]);
  return { list, byFirst };
}

/** Folders that hold protected things when they are deleted or moved as a whole. */
export const HOLDER_DIRS = [".claude", ".agentihooks", ".codex", ".copilot", ".github", ".gemini", ".opencode", ".factory", ".clinerules", ".cline", ".qwen"];

export interface PathScope {
  cwd: string;
  /** HOME, for `~` expansion. */
  userHome: string;
  /** AGENTIHOOKS_HOME. */
  home: string;
  /** The hook's environment (CODEX_HOME, CLAUDE_CONFIG_DIR, COPILOT_HOME, QWEN_HOME, KIMI_CODE_HOME, variables of a command line). */
  env?: Record<string, string | undefined>;
  /** The running executable. */
  exe?: string;
}

/** A protected location at a fixed place: `under` covers everything beneath it. */
export interface Root {
  path: string;
  under: boolean;
  kind: ProtectedKind;
}

/** Returns `p` with a leading `~` or `~/` expanded and made absolute against `cwd`, `..` resolved as text. */
export function absolutePath(p: string, scope: PathScope, cwd = scope.cwd): string {
  return resolve(rawAbsolute(p, scope, cwd));
}

/**
 * Returns `p` made absolute without resolving `..`: after a symlink, `..` climbs from the link's
 * target (`innocent/../x` where innocent leads into a layer is beside that layer), which only
 * following the links component by component gets right.
 */
export function rawAbsolute(p: string, scope: PathScope, cwd = scope.cwd): string {
  let path = p;
  if (path === "~" || path.startsWith("~/")) path = scope.userHome + path.slice(1);
  return path.startsWith("/") ? path : `${cwd}/${path}`;
}

const rootsMemo = callMemo<string, Root[]>();

/** Returns a folder as given and as its symlinks resolve (one realpath; the walk only when it does not exist). */
function bothSpellings(dir: string, real?: string): string[] {
  const base = resolve(dir);
  real ??= followLinks(base);
  return real === base ? [base] : [base, real];
}

/** True when `path` is a symlink (lstat, never a listing: a cache hit lists no folder). */
function isLink(path: string): boolean {
  return entryKind(path) === "link";
}

/** What lstat says of a path: a symlink, missing, or anything else. */
function entryKind(path: string): "link" | "missing" | "present" {
  try {
    return lstatSync(path).isSymbolicLink() ? "link" : "present";
  } catch {
    return "missing";
  }
}

/**
 * Returns the protected locations at fixed places for this scope (memoized: one hook call, one scope).
 * The user's home is resolved once and listed once: a folder directly in it that is not a symlink
 * resolves to the home's real path plus its name, so the usual layout costs a handful of calls.
 */
export function protectedRoots(scope: PathScope): Root[] {
  const env = scope.env ?? {};
  let key = `${scope.home}\0${scope.userHome}\0${scope.exe}\0${env.ZDOTDIR}\0${env.BASH_ENV}`;
  for (const v of HOME_VARIABLES) key += `\0${env[v]}`;
  let roots = rootsMemo.get(key);
  if (roots) return roots;
  const out: Root[] = [];
  roots = out;
  const userHome = resolve(scope.userHome);
  const [, realHome = userHome] = bothSpellings(userHome);
  /**
   * The real path of a folder in the user's home, found component by component with lstat while no
   * component is a symlink, and whether it exists; undefined (realpath it) outside the home or past a link.
   */
  const realOf = (dir: string): { real: string; missing: boolean } | undefined => {
    const d = resolve(dir);
    if (d === userHome) return { real: realHome, missing: false };
    if (!d.startsWith(`${userHome}/`)) return undefined;
    const names = d.slice(userHome.length + 1).split("/");
    let at = userHome;
    for (const name of names) {
      at = `${at}/${name}`;
      const kind = entryKind(at);
      if (kind === "link") return undefined;
      // a missing folder holds nothing: the rest is missing too, and where it would be is the home's real path plus the names
      if (kind === "missing") return { real: `${realHome}/${names.join("/")}`, missing: true };
    }
    return { real: `${realHome}/${names.join("/")}`, missing: false };
  };
  /** Entries under a folder: both spellings of the folder, and where an entry that is a symlink leads. */
  const under = (dir: string, entries: [string, boolean, ProtectedKind][]) => {
    const found = realOf(dir);
    const spellings = bothSpellings(dir, found?.real);
    for (const d of spellings) {
      for (const [name, deep, kind] of entries) {
        const path = join(d, name);
        out.push({ path, under: deep, kind });
        // an entry that is a symlink (checked once, on the real folder; a missing folder has none) protects where it leads
        if (!found?.missing && d === spellings[spellings.length - 1] && isLink(path)) out.push({ path: followLinks(path), under: deep, kind });
      }
    }
  };
  under(scope.home, HOME_ENTRIES.map((e) => [e, true, e === "conditions" ? "layer" : "home"]));
  const home = (t: Target) => harnessHome(t, userHome, env);
  under(home("claude"), [
    ["settings.json", false, "harness"],
    ["settings.local.json", false, "harness"],
    ["agents", true, "harness"],
    ["skills", true, "harness"],
    ["commands", true, "harness"],
    ["plugins", true, "harness"],
  ]);
  // Claude keeps the user's MCP servers and each project's trust in .claude.json, beside its folder
  under(claudeStateDir(userHome, env), [[".claude.json", false, "harness"]]);
  under(home("codex"), [
    ["hooks.json", false, "harness"],
    ["config.toml", false, "harness"],
    ["skills", true, "harness"],
    ["plugins", true, "harness"],
  ]);
  under(home("copilot"), [
    ["hooks", true, "harness"],
    ["settings.json", false, "harness"],
    ["mcp-config.json", false, "harness"],
    ["installed-plugins", true, "harness"],
    ["agents", true, "harness"],
  ]);
  under(home("gemini"), [["settings.json", false, "harness"], ["extensions", true, "harness"]]);
  under(home("opencode"), [["plugins", true, "harness"], ["plugin", true, "harness"]]);
  under(home("droid"), DROID_FILES.map(([name, isDir]): [string, boolean, ProtectedKind] => [name, isDir, "harness"]));
  // Cline runs every event-named file in its hook folders: $CLINE_DIR/hooks and ~/Documents/Cline/Hooks
  under(home("cline"), [["hooks", true, "harness"]]);
  under(join(userHome, "Documents", "Cline"), [["Hooks", true, "harness"]]);
  under(home("qwen"), [["settings.json", false, "harness"], ["extensions", true, "harness"], ["agents", true, "harness"]]);
  under(home("kimi"), KIMI_FILES.map(([name, isDir]): [string, boolean, ProtectedKind] => [name, isDir, "harness"]));
  const startup = SHELL_STARTUP.map((f): [string, boolean, ProtectedKind] => [f, false, "startup"]);
  under(userHome, startup);
  if (env.ZDOTDIR) under(env.ZDOTDIR, startup);
  under(join(env.XDG_CONFIG_HOME || join(userHome, ".config"), "fish"), [["config.fish", false, "startup"], ["conf.d", true, "startup"]]);
  if (env.BASH_ENV?.startsWith("/")) for (const p of bothSpellings(env.BASH_ENV)) out.push({ path: p, under: false, kind: "startup" });
  if (scope.exe) for (const p of bothSpellings(scope.exe)) out.push({ path: p, under: false, kind: "executable" });
  rootsMemo.set(key, out);
  return out;
}

const within = (p: string, dir: string) => p === dir || p.startsWith(dir.endsWith("/") ? dir : `${dir}/`);

/** Returns the kind of protection an absolute, normalized path falls under (lexically), or undefined. */
export function lexicalKind(p: string, roots: Root[]): ProtectedKind | undefined {
  for (let i = 0; i < roots.length; i++) {
    const r = roots[i];
    if (r.under ? within(p, r.path) : p === r.path) return r.kind;
  }
  // Plain loops and a first-name lookup: this runs on every call, once, cold (no closures to set up).
  const parts = p.toLowerCase().split("/");
  const n = parts.length;
  const { byFirst } = templateTable();
  for (let i = 0; i < n; i++) {
    const candidates = byFirst.get(parts[i]);
    if (!candidates) continue;
    for (let c = 0; c < candidates.length; c++) {
      const t = candidates[c];
      const segs = t.segs;
      if (i + segs.length > n) continue;
      let k = 1;
      while (k < segs.length && parts[i + k] === segs[k]) k++;
      if (k === segs.length && (t.under || i + k === n)) return t.kind;
    }
  }
  if (n >= 3 && parts[n - 1] === "config" && parts[n - 2] === ".git") {
    if (holdsLayer(dirname(dirname(p)))) return "git";
  }
  return undefined;
}

/** Returns true when a folder holds a condition layer of its own (a bundle, a profile or a repository). */
export function holdsLayer(dir: string): boolean {
  return existsSync(join(dir, ".agentihooks", "conditions")) || existsSync(join(dir, ".claude", "conditions"));
}

/** Returns the protection kind of path `p` as a tool or a command names it (as written, or where it leads). */
export function protectedKind(p: string, scope: PathScope, cwd = scope.cwd, memo?: Map<string, string>): ProtectedKind | undefined {
  if (!p) return undefined;
  const roots = protectedRoots(scope);
  let raw = rawAbsolute(p, scope, cwd);
  let abs = resolve(raw);
  // /proc/self/cwd is the shell's folder, not the hook's; another process's /proc folders lead anywhere
  if (abs.startsWith("/proc/")) {
    const self = /^\/proc\/(?:self|thread-self)\/(cwd|root)(\/.*)?$/.exec(abs);
    if (!self) return /^\/proc\/[^/]+\/(?:cwd|root|fd|map_files)(?:\/|$)/.test(abs) ? "layer" : undefined;
    raw = `${self[1] === "cwd" ? cwd : ""}${self[2] ?? ""}` || "/";
    abs = resolve(raw);
  }
  const real = followLinks(raw, memo);
  const found = lexicalKind(abs, roots) ?? lexicalKind(real, roots);
  if (found) return found;
  const scripts = harnessScripts(scope);
  if (scripts.some((r) => r.path === abs || r.path === real)) return "harness";
  return hardLinkKind(real, [...roots, ...scripts], scope.cwd, scope.home);
}

/** protectedKind for a folder that exists (a working directory): a folder is never a hard link. */
export function protectedDirKind(dir: string, scope: PathScope, memo?: Map<string, string>): ProtectedKind | undefined {
  const roots = protectedRoots(scope);
  const abs = resolve(dir);
  return lexicalKind(abs, roots) ?? lexicalKind(followLinks(abs, memo), roots);
}

/**
 * Returns true when deleting or moving folder `p` would take protected things with it: it lies above
 * a protected location, is itself a `.claude`/`.agentihooks` folder, or holds a layer, hook
 * registrations or the `.git` of a repository with a layer one level down.
 */
export function holdsProtected(p: string, scope: PathScope, cwd = scope.cwd, memo?: Map<string, string>): boolean {
  const raw = rawAbsolute(p, scope, cwd);
  for (const path of new Set([resolve(raw), followLinks(raw, memo)])) {
    if (protectedRoots(scope).some((r) => within(r.path, path))) return true;
    if (harnessScripts(scope).some((r) => within(r.path, path))) return true;
    const name = basename(path).toLowerCase();
    if (name === ".claude" || name === ".agentihooks") return true;
    if (name === ".git" && holdsLayer(dirname(path))) return true;
    if (HOLDER_DIRS.includes(name) && templates().some((t) => t.segs[0] === name && existsSync(join(path, ...t.segs.slice(1))))) return true;
    if (holdsLayer(path)) return true;
    if (templates().some((t) => t.kind === "harness" && existsSync(join(path, ...t.segs)))) return true;
  }
  return false;
}
