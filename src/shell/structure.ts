// Lists and simple commands: how operators split a line into the commands that run. Grammar:
//   list    := { SEP | command }            SEP := ';' '&' '&&' '||' '|' '|&' NEWLINE
//   command := '(' list ')'  |  '((' arith '))'  |  keyword ...  |  simple
//   simple  := { redirect | word }          the first word may be NAME '(' ')' (a definition)
// An operator with no command after it (`a &&`, `a |` before `;`, `)` or the end) is a syntax
// error: bash runs nothing of such a line, and neither may the analysis claim it does.
import { AMP, CLASS, Cursor, GT, LP, NL, PIPE, RP, SEMI, TERM } from "./cursor";
import { isArith, skipArith } from "./expansions";
import { assigns, isInteger } from "./arith";
import { newline, scanExpansions } from "./heredocs";
import { keyword, skipFunctionParens } from "./keywords";
import { isRedirect, readRedirect } from "./redirects";
import { ARITHMETIC, MAX_DEPTH, type SimpleCommand, type Span, splitAssignment, type Word } from "./syntax";
import { readWord } from "./words";

/** The scanner of one text: its simple commands are appended to `out`, in source order. */
export class Scanner extends Cursor {
  run(): void {
    if (this.depth > MAX_DEPTH) this.fail("too-deep", `nesting deeper than ${MAX_DEPTH}`);
    this.charge(this.end);
    this.parseList(0, false);
    if (this.open > 0) this.fail("unterminated", "missing }, fi or done");
  }

  scanNested(text: string, a: number, b: number): void {
    new Scanner(text, this.depth + 1, this.ctx, this.out, this.span(a, b)).run();
  }

  expandText(text: string, span: Span): void {
    new Scanner(text, this.depth + 1, this.ctx, this.out, span).runExpansions();
  }

  /** Scans the whole text as an unquoted heredoc body: its substitutions are lists that run. */
  runExpansions(): void {
    if (this.depth > MAX_DEPTH) this.fail("too-deep", `nesting deeper than ${MAX_DEPTH}`);
    this.charge(this.end);
    scanExpansions(this, 0, this.end);
  }

  parseList(closer: number, inCase: boolean): void {
    if (closer) this.parens++;
    for (;;) {
      this.skipSpace();
      const c = this.at(this.pos);
      const n = this.at(this.pos + 1);
      if (this.dangling && c !== NL && (c < 0 || c === SEMI || c === RP || (c === AMP && n !== GT) || c === PIPE)) {
        this.fail("syntax", "missing command after operator");
      }
      if (c < 0) {
        if (closer) this.fail("unterminated", "missing )");
        return;
      }
      if (c === NL) newline(this);
      else if (c === SEMI && (n === SEMI || n === AMP)) {
        if (inCase) return;
        this.fail("syntax", "unexpected ;; outside case");
      } else if (c === SEMI || (c === AMP && n !== GT)) {
        this.pos += c === AMP && n === AMP ? 2 : 1;
        this.pipe = false;
        this.dangling = c === AMP && n === AMP;
      } else if (c === PIPE) {
        this.pos += n === PIPE || n === AMP ? 2 : 1;
        this.pipe = n !== PIPE;
        this.dangling = true;
      } else if (c === RP) {
        if (closer !== RP) this.fail("syntax", "unexpected )");
        this.pos++;
        this.parens--;
        return;
      } else if (inCase && this.atWord("esac")) return;
      else {
        this.dangling = false;
        if (c === LP) this.parseGroup();
        else this.parseCommand();
      }
    }
  }

  /** `( list )` (a subshell) or `(( arith ))` (an arithmetic command). */
  private parseGroup(): void {
    if (this.at(this.pos + 1) === LP && isArith(this, this.pos + 2)) {
      this.pos += 2;
      skipArith(this, { text: "", flags: 0, quoted: false });
      return;
    }
    this.pos++;
    this.enter();
    this.parseList(RP, false);
    this.depth--;
  }

  /** Scans one simple command, or one keyword (and its structure) at command position. */
  private parseCommand(): void {
    const cmd: SimpleCommand = { words: [], redirects: [], depth: this.depth, pipedIn: this.pipe };
    if (this.origin) cmd.origin = this.origin;
    let pushed = false;
    for (;;) {
      this.skipSpace();
      if (this.pos >= this.end) break;
      const redirect = isRedirect(this);
      const c = this.src.charCodeAt(this.pos);
      if (!redirect && c < 128 && CLASS[c] === TERM && !this.isProcSub(c)) break;
      const first = !pushed;
      if (first && !redirect && keyword(this)) return;
      if (first) {
        this.out.push(cmd);
        this.pipe = false;
        pushed = true;
        if (this.timed) {
          cmd.timed = true;
          this.timed = false;
        }
      }
      if (redirect) readRedirect(this, cmd);
      else {
        const w = readWord(this, true);
        if (w.assign && cmd.words.every((p) => p.assign)) noteAssignment(this.ctx, w);
        cmd.words.push(w);
      }
      if (first && cmd.words.length === 1 && skipFunctionParens(this)) {
        cmd.words.length = 0; // `name() body`: a definition runs nothing; its body is scanned next
        return;
      }
    }
  }
}

/**
 * Records what an assignment in command position gives its variable: an integer literal or an
 * arithmetic result (`x=5`, `n=$((n+1))`, `x+=1` after one), or anything else (an array, text). See arith.ts.
 */
function noteAssignment(ctx: Cursor["ctx"], w: Word): void {
  const { name, value, raw, append } = splitAssignment(w);
  if (raw.startsWith("(")) return assigns(ctx, name, 2);
  const integer = (w.flags === 0 && isInteger(value)) || (w.flags === ARITHMETIC && /^\$\(\([^]*\)\)$/.test(raw)) || /^"?\$\{?[#?$!]\}?"?$/.test(raw);
  // `x+=5` keeps x an integer only if the line gave it one before (digits after digits, or a sum)
  const appendsToUnknown = append && !ctx.vars?.has(name);
  assigns(ctx, name, integer && !appendsToUnknown ? 1 : 2);
}
