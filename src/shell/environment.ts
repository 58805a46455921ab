// Environment variables that carry a command line, a file of code, or configuration that does. An
// assignment to one, in any spelling (`X=v cmd`, `X=v` alone, `export X=v`, `env X=v`, `sudo X=v`,
// `declare -x X=v`), is read here: a command line is analyzed as shell (`GIT_PAGER='less; rm f'` runs
// rm), and anything the analysis cannot see (a file bash sources, a library loaded into a program,
// configuration) makes the line dynamic. Whether the variable is exported does not matter: reading
// it as if it were can only over-report.
import { type Findings, type Site, dynamic } from "./findings";
import { nameGroups } from "./name-groups";
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

/**
 * The variables by kind (name-groups.ts says why arrays). npm reads its settings from the environment
 * too (either case): the shell its scripts run with, its node options, its config file.
 */
const VARIABLES: readonly (readonly [Kind, readonly string[]])[] = [
  ["prompt", ["PS0", "PS1", "PS2", "PS3", "PS4"]],
  ["bash", ["PROMPT_COMMAND"]],
  [
    "unseen",
    [
      "BASH_ENV", "ENV", "BASH_LOADABLES_PATH", "TEXTDOMAIN", "TEXTDOMAINDIR", "LD_PRELOAD", "LD_AUDIT",
      "LD_LIBRARY_PATH", "DYLD_INSERT_LIBRARIES", "DYLD_LIBRARY_PATH", "GIT_CONFIG_PARAMETERS",
      "GIT_CONFIG_COUNT", "GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "GIT_CONFIG", "GIT_EXEC_PATH",
      "GIT_TEMPLATE_DIR", "GIT_ALLOW_PROTOCOL", "GIT_DIR", "SHELLOPTS", "BASHOPTS", "BASH_COMPAT",
      "POSIXLY_CORRECT", "LESSKEY", "LESSKEYIN", "LESSKEY_CONTENT", "TAR_OPTIONS", "ZIPOPT", "PERL5OPT",
      "PERL5DB", "LUA_INIT", "PYTHONINSPECT", "npm_config_userconfig", "NPM_CONFIG_USERCONFIG",
    ],
  ],
  [
    "line",
    [
      "GIT_EXTERNAL_DIFF", "GIT_SSH_COMMAND", "GIT_SSH", "GIT_PAGER", "GIT_EDITOR", "GIT_SEQUENCE_EDITOR",
      "GIT_ASKPASS", "GIT_PROXY_COMMAND", "PAGER", "MANPAGER", "SYSTEMD_PAGER", "PSQL_PAGER", "GH_PAGER",
      "AWS_PAGER", "BAT_PAGER", "EDITOR", "VISUAL", "SUDO_EDITOR", "SYSTEMD_EDITOR", "FCEDIT", "LESSEDIT",
      "SSH_ASKPASS", "SUDO_ASKPASS", "BROWSER", "TERMINAL", "SHELL", "RSYNC_RSH", "RSYNC_CONNECT_PROG",
      "CVS_RSH", "npm_config_script_shell", "NPM_CONFIG_SCRIPT_SHELL", "npm_config_shell", "NPM_CONFIG_SHELL",
    ],
  ],
  ["lessopen", ["LESSOPEN", "LESSCLOSE"]],
  ["names", ["BASH_CMDS", "BASH_ALIASES"]],
  ["node", ["NODE_OPTIONS", "npm_config_node_options", "NPM_CONFIG_NODE_OPTIONS"]],
];

const variableKind = nameGroups(VARIABLES);

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
  const kind = variableKind(name);
  if (kind) return kind;
  for (const [prefix, kind] of PREFIXES) if (name.startsWith(prefix)) return kind;
  return undefined;
}
