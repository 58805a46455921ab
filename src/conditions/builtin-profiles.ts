// The built-in conditions' text (what `conditions show` prints, lint and doctor read), embedded at build
// time from conditions-examples/ and src/rules/packs/: the one-file builds of the modules the hook runs (src/run/builtin.ts
// imports their sources in conditions-examples/_src/; importing one path both as text and as a module
// would give the module twice).
// Loaded on demand only: a hook call never needs the text.
// TypeScript reads a .ts path as the module (a function); with the text attribute Bun gives its text.
import cloudPack from "../rules/packs/pre-bash-cloud.rules.toml" with { type: "text" };
import containersPack from "../rules/packs/pre-bash-containers.rules.toml" with { type: "text" };
import databasesPack from "../rules/packs/pre-bash-databases.rules.toml" with { type: "text" };
import filesystemPack from "../rules/packs/pre-bash-filesystem.rules.toml" with { type: "text" };
import gitPack from "../rules/packs/pre-bash-git.rules.toml" with { type: "text" };
import publishingPack from "../rules/packs/pre-bash-publishing.rules.toml" with { type: "text" };
import secretsPack from "../rules/packs/pre-read+edit+write+notebookedit+grep+bash-secrets.rules.toml" with { type: "text" };
import secretsEnv from "../../conditions-examples/pre-read+edit+write+notebookedit+grep+bash-secrets_env.ts" with { type: "text" };

const APPROVE_READONLY = `// pre-bash-approve_readonly.ts: built into agentihooks (src/run/approve-readonly.ts), the
// \`approve-readonly\` profile's condition. It runs inside the hook with the shell analyzer.
//
// Answers allow for a Bash line whose every program only reads (the gate's read-only table,
// src/gate/read-only.ts, and git's reading subcommands) and that redirects nothing into a file, so the
// harness does not ask the person. It answers nothing for any other line. Any condition's deny or ask
// wins over its allow (deny > ask > allow). Reference: docs/packs.md.
`;

const APPROVE_READONLY_PERMISSION = `// permission-bash-approve_readonly.ts: built into agentihooks (src/run/approve-readonly.ts), the
// \`approve-readonly\` profile's answer on Codex's PermissionRequest.
//
// Codex does not let a PreToolUse allow skip its approval; it runs a command whose PermissionRequest a
// hook allows. This answers that request with the same judgement as pre-bash-approve_readonly.ts, for
// Codex only (Codex sends a PreToolUse ask as a deny, so no condition asked about a call that gets
// here; Claude Code asks after a PreToolUse ask, where an allow would lift that ask).
`;

/** Condition filename (as the built-in profile names it) -> the text of the file it is built from. */
export const BUILTIN_TEXTS: Readonly<Record<string, string>> = {
  "pre-bash-git.rules.toml": gitPack as unknown as string,
  // Not a file a person can copy (it runs the shell analyzer inside the hook): its text says so.
  "pre-bash-approve_readonly.ts": APPROVE_READONLY,
  "permission-bash-approve_readonly.ts": APPROVE_READONLY_PERMISSION,
  "pre-bash-filesystem.rules.toml": filesystemPack as unknown as string,
  "pre-bash-databases.rules.toml": databasesPack as unknown as string,
  "pre-bash-containers.rules.toml": containersPack as unknown as string,
  "pre-bash-cloud.rules.toml": cloudPack as unknown as string,
  "pre-bash-publishing.rules.toml": publishingPack as unknown as string,
  "pre-read+edit+write+notebookedit+grep+bash-secrets.rules.toml": secretsPack as unknown as string,
  "pre-read+edit+write+notebookedit+grep+bash-secrets_env.ts": secretsEnv as unknown as string,
};
