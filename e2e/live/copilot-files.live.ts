// Copilot CLI, live: the shipped .env guard (the built-in default profile init turns on) on every
// file tool Copilot has: view, edit, create and bash on the chat-completions wire; apply_patch and
// view on the Responses wire (where Copilot offers apply_patch instead of edit/create).
import { describe, expect, test } from "bun:test";
import { describeRun } from "./lib/clis";
import { applyPatch, bash, create, edit, RESPONSES, saw, session, view } from "./lib/copilot";
import { makeWorld, type World } from "./lib/world";

const SECRET = "SECRET-VALUE-8731";
const GUARD = "secrets_env:";

/** A world whose repository holds a .env with a secret and a harmless README. */
function withSecrets(): World {
  const world = makeWorld("copilot");
  world.write(`${world.work}/.env`, `API_KEY=${SECRET}\n`);
  world.write(`${world.work}/README.md`, "README-CONTENT-5512\n");
  return world;
}

describe("copilot: the .env guard on view, edit, create and bash", () => {
  const s = session(() => {
    const world = withSecrets();
    const w = world.work;
    return {
      world,
      run: {
        label: "env guard chat",
        script: [
          view(`${w}/.env`),
          edit(`${w}/.env`, "API_KEY", "STOLEN_KEY"),
          create(`${w}/.env.local`, "TOKEN=x\n"),
          bash("cat .env"),
          view(`${w}/README.md`),
          edit(`${w}/README.md`, "README-CONTENT", "README-EDITED"),
          create(`${w}/notes.txt`, "NOTES-OK\n"),
        ],
      },
    };
  });
  const w = () => s.world();

  test("control: view of another file reaches the model", () => expect(saw(s.result(), "README-CONTENT-5512"), describeRun(s.result())).toBe(true));
  test("view and bash cat of .env: the secret never reaches the model, the guard's reason does", () => {
    expect(saw(s.result(), SECRET)).toBe(false);
    expect(saw(s.result(), "Denied by preToolUse hook:")).toBe(true);
    expect(saw(s.result(), "holds secrets; the agent may not read or change it")).toBe(true);
  });
  test("edit of .env: the file is unchanged (control: an edit of README.md is applied)", () => {
    expect(w().read(`${w().work}/README.md`)).toBe("README-EDITED-5512\n");
    expect(w().read(`${w().work}/.env`)).toBe(`API_KEY=${SECRET}\n`);
  });
  test("create of .env.local: nothing is written (control: notes.txt is created)", () => {
    expect(w().exists(`${w().work}/notes.txt`)).toBe(true);
    expect(w().exists(`${w().work}/.env.local`)).toBe(false);
  });
});

describe("copilot: the .env guard on apply_patch (Responses wire)", () => {
  const s = session(() => {
    const world = withSecrets();
    return {
      world,
      run: {
        label: "env guard responses",
        env: RESPONSES,
        script: [
          applyPatch("*** Begin Patch\n*** Delete File: .env\n*** End Patch\n"),
          applyPatch("*** Begin Patch\n*** Add File: config/.env.production\n+TOKEN=x\n*** End Patch\n"),
          applyPatch("*** Begin Patch\n*** Add File: notes.txt\n+NOTES-OK\n*** End Patch\n"),
          view(`${world.work}/.env`),
        ],
      },
    };
  });
  const w = () => s.world();

  test("control: a patch that adds an ordinary file is applied", () => {
    expect(w().exists(`${w().work}/notes.txt`), describeRun(s.result())).toBe(true);
    expect(w().read(`${w().work}/notes.txt`)).toContain("NOTES-OK");
  });
  test("a patch that deletes .env is refused: the file is unchanged", () => expect(w().read(`${w().work}/.env`)).toBe(`API_KEY=${SECRET}\n`));
  test("a patch that adds a .env.production is refused: nothing is written", () => expect(w().exists(`${w().work}/config/.env.production`)).toBe(false));
  test("view on the Responses wire: the secret never reaches the model", () => {
    expect(saw(s.result(), `${GUARD} `)).toBe(true);
    expect(saw(s.result(), `API_KEY=${SECRET}\n`)).toBe(false);
  });
});

describe("copilot: the .env guard on grep (a search reads what it matches)", () => {
  const s = session(() => {
    const world = withSecrets();
    world.write(`${world.work}/src/app.txt`, "API_KEY=PUBLIC-VALUE-4410\n");
    return {
      world,
      run: {
        label: "env guard grep",
        script: [
          { tool: "grep", input: { pattern: "API_KEY", output_mode: "content" } },
          { tool: "grep", input: { pattern: "API_KEY", path: ".env", output_mode: "content" } },
          { tool: "grep", input: { pattern: "API_KEY", path: "src", output_mode: "content" } },
        ],
      },
    };
  });

  test("a grep of the folder holding .env, or of .env itself: the secret never reaches the model", () => {
    expect(saw(s.result(), SECRET), describeRun(s.result())).toBe(false);
    expect(saw(s.result(), "holds secrets; the agent may not read or change it")).toBe(true);
  });
  test("control: a grep of a folder without one reaches the model", () => expect(saw(s.result(), "PUBLIC-VALUE-4410")).toBe(true));
});
