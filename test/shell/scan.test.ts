// The scanner alone: words with their values and provenance, redirections, heredoc bodies, depth.
import { describe, expect, test } from "bun:test";
import { newContext, provenance, scan } from "../../src/shell/scan";

const words = (s: string) => scan(s, 0, newContext()).commands.map((c) => c.words.map((w) => w.text));

describe("scan", () => {
  test("quote removal and ANSI-C decoding", () => {
    expect(words(`a 'b c' "d $'e'" $'f\\tg' h\\ i r''m "$'x'"`)).toEqual([["a", "b c", "d $'e'", "f\tg", "h i", "rm", "$'x'"]]);
  });

  test("provenance of each word", () => {
    const [cmd] = scan(`x $Y $(z) <(w) *.ts {a,b} $((1)) 'lit'`, 0, newContext()).commands;
    expect(cmd.words.map(provenance)).toEqual([
      ["literal"], ["variable"], ["substitution"], ["process"], ["glob"], ["brace"], ["arithmetic"], ["literal"],
    ]);
  });

  test("substituted commands are nested one level deeper", () => {
    const { commands } = scan("a $(b `c`)", 0, newContext());
    expect(commands.map((c) => [c.words[0].text, c.depth])).toEqual([["a", 0], ["b", 1], ["c", 2]]);
  });

  test("redirections keep fd, operator and target; heredoc bodies are kept with tabs stripped", () => {
    const [cmd] = scan("cat 2>>err <<-EOF >out\n\tline $x\n\tEOF", 0, newContext()).commands;
    expect(cmd.redirects.map((r) => [r.fd, r.op, r.target.text])).toEqual([["2", ">>", "err"], ["", "<<-", "EOF"], ["", ">", "out"]]);
    expect(cmd.redirects[1].body).toBe("line $x\n");
  });

  test("assignments are marked, and a pipe feeds the next command", () => {
    const { commands } = scan("X=1 a | b", 0, newContext());
    expect(commands[0].words[0].assign).toBe(true);
    expect(commands.map((c) => c.pipedIn)).toEqual([false, true]);
  });

  test("an unterminated quote stops the scan with the commands so far", () => {
    const ctx = newContext();
    const r = scan("a; b 'c", 0, ctx);
    expect(r.complete).toBe(false);
    expect(r.commands.map((c) => c.words[0].text)).toEqual(["a", "b"]);
    expect(ctx.issues[0]).toMatchObject({ code: "unterminated", offset: 5 });
  });
});
