import { describe, expect, test } from "bun:test";
import { readConfig } from "../src/config";

describe("configuration", () => {
  test("defaults", () => {
    const { config, problems } = readConfig({});
    expect(config).toEqual({ enabled: true, timeoutSec: 10, maxParallel: 8, trustedOwners: [], strictModes: true });
    expect(problems).toEqual([]);
  });
  test("values", () => {
    const { config } = readConfig({ CONDITIONS_ENABLED: "false", CONDITIONS_TIMEOUT_SEC: "2.5", CONDITIONS_MAX_PARALLEL: "3", CONDITIONS_TRUSTED_OWNERS: " Acme, bob ,", AGENTIHOOKS_STRICT_MODES: "0" });
    expect(config).toEqual({ enabled: false, timeoutSec: 2.5, maxParallel: 3, trustedOwners: ["acme", "bob"], strictModes: false });
  });
  test.each([
    ["CONDITIONS_TIMEOUT_SEC", "abc"],
    ["CONDITIONS_TIMEOUT_SEC", "-1"],
    ["CONDITIONS_MAX_PARALLEL", "0"],
    ["CONDITIONS_MAX_PARALLEL", "2.5"],
    ["CONDITIONS_ENABLED", "maybe"],
  ])("%s=%s keeps the default and names the problem", (k, v) => {
    const { config, problems } = readConfig({ [k]: v });
    expect(problems).toHaveLength(1);
    expect(problems[0].message).toContain(k);
    expect(config).toEqual(readConfig({}).config);
  });
});
