// A generator of bash lines drawn from bash's own grammar and builtin list, not from the constructs
// the analysis knows (issue 23, part 2): every builtin `compgen -b` lists, every `set -o` and `shopt`
// name bash reports, every parameter expansion operator, every assigning builtin, traps, compound
// commands, redirections and heredoc delimiters spelled every way, and bash's own variables. The
// builtins and option names are asked of the real bash at run time, so a builtin the analysis has no
// row for is drawn all the same. Each line records the forms it was built from (the coverage report).
// Programs it names are stubs of bash-sandbox.ts (`rm`, `a`, `b`); nothing names a path outside the
// line's own folder (`cd` only goes to `.` or `d`).

/** What bash itself says it has: builtins, `set -o` names and `shopt` names. */
export interface BashInventory {
  builtins: string[];
  setNames: string[];
  shoptNames: string[];
}

/** Asks the real bash for its inventory. */
export function bashInventory(): BashInventory {
  const ask = (s: string) => Bun.spawnSync(["bash", "-c", s], { env: {} }).stdout.toString().split("\n").filter(Boolean);
  return {
    builtins: ask("compgen -b"),
    setNames: ask("set -o").map((l) => l.split(/\s+/)[0]),
    shoptNames: ask("shopt").map((l) => l.split(/\s+/)[0]),
  };
}

export interface Generated {
  line: string;
  forms: string[];
}

/** Stub programs a line runs (bash-sandbox.ts logs them). */
const STUBS = ["rm", "a", "b"];
/** Variables: the line's own, and bash's own (whose values bash or programs act on). */
const VARS = [
  "x", "x", "y", "r", "arr", "OPTIND", "SHLVL", "HISTCMD", "RANDOM", "LINENO", "SECONDS", "PS4", "PS0", "PS1", "PROMPT_COMMAND",
  "BASH_ENV", "ENV", "IFS", "SHELLOPTS", "BASHOPTS", "BASH_XTRACEFD", "BASH_COMPAT", "BASH_ARGV0", "FUNCNEST", "REPLY", "OPTARG",
  "MAPFILE", "BASH_ALIASES", "BASH_CMDS", "GLOBIGNORE", "EXECIGNORE", "POSIXLY_CORRECT", "TMOUT", "HISTFILE", "GIT_EXTERNAL_DIFF",
  "PAGER", "EDITOR", "LESSOPEN", "COMP_WORDS", "PIPESTATUS", "BASH_REMATCH",
];
const PARAM_OPS = [
  ":-", "-", ":=", "=", ":?", "?", ":+", "+", "#", "##", "%", "%%", "/", "//", "/#", "/%", "^", "^^", ",", ",,",
  "@Q", "@E", "@P", "@A", "@a", "@U", "@u", "@L", "@K", "@k", ":", "",
];
const SIGNALS = ["EXIT", "DEBUG", "ERR", "RETURN", "INT", "TERM", "0", "USR1"];
const OPTION_LETTERS = "aAbcCdDeEfFgGhiIklLmnNopPqrRsStTuUvVwWxXz";
const REDIRECTS = [">o", ">>o", "<f", "2>&1", ">&2", "<>f", ">|o", "&>o", "<&0", "3>&-", "<<<w", "<<<$x", ">&$x", "<(a)", ">(b)"];

/** A seeded generator (mulberry32): the same seed gives the same lines. */
export class BashGrammar {
  private state: number;
  private forms: string[] = [];
  constructor(seed: number, private readonly inv: BashInventory) {
    this.state = seed >>> 0;
  }

  /** Returns one line: one to four statements, joined as bash joins them. */
  line(): Generated {
    this.forms = [];
    const n = 1 + this.int(4);
    let out = this.statement(0);
    for (let i = 1; i < n; i++) out += this.pick(["; ", "\n", " && ", " || ", " | ", "; ", "\n"]) + this.statement(0);
    // bash removes a backslash-newline before it reads the tokens around it: split anything with one
    if (this.int(5) === 0) {
      this.form("continuation");
      for (let k = 1 + this.int(2); k > 0; k--) {
        const at = 1 + this.int(out.length - 1);
        out = `${out.slice(0, at)}\\\n${out.slice(at)}`;
      }
    }
    return { line: out, forms: this.forms };
  }

  /** Returns a line whose first statement is builtin `name` (so a small run covers every builtin). */
  lineWith(name: string): Generated {
    const saved = this.inv.builtins;
    (this.inv as { builtins: string[] }).builtins = [name];
    this.forms = [];
    const first = this.builtin();
    (this.inv as { builtins: string[] }).builtins = saved;
    const rest = this.int(2) ? "" : `; ${this.statement(0)}`;
    return { line: first + rest, forms: this.forms };
  }

  // --- internal ---

  private rand(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  private int(n: number): number {
    return Math.floor(this.rand() * n);
  }
  private pick<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)];
  }
  private form(name: string): void {
    this.forms.push(name);
  }

  /** A stub run some way: plainly, or text that runs one when bash evaluates it. */
  private payload(): string {
    const s = this.pick(STUBS);
    return this.pick([
      s, `'${s}'`, `'a[$(${s})]'`, `'$(${s}) '`, `"\\$(${s})"`, `'!${s}'`, `'|${s}'`, `'${s} x'`, `'\`${s}\`'`, `$(${s})`, `'x[\`${s}\`]'`,
      "1", "0", "''", "$x", `"$y"`, `'a[$x]'`,
    ]);
  }
  private variable(): string {
    return this.pick(VARS);
  }

  private statement(depth: number): string {
    const k = depth > 2 ? this.int(6) : this.int(16);
    let s: string;
    switch (k) {
      case 14: case 15: s = this.writeThenUse(); break;
      case 0: case 1: case 2: s = this.builtin(); break;
      case 3: s = this.assignment(); break;
      case 4: s = this.arithmetic(); break;
      case 5: s = this.expansion(); break;
      case 6: s = this.options(); break;
      case 7: s = this.trap(); break;
      case 8: s = this.heredoc(); break;
      case 9: s = this.program(); break;
      default: s = this.compound(depth); break;
    }
    if (this.int(6) === 0) {
      const r = this.pick(REDIRECTS);
      this.form(`redirect ${r}`);
      s += ` ${r}`;
    }
    return s;
  }

  /** Any builtin, with words drawn from options, names and payloads. */
  private builtin(): string {
    const b = this.pick(this.inv.builtins);
    this.form(`builtin ${b}`);
    const words: string[] = [];
    const n = this.int(5);
    for (let i = 0; i < n; i++) {
      const k = this.int(5);
      if (k === 0) {
        let o = this.pick(["-", "-", "+"]);
        for (let j = 1 + this.int(2); j > 0; j--) o += this.pick([...OPTION_LETTERS]);
        words.push(o);
      } else if (k === 1) words.push(this.variable());
      else if (k === 2) words.push(`${this.variable()}=${this.payload()}`);
      else if (k === 3) words.push(this.payload());
      else words.push(this.pick(["--", "1", "%s", "x", "-v", "ab", "f", "EXIT"]));
    }
    if (b === "cd" || b === "pushd" || b === "popd") return `${b} ${this.pick([".", "d", ""])}`.trim();
    if (b === "suspend" || b === "logout") return b; // stops or ends the shell: drawn, but not fed
    return [b, ...words].join(" ");
  }

  /**
   * A write to a variable in one of bash's ways, then a use of it where bash evaluates or runs its
   * value: every assigning builtin and expansion against every place a value is evaluated.
   */
  private writeThenUse(): string {
    const v = this.variable();
    const p = this.payload();
    const flags = this.pick(["", "-n ", "-i ", "-a ", "-A ", "-x ", "-g ", "-r ", "-l ", "-u ", "-in ", "-an "]);
    const writes: [string, string][] = [
      ["=", `${v}=${p}`], ["read", `read ${v} <<< ${p}`], ["read -a", `read -ra ${v} <<< ${p}`], ["printf -v", `printf -v ${v} %s ${p}`],
      ["mapfile", `mapfile -t ${v} <<< ${p}`], ["readarray", `readarray ${v} <<< ${p}`], ["getopts", `getopts ab ${v} -b`],
      ["for", `for ${v} in ${p}; do :; done`], ["select", `select ${v} in ${p}; do break; done <<< 1`], [":=", `: \${${v}:=${p}}`],
      ["=word", `: \${${v}=${p}}`], ["declare", `declare ${flags}${v}=${p}`], ["local", `f() { local ${flags}${v}=${p}; ${this.use(v)}; }; f`],
      ["export", `export ${v}=${p}`], ["readonly", `readonly ${v}=${p}`], ["typeset", `typeset ${flags}${v}=${p}`],
      ["nameref", `declare -n r=${v}; r=${p}`], ["wait -p", `a & wait -p ${v}`], ["unset", `unset ${v}; ${v}=${p}`], ["+=", `${v}+=${p}`],
      ["eval", `eval "${v}=${p.replace(/["\\$`]/g, "\\$&")}"`], ["let", `let ${v}=1`], ["(( ))", `(( ${v} = 1 ))`],
    ];
    const [wname, write] = this.pick(writes);
    this.form(`write ${wname}`);
    return `${v}=1; ${write}; ${this.use(v)}`;
  }

  /** A place where bash evaluates or runs the value of `v`. */
  private use(v: string): string {
    const uses: [string, string][] = [
      ["(( ))", `(( ${v} ))`], ["$(( ))", `echo $((${v}))`], ["let", `let ${v}`], ["[[ -eq ]]", `[[ ${v} -eq 1 ]]`], ["${s:v}", `echo \${s:${v}}`],
      ["a[v]", `arr[${v}]=1`], ["${a[v]}", `echo \${arr[${v}]}`], ["${!v}", `echo \${!${v}}`], ["${v@P}", `echo \${${v}@P}`], ["set -x", "set -x; :"],
      ["$v", `$${v} x`], [">&$v", `echo >&$${v}`], ["export", `export ${v}; git diff --no-index /dev/null /dev/null`], ["bash -c", "bash -c :"],
      ["declare -i", `declare -i q=${v}`], ["${v[@]}", `"\${${v}[@]}"`], ["-v", `[[ -v ${v} ]]`], ["case", `case 1 in $((${v}))) ;; esac`],
    ];
    const [uname, use] = this.pick(uses);
    this.form(`use ${uname}`);
    return use;
  }

  private assignment(): string {
    const v = this.variable();
    const k = this.int(6);
    this.form(["assign =", "assign +=", "assign [sub]=", "assign =()", "assign prefix", "assign =()[sub]"][k]);
    if (k === 0) return `${v}=${this.payload()}`;
    if (k === 1) return `${v}+=${this.payload()}`;
    if (k === 2) return `${v}[${this.pick(["0", "x", "$x", "'$(rm)'", "a[$(rm)]"])}]=${this.payload()}`;
    if (k === 3) return `${v}=(${this.payload()} ${this.payload()})`;
    if (k === 4) return `${v}=${this.payload()} ${this.program()}`;
    return `${v}=([${this.pick(["x", "$(rm)", "'a[$(rm)]'"])}]=${this.payload()})`;
  }

  /** The places bash evaluates arithmetic. */
  private arithmetic(): string {
    const v = this.variable();
    const k = this.int(10);
    this.form(`arith ${k}`);
    return [
      `(( ${v} ))`, `(( ${v} = ${this.payload()} ))`, `echo $((${v}))`, `let ${v}`, `[[ ${v} -eq 1 ]]`, `echo \${s:${v}}`,
      `arr[${v}]=1`, `echo \${arr[${v}]}`, `declare -i ${v}=${this.payload()}`, `echo $[${v}]`,
    ][k];
  }

  /** A parameter expansion with any operator, in any place. */
  private expansion(): string {
    const v = this.variable();
    const op = this.pick(PARAM_OPS);
    const bang = this.int(6) === 0 ? "!" : this.int(8) === 0 ? "#" : "";
    const word = op.startsWith("@") || op === "" ? "" : this.payload().replace(/[{}]/g, "");
    this.form(`expansion \${${bang}x${op}}`);
    const e = `\${${bang}${v}${op}${word}}`;
    return this.pick([`: ${e}`, `echo "${e}"`, `${e} x`, `echo ${e}`, `x=${e}`, `case ${e} in *) ;; esac`]);
  }

  /** Any `set` option letter or name, any `shopt` name. */
  private options(): string {
    const k = this.int(4);
    if (k === 0) {
      let o = this.pick(["-", "+"]);
      for (let j = 1 + this.int(2); j > 0; j--) o += this.pick([..."abefhkmnptuvxBCEHPT"]);
      this.form(`set ${o}`);
      return `set ${o}`;
    }
    if (k === 1) {
      const n = this.pick(this.inv.setNames);
      this.form(`set -o ${n}`);
      return `set ${this.pick(["-o", "+o"])} ${n}`;
    }
    const n = this.pick(this.inv.shoptNames);
    this.form(`shopt ${n}`);
    return `shopt ${this.pick(["-s", "-u", "-s", "-os"])} ${n}`;
  }

  private trap(): string {
    const sig = this.pick(SIGNALS);
    this.form(`trap ${sig}`);
    return `trap ${this.payload()} ${sig}`;
  }

  /** A heredoc whose delimiter is spelled one of bash's ways, with a body that may run a stub. */
  private heredoc(): string {
    const spellings = ["E", "'E'", '"E"', "\\E", "E\\\n", "\\\nE", "$'E'", '"E"\\\n', "E''"];
    const i = this.int(spellings.length);
    this.form(`heredoc ${i}`);
    const body = this.pick([`$(${this.pick(STUBS)})`, `\`${this.pick(STUBS)}\``, this.pick(STUBS), "${x}", "$((x))"]);
    const cmd = this.pick(["cat", "bash", ":", "read x", "mapfile x", "source /dev/stdin", "eval \"$(cat)\""]);
    const op = this.pick(["<<", "<<-"]);
    return `${cmd} ${op}${spellings[i]}\n${body}\nE\n:`;
  }

  /** A command word, plain or made by an expansion. */
  private program(): string {
    const s = this.pick(STUBS);
    const forms = [
      `${s} x`, `$${this.variable()} x`, `"\${${this.variable()}}"`, `command ${s}`, `{${s},x} y`, `$'\\x${s.charCodeAt(0).toString(16)}${s.slice(1)}' x`,
      `$"${s}" x`, `${s[0]}[${s.slice(1) || s}]* x`, `@(${s}) x`, `~/${s} x`, `\${${this.variable()}[@]} x`, `\${!${this.variable()}} x`,
      `\${${this.variable()}[@]:0:1} x`, `$(echo ${s}) x`,
    ];
    const k = this.int(forms.length);
    this.form(`program ${["plain", "$x", "${x}", "command", "brace", "ansi-c", "locale", "glob", "extglob", "tilde", "${x[@]}", "${!x}", "${x[@]:0:1}", "$()"][k]}`);
    return forms[k];
  }

  private compound(depth: number): string {
    const inner = () => this.statement(depth + 1);
    const k = this.int(14);
    this.form(`compound ${["if", "while", "until", "for", "select", "case", "{}", "()", "function", "$()", "``", "<()", "coproc", "time !"][k]}`);
    switch (k) {
      case 0: return `if ${inner()}; then ${inner()}; fi`;
      case 1: return `while ${inner()}; do ${inner()}; break; done`;
      case 2: return `until ${inner()}; do ${inner()}; break; done`;
      case 3: return `for ${this.variable()} in ${this.payload()} ${this.payload()}; do ${inner()}; done`;
      case 4: return `select ${this.variable()} in ${this.payload()}; do ${inner()}; break; done`;
      case 5: return `case ${this.payload()} in *) ${inner()};; esac`;
      case 6: return `{ ${inner()}; }`;
      case 7: return `( ${inner()} )`;
      case 8: return `f() { ${inner()}; }; f ${this.payload()}`;
      case 9: return `echo "$(${inner()})"`;
      case 10: return `echo \`${inner().replace(/[`\\$]/g, "\\$&")}\``;
      case 11: return `cat <(${inner()})`;
      case 12: return `coproc ${inner()}`;
      default: return `time ! ${inner()}`;
    }
  }
}
