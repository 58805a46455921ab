// Writes bench/corpus/commands.txt: real-looking shell command lines for timing analyze(), one per
// line with newlines inside a command written as `\n`. Deterministic (seeded), so the file is
// reproducible: `bun run bench/corpus/generate.ts`. No generated command contains a literal `\n`
// sequence, so `\n` in the file always means a newline. Each command must pass `bash -n` (nesting
// templates can make a heredoc or a keyword land where bash would not accept it).
import { writeFileSync } from "node:fs";
import path from "node:path";

const COUNT = 4000;
let seed = 0x5eed1234;
/** mulberry32: a tiny PRNG, enough for picking templates. */
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];

const FILE = ["src/main.ts", "README.md", "package.json", "src/shell/scan.ts", "test/app.test.ts", "docs/setup.md", "Makefile", "config.yaml", ".env.example", "lib/util.py"];
const DIR = ["src", "test", "build", "dist", "node_modules", "/tmp/work", "docs", "scripts", "~/projects/app", "."];
const BRANCH = ["main", "develop", "feature/login", "fix/issue-42", "release/1.2"];
const WORD = ["TODO", "FIXME", "import", "useState", "def main", "error", "console.log", "async fn"];
const POD = ["api-7d9f", "web-0", "worker-5c", "db-0"];
const PKG = ["lodash", "react", "zod", "@types/node", "typescript", "vitest", "requests", "numpy"];
const URL = ["https://example.com/install.sh", "https://api.github.com/repos/o/r", "http://localhost:3000/health"];

const SIMPLE: (() => string)[] = [
  () => `git status`,
  () => `git diff --stat`,
  () => `git log --oneline -n ${1 + Math.floor(random() * 20)}`,
  () => `git checkout -b ${pick(BRANCH)}`,
  () => `git add ${pick(FILE)} && git commit -m "${pick(["fix: typo", "feat: add parser", "chore: bump deps", "docs: usage"])}"`,
  () => `git push origin ${pick(BRANCH)}`,
  () => `git rebase -i HEAD~${2 + Math.floor(random() * 5)}`,
  () => `npm ${pick(["test", "run build", "ci", "run lint", "install"])}`,
  () => `npm install --save-dev ${pick(PKG)}`,
  () => `pnpm ${pick(["test", "build", "dev"])} --filter ${pick(["web", "api", "core"])}`,
  () => `bun test ${pick(FILE)}`,
  () => `python3 -m pytest ${pick(["-q", "-x", "-k parser", "tests/"])}`,
  () => `pip install ${pick(PKG)}`,
  () => `cargo ${pick(["build --release", "test", "clippy -- -D warnings", "fmt --check"])}`,
  () => `go test ./... -run ${pick(["TestParse", "TestScan", "TestMain"])}`,
  () => `make -j${1 + Math.floor(random() * 8)} ${pick(["", "all", "test", "install"])}`.trim(),
  () => `ls -la ${pick(DIR)}`,
  () => `cat ${pick(FILE)}`,
  () => `head -n ${10 + Math.floor(random() * 90)} ${pick(FILE)}`,
  () => `grep -rn "${pick(WORD)}" ${pick(DIR)}`,
  () => `rg -n '${pick(WORD)}' ${pick(DIR)} --glob '*.ts'`,
  () => `find ${pick(DIR)} -name '*.${pick(["ts", "py", "log", "tmp"])}' -type f`,
  () => `mkdir -p ${pick(DIR)}/out`,
  () => `rm -rf ${pick(["build", "dist", "node_modules/.cache", "/tmp/work/out"])}`,
  () => `cp ${pick(FILE)} ${pick(DIR)}/`,
  () => `docker ${pick(["ps -a", "compose up -d", "build -t app:latest .", "logs -f api", "images"])}`,
  () => `kubectl ${pick(["get pods -n prod", "describe pod " + pick(POD), "logs " + pick(POD) + " --tail=100", "apply -f k8s/"])}`,
  () => `terraform ${pick(["plan -out tf.plan", "apply tf.plan", "init -upgrade", "fmt -recursive"])}`,
  () => `curl -fsSL ${pick(URL)} -o /tmp/out.json`,
  () => `jq '.items[] | .metadata.name' ${pick(["pods.json", "out.json"])}`,
  () => `sed -i 's/${pick(WORD)}/XXX/g' ${pick(FILE)}`,
  () => `wc -l ${pick(FILE)} ${pick(FILE)}`,
  () => `echo "${pick(["done", "building...", "$HOME", "value: $VAR"])}"`,
  () => `cd ${pick(DIR)} && ${pick(SIMPLE)()}`,
];

const COMPOUND: ((s: () => string) => string)[] = [
  (s) => s(),
  (s) => s(),
  (s) => s(),
  (s) => `${s()} && ${s()}`,
  (s) => `${s()} || ${s()}`,
  (s) => `${s()} | ${pick(["head -20", "grep -v test", "wc -l", "sort | uniq -c", "tail -n 5"])}`,
  (s) => `${s()} 2>&1 | tee ${pick(["build.log", "/tmp/out.log"])}`,
  (s) => `${s()} > /dev/null 2>&1; echo $?`,
  (s) => `(${s()})`,
  (s) => `{ ${s()}; ${s()}; }`,
  (s) => `echo "$(${s()})"`,
  (s) => `VERSION=$(git describe --tags) ${s()}`,
  (s) => `for f in ${pick(["*.ts", "$(git ls-files)", "a b c"])}; do ${s()}; done`,
  (s) => `if ${s()}; then ${s()}; else echo failed; fi`,
  (s) => `while read -r line; do echo "$line"; done < ${pick(FILE)}`,
  (s) => `bash -c '${s().replace(/'/g, "")}'`,
  (s) => `sh -c "${s().replace(/["$`\\]/g, "")}"`,
  (s) => `sudo ${s()}`,
  (s) => `timeout 60 ${s()}`,
  (s) => `env NODE_ENV=production ${s()}`,
  (s) => `${pick(["git ls-files", "find . -name '*.log'", "ls"])} | xargs ${pick(["rm -f", "wc -l", "-I{} cp {} /tmp/", "-n1 echo"])}`,
  (s) => `find ${pick(DIR)} -name '*.tmp' -exec rm -f {} \\;`,
  (s) => `cat <<'EOF' > ${pick(["notes.md", "/tmp/msg.txt"])}\n${pick(WORD)} line one\nrm -rf not-a-command\nEOF`,
  (s) => `git commit -F - <<EOF\nfeat: ${pick(WORD)}\n\nBody with $(date +%F)\nEOF`,
  (s) => `python3 - <<'PY'\nimport json, sys\nprint(json.dumps({"ok": True}))\nPY`,
  (s) => `curl -fsSL ${pick(URL)} | ${pick(["bash", "jq .", "sh -s -- --yes", "python3"])}`,
  (s) => `ssh ${pick(["deploy@prod", "bastion", "ci-runner"])} '${s().replace(/'/g, "")}'`,
  (s) => `watch -n ${1 + Math.floor(random() * 10)} ${pick(["kubectl get pods", "docker ps", "'ls -la | wc -l'"])}`,
  (s) => `case "$1" in start) ${s()};; stop) ${s()};; *) echo usage;; esac`,
  (s) => `diff <(${s()}) <(${s()})`,
  (s) => `eval "$(${pick(["ssh-agent -s", "direnv export bash", "pyenv init -"])})"`,
  (s) => `[[ -f ${pick(FILE)} ]] && ${s()}`,
  (s) => `export PATH="$HOME/.local/bin:$PATH"\n${s()}`,
  (s) => `set -euo pipefail; ${s()}; ${s()}`,
  (s) => `${s()} &\nsleep 2\nkill %1`,
];

const lines = new Set<string>();
while (lines.size < COUNT) {
  const outer = pick(COMPOUND);
  const cmd = random() < 0.15 ? outer(() => pick(COMPOUND)(() => pick(SIMPLE)())) : outer(() => pick(SIMPLE)());
  if (cmd.includes("\\n") || lines.has(cmd.replace(/\n/g, "\\n"))) continue; // keep `\n` in the file unambiguous
  if (Bun.spawnSync(["bash", "-n", "-c", cmd], { stderr: "ignore" }).exitCode !== 0) continue;
  lines.add(cmd.replace(/\n/g, "\\n"));
}
writeFileSync(path.join(import.meta.dir, "commands.txt"), `${[...lines].join("\n")}\n`);
console.log(`wrote ${lines.size} commands`);
