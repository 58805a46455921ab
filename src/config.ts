// Configuration from the environment. The hook path never fails on a bad value: it takes the default and
// reports the problem; `conditions list` turns the same problems into a clear error.

export interface Config {
  enabled: boolean;
  timeoutSec: number;
  maxParallel: number;
  trustedOwners: string[];
  strictModes: boolean;
  /** AGENTIHOOKS_PYTHON: the Python that runs .py conditions (an absolute path or a name found in the system folders). */
  python?: string;
  /** The decision log: what it keeps of each tool input, and when it rotates (src/state/hook-log.ts). */
  log: { input: "full" | "redacted" | "hash" | "none"; maxBytes: number; maxAgeDays: number; keep: number };
}

export interface ConfigProblem {
  variable: string;
  value: string;
  message: string;
}

const DEFAULTS: Config = {
  enabled: true,
  timeoutSec: 10,
  maxParallel: 8,
  trustedOwners: [],
  strictModes: true,
  log: { input: "redacted", maxBytes: 5 * 1024 * 1024, maxAgeDays: 30, keep: 5 },
};

const LOG_INPUTS = ["full", "redacted", "hash", "none"] as const;

function parseBool(v: string): boolean | undefined {
  const s = v.trim().toLowerCase();
  if (["1", "true", "yes", "on"].includes(s)) return true;
  if (["0", "false", "no", "off"].includes(s)) return false;
  return undefined;
}

function parseNumber(v: string, min: number, max: number, integer: boolean): number | undefined {
  const s = v.trim();
  if (!/^\d+(\.\d+)?$/.test(s)) return undefined;
  const n = Number(s);
  if (!Number.isFinite(n) || n < min || n > max || (integer && !Number.isInteger(n))) return undefined;
  return n;
}

/** Returns the configuration and the problems found; a bad value keeps its default. */
export function readConfig(env: Record<string, string | undefined> = process.env): { config: Config; problems: ConfigProblem[] } {
  const config: Config = { ...DEFAULTS, trustedOwners: [], log: { ...DEFAULTS.log } };
  const problems: ConfigProblem[] = [];
  const bad = (variable: string, value: string, expected: string) =>
    problems.push({ variable, value, message: `${variable}=${JSON.stringify(value)} is not ${expected}; using the default` });

  const enabled = env.CONDITIONS_ENABLED;
  if (enabled !== undefined && enabled !== "") {
    const b = parseBool(enabled);
    if (b === undefined) bad("CONDITIONS_ENABLED", enabled, "a boolean (true/false)");
    else config.enabled = b;
  }
  const timeout = env.CONDITIONS_TIMEOUT_SEC;
  if (timeout !== undefined && timeout !== "") {
    const n = parseNumber(timeout, 0.1, 3600, false);
    if (n === undefined) bad("CONDITIONS_TIMEOUT_SEC", timeout, "a number of seconds between 0.1 and 3600");
    else config.timeoutSec = n;
  }
  const parallel = env.CONDITIONS_MAX_PARALLEL;
  if (parallel !== undefined && parallel !== "") {
    const n = parseNumber(parallel, 1, 256, true);
    if (n === undefined) bad("CONDITIONS_MAX_PARALLEL", parallel, "an integer between 1 and 256");
    else config.maxParallel = n;
  }
  // a loop, not map().filter(): filter's first call would cost every hook call (bench/README.md, entry 36)
  config.trustedOwners = [];
  for (const s of (env.CONDITIONS_TRUSTED_OWNERS ?? "").split(",")) {
    const owner = s.trim().toLowerCase();
    if (owner) config.trustedOwners.push(owner);
  }
  const strict = env.AGENTIHOOKS_STRICT_MODES;
  if (strict !== undefined && strict !== "") {
    const b = parseBool(strict);
    if (b === undefined) bad("AGENTIHOOKS_STRICT_MODES", strict, "a boolean (0/1)");
    else config.strictModes = b;
  }
  if (env.AGENTIHOOKS_PYTHON) config.python = env.AGENTIHOOKS_PYTHON;
  const input = env.AGENTIHOOKS_LOG_INPUT;
  if (input !== undefined && input !== "") {
    const v = input.trim().toLowerCase();
    if ((LOG_INPUTS as readonly string[]).includes(v)) config.log.input = v as Config["log"]["input"];
    else bad("AGENTIHOOKS_LOG_INPUT", input, "full, redacted, hash or none");
  }
  const numbers: [string, "maxBytes" | "maxAgeDays" | "keep", number, number, string][] = [
    ["AGENTIHOOKS_LOG_MAX_MB", "maxBytes", 0.01, 10_000, "a size in MiB between 0.01 and 10000"],
    ["AGENTIHOOKS_LOG_MAX_AGE_DAYS", "maxAgeDays", 0.001, 3650, "a number of days between 0.001 and 3650"],
    ["AGENTIHOOKS_LOG_KEEP", "keep", 0, 1000, "an integer between 0 and 1000"],
  ];
  for (const [variable, key, min, max, expected] of numbers) {
    const v = env[variable];
    if (v === undefined || v === "") continue;
    const n = parseNumber(v, min, max, key === "keep");
    if (n === undefined) bad(variable, v, expected);
    else config.log[key] = key === "maxBytes" ? Math.round(n * 1024 * 1024) : n;
  }
  return { config, problems };
}
