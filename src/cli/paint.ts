import { colors } from "consola/utils";
import { useColor } from "../log";
import { colourToken } from "./terminal-text";

type Paint = (s: string) => string;

/**
 * Returns colour functions for stdout: identity when stdout is not a terminal or NO_COLOR is set. The
 * colours are tokens that writeOut (terminal-text.ts) makes real after it escaped everything else.
 */
export function paint(): Record<"bold" | "dim" | "red" | "green" | "yellow" | "cyan", Paint> {
  const on = useColor();
  const wrap = (f: Paint): Paint => {
    if (!on) return (s) => s;
    const [open = "", close = ""] = f("\u0000").split("\u0000");
    const [o, c] = [colourToken(open), colourToken(close)];
    return (s) => `${o}${s}${c}`;
  };
  return { bold: wrap(colors.bold), dim: wrap(colors.dim), red: wrap(colors.red), green: wrap(colors.green), yellow: wrap(colors.yellow), cyan: wrap(colors.cyan) };
}
