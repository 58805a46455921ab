// The only consola: bound to stderr for messages, so stdout stays the command's answer.
import { createConsola } from "consola";
import { escapeControlsKeepingColour } from "./control-chars";

const color = !process.env.NO_COLOR && !!process.stdout.isTTY;

/** stderr for messages: what they quote (paths, file contents, reasons) shows its control characters. */
const stderr = { write: (s: string) => process.stderr.write(escapeControlsKeepingColour(String(s))) } as unknown as NodeJS.WriteStream;

export const log = createConsola({
  stdout: stderr,
  stderr,
  formatOptions: { colors: color, date: false },
});

/** Returns whether stdout may carry colour (a terminal, and NO_COLOR unset). */
export function useColor(): boolean {
  return color;
}
