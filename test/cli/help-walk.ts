// Walks the executable's own --help from the top: every command with its subcommands, options and
// positional words, as a person sees them. Tests that cover "every command" use it, so a command
// added later is covered without a line in them.
import { expect } from "bun:test";
import { run } from "../helpers";

export interface HelpInfo {
  text: string; // the whole --help output
  path: string[];
  subcommands: string[];
  options: string[]; // long spellings, as --help lists them
  valueOptions: string[]; // those that take a value (--x=<...>)
  positionals: { name: string; required: boolean; many: boolean }[];
}

const ENV = { PATH: process.env.PATH ?? "/usr/bin:/bin", NO_COLOR: "1" };

/** Returns what a command's --help says: its subcommands, options and positional words. */
export function helpOf(path: string[]): HelpInfo {
  const r = run([...path, "--help"], { env: { ...ENV, HOME: "/nonexistent" } });
  expect(r.exitCode).toBe(0);
  const section = (name: string) => r.stdout.split(`\n${name}\n\n`)[1]?.split("\n\n")[0]?.split("\n") ?? [];
  const usage = r.stdout.match(/^USAGE (.*)$/m)?.[1] ?? "";
  const options = section("OPTIONS").map((l) => l.trim().split(/\s{2,}/)[0]);
  return {
    text: r.stdout,
    path,
    subcommands: section("COMMANDS").map((l) => l.trim().split(/\s+/)[0]).filter(Boolean),
    options: options.flatMap((o) => o.split(", ")).map((o) => o.split("=")[0]).filter((o) => o.startsWith("--")),
    valueOptions: options.filter((o) => o.includes("=")).map((o) => o.split("=")[0].split(", ").at(-1) as string),
    positionals: [...usage.matchAll(/([<[])([A-Z_]+)(\.\.\.)?[>\]]/g)].filter((m) => m[2] !== "OPTIONS").map((m) => ({ name: m[2], required: m[1] === "<", many: !!m[3] })),
  };
}

/** Every command the executable has, groups included, parents first. */
export function allCommands(): HelpInfo[] {
  const out: HelpInfo[] = [];
  const walk = (path: string[]) => {
    const info = helpOf(path);
    out.push(info);
    for (const s of info.subcommands) walk([...path, s]);
  };
  walk([]);
  return out;
}
