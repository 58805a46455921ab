// The built-in profiles' files, embedded at build time from conditions-examples/ (text imports become
// part of the executable; nothing is read from the source tree at run time).
// TypeScript resolves a .ts path as a module and sees no default export; Bun imports its text.
// @ts-expect-error TS1192: the text import attribute gives the file's text, not the module
import gitGuard from "../../conditions-examples/pre-bash.git-guard.ts" with { type: "text" };
// @ts-expect-error TS1192: the text import attribute gives the file's text, not the module
import secretsEnv from "../../conditions-examples/pre-read+edit+write+bash-secrets_env.ts" with { type: "text" };

/** Profile name -> condition filename -> script body. */
export const BUILTIN_PROFILES: Record<string, Record<string, string>> = {
  // default: the guards every machine wants: no force pushes or pushes to main/master, no .env files.
  default: {
    "pre-bash.git-guard.ts": gitGuard,
    // The example's matcher plus NotebookEdit: Claude Code's fourth file tool writes files too.
    "pre-read+edit+write+notebookedit+bash-secrets_env.ts": secretsEnv,
  },
};
