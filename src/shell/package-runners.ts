// Package managers, environment managers and container tools that run a program of their own.
// Guards are written as `bash.<cli>`, so a guard on `pytest` must also see `uv run pytest`,
// `npx jest`: both the runner and what it runs are programs. Each row lists the runner's options
// that take an argument, before its subcommand (global) and after it; a `sub` row's subcommands are
// read with their own rows. Object literals, looked up by own key (see wrappers.ts on start-up cost).
import type { RunnerSpec, Table } from "./option-spec";

/** Runs the words after its options as a command. */
const COMMAND: RunnerSpec = { kind: "command" };

/** Package specs: a version or requirement after the name (`prettier@3`, `ruff==0.5`, `black[d]`). */
const PKG_CUT = "@=<>[~!";

/** `python [options] -m MODULE ARGS`: MODULE is recorded as a module; `-c CODE` is python code. */
const PYTHON: RunnerSpec = { kind: "options", arg: "WX", long: ["check-hash-based-pycs"], noCommand: "c", module: "m", versioned: true };

const UV_GLOBAL = ["directory", "project", "config-file", "cache-dir", "color", "allow-insecure-host"];
const UV_RESOLVE = [
  "with", "with-editable", "with-requirements", "python", "index", "default-index", "index-url", "extra-index-url",
  "find-links", "upgrade-package", "reinstall-package", "index-strategy", "keyring-provider", "resolution", "prerelease",
  "fork-strategy", "exclude-newer", "exclude-newer-package", "no-build-isolation-package", "config-setting", "link-mode",
  "no-build-package", "no-binary-package", "refresh-package", "python-platform", "env-file", "constraints",
  "build-constraints", "overrides",
];
const UV_RUN: RunnerSpec = {
  kind: "command",
  arg: "pifPC",
  module: "m", // `uv run -m MODULE`, as `python -m`
  longModule: ["module"],
  long: UV_GLOBAL.concat(UV_RESOLVE, ["extra", "group", "no-group", "only-group", "package", "no-extra"]),
};
/** `uvx` is `uv tool run`: the command names a package (`uvx ruff@0.5 check`, `uvx --from httpie http`). */
const UVX: RunnerSpec = { kind: "command", arg: "pifPCcb", long: UV_GLOBAL.concat(UV_RESOLVE, ["from"]), cut: PKG_CUT };

/** `npm exec` / `npx`: `-c 'CMD'` (`--call`) runs a shell line; the command names a package. */
const NPM_ARGS = ["prefix", "workspace", "registry", "cache", "userconfig", "loglevel", "node-options", "script-shell"];
const NPM_EXEC: RunnerSpec = { kind: "command", arg: "pw", long: ["package"].concat(NPM_ARGS), script: "c", longScript: ["call"], cut: PKG_CUT };
const PNPM_ARGS = ["dir", "filter", "filter-prod", "workspace-concurrency", "reporter", "loglevel", "resume-from", "test-pattern", "changed-files-ignore-pattern"];
/** `pnpm exec -c 'CMD'` (`--shell-mode`) runs the command in a shell. */
const PNPM_EXEC: RunnerSpec = { kind: "command", arg: "CF", long: PNPM_ARGS, script: "c", longScript: ["shell-mode"] };
const PNPM_DLX: RunnerSpec = { kind: "command", arg: "CF", long: PNPM_ARGS.concat(["package", "allow-build"]), script: "c", longScript: ["shell-mode"], cut: PKG_CUT };
const YARN_DLX: RunnerSpec = { kind: "command", arg: "p", long: ["package"], cut: PKG_CUT };
const BUNX: RunnerSpec = { kind: "command", arg: "p", long: ["package"], cut: PKG_CUT };

/** `mise exec [TOOL@VERSION]... -- CMD`: tools come first, the command only after `--` (or `-c 'CMD'`). */
const MISE_EXEC: RunnerSpec = { kind: "command", arg: "jCE", long: ["jobs", "cd", "env"], script: "c", longScript: ["command"], positionals: Infinity };
const MISE: RunnerSpec = { kind: "sub", arg: "CE", long: ["cd", "env"], sub: { exec: MISE_EXEC, x: MISE_EXEC } };

// Remote runners: the command runs in a container or a pod, not here, but a guard on it (`rm`,
// `psql`) should still see it, as it sees what `ssh host CMD` runs.
const DOCKER_EXEC: RunnerSpec = { kind: "command", arg: "euw", long: ["env", "env-file", "user", "workdir", "detach-keys"], positionals: 1 };
const COMPOSE_EXEC: RunnerSpec = { kind: "command", arg: "euw", long: ["env", "user", "workdir", "index"], positionals: 1 };
const COMPOSE: RunnerSpec = {
  kind: "sub",
  arg: "fp",
  long: ["file", "project-name", "profile", "project-directory", "env-file", "ansi", "progress", "parallel"],
  sub: { exec: COMPOSE_EXEC },
};
const DOCKER: RunnerSpec = {
  kind: "sub",
  arg: "Hcl",
  long: ["host", "context", "config", "log-level", "tlscacert", "tlscert", "tlskey"],
  sub: { exec: DOCKER_EXEC, container: { kind: "sub", sub: { exec: DOCKER_EXEC } }, compose: COMPOSE },
};
const KUBE_GLOBAL = [
  "namespace", "context", "kubeconfig", "cluster", "user", "server", "as", "as-group", "as-uid", "token", "request-timeout",
  "certificate-authority", "client-certificate", "client-key", "tls-server-name", "cache-dir", "v", "vmodule", "log-file",
];
const KUBECTL: RunnerSpec = {
  kind: "sub",
  arg: "nsv",
  long: KUBE_GLOBAL,
  // `kubectl exec POD -- CMD` (and the old `kubectl exec POD CMD`)
  sub: { exec: { kind: "command", arg: "ncfsv", long: KUBE_GLOBAL.concat(["container", "filename", "pod-running-timeout"]), positionals: 1 } },
};
const BUNDLE: RunnerSpec = { kind: "sub", sub: { exec: { kind: "command", long: ["gemfile"] } } };

/** Package managers, environment managers and container tools that run a program of their own. */
export const PACKAGE_RUNNERS: Table<RunnerSpec> = {
  python: PYTHON,
  pypy: PYTHON,
  py: PYTHON, // the Windows launcher: `py -3.12 -m pytest`
  uv: { kind: "sub", long: UV_GLOBAL, sub: { run: UV_RUN, tool: { kind: "sub", long: UV_GLOBAL, sub: { run: UVX } } } },
  uvx: UVX,
  poetry: { kind: "sub", arg: "CP", long: ["directory", "project"], sub: { run: COMMAND } },
  pipenv: { kind: "sub", long: ["python"], sub: { run: COMMAND } },
  pdm: { kind: "sub", arg: "p", long: ["project"], sub: { run: { kind: "command", arg: "p", long: ["project"] } } },
  // `hatch run [ENV:]CMD`
  hatch: { kind: "sub", arg: "ep", long: ["env", "project", "data-dir", "cache-dir", "config"], sub: { run: { kind: "command", prefix: ":" } } },
  rye: { kind: "sub", sub: { run: { kind: "command", long: ["pyproject"] } } },
  pipx: { kind: "sub", sub: { run: { kind: "command", arg: "i", long: ["spec", "python", "index-url", "pip-args"], cut: PKG_CUT } } },
  npx: NPM_EXEC,
  npm: { kind: "sub", arg: "w", long: NPM_ARGS, sub: { exec: NPM_EXEC, x: NPM_EXEC } },
  pnpm: { kind: "sub", arg: "CF", long: PNPM_ARGS, sub: { exec: PNPM_EXEC, dlx: PNPM_DLX } },
  pnpx: PNPM_DLX,
  yarn: { kind: "sub", long: ["cwd"], sub: { exec: COMMAND, dlx: YARN_DLX } },
  bunx: BUNX,
  bun: { kind: "sub", arg: "r", long: ["cwd", "env-file", "preload", "config", "tsconfig-override"], sub: { x: BUNX } },
  corepack: { kind: "command", cut: PKG_CUT, only: ["npm", "npx", "pnpm", "pnpx", "yarn", "yarnpkg"] },
  bundle: BUNDLE,
  bundler: BUNDLE,
  // `nix-shell [PATHS] [-p PKGS...] --run 'CMD'`: options and operands mix; only --run/--command runs
  "nix-shell": { kind: "options", arg: "pIAo", long: ["attr", "include", "max-jobs", "cores"], longScript: ["run", "command"], positionals: Infinity, bashScript: true },
  direnv: { kind: "sub", sub: { exec: { kind: "command", positionals: 1 } } },
  mise: MISE,
  rtx: MISE,
  asdf: { kind: "sub", sub: { exec: COMMAND } },
  docker: DOCKER,
  podman: DOCKER,
  "docker-compose": COMPOSE,
  kubectl: KUBECTL,
  oc: KUBECTL,
};

