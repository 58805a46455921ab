import { colors } from "consola/utils";
import { useColor } from "../log";

type Paint = (s: string) => string;

/** Returns colour functions for stdout: identity when stdout is not a terminal or NO_COLOR is set. */
export function paint(): Record<"bold" | "dim" | "red" | "green" | "yellow" | "cyan", Paint> {
  const on = useColor();
  const wrap = (f: Paint): Paint => (on ? f : (s) => s);
  return { bold: wrap(colors.bold), dim: wrap(colors.dim), red: wrap(colors.red), green: wrap(colors.green), yellow: wrap(colors.yellow), cyan: wrap(colors.cyan) };
}
