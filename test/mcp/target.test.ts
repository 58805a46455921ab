// The MCP server answers for the harness that started it: `agentihooks mcp --target T` (what init
// registers) lists and writes T's profile chain, and a tool call's own `target` still wins.
import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { BIN, run, sandbox, writeFile } from "../helpers";

const sb = sandbox();
// Each harness has its own one-profile chain, so the layers name whose chain answered.
for (const t of ["claude", "codex", "copilot"]) writeFile(join(sb.root, "profiles", t, ".claude", "conditions", `pre-bash-${t}_note.sh`), "#!/bin/sh\necho hi\n", 0o755);
writeFile(join(sb.home, "state.json"), JSON.stringify({
  version: 1,
  targets: { claude: { profiles: ["p_claude"] }, codex: { profiles: ["p_codex"] }, copilot: { profiles: ["p_copilot"] } },
  linked_profiles: Object.fromEntries(["claude", "codex", "copilot"].map((t) => [`p_${t}`, join(sb.root, "profiles", t)])),
}));

const clients: Client[] = [];
async function connect(args: string[]): Promise<Client> {
  const client = new Client({ name: "agentihooks-test", version: "1.0.0" });
  await client.connect(new StdioClientTransport({ command: BIN, args, env: sb.env, cwd: sb.repo, stderr: "pipe" }));
  clients.push(client);
  return client;
}
afterAll(async () => {
  for (const c of clients) await c.close();
});

async function list(client: Client, args: Record<string, unknown> = {}): Promise<{ target: string; sources: string[]; files: string[] }> {
  const r = (await client.callTool({ name: "condition_list", arguments: { cwd: sb.repo, ...args } })) as { content: { text: string }[] };
  const body = JSON.parse(r.content[0].text);
  return { target: body.target, sources: body.layers.map((l: { source: string }) => l.source), files: body.conditions.map((c: { file: string }) => c.file) };
}

describe("agentihooks mcp --target", () => {
  for (const t of ["claude", "codex", "copilot"]) {
    test(`--target ${t}: condition_list answers for ${t}'s profile chain`, async () => {
      const doc = await list(await connect(["mcp", "--target", t]));
      expect(doc.target).toBe(t);
      expect(doc.sources).toContain(`profile:p_${t}`);
      expect(doc.files).toEqual([`pre-bash-${t}_note.sh`]);
    });
  }

  test("a tool call's own target wins over the server's", async () => {
    const doc = await list(await connect(["mcp", "--target", "codex"]), { target: "copilot" });
    expect(doc.target).toBe("copilot");
    expect(doc.files).toEqual(["pre-bash-copilot_note.sh"]);
  });

  test("without --target: AGENTIHOOKS_TARGET, else claude (as before)", async () => {
    expect((await list(await connect(["mcp"]))).target).toBe("claude");
  });

  for (const bad of ["nope", "Claude2", "--event"]) {
    test(`--target ${bad}: one line, exit 2, no server`, () => {
      const r = run(["mcp", "--target", bad], { env: sb.env, stdin: "" });
      expect(r.exitCode).toBe(2);
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
      expect(r.stderr).toContain("agentihooks mcp:");
    });
  }
});
