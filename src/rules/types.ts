// The shapes of a rules file (docs/rules.md), as read from TOML and checked against src/schemas/rules.ts.

export type Preset = "default" | "strict" | "paranoid";
export const PRESETS: readonly Preset[] = ["default", "strict", "paranoid"];

export type RuleDecision = "deny" | "ask" | "allow" | "context" | "off";
export type DynamicDecision = "deny" | "ask" | "ignore";
export type PerPreset<T> = T | Partial<Record<Preset, T>>;

export interface AnyAllNone {
  any?: string[];
  all?: string[];
  none?: string[];
}

/** A program's options, for reading its words: abbreviations, bundles of short flags, values. */
export interface OptionTable {
  /** Options without a value (`-f`, `--force`). */
  flags?: string[];
  /** Options that take a value: the next word, or attached (`-ofoo`, `--repo=x`). */
  values?: string[];
  /** Long options whose value is only ever attached (`--force-with-lease[=ref]`). */
  optional?: string[];
  /** Other spellings of an option, read as it (`-d` is `--delete`, `-W` is `--worktree`). */
  aliases?: Record<string, string>;
  /**
   * Options are whole words after one dash, never bundles (find's `-delete`, `-name x`); an option of
   * `values` takes the next word. For `lists`, see there.
   */
  single_dash?: boolean;
  /** Options whose value runs to one of these words, which ends it (find's `-exec CMD ... ;`). */
  lists?: Record<string, string[]>;
  /** What the command works on when it is given no operand (find: `.`). */
  default_operand?: string;
}

export interface Rule {
  id: string;
  program?: string | string[];
  subcommand?: string | string[];
  tools?: string[];
  options?: AnyAllNone;
  operands?: AnyAllNone & { skip?: number; min?: number; max?: number };
  values?: AnyAllNone & { options: string[] };
  redirects?: AnyAllNone;
  paths?: AnyAllNone;
  when?: string[];
  decision: PerPreset<RuleDecision>;
  on_dynamic?: PerPreset<DynamicDecision>;
  reason: string;
  alternative?: string;
}

export interface AllowEntry {
  rule: string;
  reason: string;
  /** A regular expression the whole command line must match. */
  command?: string;
  /** A folder the call's working folder must be in (`~` allowed). */
  cwd?: string;
}

export interface RulesFile {
  version: 1;
  description?: string;
  protected_branches?: string[];
  on_dynamic?: PerPreset<DynamicDecision>;
  commands?: Record<string, OptionTable>;
  rule?: Rule[];
  allow?: AllowEntry[];
}

/** Three-valued: a part of a rule holds, does not, or cannot be told before the line runs. */
export const NO = 0;
export const YES = 1;
export const MAYBE = 2;
export type Tri = 0 | 1 | 2;
