import { describe, expect, test } from "bun:test";
import { readConfig } from "../src/config";

describe("configuration", () => {
  test("defaults", () => {
    const { config, problems } = readConfig({});
    expect(config).toEqual({
      enabled: true,
      timeoutSec: 10,
      maxParallel: 8,
      trustedOwners: [],
      strictModes: true,
      log: { input: "redacted", maxBytes: 5 * 1024 * 1024, maxAgeDays: 30, keep: 5 },
    });
    expect(problems).toEqual([]);
  });
  test("values", () => {
    const { config } = readConfig({
      CONDITIONS_ENABLED: "false",
      CONDITIONS_TIMEOUT_SEC: "2.5",
      CONDITIONS_MAX_PARALLEL: "3",
      CONDITIONS_TRUSTED_OWNERS: " Acme, bob ,",
      AGENTIHOOKS_STRICT_MODES: "0",
      AGENTIHOOKS_LOG_INPUT: "Hash",
      AGENTIHOOKS_LOG_MAX_MB: "0.5",
      AGENTIHOOKS_LOG_MAX_AGE_DAYS: "7",
      AGENTIHOOKS_LOG_KEEP: "2",
    });
    expect(config).toEqual({
      enabled: false,
      timeoutSec: 2.5,
      maxParallel: 3,
      trustedOwners: ["acme", "bob"],
      strictModes: false,
      log: { input: "hash", maxBytes: 512 * 1024, maxAgeDays: 7, keep: 2 },
    });
  });
  test.each([
    ["CONDITIONS_TIMEOUT_SEC", "abc"],
    ["CONDITIONS_TIMEOUT_SEC", "-1"],
    ["CONDITIONS_MAX_PARALLEL", "0"],
    ["CONDITIONS_MAX_PARALLEL", "2.5"],
    ["CONDITIONS_ENABLED", "maybe"],
    ["AGENTIHOOKS_LOG_INPUT", "secret"],
    ["AGENTIHOOKS_LOG_MAX_MB", "0"],
    ["AGENTIHOOKS_LOG_KEEP", "1.5"],
  ])("%s=%s keeps the default and names the problem", (k, v) => {
    const { config, problems } = readConfig({ [k]: v });
    expect(problems).toHaveLength(1);
    expect(problems[0].message).toContain(k);
    expect(config).toEqual(readConfig({}).config);
  });
});
