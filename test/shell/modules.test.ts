// `python -m MODULE`: the module is not a program (the shared corpus: `python3 -m x` runs python3),
// but it is recorded, and `bash.<cli>` matches it, so `python -m pip install` cannot slip past a pip
// guard.
import { describe, expect, test } from "bun:test";
import { parseMatcher, matches } from "../../src/conditions/matcher";
import { analyze } from "../../src/shell/analyze";

const rows: [string[], string[], string[]][] = [
  [["python -m pip install x", "python3 -m pip install -e .", "python3 -mpip list", "sudo python3 -m pip install x", "/usr/bin/python3.12 -I -m pip install x"], ["pip"], ["python", "python3", "python3.12"]],
  [["python -m pytest -x", "python3 -m pytest.__main__", "uv run -m pytest", "uv run --module=pytest tests/", "uv run --module pytest tests/"], ["pytest"], ["python", "python3", "uv"]],
  [["python3 -m http.server 8000"], ["http"], ["python3"]],
  [["timeout 30 /usr/bin/python3 -m x"], ["x"], ["python3"]],
  [["python -c 'import pip'", "python script.py -m pip", "pip install x"], [], ["pip", "python"]],
];

describe("python modules", () => {
  for (const [spellings, modules, possiblePrograms] of rows) {
    for (const cmd of spellings) {
      test(`${cmd} -> modules ${JSON.stringify(modules)}`, () => {
        const a = analyze(cmd);
        expect(a.modules).toEqual(modules);
        for (const p of a.programs) expect(possiblePrograms).toContain(p);
        expect(a.programs.some((p) => modules.includes(p))).toBe(false);
      });
    }
  }
  test("bash.pip matches `python -m pip` and `pip`, not `python app.py`", () => {
    const m = parseMatcher("bash.pip");
    if (typeof m === "string") throw new Error(m);
    const fires = (cmd: string) => matches(m, { name: "Bash", programs: () => analyze(cmd) });
    expect(fires("python3 -m pip install requests")).toBe(true);
    expect(fires("pip install requests")).toBe(true);
    expect(fires("python3 app.py")).toBe(false);
  });
});
