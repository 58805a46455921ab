// Lists and simple commands: how operators split a line into the commands that run. Grammar:
//   list    := { SEP | command }            SEP := ';' '&' '&&' '||' '|' '|&' NEWLINE
//   command := '(' list ')'  |  '((' arith '))'  |  keyword ...  |  simple
//   simple  := { redirect | word }          the first word may be NAME '(' ')' (a definition)
// An operator with no command after it (`a &&`, `a |` before `;`, `)` or the end) is a syntax
// error: bash runs nothing of such a line, and neither may the analysis claim it does.
import { AMP, CLASS, Cursor, GT, LP, NL, PIPE, RP, SEMI, TERM } from "./cursor";
import { isArith, skipArith } from "./expansions";
import { newline } from "./heredocs";
import { keyword, skipFunctionParens } from "./keywords";
import { isRedirect, readRedirect } from "./redirects";
import { MAX_DEPTH, type SimpleCommand } from "./syntax";
import { readWord } from "./words";

/** The scanner of one text: its simple commands are appended to `out`, in source order. */
export class Scanner extends Cursor {
  run(): void {
    if (this.depth > MAX_DEPTH) this.fail("too-deep", `nesting deeper than ${MAX_DEPTH}`);
    this.charge(this.end);
    this.parseList(0, false);
    if (this.open > 0) this.fail("unterminated", "missing }, fi or done");
  }

  scanNested(text: string): void {
    new Scanner(text, this.depth + 1, this.ctx, this.out).run();
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
      }
      if (redirect) readRedirect(this, cmd);
      else cmd.words.push(readWord(this, true));
      if (first && cmd.words.length === 1 && skipFunctionParens(this)) {
        cmd.words.length = 0; // `name() body`: a definition runs nothing; its body is scanned next
        return;
      }
    }
  }
}
