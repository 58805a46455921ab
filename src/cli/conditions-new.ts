import { existsSync } from "node:fs";
import { join } from "node:path";
import { defineCommand } from "citty";
import { conditionFileName, setCondition, targetLayer } from "../conditions/author";
import { parseMatcher } from "../conditions/matcher";
import { casesTemplate, conditionTemplate, type TemplateLanguage } from "../conditions/templates";
import { AgentihooksError } from "../errors";
import { writeFileAtomic } from "../state/atomic";
import { chooseTarget, targetArg } from "./common";

// `agentihooks conditions new NAME --language bash|python|ts`: a condition that fails closed and the
// cases that prove it. The condition goes through `conditions set`'s own path (setCondition: checked
// name, the layer's folder checked, atomic, executable, no silent overwrite); the cases file beside
// it is written atomically and private. The rule itself is left to the author, marked TODO.

const LANGUAGES: Record<string, TemplateLanguage> = { bash: "bash", sh: "bash", python: "python", py: "python", ts: "typescript", typescript: "typescript" };

export default defineCommand({
  meta: {
    name: "new",
    description: "Write a fail-closed condition template and its cases file (then: conditions test FILE)",
    examples: [
      ["agentihooks conditions new kubectl_readonly --language bash --matcher bash.kubectl", "pre-bash.kubectl-kubectl_readonly.sh and its cases file"],
      ["agentihooks conditions new migrations --language ts --matcher edit+write --scope directory", "a TypeScript guard in the repository's own layer"],
    ],
    docs: ["docs/conditions.md"],
  },
  args: {
    name: { type: "positional", description: "Condition name: letters, digits and _", required: true },
    language: { type: "enum", options: ["bash", "python", "ts", "typescript"], description: "bash, python or ts (TypeScript, run by the executable's own Bun)", required: true },
    step: { type: "enum", options: ["pre", "post"], description: "pre (default) or post", default: "pre" },
    matcher: { type: "string", description: "Matcher: bash (default), bash.git, edit+write, mcp__srv, any, ...", default: "bash" },
    scope: { type: "enum", options: ["global", "profile", "directory"], description: "global (bundle, else runtime layer; default), profile or directory" },
    profile: { type: "string", description: "With --scope profile: the profile (default the chain's first)" },
    replace: { type: "boolean", description: "Overwrite an existing condition and cases file with the same name" },
    target: targetArg,
    json: { type: "boolean", description: "Print the result as JSON" },
  },
  run({ args }) {
    const language = LANGUAGES[String(args.language).toLowerCase()];
    if (!language) throw new AgentihooksError("E_USAGE", `unknown language "${args.language}" (bash, python or ts)`);
    const step = String(args.step).toLowerCase();
    if (step !== "pre" && step !== "post") throw new AgentihooksError("E_USAGE", `--step must be pre or post (got "${args.step}")`);
    const matcher = String(args.matcher).trim().toLowerCase();
    const parsed = parseMatcher(matcher);
    if (typeof parsed === "string") throw new AgentihooksError("E_USAGE", `invalid matcher: ${parsed}`);
    const file = conditionFileName({ step, matcher, name: args.name, language });
    const t = { language, step, file, name: args.name, alternatives: parsed.alternatives } as const;
    // Both files are checked before either is written: a refusal writes nothing.
    const layer = targetLayer(args.scope, { profile: args.profile, cwd: process.cwd(), target: chooseTarget(args.target) });
    const casesPath = join(layer.dir, `_${file.slice(0, file.lastIndexOf("."))}.cases.json`);
    if (existsSync(casesPath) && !args.replace) throw new AgentihooksError("E_CONDITION", `${casesPath} already exists (pass --replace to overwrite it)`);
    const r = setCondition({
      step, matcher, name: args.name, language, script: conditionTemplate(t),
      scope: args.scope, profile: args.profile, cwd: process.cwd(), replace: args.replace, target: args.target,
    });
    writeFileAtomic(casesPath, `${JSON.stringify(casesTemplate(t), null, 2)}\n`, 0o600);
    if (args.json) return void process.stdout.write(`${JSON.stringify({ ...r, cases: casesPath }, null, 2)}\n`);
    const state = r.active ? `active: it ${step === "pre" ? "denies" : "reports"} a payload it cannot read and a dynamic line` : `not active: ${r.note}`;
    process.stdout.write(`wrote ${r.path} [${r.layer}] (${state})\n  and ${casesPath}\nnext: write the rule where it says TODO, then run: agentihooks conditions test ${r.path}\n`);
  },
});
