// The built-in conditions' text (what `conditions show` prints, lint and doctor read), embedded at build
// time from conditions-examples/ and src/rules/packs/: the one-file builds of the modules the hook runs (src/run/builtin.ts
// imports their sources in conditions-examples/_src/; importing one path both as text and as a module
// would give the module twice).
// Loaded on demand only: a hook call never needs the text.
// TypeScript reads a .ts path as the module (a function); with the text attribute Bun gives its text.
import gitPack from "../rules/packs/pre-bash-git.rules.toml" with { type: "text" };
import secretsEnv from "../../conditions-examples/pre-read+edit+write+notebookedit+grep+bash-secrets_env.ts" with { type: "text" };

/** Condition filename (as the built-in profile names it) -> the text of the file it is built from. */
export const BUILTIN_TEXTS: Readonly<Record<string, string>> = {
  "pre-bash-git.rules.toml": gitPack as unknown as string,
  "pre-read+edit+write+notebookedit+grep+bash-secrets_env.ts": secretsEnv as unknown as string,
};
