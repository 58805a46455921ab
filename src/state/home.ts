import { join } from "node:path";

/** Returns AGENTIHOOKS_HOME (default ~/.agentihooks): everything the tool keeps lives under it. */
export function homeDir(env: Record<string, string | undefined> = process.env): string {
  const h = env.AGENTIHOOKS_HOME;
  if (h && h.trim()) return h;
  return join(env.HOME || require("node:os").homedir() /* loaded only without $HOME: it costs at start-up */, ".agentihooks");
}

/** The well-known paths under the home. */
export function homePaths(home = homeDir()) {
  return {
    home,
    conditions: join(home, "conditions"),
    cache: join(home, "cache"),
    logs: join(home, "logs"),
    state: join(home, "state.json"),
    enforcements: join(home, "enforcements.json"),
    sessions: join(home, "sessions"),
    builtin: join(home, "builtin"),
  };
}
