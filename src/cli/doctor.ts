import { defineCommand } from "citty";
import { type Check, runDoctor } from "../setup/doctor";
import { paint } from "./paint";
import { writeJson, writeOut } from "./terminal-text";

// `agentihooks doctor`: what is wrong, and the command that fixes it. Exit 1 when anything fails.
export default defineCommand({
  meta: { name: "doctor", description: "Check harness configs, home, cache, interpreters and shadowed conditions" },
  args: {
    json: { type: "boolean", description: "Print the checks as JSON" },
  },
  run({ args }) {
    const checks = runDoctor({ cwd: process.cwd(), env: process.env });
    const failed = checks.filter((c) => c.level === "fail").length;
    if (args.json) writeJson({ ok: failed === 0, checks });
    else writeOut(render(checks, failed));
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
