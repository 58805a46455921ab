// Environment variables that carry a command line, a file of code, or configuration that does. An
// assignment to one, in any spelling (`X=v cmd`, `X=v` alone, `export X=v`, `env X=v`, `sudo X=v`,
// `declare -x X=v`), is read here: a command line is analyzed as shell (`GIT_PAGER='less; rm f'` runs
// rm), and anything the analysis cannot see (a file bash sources, a library loaded into a program,
// configuration) makes the line dynamic. Whether the variable is exported does not matter: reading
// it as if it were can only over-report.
import { type Findings, type Site, dynamic } from "./findings";
import type { Span } from "./syntax";

/**
 * What the value of a variable is:
 * - line:     a command line a program runs (through `sh -c` or as a program path)
 * - bash:     a command line bash itself runs (`PROMPT_COMMAND`)
 * - lessopen: less's input preprocessor, `|cmd %s` or `||cmd %s`
 * - prompt:   a prompt string, expanded (its substitutions run) when bash prints it
 * - unseen:   code or configuration that is not in the line (a file, a library, git settings), or
 *             code this analysis does not read (perl switches, Lua)
 * - names:    bash's tables of what a name runs (`BASH_CMDS[ls]=/bin/rm`, `BASH_ALIASES`), in any form
 * - node:     node's options (`NODE_OPTIONS`): a module loaded from a URL (`--import data:...`) or an
 *             env file is code or settings not in the line; other options are node's own
 */
type Kind = "line" | "bash" | "lessopen" | "prompt" | "unseen" | "names" | "node";

const VARIABLES: Readonly<Record<string, Kind>> = {
  PS0: "prompt", PS1: "prompt", PS2: "prompt", PS3: "prompt", PS4: "prompt",
  PROMPT_COMMAND: "bash",
  BASH_ENV: "unseen", ENV: "unseen", BASH_LOADABLES_PATH: "unseen", TEXTDOMAIN: "unseen", TEXTDOMAINDIR: "unseen",
  LD_PRELOAD: "unseen", LD_AUDIT: "unseen", LD_LIBRARY_PATH: "unseen", DYLD_INSERT_LIBRARIES: "unseen", DYLD_LIBRARY_PATH: "unseen",
  GIT_EXTERNAL_DIFF: "line", GIT_SSH_COMMAND: "line", GIT_SSH: "line", GIT_PAGER: "line", GIT_EDITOR: "line",
  GIT_SEQUENCE_EDITOR: "line", GIT_ASKPASS: "line", GIT_PROXY_COMMAND: "line",
  GIT_CONFIG_PARAMETERS: "unseen", GIT_CONFIG_COUNT: "unseen", GIT_CONFIG_GLOBAL: "unseen", GIT_CONFIG_SYSTEM: "unseen",
  GIT_CONFIG: "unseen", GIT_EXEC_PATH: "unseen", GIT_TEMPLATE_DIR: "unseen", GIT_ALLOW_PROTOCOL: "unseen", GIT_DIR: "unseen",
  SHELLOPTS: "unseen", BASHOPTS: "unseen", BASH_COMPAT: "unseen", POSIXLY_CORRECT: "unseen",
  PAGER: "line", MANPAGER: "line", SYSTEMD_PAGER: "line", PSQL_PAGER: "line", GH_PAGER: "line", AWS_PAGER: "line", BAT_PAGER: "line",
  EDITOR: "line", VISUAL: "line", SUDO_EDITOR: "line", SYSTEMD_EDITOR: "line", FCEDIT: "line", LESSEDIT: "line",
  SSH_ASKPASS: "line", SUDO_ASKPASS: "line", BROWSER: "line", TERMINAL: "line", SHELL: "line",
  RSYNC_RSH: "line", RSYNC_CONNECT_PROG: "line", CVS_RSH: "line",
  LESSOPEN: "lessopen", LESSCLOSE: "lessopen", LESSKEY: "unseen", LESSKEYIN: "unseen", LESSKEY_CONTENT: "unseen",
  TAR_OPTIONS: "unseen", ZIPOPT: "unseen",
  PERL5OPT: "unseen", PERL5DB: "unseen", LUA_INIT: "unseen",
  BASH_CMDS: "names", BASH_ALIASES: "names",
  NODE_OPTIONS: "node", PYTHONINSPECT: "unseen",
  // npm reads its settings from the environment too (either case): the shell its scripts run with
  npm_config_script_shell: "line", NPM_CONFIG_SCRIPT_SHELL: "line", npm_config_shell: "line", NPM_CONFIG_SHELL: "line",
  npm_config_node_options: "node", NPM_CONFIG_NODE_OPTIONS: "node", npm_config_userconfig: "unseen", NPM_CONFIG_USERCONFIG: "unseen",
};

/** Prefixes of names that are all of one kind (`GIT_CONFIG_KEY_0`, `BASH_FUNC_ls%%`: an exported function). */
const PREFIXES: readonly [string, Kind][] = [["GIT_CONFIG_KEY_", "unseen"], ["GIT_CONFIG_VALUE_", "unseen"], ["BASH_FUNC_", "unseen"]];

/** Values that name nothing to run (`GIT_CONFIG_GLOBAL=/dev/null` is the usual hardening). */
const HARMLESS = new Set(["", "/dev/null"]);

/**
 * Reads the assignment of `value` to `name` (`static`: its text is known; `array`: `NAME=(...)`) found
 * at `span`: analyzes a command line it carries, and makes the line dynamic when it carries what the
 * line cannot show.
 */
export function checkAssignment(name: string, value: string, isStatic: boolean, span: Span, site: Site, f: Findings, array = false): void {
  const kind = kindOf(name);
  if (!kind) return;
  if (array) return dynamic(f, "environment", `${name} is given an array (its first element is its value), which this analysis does not read`, span);
  if (kind === "names") return dynamic(f, "environment", `${name} makes a name run another program or text, which this analysis does not follow`, span);
  if (isStatic && HARMLESS.has(value.trim())) return;
  const via = `$${name}`;
  if (!isStatic) return dynamic(f, "environment", `${name} is given a value that is only known when the line runs, and it carries a command`, span);
  if (kind === "unseen") return dynamic(f, "environment", `${name} makes a program run code or read settings that are not in the line`, span);
  if (kind === "node") {
    if (/(?:--(?:import|require|loader|experimental-loader)[=\s]+|-r\s*)(?!node:)[a-z][\w+.-]*:|--env-file/i.test(value)) {
      dynamic(f, "environment", `${name} makes node load code or settings that are not in the line`, span);
    }
    return;
  }
  if (kind === "prompt") return f.expand(value, site.depth + 1, f, span);
  if (kind === "bash") return f.find(value, site.depth + 1, f, via, span);
  const line = kind === "lessopen" ? value.replace(/^\s*(?:\|\||\||-)/, "").replace(/%s/g, "x") : value;
  f.sh(line, site.depth + 1, f, via, span);
}

/** True when assigning to `name` can make a program run a command. */
export function carriesCommand(name: string): boolean {
  return kindOf(name) !== undefined;
}

// --- internal ---

function kindOf(name: string): Kind | undefined {
  if (Object.hasOwn(VARIABLES, name)) return VARIABLES[name];
  for (const [prefix, kind] of PREFIXES) if (name.startsWith(prefix)) return kind;
  return undefined;
}
