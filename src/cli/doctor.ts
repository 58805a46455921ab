import { defineCommand } from "citty";
import { type Check, runDoctor } from "../setup/doctor";
import { paint } from "./paint";
import { writeJson, writeOut } from "./terminal-text";

// `agentihooks doctor`: what is wrong, and the command that fixes it. Exit 1 when anything fails.
export default defineCommand({
  meta: {
    name: "doctor",
    description: "Check harness configs, home, cache, interpreters and shadowed conditions",
    examples: [
      ["agentihooks doctor", "every check, with the command that fixes what fails"],
      ["agentihooks doctor --json", "the checks as one JSON document (exit 1 when one fails)"],
    ],
    docs: ["docs/init.md"],
  },
  args: {
    json: { type: "boolean", description: "Print the checks as JSON" },
    claude: { type: "string", valueHint: "PATH", description: "The Claude Code executable to compare the registration with (default: claude on PATH)" },
  },
  run({ args }) {
    const checks = runDoctor({ cwd: process.cwd(), env: process.env, claude: args.claude });
    const failed = checks.filter((c) => c.level === "fail").length;
    if (args.json) writeJson({ ok: failed === 0, checks });
    else writeOut(render(checks, failed));
    if (failed) process.exitCode = 1;
  },
});

function render(checks: Check[], failed: number): string {
  const p = paint();
  const label = { ok: p.green("ok  "), warn: p.yellow("warn"), fail: p.red("FAIL"), info: p.dim("info") };
  const shown = new Set<string>();
  const out: string[] = [];
  for (const c of checks) {
    // The red line: every call is denied. One line, its fix in it, before everything else.
    if (c.first) {
      out.push(p.red(c.text));
      if (c.fix) shown.add(c.fix);
      continue;
    }
    out.push(`${label[c.level]}  ${c.text}`);
    // One fix line per distinct fix: later checks with the same fix point to it.
    if (c.fix && c.level !== "ok" && !shown.has(c.fix)) {
      shown.add(c.fix);
      out.push(`      fix: ${c.fix}`);
    }
  }
  const warned = checks.filter((c) => c.level === "warn").length;
  const counts = `${failed} problem${failed === 1 ? "" : "s"}${warned ? ` and ${warned} warning${warned === 1 ? "" : "s"}` : ""} found`;
  out.push("", failed ? p.red(counts) : warned ? p.yellow(counts) : p.green("no problems found"));
  return `${out.join("\n")}\n`;
}
