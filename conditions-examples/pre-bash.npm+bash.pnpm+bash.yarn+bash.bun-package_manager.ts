#!/usr/bin/env bun
// pre-bash.npm+bash.pnpm+bash.yarn+bash.bun-package_manager.ts: one package manager per repository.
//
// What it does
//   Finds the repository's package manager from its lockfile (pnpm-lock.yaml, yarn.lock, bun.lock or
//   bun.lockb, package-lock.json or npm-shrinkwrap.json), looking in the session's cwd and up to the
//   git root. When the command runs another manager with a subcommand that writes a lockfile or
//   node_modules (npm install, yarn add, pnpm remove, bun update, a bare `yarn`, ...), it answers
//     {"decision": "deny", "reason": "this repository uses pnpm (pnpm-lock.yaml) ..."}
//   naming the right command. Scripts (npm test, yarn build), npx/dlx and the repository's own
//   manager pass. No lockfile, or lockfiles of two managers side by side: no opinion.
//
// Where to put it
//   Any layer, as it is. agentihooks runs .ts conditions with the Bun runtime inside its own
//   executable: nothing to install. The matcher runs it only when npm, pnpm, yarn or bun is one of the
//   programs of the command line (AH_PROGRAMS), also behind sudo, env, xargs or bash -c.
//
// Harness caveats
//   A deny works in Claude Code, Codex and Copilot alike. The command is split into words with a
//   simple splitter (quotes removed, ; & | ( ) newline as separators); AH_PROGRAMS decides which
//   managers really run, so `echo npm install` is never judged.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";

type Manager = "npm" | "pnpm" | "yarn" | "bun";

const LOCKFILES: ReadonlyArray<[string, Manager]> = [
  ["pnpm-lock.yaml", "pnpm"],
  ["yarn.lock", "yarn"],
  ["bun.lock", "bun"],
  ["bun.lockb", "bun"],
  ["package-lock.json", "npm"],
  ["npm-shrinkwrap.json", "npm"],
];

/** Subcommands that change dependencies, per manager ("" is a bare `yarn`, which installs). */
const WRITES: Readonly<Record<Manager, ReadonlySet<string>>> = {
  npm: new Set(["install", "i", "in", "ci", "add", "uninstall", "remove", "rm", "r", "un", "update", "up", "upgrade", "dedupe", "prune", "link"]),
  pnpm: new Set(["install", "i", "add", "remove", "rm", "uninstall", "un", "update", "up", "upgrade", "import", "dedupe", "prune", "link"]),
  yarn: new Set(["", "install", "add", "remove", "upgrade", "up", "import", "link", "dedupe"]),
  bun: new Set(["install", "i", "add", "a", "remove", "rm", "update", "link"]),
};

const ADVICE: Readonly<Record<Manager, string>> = {
  npm: "npm install / npm install <pkg> / npm uninstall <pkg>",
  pnpm: "pnpm install / pnpm add <pkg> / pnpm remove <pkg>",
  yarn: "yarn install / yarn add <pkg> / yarn remove <pkg>",
  bun: "bun install / bun add <pkg> / bun remove <pkg>",
};

const isManager = (w: string): w is Manager => Object.hasOwn(WRITES, w);

/** Returns the manager of the nearest folder holding lockfiles, or undefined (none, or several). */
function repoManager(cwd: string): { manager: Manager; lockfile: string } | undefined {
  for (let dir = cwd; ; dir = dirname(dir)) {
    const found = LOCKFILES.filter(([file]) => existsSync(join(dir, file)));
    const managers = new Set(found.map(([, m]) => m));
    if (managers.size === 1) return { manager: found[0][1], lockfile: found[0][0] };
    if (managers.size > 1) return undefined;
    if (existsSync(join(dir, ".git")) || dirname(dir) === dir) return undefined;
  }
}

/** Returns the simple commands of a line as word lists (quotes dropped, operators split). */
function simpleCommands(line: string): string[][] {
  return line
    .split(/[;&|()`\n]+/)
    .map((part) => part.trim().split(/\s+/).filter(Boolean).map((w) => w.replace(/["']/g, "")))
    .filter((words) => words.length > 0);
}

/** Returns each `<manager> <subcommand>` of the line; the subcommand is the first non-option word. */
function invocations(line: string, running: Set<string> | undefined): Array<{ manager: Manager; sub: string }> {
  const out: Array<{ manager: Manager; sub: string }> = [];
  for (const words of simpleCommands(line)) {
    words.forEach((word, i) => {
      const name = word.split("/").pop() ?? word;
      if (!isManager(name) || (running && !running.has(name))) return;
      const sub = words.slice(i + 1).find((w) => !w.startsWith("-")) ?? "";
      out.push({ manager: name, sub });
    });
  }
  return out;
}

const chunks: Buffer[] = [];
for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk));
const payload = JSON.parse(Buffer.concat(chunks).toString("utf8"));
const command: unknown = payload?.tool_input?.command;
if (typeof command !== "string") process.exit(0);

const repo = repoManager(process.env.AH_CWD || payload.cwd || process.cwd());
if (!repo) process.exit(0);
// AH_PROGRAMS names the programs that really run; when agentihooks is not the caller, trust the text.
const running = process.env.AH_PROGRAMS === undefined ? undefined : new Set(process.env.AH_PROGRAMS.split(" "));
const wrong = invocations(command, running).find(({ manager, sub }) => manager !== repo.manager && WRITES[manager].has(sub));
if (wrong) {
  const spelled = `${wrong.manager}${wrong.sub ? ` ${wrong.sub}` : ""}`;
  console.log(
    JSON.stringify({
      decision: "deny",
      reason: `package_manager: this repository uses ${repo.manager} (${repo.lockfile}); \`${spelled}\` would write a second lockfile. Use ${ADVICE[repo.manager]}`,
    }),
  );
}
