// Editor and pager commands given on the command line (`vim -c CMD`, `vim +CMD`, `less +CMD`): `!cmd`
// (and `:r !cmd`, `:w !cmd`, `:%!cmd`) runs cmd, analyzed as shell; a scripting command (`:python`,
// `:source`, `system()`, `:terminal`, `:execute`...) runs code that is not in the line: dynamic.
import { type Findings, type Site, dynamic } from "./findings";
import type { Span } from "./syntax";

const SCRIPTING = /\b(?:system|systemlist|job_?start|libcall\w*|exe(?:c(?:ute)?)?|py(?:thon)?3?|pyx|pyfile|pydo|lua\w*|perl\w*|ruby\w*|rubyfile|tcl\w*|mz(?:scheme)?|so(?:urce)?|ru(?:ntime)?|term(?:inal)?|call|norm(?:al)?|let|eval|redir)\b/;

/** Reads one editor command `text` given at `span`. */
export function vimCommand(text: string, via: string, span: Span, site: Site, f: Findings): void {
  if (SCRIPTING.test(text) || text.includes("|")) dynamic(f, "unseen-code", `${via} runs an editor command that can run code not in the line`, span);
  const bang = text.indexOf("!");
  if (bang >= 0) f.sh(text.slice(bang + 1), site.depth + 1, f, via, span);
}
