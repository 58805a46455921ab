// The only consola: bound to stderr for messages, so stdout stays the command's answer.
import { createConsola } from "consola";

const color = !process.env.NO_COLOR && !!process.stdout.isTTY;

export const log = createConsola({
  stdout: process.stderr,
  stderr: process.stderr,
  formatOptions: { colors: color, date: false },
});

/** Returns whether stdout may carry colour (a terminal, and NO_COLOR unset). */
export function useColor(): boolean {
  return color;
}
