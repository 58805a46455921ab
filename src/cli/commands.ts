import type { CommandDef } from "citty";

// The human-facing commands, loaded lazily so a command pays only for what it uses.
// Add a command with one line here; the file it names exports a citty command as default.
type Lazy = () => Promise<CommandDef<any>>;
const load = (p: Promise<{ default: CommandDef<any> }>) => p.then((m) => m.default);

export const commands: Record<string, Lazy> = {
  conditions: () => load(import("./conditions")),
  enforcement: () => load(import("./enforcement")),
  programs: () => load(import("./programs")),
  stats: () => load(import("./stats")),
  log: () => load(import("./log")),
  mcp: () => load(import("./mcp")),
  init: () => load(import("./init")),
  uninit: () => load(import("./uninit")),
  backups: () => load(import("./backups")),
  link: () => load(import("./link")),
  unlink: () => load(import("./unlink")),
  doctor: () => load(import("./doctor")),
  trust: () => load(import("./trust")),
  hook: () => load(import("./hook")),
  completion: () => load(import("./completion")),
  man: () => load(import("./man")),
  profile: () => load(import("./profile")),
  ui: () => load(import("./ui")),
};
