// Issue 17, classes 2 and 3: heredoc delimiters read as bash reads them (after quote removal, with
// nothing expanded, `$'...'` decoded, backslash-newline joining lines of an unquoted body), and the
// characters that make a word something else: a carriage return inside a word, ANSI-C escapes that
// are no character, NULs, `.exe` names and Windows paths.
import { DYN, type Row, checkTables } from "./rows";

const DELIMITERS: Row[] = [
  // the body ends at the line that is the delimiter as typed; what follows runs
  [["cat <<$q\nrm a\n$q\nls", "cat <<${q}\nrm a\n${q}\nls"], ["cat", "ls"]],
  // nothing in a delimiter is expanded; a substitution in it is reported all the same (an over-report)
  [["cat <<$(q)\nrm a\n$(q)\nls", "cat <<`q`\nrm a\n`q`\nls"], ["cat", "ls", "q"]],
  [['cat <<"a$b"\nrm a\na$b\nls', "cat <<'a$b'\nrm a\na$b\nls", "cat <<a\\$b\nrm a\na$b\nls", 'cat <<a"$b"\nrm a\na$b\nls'], ["cat", "ls"]],
  [["cat <<E\\\nOF\nrm a\nEOF\nls", "cat <<E'O'F\nrm a\nEOF\nls", 'cat <<E"O"F\nrm a\nEOF\nls', "cat <<$'E\\x4fF'\nrm a\nEOF\nls", "cat <<\\EOF\nrm a\nEOF\nls"], ["cat", "ls"]],
  // backslash-newline joins lines of an unquoted body: `EO\` + `F` ends it; `EOF\` + `x` does not
  [["cat <<EOF\nEO\\\nF\nls"], ["cat", "ls"]],
  [["cat <<EOF\nEOF\\\nrm a\nEOF", "cat <<EOF\nrm a\nEOF \nls\nEOF", "cat << EOF\nrm a\n EOF\nEOF", "cat <<-EOF\n\tEO\\\n\tF\nrm a\nEOF"], ["cat"]],
  [["cat <<''\nrm a\n\nls", 'cat <<""\nrm a\n\nls'], ["cat", "ls"]],
  // a continuation on the heredoc's own line: its commands run, the body starts after the real newline
  [["cat <<EOF \\\n; ls\nrm a\nEOF", "cat <<EOF; \\\nls\nrm a\nEOF"], ["cat", "ls"]],
  // a shell fed an unquoted body runs what the body expands to
  [["bash <<EOF\n$X\nEOF", "bash <<EOF\n${X:-rm}\nEOF"], ["bash"], DYN],
  [["sh <<EOF\n$X\nEOF"], ["sh"], DYN],
  [["bash <<EOF\n`cat f`\nEOF", "bash <<EOF\n$(cat f)\nEOF"], ["bash", "cat"], DYN],
  [["bash <<EOF\nrm \\$x\nEOF", "bash <<'EOF'\nrm $x\nEOF"], ["bash", "rm"]],
  // `\`` in an unquoted body is a backquote for the shell that reads it: x runs
  [["bash <<EOF\nrm \\`x\\`\nEOF"], ["bash", "rm", "x"]],
];

const CHARACTERS: Row[] = [
  // CR is no blank to bash: `A=<CR>foo` is one assignment word, and rm runs
  [["A=\rfoo rm f", "A=\r rm f", "A=x\r\rfoo rm f"], ["rm"]],
  [["ls\r", "ls\r -la"], ["ls\r"]],
  [["ls \r rm"], ["ls"]],
  // ANSI-C escapes: a NUL ends the string's value; bytes above 0x7f and code points that are no
  // characters (or depend on the locale) are uncertain: as the program, dynamic
  [["r$'\\0'm x", "r$'\\x00junk'm x", "$'r\\0junk'm x", "r$'\\400'm x", "$'\\x72\\x6d' x", "$'\\162\\155' x", "$'r\\U0000006d' x", "$'\\u0072m' x", "rm x"], ["rm"]],
  [["$'\\U110000' x", "$'\\UFFFFFFFF' x", "$'\\ud800' x", "$'\\xff' x", "$'\\777' x", "$'\\u00e9' x", "$'\\c-' x", "$'r\\xc3\\xa9m' x"], [], DYN],
  [["'' rm x", '"" rm x'], []],
  // .exe and Windows paths name the program without the extension
  [["git.exe status", "GIT.EXE status", "'C:\\Git\\bin\\git.exe' status", "C:/Git/bin/git.exe status", "/c/Program\\ Files/Git/bin/git.exe status", "git.cmd status", '"C:\\Program Files\\Git\\cmd\\git.exe" status'], ["git"]],
  [["npx.cmd jest", "npx.CMD jest"], ["jest", "npx"]],
];

checkTables({ DELIMITERS, CHARACTERS });
