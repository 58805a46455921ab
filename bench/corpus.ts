// The analysis corpus: bench/corpus/commands.txt (one command per line; a line starting with `"` is a
// JSON string, for commands with newlines) when it exists, else a seeded mix of typical agent commands.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

export const CORPUS_FILE = join(import.meta.dir, "corpus", "commands.txt");

/** Returns the corpus and where it came from. */
export function loadCorpus(size = 4000): { commands: string[]; source: string } {
  if (existsSync(CORPUS_FILE)) {
    const commands = readFileSync(CORPUS_FILE, "utf8")
      .split("\n")
      .filter((l) => l.trim() && !l.startsWith("#"))
      .map((l) => (l.startsWith('"') ? (JSON.parse(l) as string) : l));
    if (commands.length) return { commands, source: "bench/corpus/commands.txt" };
  }
  return { commands: generate(size), source: `generated (${size} commands, seed 1)` };
}

// --- internal ---

const FILES = ["src/main.ts", "README.md", "package.json", "test/app.test.ts", "./build/out.log", "'my file.txt'", "$HOME/.bashrc"];
const WORDS = ["TODO", "error", "'fn main'", '"import x"', "-e foo", "useState"];
const SIMPLE = [
  () => "ls",
  () => `ls -la ${pick(FILES)}`,
  () => "git status",
  () => `git diff --stat HEAD~${int(5)}`,
  () => `git log --oneline -n ${int(30)}`,
  () => `git add ${pick(FILES)} && git commit -m "fix: ${pick(WORDS)}"`,
  () => `cat ${pick(FILES)}`,
  () => `head -n ${int(100)} ${pick(FILES)}`,
  () => `grep -rn ${pick(WORDS)} src/ | head -${int(50)}`,
  () => `rg ${pick(WORDS)} --type ts`,
  () => `find . -name '*.ts' -not -path './node_modules/*' | xargs wc -l`,
  () => `find src -type f -exec grep -l ${pick(WORDS)} {} +`,
  () => "npm test",
  () => "npm run build 2>&1 | tail -20",
  () => "bun test test/",
  () => `cd ${pick(["src", "/tmp", "packages/core"])} && make -j${int(8)}`,
  () => `python3 -c "import json,sys; print(json.load(sys.stdin)['k'])" < ${pick(FILES)}`,
  () => `pytest -x -q tests/test_${pick(["api", "db", "cli"])}.py`,
  () => "docker ps -a",
  () => `docker run --rm -v "$PWD:/w" -w /w node:20 npm ci`,
  () => `sudo -u www-data ${pick(["ls /var/www", "systemctl status nginx"])}`,
  () => `env NODE_ENV=test FOO=${int(9)} node scripts/run.js`,
  () => `timeout 30 ${pick(["npm test", "cargo build", "go test ./..."])}`,
  () => `bash -c '${pick(["echo hi", "ls | wc -l", "make && ./a.out"])}'`,
  () => `echo "$(date +%s) $(whoami)" >> ${pick(FILES)}`,
  () => `for f in *.ts; do echo "$f"; wc -l "$f"; done`,
  () => `if [ -f ${pick(FILES)} ]; then cat ${pick(FILES)}; else echo missing; fi`,
  () => `curl -fsSL https://example.com/${int(99)} | jq '.items[] | .name'`,
  () => `mkdir -p build && cp -r ${pick(FILES)} build/`,
  () => `sed -i 's/${pick(["foo", "a", "x"])}/bar/g' ${pick(FILES)}`,
  () => `cat <<'EOF' > /tmp/x.txt\nline ${int(9)}\nEOF`,
  () => `npx tsc --noEmit -p tsconfig.json && echo ok || echo failed`,
  () => `(cd web && npm ci) && ( cd api; go build ./... )`,
  () => `$EDITOR ${pick(FILES)}`,
  () => `eval "$(ssh-agent -s)"`,
];

let seed = 1;
function rand(): number {
  seed = (seed * 1103515245 + 12345) % 2147483648; // a fixed LCG: the same corpus on every run
  return seed / 2147483648;
}
const int = (n: number) => 1 + Math.floor(rand() * n);
const pick = <T>(xs: T[]): T => xs[Math.floor(rand() * xs.length)];

function generate(size: number): string[] {
  seed = 1;
  const out: string[] = [];
  while (out.length < size) {
    const n = rand() < 0.7 ? 1 : 2;
    const parts = Array.from({ length: n }, () => pick(SIMPLE)());
    out.push(parts.join(pick([" && ", " ; ", " | ", " || "])));
  }
  return out;
}
