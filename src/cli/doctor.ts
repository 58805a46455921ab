import { defineCommand } from "citty";
import { type Check, runDoctor } from "../setup/doctor";
import { paint } from "./paint";

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
  },
  run({ args }) {
    const checks = runDoctor({ cwd: process.cwd(), env: process.env });
    const failed = checks.filter((c) => c.level === "fail").length;
    if (args.json) process.stdout.write(`${JSON.stringify({ ok: failed === 0, checks }, null, 2)}\n`);
    else process.stdout.write(render(checks, failed));
    if (failed) process.exitCode = 1;
  },
});

function render(checks: Check[], failed: number): string {
  const p = paint();
  const label = { ok: p.green("ok  "), warn: p.yellow("warn"), fail: p.red("FAIL"), info: p.dim("info") };
  const out = checks.flatMap((c) => [`${label[c.level]}  ${c.text}`, ...(c.fix && c.level !== "ok" ? [`      fix: ${c.fix}`] : [])]);
  out.push("", failed ? p.red(`${failed} problem${failed === 1 ? "" : "s"} found`) : p.green("no problems found"));
  return `${out.join("\n")}\n`;
}
