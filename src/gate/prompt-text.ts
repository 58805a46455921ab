// The person's own words in a prompt: text the harness injected (notifications, slash-command
// expansions, hook output, reminders) is not theirs, and neither is anything they quote: code blocks,
// inline code, `>` quote lines, text in quotation marks, pasted log lines, and what follows "the
// output was:" and the like. The text is read after NFKC (full-width letters are letters). Quoted spans leave a placeholder so the sentence around them keeps its shape; their text is
// kept apart (a quoted condition name still names a condition). The rest is split into clauses at
// sentence ends, so a negation covers the whole of its sentence, commas included.

/** Injected prompts: a typed prompt never starts with these blocks. */
const INJECTED_START = /^\s*<(?:task-notification|system-reminder|command-(?:name|message|args)|local-command-[a-z]+|user-prompt-submit-hook|bash-(?:input|stdout|stderr)|teammate-message|swarm-[a-z-]+)\b/i;
/** Blocks a harness appends to a typed prompt. */
const INJECTED_BLOCK = /<(system-reminder|task-notification|user-prompt-submit-hook|local-command-[a-z]+|bash-(?:input|stdout|stderr)|command-(?:name|message|args)|teammate-message)\b[^>]*>[\s\S]*?<\/\1>/gi;

/** Quoting, outermost first: each match is replaced by a placeholder and its text kept apart. */
const QUOTES: RegExp[] = [
  /```[\s\S]*?(?:```|$)/g,
  /~~~[\s\S]*?(?:~~~|$)/g,
  /`[^`\n]*`/g,
  /^[ \t]*>.*$/gm,
  // a pasted log line: a timestamp, a log level, a file:line:col, a shell prompt or our own prefix first
  /^[ \t]*(?:\[?\d{4}-\d\d-\d\d[T ]\d\d:\d\d|\[?\d\d:\d\d:\d\d\b|\[?(?:ERROR|WARN|WARNING|INFO|DEBUG|TRACE|FATAL|CRITICAL|PANIC)\b\]?|\[?agentihooks\b\]?:|[\w./-]+:\d+(?::\d+)?:|[$#>|] |at \S+ \(|Traceback|(?:[A-Z]\w*)?(?:Error|Exception)\b)[^\n]*$/gm,
  // what a program said, reported: "the output was: ...", "it printed: ..." to the end of the line
  /\b(?:output|outputs|printed|prints|said|says|returned|returns|logged|logs|shows|showed|wrote|error|errors|message|reads|responded|replied|answered|quote|quoted|quoting|excerpt|snippet|example)\s*:[^\n]*/gi,
  /\b(?:output|error|errors|message|log|logs|result|response|reply|answer|warning|text|ticket|doc|docs)\s+(?:was|were|is|are|said|says|read|reads)\s*:[^\n]*/gi,
  /"[^"\n]{0,2000}"/g,
  /\u201c[^\u201d]{0,2000}\u201d/g,
  /\u00ab[^\u00bb]{0,2000}\u00bb/g,
  /(?<=^|[\s([{])'(?=\S)[^'\n]{0,2000}?(?<=\S)'(?=$|[\s.,;:!?)\]}])/g,
  /(?<=^|[\s([{])\u2018(?=\S)[^\u2019\n]{0,2000}?(?<=\S)\u2019(?=$|[\s.,;:!?)\]}])/g,
];

export const PLACEHOLDER = "QUOTED";

/** Zero-width and bidi format characters, the soft hyphen, the BOM. */
const INVISIBLE = /[\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

export interface PromptText {
  /** The person's words, quoted spans replaced by PLACEHOLDER. */
  text: string;
  /** The quoted spans' text. */
  quoted: string[];
}

/** Returns true when the prompt is something a person typed (not a notification or expansion). */
export function isTypedPrompt(prompt: string): boolean {
  return !INJECTED_START.test(prompt);
}

/** Returns the person's own words of a typed prompt and, apart, what it quotes. */
export function ownWords(prompt: string): PromptText {
  const quoted: string[] = [];
  // full-width and other compatibility letters read as the letters they show (NFKC), and invisible
  // format characters (zero-width, bidi) split no word: "ｄｏｎ'ｔ" is "don't", a negation
  let text = prompt.slice(0, 20_000).normalize("NFKC").replace(INVISIBLE, "").replace(INJECTED_BLOCK, " ");
  for (const re of QUOTES) {
    text = text.replace(re, (m) => {
      quoted.push(m);
      return ` ${PLACEHOLDER} `;
    });
  }
  return { text: text.replace(/[\u2018\u2019\u02bc]/g, "'"), quoted };
}

/** Splits text into clauses: at `.`/`!`/`?` before a blank or the end, at `;` and at blank lines. */
export function clauses(text: string): string[] {
  return text
    .split(/(?<=[.!?])(?=\s|$)|;|\n\s*\n/)
    .map((c) => c.replace(/\s+/g, " ").trim())
    .filter(Boolean);
}
