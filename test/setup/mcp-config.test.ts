// `init` registering the MCP server (`agentihooks mcp`) in each harness's MCP config, `uninit` removing
// it, on temporary HOME directories through the compiled executable; and the registered command
// really serving MCP: spawned as configured, it answers initialize and tools/list.
import { describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { BIN, run, sandbox, writeFile, type Sandbox } from "../helpers";
import { snapshot } from "./fixtures";

const ah = (sb: Sandbox, args: string[]) => run(args, { env: sb.env, cwd: sb.repo });

const mcpPaths = (sb: Sandbox) => ({
  claude: join(sb.userHome, ".claude.json"),
  codex: join(sb.userHome, ".codex", "config.toml"),
  copilot: join(sb.userHome, ".copilot", "mcp-config.json"),
});

/** Codex's hook trust, which init appends to config.toml too (test/setup/codex-trust.test.ts checks it). */
const TRUST_BLOCK = /\n?# hook trust added by agentihooks init[^\n]*\n\[hooks\.state\.[^\n]*\]\ntrusted_hash = [^\n]*\n/g;
/** Returns a file's text without init's Codex hook trust: these tests are about the MCP server's bytes. */
const read = (path: string) => readFileSync(path, "utf8").replace(TRUST_BLOCK, "");
const TOML_BLOCK = `# added by agentihooks init\n[mcp_servers.agentihooks]\ncommand = ${JSON.stringify(BIN)}\nargs = ["mcp", "--target", "codex"]\n`;
/** The server's argv after the executable: each harness's server answers for its own profile chain. */
const args = (t: string) => ["mcp", "--target", t];

/** ~/.claude.json as Claude Code keeps it: much state of its own and another MCP server. */
const CLAUDE_STATE = `{
  "numStartups": 41,
  "installMethod": "native",
  "oauthAccount": {
    "emailAddress": "me@example.com"
  },
  "mcpServers": {
    "playwright": {
      "type": "stdio",
      "command": "npx",
      "args": [
        "@playwright/mcp@latest"
      ],
      "env": {}
    }
  },
  "projects": {
    "/home/me/src/app": {
      "allowedTools": [],
      "hasTrustDialogAccepted": true
    }
  }
}
`;

const CODEX_TOML = `# My Codex setup
model = "gpt-5.5" # the default
approval_policy = "on-request"

[features]
hooks = true

# Documentation lookups
[mcp_servers.docs]
command = "npx"
args = [
  "-y", # always fresh
  "docs-mcp",
]

[mcp_servers.docs.env]
TOKEN = "abc"
`;

const COPILOT_MCP = `{"mcpServers":{"github-local":{"type":"local","command":"gh-mcp","args":[],"tools":["*"]}}}\n`;

function withExisting(sb: Sandbox) {
  const p = mcpPaths(sb);
  writeFile(p.claude, CLAUDE_STATE, 0o600);
  writeFile(p.codex, CODEX_TOML);
  writeFile(p.copilot, COPILOT_MCP);
  return p;
}

describe("init registers the MCP server", () => {
  test("fresh HOME: each harness's MCP config, with the absolute path and args [\"mcp\", \"--target\", <harness>]", () => {
    const sb = sandbox();
    const r = ah(sb, ["init"]);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain(`mcp server: ${BIN} mcp --target <target>`);
    const p = mcpPaths(sb);
    expect(JSON.parse(read(p.claude))).toEqual({ mcpServers: { agentihooks: { type: "stdio", command: BIN, args: args("claude") } } });
    expect(read(p.codex)).toBe(TOML_BLOCK);
    expect(Bun.TOML.parse(read(p.codex))).toEqual({ mcp_servers: { agentihooks: { command: BIN, args: args("codex") } } });
    expect(JSON.parse(read(p.copilot))).toEqual({ mcpServers: { agentihooks: { type: "local", command: BIN, args: args("copilot"), tools: ["*"] } } });
  });

  test("files with content of their own: only our entry is added, every other byte kept", () => {
    const sb = sandbox();
    const p = withExisting(sb);
    expect(ah(sb, ["init"]).exitCode).toBe(0);
    const claude = read(p.claude);
    const ours = `,\n    "agentihooks": {\n      "type": "stdio",\n      "command": ${JSON.stringify(BIN)},\n      "args": [\n        "mcp",\n        "--target",\n        "claude"\n      ]\n    }`;
    const at = CLAUDE_STATE.indexOf('\n  },\n  "projects"');
    expect(claude).toBe(CLAUDE_STATE.slice(0, at) + ours + CLAUDE_STATE.slice(at));
    expect(statSync(p.claude).mode & 0o777).toBe(0o600); // the mode of a file with account data is kept
    expect(read(p.codex)).toBe(`${CODEX_TOML}\n${TOML_BLOCK}`);
    expect((Bun.TOML.parse(read(p.codex)) as any).mcp_servers.docs).toEqual({ command: "npx", args: ["-y", "docs-mcp"], env: { TOKEN: "abc" } });
    const copilot = JSON.parse(read(p.copilot));
    expect(Object.keys(copilot.mcpServers)).toEqual(["github-local", "agentihooks"]);
    expect(copilot.mcpServers["github-local"]).toEqual({ type: "local", command: "gh-mcp", args: [], tools: ["*"] });
    expect(read(`${p.claude}.agentihooks.bak`)).toBe(CLAUDE_STATE);
    expect(read(`${p.codex}.agentihooks.bak`)).toBe(CODEX_TOML);
  });

  test("an [mcp_servers.agentihooks] table of the user's own is updated in place", () => {
    const sb = sandbox();
    const p = mcpPaths(sb);
    const mine = `[mcp_servers.agentihooks] # mine\ncommand = "/opt/old/agentihooks" # moved since\nstartup_timeout_sec = 20\n\n[mcp_servers.agentihooks.env]\nAGENTIHOOKS_HOME = "/data/ah"\n\n[other]\nx = 1\n`;
    writeFile(p.codex, mine);
    expect(ah(sb, ["init", "--target", "codex"]).exitCode).toBe(0);
    // The command line rewritten (its comment kept), the missing args line added after it, nothing else.
    expect(read(p.codex)).toBe(mine.replace('command = "/opt/old/agentihooks" # moved since', `command = ${JSON.stringify(BIN)} # moved since\nargs = ["mcp", "--target", "codex"]`));
    const server = (Bun.TOML.parse(read(p.codex)) as any).mcp_servers.agentihooks;
    expect(server).toEqual({ command: BIN, args: args("codex"), startup_timeout_sec: 20, env: { AGENTIHOOKS_HOME: "/data/ah" } });
  });

  test("a JSON entry of the user's own keeps its extra keys (env)", () => {
    const sb = sandbox();
    const p = mcpPaths(sb);
    writeFile(p.claude, JSON.stringify({ mcpServers: { agentihooks: { command: "/old/agentihooks", args: ["mcp"], env: { A: "1" } } } }, null, 2));
    ah(sb, ["init", "--target", "claude"]);
    expect(JSON.parse(read(p.claude)).mcpServers.agentihooks).toEqual({ command: BIN, args: args("claude"), env: { A: "1" }, type: "stdio" });
  });

  test("idempotent: a second run changes no byte", () => {
    const sb = sandbox();
    withExisting(sb);
    ah(sb, ["init"]);
    const first = snapshot(sb.userHome);
    const again = ah(sb, ["init"]);
    expect(again.stdout).toContain("nothing changed");
    expect(snapshot(sb.userHome)).toEqual(first);
  });

  test("--dry-run: a diff that only adds our entry, nothing written", () => {
    const sb = sandbox();
    const p = withExisting(sb);
    const before = snapshot(sb.root);
    const r = ah(sb, ["init", "--dry-run"]);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain(`--- ${p.claude}\n+++ ${p.claude}\n@@ `);
    expect(r.stdout).toContain(`+# added by agentihooks init\n+[mcp_servers.agentihooks]\n`);
    const claudeDiff = r.stdout.slice(r.stdout.indexOf(`--- ${p.claude}`)).split("\n--- ")[0];
    expect(claudeDiff.split("\n").filter((l) => l.startsWith("-") && !l.startsWith("---"))).toEqual([]);
    expect(claudeDiff).not.toContain("numStartups"); // far from the change: not even context
    expect(snapshot(sb.root)).toEqual(before);
  });

  test("--no-mcp: hooks only; uninit --no-mcp leaves the server registered", () => {
    const sb = sandbox();
    const r = ah(sb, ["init", "--no-mcp"]);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).not.toContain("mcp server:");
    const { codex, ...others } = mcpPaths(sb);
    for (const f of Object.values(others)) expect(existsSync(f)).toBe(false);
    // Codex's config.toml is still written: the hooks' trust lives there (codex-trust.test.ts)
    expect(readFileSync(codex, "utf8")).not.toContain("mcp_servers");
    ah(sb, ["init"]);
    ah(sb, ["uninit", "--no-mcp"]);
    for (const f of Object.values(mcpPaths(sb))) expect(existsSync(f)).toBe(true);
    expect(existsSync(join(sb.userHome, ".claude", "settings.json"))).toBe(false);
  });
});

describe("uninit removes exactly the MCP server", () => {
  test("fresh: the files init created are gone, HOME is as before", () => {
    const sb = sandbox();
    const before = snapshot(sb.userHome);
    ah(sb, ["init"]);
    expect(ah(sb, ["uninit"]).exitCode).toBe(0);
    expect(snapshot(sb.userHome)).toEqual(before);
  });

  test("existing files come back byte-identical, backups gone", () => {
    const sb = sandbox();
    withExisting(sb);
    const before = snapshot(sb.userHome);
    ah(sb, ["init"]);
    expect(ah(sb, ["uninit"]).exitCode).toBe(0);
    expect(snapshot(sb.userHome)).toEqual(before);
    expect(statSync(mcpPaths(sb).claude).mode & 0o777).toBe(0o600);
  });

  test("files changed since init (Claude's own state, a table added after ours): only our entry goes", () => {
    const sb = sandbox();
    const p = withExisting(sb);
    ah(sb, ["init"]);
    // Claude Code rewrites ~/.claude.json all the time; the user appends to config.toml.
    writeFileSync(p.claude, read(p.claude).replace('"numStartups": 41', '"numStartups": 42'));
    writeFileSync(p.codex, `${read(p.codex)}\n[profiles.fast]\nmodel = "gpt-5.5-mini"\n`);
    expect(ah(sb, ["uninit"]).exitCode).toBe(0);
    expect(read(p.claude)).toBe(CLAUDE_STATE.replace('"numStartups": 41', '"numStartups": 42'));
    expect(read(p.codex)).toBe(`${CODEX_TOML}\n[profiles.fast]\nmodel = "gpt-5.5-mini"\n`);
    expect(read(p.copilot)).toBe(COPILOT_MCP); // unchanged since: restored from its backup
  });

  test("a TOML file without a final newline is restored byte for byte", () => {
    const sb = sandbox();
    const p = mcpPaths(sb);
    writeFile(p.codex, 'model = "o3"');
    ah(sb, ["init", "--target", "codex"]);
    expect(read(p.codex)).toBe(`model = "o3"\n\n${TOML_BLOCK}`);
    ah(sb, ["uninit", "--target", "codex"]);
    expect(read(p.codex)).toBe('model = "o3"');
  });
});

describe("bad input is refused before any write", () => {
  test("invalid JSON in ~/.claude.json: file:line: reason, one line, nothing written", () => {
    const sb = sandbox();
    const p = mcpPaths(sb);
    const broken = '{\n  "numStartups": 3,\n  "mcpServers": {},\n}\n';
    writeFile(p.claude, broken);
    const before = snapshot(sb.root);
    const r = ah(sb, ["init"]);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toStartWith(`agentihooks: ${p.claude}:4: trailing comma`);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(snapshot(sb.root)).toEqual(before);
    expect(ah(sb, ["uninit"]).exitCode).toBe(1);
  });

  test("invalid TOML: file:line: reason, nothing written", () => {
    const sb = sandbox();
    const p = mcpPaths(sb);
    writeFile(p.codex, 'model = "o3"\n\n[features]\nhooks = \n');
    const before = snapshot(sb.root);
    const r = ah(sb, ["init"]);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toStartWith(`agentihooks: ${p.codex}:4: `);
    expect(r.stderr).toContain("not valid TOML");
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(snapshot(sb.root)).toEqual(before);
  });

  test('"mcpServers" of the wrong type, and a server init cannot edit as a table', () => {
    const sb = sandbox();
    const p = mcpPaths(sb);
    writeFile(p.copilot, '{\n  "mcpServers": []\n}\n');
    expect(ah(sb, ["init", "--target", "copilot"]).stderr.trim()).toBe(`agentihooks: ${p.copilot}:2: "mcpServers" must be an object`);
    writeFile(p.codex, '[mcp_servers]\nagentihooks = { command = "x" }\n');
    const r = ah(sb, ["init", "--target", "codex"]);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toStartWith(`agentihooks: ${p.codex}:2: mcp_servers.agentihooks is an inline table or dotted keys`);
    expect(read(p.codex)).toBe('[mcp_servers]\nagentihooks = { command = "x" }\n');
  });
});

describe("--scope project and relocated homes", () => {
  test("the repository's .mcp.json, .codex/config.toml and .github/mcp.json; uninit restores", () => {
    const sb = sandbox();
    writeFile(join(sb.repo, ".mcp.json"), '{\n  "mcpServers": {\n    "db": { "command": "db-mcp" }\n  }\n}\n');
    const before = snapshot(sb.repo);
    expect(ah(sb, ["init", "--scope", "project"]).exitCode).toBe(0);
    expect(JSON.parse(read(join(sb.repo, ".mcp.json"))).mcpServers).toEqual({ db: { command: "db-mcp" }, agentihooks: { type: "stdio", command: BIN, args: args("claude") } });
    expect(read(join(sb.repo, ".codex", "config.toml"))).toBe(TOML_BLOCK);
    expect(JSON.parse(read(join(sb.repo, ".github", "mcp.json"))).mcpServers.agentihooks.type).toBe("local");
    expect(existsSync(mcpPaths(sb).claude)).toBe(false);
    ah(sb, ["uninit", "--scope", "project"]);
    expect(snapshot(sb.repo)).toEqual(before);
  });

  test("CLAUDE_CONFIG_DIR, CODEX_HOME and COPILOT_HOME move the user files", () => {
    const sb = sandbox();
    const env = { ...sb.env, CLAUDE_CONFIG_DIR: join(sb.root, "cc"), CODEX_HOME: join(sb.root, "cx"), COPILOT_HOME: join(sb.root, "cp") };
    for (const dir of ["cc", "cx", "cp"]) mkdirSync(join(sb.root, dir)); // installed there
    expect(run(["init"], { env, cwd: sb.repo }).exitCode).toBe(0);
    expect(existsSync(join(sb.root, "cc", ".claude.json"))).toBe(true);
    expect(existsSync(join(sb.root, "cx", "config.toml"))).toBe(true);
    expect(existsSync(join(sb.root, "cp", "mcp-config.json"))).toBe(true);
  });
});

test("doctor: warns while the MCP server is not registered, ok once it is", () => {
  const sb = sandbox();
  ah(sb, ["init", "--no-mcp"]);
  const before = ah(sb, ["doctor", "--json"]).json.checks;
  const warn = before.find((c: any) => c.text.startsWith("claude: the MCP server is not registered"));
  expect(warn).toMatchObject({ level: "warn", fix: "agentihooks init --target claude" });
  ah(sb, ["init"]);
  const after = ah(sb, ["doctor", "--json"]);
  expect(after.exitCode).toBe(0);
  const ok = after.json.checks.filter((c: any) => c.level === "ok").map((c: any) => c.text);
  expect(ok).toContain(`codex: ${mcpPaths(sb).codex} registers the MCP server (${BIN} mcp --target codex)`);
  expect(after.json.checks.some((c: any) => c.text.includes("MCP server is not registered"))).toBe(false);
});

describe("the registered command serves MCP", () => {
  /** Returns each harness's registered command and args, read back as the harness would. */
  function registered(sb: Sandbox): Record<string, { command: string; args: string[] }> {
    const p = mcpPaths(sb);
    return {
      claude: JSON.parse(read(p.claude)).mcpServers.agentihooks,
      codex: (Bun.TOML.parse(read(p.codex)) as any).mcp_servers.agentihooks,
      copilot: JSON.parse(read(p.copilot)).mcpServers.agentihooks,
    };
  }

  test("initialize and tools/list through each harness's configured command + args", async () => {
    const sb = sandbox();
    withExisting(sb);
    expect(ah(sb, ["init"]).exitCode).toBe(0);
    for (const [target, server] of Object.entries(registered(sb))) {
      const client = new Client({ name: `agentihooks-test-${target}`, version: "1.0.0" });
      await client.connect(new StdioClientTransport({ command: server.command, args: server.args, env: sb.env, cwd: sb.repo, stderr: "pipe" }));
      try {
        expect({ target, name: client.getServerVersion()?.name }).toEqual({ target, name: "agentihooks" });
        const { tools } = await client.listTools();
        expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(["condition_set", "condition_clear", "condition_list"]));
      } finally {
        await client.close();
      }
    }
  });
});
