import { basename } from "node:path";
import { defineCommand } from "citty";
import { readConfig } from "../config";
import { overview, timeline } from "../dashboard/data";
import { newToken, type Sources, startDashboard } from "../dashboard/server";
import { type DecisionRecord, readLog } from "../decisions/read";
import { AgentihooksError, oneLine } from "../errors";
import { parseDuration } from "../explain/log-stats";
import { homePaths } from "../state/home";
import { loadTrustStore } from "../state/trust-store";
import { listDocument } from "./conditions-list";

// `agentihooks ui`: a read-only page on 127.0.0.1 with what the decision log, the layers, the trust
// records and the conditions' cases say. The server lives until Ctrl-C; every request reads the log
// afresh, so a reload shows the newest calls.
export default defineCommand({
  meta: {
    name: "ui",
    description: "Serve a read-only dashboard of decisions, layers, trust and tests on 127.0.0.1 (Ctrl-C stops)",
    examples: [
      ["agentihooks ui", "print the page's one-time URL and open it in a browser"],
      ["agentihooks ui --no-open --port 8765", "only print the URL, on a fixed port"],
    ],
    docs: ["docs/dashboard.md", "docs/decision-log.md"],
  },
  args: {
    port: { type: "string", description: "Listen on this port (default: a free one)" },
    open: { type: "boolean", default: true, description: "Open the page in a browser when one is present", negativeDescription: "Only print the URL" },
    json: { type: "boolean", description: "Print {url, port} as JSON and keep serving (for scripts)" },
  },
  run({ args }) {
    const port = portOf(args.port);
    const token = newToken();
    let dash: ReturnType<typeof startDashboard>;
    try {
      dash = startDashboard({ port, token, sources: sources(process.cwd()) });
    } catch (err) {
      throw new AgentihooksError("E_LISTEN", `cannot listen on 127.0.0.1:${port}: ${oneLine(err)}`);
    }
    const stop = () => {
      dash.stop();
      process.exit(0);
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
    if (args.json) return void process.stdout.write(`${JSON.stringify({ url: dash.url, port: dash.port })}\n`);
    process.stdout.write(`agentihooks dashboard: ${dash.url}\n(read-only, this machine only; Ctrl-C stops)\n`);
    if (args.open && process.stdout.isTTY) openBrowser(dash.url);
  },
});

// --- internal ---

function portOf(text: string | undefined): number {
  if (text === undefined) return 0;
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > 65535) throw new AgentihooksError("E_USAGE", `--port "${text}" is not a port number (1-65535)`);
  return Number(text);
}

/** The documents the page asks for, each read when asked. */
function sources(cwd: string): Sources {
  const logs = homePaths().logs;
  const records = (): { records: DecisionRecord[]; unreadable: number } => {
    const { records, unreadable } = readLog(logs);
    return { records: records.filter((r) => !Number.isNaN(Date.parse(r.t))), unreadable };
  };
  let tests: Promise<unknown> | undefined;
  return {
    overview(since) {
      const { records: all, unreadable } = records();
      const now = Date.now();
      const cutoff = !since || since === "all" ? -Infinity : now - parseDuration(since);
      return overview(all.filter((r) => Date.parse(r.t) >= cutoff), unreadable, { start: cutoff, end: now });
    },
    session: (id) => timeline(records().records, id),
    layers() {
      const doc = listDocument({ cwd });
      const { store, problem } = loadTrustStore(homePaths().home, readConfig().config.strictModes);
      return { ...doc, cwd, trust: { repositories: store.repositories, problem } };
    },
    tests(rerun) {
      if (rerun || !tests) tests = runTests(cwd);
      return tests;
    },
  };
}

/** Runs `conditions test --json` as its own process: the cases run as the command runs them, apart from the server. */
async function runTests(cwd: string): Promise<unknown> {
  // Run from source, execPath is the bun runtime and the entry is a script.
  const self = /^bun(-debug)?$/.test(basename(process.execPath)) ? [process.execPath, Bun.main] : [process.execPath];
  const child = Bun.spawn([...self, "conditions", "test", "--json"], { cwd, stdin: "ignore", stdout: "pipe", stderr: "pipe", env: process.env });
  const timer = setTimeout(() => child.kill(), 120_000);
  const [out, err] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  clearTimeout(timer);
  try {
    return JSON.parse(out);
  } catch {
    return { error: oneLine(err || `conditions test ended with ${child.exitCode ?? child.signalCode}`) };
  }
}

/** Opens the URL with the desktop's opener when there is a desktop; the URL is one argument, no shell. */
function openBrowser(url: string): void {
  const opener = process.platform === "darwin" ? "open" : process.env.DISPLAY || process.env.WAYLAND_DISPLAY ? "xdg-open" : undefined;
  const path = opener ? Bun.which(opener) : null;
  if (!path) return;
  try {
    Bun.spawn([path, url], { stdin: "ignore", stdout: "ignore", stderr: "ignore" }).unref();
  } catch {}
}
