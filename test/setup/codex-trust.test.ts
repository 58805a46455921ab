// Codex's hook trust: init marks the hooks it writes as reviewed (the hash Codex computes, in the
// user's config.toml), uninit takes that back, doctor reports hooks Codex would skip. The hashes are
// Codex 0.169's own, read from `codex app-server` hooks/list (currentHash); the live suite checks the
// same against the real CLI (e2e/live/codex-setup.live.ts).
import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { codexHookHash } from "../../src/setup/codex-trust";
import { BIN, run, sandbox, type Sandbox, writeFile } from "../helpers";

/** [event, handler, group matcher, currentHash that Codex 0.169 reported for it]. */
const MEASURED: [string, Record<string, unknown>, string | undefined, string][] = [
  ["PreToolUse", { type: "command", command: "/work/wt-codex/dist/agentihooks hook --target codex --event PreToolUse", timeout: 30 }, undefined,
    "sha256:de4c28d2b8ca5bafa752f44a3c174e1d89d8e293f619cdcfcfeebef7a8176f9d"],
  ["PreToolUse", { type: "command", command: "echo one", timeout: 5 }, "^Bash$", "sha256:2c18e8fbdcb13b396a219cd566c1edd132b6ce2f5904ec395a1502a415d7ebf2"],
  ["PreToolUse", { type: "command", command: "echo two", statusMessage: "checking" }, "^Bash$", "sha256:a2c590e0fe161ea8421a347262a95aa26108d9799fe56cb8d6f9101fa834553a"],
  ["PostToolUse", { type: "command", command: `echo 'é "q" \\\\ /'`, timeout: 0, async: true }, undefined,
    "sha256:0c177fc12a599a0c616d969526ddaf18f6636c8afb1e2f31b575cb95bb2d01be"],
  ["SessionEnd", { type: "command", command: "echo end", timeout: 3 }, undefined, "sha256:84be7971dba2dbb128add226e0537c753853bf675df8efb85a5dcbb611374b4f"],
  ["SessionEnd", { type: "command", command: "echo SessionEnd", timeout: 9 }, "x", "sha256:0640c1f7360ec772fd63d1f4ad040e1ecc532e8c8783a34fb43a40eb7d7b5201"],
  ["Stop", { type: "command", command: "echo stop", timeout: 7 }, "ignored?", "sha256:610bc138296847b922c0a838306ecf03b22dc0f42f15c7c4d373762846a05e53"],
  ["UserPromptSubmit", { type: "command", command: "echo UserPromptSubmit", timeout: 9 }, "x", "sha256:f2f911e8048ada98a7cec38294b5413368552c7f88c28fe8f005cb7fd94134e1"],
  ["SubagentStop", { type: "command", command: "echo SubagentStop", timeout: 9 }, "x", "sha256:1e1b2008c59452412ce5de531b2ffde8c2cba87172d02983a47c7b5764d1c477"],
  ["PreCompact", { type: "command", command: "echo PreCompact", timeout: 9 }, "x", "sha256:7cc125ed76f5733e4ea36754c9e0ce082141c4835d60be3cb69ad34ed15aa8d5"],
  ["PermissionRequest", { type: "command", command: "echo PermissionRequest", timeout: 9 }, "x", "sha256:0c63f172d4e19a63bef05020adf041ca49ea05b5eecd9ba21f2f091d413de08c"],
];

describe("codexHookHash is Codex 0.169's hash", () => {
  test.each(MEASURED)("%s %j (matcher %s)", (event, handler, matcher, hash) => {
    expect(codexHookHash(event, handler as never, matcher)).toBe(hash);
  });
});

const EVENTS = ["session_start", "pre_tool_use", "permission_request", "post_tool_use", "user_prompt_submit", "stop", "subagent_start", "subagent_stop", "pre_compact", "session_end"];

const ah = (sb: Sandbox, args: string[], env: Record<string, string> = {}) => run(args, { env: { ...sb.env, ...env }, cwd: sb.repo });
const codexDir = (sb: Sandbox) => join(sb.userHome, ".codex");
const hooksPath = (sb: Sandbox) => join(codexDir(sb), "hooks.json");
const tomlPath = (sb: Sandbox) => join(codexDir(sb), "config.toml");
const read = (p: string) => readFileSync(p, "utf8");

/** The trusted_hash each `[hooks.state."<key>"]` table of config.toml holds. */
function trusted(text: string): Record<string, string> {
  const parsed = Bun.TOML.parse(text) as { hooks?: { state?: Record<string, { trusted_hash?: string }> } };
  return Object.fromEntries(Object.entries(parsed.hooks?.state ?? {}).flatMap(([k, v]) => (v.trusted_hash ? [[k, v.trusted_hash]] : [])));
}

/** What config.toml must trust for hooks.json: each handler's key and Codex's hash of it. */
function expected(sb: Sandbox, path = hooksPath(sb)): Record<string, string> {
  const hooks = JSON.parse(read(path)).hooks as Record<string, { matcher?: string; hooks: Record<string, unknown>[] }[]>;
  const out: Record<string, string> = {};
  for (const [event, groups] of Object.entries(hooks)) {
    groups.forEach((g, gi) => g.hooks.forEach((h, hi) => {
      if (String(h.command).includes(" hook --target codex")) out[`${path}:${event.replace(/(?<=[a-z])([A-Z])/g, "_$1").toLowerCase()}:${gi}:${hi}`] = codexHookHash(event, h as never, g.matcher);
    }));
  }
  return out;
}

const PERSON_TOML = `# my settings
model = "o3" # fast

[profiles.deep]
model = "gpt-5"
`;

describe("init trusts the hooks it writes; uninit takes it back", () => {
  test("fresh HOME: every event's handler is trusted with Codex's hash; doctor agrees; a second init changes nothing", () => {
    const sb = sandbox();
    const r = ah(sb, ["init", "--target", "codex"]);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain(`codex: trusted 10 hooks in ${tomlPath(sb)}`);
    const want = expected(sb);
    expect(Object.keys(want).map((k) => k.split(":").at(-3)).sort()).toEqual([...EVENTS].sort());
    expect(trusted(read(tomlPath(sb)))).toEqual(want);
    expect(JSON.parse(read(hooksPath(sb))).hooks.SessionEnd[0].hooks[0].timeout).toBe(3); // Codex clamps above 3 s
    const doctor = ah(sb, ["doctor"]);
    expect(doctor.stdout).toContain(`codex: ${tomlPath(sb)} trusts the 10 hooks of ${hooksPath(sb)}`);
    const bytes = read(tomlPath(sb));
    expect(ah(sb, ["init", "--target", "codex"]).stdout).toContain("already set up: nothing changed");
    expect(read(tomlPath(sb))).toBe(bytes);
    ah(sb, ["uninit", "--target", "codex"]);
    expect(existsSync(tomlPath(sb))).toBe(false); // gone with the folder init made
    rmSync(sb.root, { recursive: true, force: true });
  });

  test("a person's config.toml (comments, profiles, a hook state of their own) comes back byte for byte", () => {
    const sb = sandbox();
    const own = `${PERSON_TOML}\n[hooks.state."${hooksPath(sb)}:stop:0:0"]\nenabled = true # keep\n`;
    writeFile(tomlPath(sb), own);
    ah(sb, ["init", "--target", "codex"]);
    const text = read(tomlPath(sb));
    expect(text.startsWith(PERSON_TOML)).toBe(true);
    expect(trusted(text)).toEqual(expected(sb));
    expect((Bun.TOML.parse(text) as any).hooks.state[`${hooksPath(sb)}:stop:0:0`].enabled).toBe(true);
    // a changed timeout changes every hash: the trust follows, nothing stale is left
    ah(sb, ["init", "--target", "codex"], { CONDITIONS_TIMEOUT_SEC: "12" });
    expect(trusted(read(tomlPath(sb)))).toEqual(expected(sb));
    ah(sb, ["uninit", "--target", "codex"]);
    expect(read(tomlPath(sb))).toBe(own);
    rmSync(sb.root, { recursive: true, force: true });
  });

  test("a person's hooks before ours move our handler: the key follows its position", () => {
    const sb = sandbox();
    writeFile(hooksPath(sb), JSON.stringify({ hooks: { PreToolUse: [{ matcher: "^Bash$", hooks: [{ type: "command", command: "echo mine" }] }] } }));
    ah(sb, ["init", "--target", "codex"]);
    const keys = Object.keys(trusted(read(tomlPath(sb))));
    expect(keys).toContain(`${hooksPath(sb)}:pre_tool_use:1:0`);
    expect(keys).not.toContain(`${hooksPath(sb)}:pre_tool_use:0:0`); // the person's hook stays theirs to review
    rmSync(sb.root, { recursive: true, force: true });
  });

  test("--scope project: the project's hooks are trusted in the user's config.toml (Codex reads trust only there)", () => {
    const sb = sandbox();
    const project = join(sb.repo, ".codex", "hooks.json");
    const r = ah(sb, ["init", "--target", "codex", "--scope", "project"]);
    expect(r.stdout).toContain("Codex loads .codex/hooks.json only in a trusted project");
    expect(trusted(read(tomlPath(sb)))).toEqual(expected(sb, project));
    ah(sb, ["uninit", "--target", "codex", "--scope", "project"]);
    expect(existsSync(tomlPath(sb))).toBe(false);
    rmSync(sb.root, { recursive: true, force: true });
  });

  test.each([
    ["an inline hooks.state", `hooks = { state = { "x" = { enabled = true } } }\n`],
    ["dotted keys for our handler", `[hooks]\nstate."HOOKS:pre_tool_use:0:0".enabled = true\n`],
  ])("hook state written as %s: one-line error, nothing written", (_name, body) => {
    const sb = sandbox();
    const text = body.replace("HOOKS", hooksPath(sb));
    writeFile(tomlPath(sb), text);
    const r = ah(sb, ["init", "--target", "codex"]);
    expect(r.exitCode).not.toBe(0);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toContain(tomlPath(sb));
    expect(read(tomlPath(sb))).toBe(text);
    expect(existsSync(hooksPath(sb))).toBe(false);
    rmSync(sb.root, { recursive: true, force: true });
  });
});

describe("doctor reports hooks Codex would skip, with the fix in one line", () => {
  const spoil: [string, (toml: string, sb: Sandbox) => string, string][] = [
    ["no trust at all (hooks written by hand or by an older init)", (t) => t.replace(/\n?# hook trust[^\n]*\n\[hooks\.state[^\n]*\]\ntrusted_hash[^\n]*\n/g, ""), "(untrusted)"],
    ["one hash changed (the hook was edited)", (t) => t.replace(/(pre_tool_use:0:0"\]\ntrusted_hash = "sha256:)./, "$1z"), "pre_tool_use (modified)"],
    ["one disabled in Codex's /hooks", (t, sb) => `${t}\n[hooks.state."${hooksPath(sb)}:stop:0:0"]\nenabled = false\n`.replace(/\n# hook trust[^\n]*\n\[hooks\.state\.[^\n]*stop:0:0"\]\ntrusted_hash[^\n]*\n/, "\n"), "stop (disabled)"],
  ];
  test.each(spoil)("%s", (_name, change, named) => {
    const sb = sandbox();
    ah(sb, ["init", "--target", "codex"]);
    writeFileSync(tomlPath(sb), change(read(tomlPath(sb)), sb));
    const r = ah(sb, ["doctor"]);
    expect(r.exitCode).toBe(1);
    const line = r.stdout.split("\n").find((l) => l.includes("skips these hooks"));
    expect(line).toContain(named);
    const fix = r.stdout.split("\n")[r.stdout.split("\n").indexOf(line!) + 1];
    expect(fix).toMatch(/fix: .*agentihooks init --target codex$/);
    if (!named.includes("disabled")) {
      ah(sb, ["init", "--target", "codex"]); // the fix it names works
      expect(ah(sb, ["doctor"]).stdout).not.toContain("skips these hooks");
    }
    rmSync(sb.root, { recursive: true, force: true });
  });
});

describe("doctor checks what Codex will really load", () => {
  const broken: [string, (sb: Sandbox) => void, RegExp][] = [
    ["hooks.json that is not JSON", (sb) => writeFileSync(hooksPath(sb), read(hooksPath(sb)).replace('"hooks": {', '"hooks": {,')), /codex: .*hooks\.json:\d+: .*not valid JSON/],
    ["config.toml that is not TOML", (sb) => writeFileSync(tomlPath(sb), `${read(tomlPath(sb))}\n[broken\n`), /codex: .*config\.toml:\d+: .*not valid TOML/],
    ["hooks.json calling another executable", (sb) => writeFileSync(hooksPath(sb), read(hooksPath(sb)).replaceAll(BIN, "/old/place/agentihooks")),
      /codex: .*hooks\.json calls \/old\/place\/agentihooks, which does not exist/],
  ];
  test.each(broken)("%s: a failure with the file, exit 1", (_name, spoil, line) => {
    const sb = sandbox();
    ah(sb, ["init", "--target", "codex"]);
    spoil(sb);
    const r = ah(sb, ["doctor"]);
    expect(r.exitCode).toBe(1);
    expect(r.stdout.split("\n").some((l) => l.startsWith("FAIL") && line.test(l)), r.stdout).toBe(true);
    rmSync(sb.root, { recursive: true, force: true });
  });
});
