// The files a harness's own configuration names as programs it runs outside any tool call: other
// tools' hooks, Claude's statusLine and credential helpers, Codex's notify, Copilot's, Gemini's,
// Qwen Code's and Kimi Code's hooks. Such a file runs with nobody judging it, so writing it is as good as writing the
// registration that names it: each is protected as "harness". Read only when the gate checks a path a
// call writes (never on a call that writes nothing), once per call.
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { callMemo } from "../state/call-memo";
import { isDir, isFile } from "../fs-kind";
import { HOME_VARIABLES, harnessHome } from "../harness-homes";

/** Where a call runs (paths.ts's PathScope, of which only this is read). */
export interface ScriptScope {
  cwd: string;
  userHome: string;
  env?: Record<string, string | undefined>;
}

/** A protected file, in the shape of paths.ts's roots. */
export interface ScriptRoot {
  path: string;
  under: false;
  kind: "harness";
}

/** Keys whose string values (or arrays of strings) are command lines or program paths. */
const COMMAND_KEYS = new Set(["command", "args", "bash", "powershell", "sh", "statusLine", "apiKeyHelper", "awsAuthRefresh", "awsCredentialExport", "otelHeadersHelper", "notify"]);

/** A word of a command line, split at blanks, quotes and shell operators (only to find file names in it). */
const WORD = /[^\s'"`;|&<>()=]+/g;

// one call's memo (state/call-memo.ts): the resident server forgets it before its next call
const memo = callMemo<string, ScriptRoot[]>();

/** Returns the files the harness configurations in scope name as programs or their arguments. */
export function harnessScripts(scope: ScriptScope): ScriptRoot[] {
  const env = scope.env ?? {};
  const projectDir = env.CLAUDE_PROJECT_DIR || env.GEMINI_PROJECT_DIR || env.QWEN_PROJECT_DIR || scope.cwd;
  let key = `${scope.userHome}\0${projectDir}`;
  for (const v of HOME_VARIABLES) key += `\0${env[v]}`;
  const hit = memo.get(key);
  if (hit) return hit;
  const [claude, codex, copilot, gemini, factory, qwen, kimi] = (["claude", "codex", "copilot", "gemini", "droid", "qwen", "kimi"] as const).map((t) => harnessHome(t, scope.userHome, env));
  const files = [
    join(claude, "settings.json"),
    join(claude, "settings.local.json"),
    join(projectDir, ".claude", "settings.json"),
    join(projectDir, ".claude", "settings.local.json"),
    join(codex, "hooks.json"),
    join(codex, "config.toml"),
    join(projectDir, ".codex", "hooks.json"),
    join(projectDir, ".codex", "config.toml"),
    join(copilot, "settings.json"),
    join(gemini, "settings.json"),
    join(projectDir, ".gemini", "settings.json"),
    ...["hooks.json", "settings.json", "settings.local.json"].flatMap((f) => [join(factory, f), join(projectDir, ".factory", f)]),
    join(qwen, "settings.json"),
    join(projectDir, ".qwen", "settings.json"),
    join(kimi, "config.toml"),
    ...jsonFilesIn(join(copilot, "hooks")),
    ...jsonFilesIn(join(projectDir, ".github", "hooks")),
  ];
  const vars: Record<string, string> = { HOME: scope.userHome, CLAUDE_PROJECT_DIR: projectDir, GEMINI_PROJECT_DIR: projectDir, FACTORY_PROJECT_DIR: projectDir, QWEN_PROJECT_DIR: projectDir, CODEX_HOME: codex, COPILOT_HOME: copilot };
  const out = new Set<string>();
  for (const file of files) {
    const value = parsed(file);
    if (value !== undefined) for (const line of commandStrings(value)) for (const p of namedFiles(line, vars, projectDir)) out.add(p);
  }
  const roots = [...out].map((path): ScriptRoot => ({ path, under: false, kind: "harness" }));
  memo.set(key, roots);
  return roots;
}

function jsonFilesIn(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((n) => n.toLowerCase().endsWith(".json"))
      .map((n) => join(dir, n));
  } catch {
    return [];
  }
}

/** The file as JSON or TOML, or undefined when it is missing or does not parse (then it registers nothing). */
function parsed(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
  try {
    return file.endsWith(".toml") ? Bun.TOML.parse(text) : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Every string under a command key, at any depth. */
function commandStrings(value: unknown, under = false, out: string[] = []): string[] {
  if (typeof value === "string") {
    if (under) out.push(value);
  } else if (Array.isArray(value)) {
    for (const v of value) commandStrings(v, under, out);
  } else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) commandStrings(v, under || COMMAND_KEYS.has(k), out);
  }
  return out;
}

/**
 * The files a command line names: each word with a `/` (after `~` and the variables a harness sets for
 * its hooks), and each bare file name with an extension that is a file in the project folder. More names than the line runs
 * only protect more; a program found on PATH is not the agent's to write in the first place.
 */
function namedFiles(line: string, vars: Record<string, string>, projectDir: string): string[] {
  const out: string[] = [];
  for (const m of line.matchAll(WORD)) {
    let word = m[0].replace(/^\$\{?(\w+)\}?/, (all, name: string) => vars[name] ?? all);
    if (word === "~" || word.startsWith("~/")) word = vars.HOME + word.slice(1);
    if (word.startsWith("$")) continue;
    // a bare word counts only when it is a file name with an extension (`node hook.js`): an argument
    // like `--target codex` is no file, even where the project happens to hold one of that name
    const bare = !word.includes("/") && /^[\w.-]+\.[A-Za-z0-9]+$/.test(word);
    const path = word.includes("/") ? resolve(projectDir, word) : bare && isFile(join(projectDir, word)) ? join(projectDir, word) : undefined;
    // a folder named in a line (`cd DIR && ...`) is where the program runs, not the program
    if (path && !/^\/(?:dev|proc|sys)(?:\/|$)/.test(path) && !isDir(path)) out.push(path);
  }
  return out;
}
