// The dashboard's style is embedded with `import style from "./page.css" with { type: "text" }`.
declare module "*.css" {
  const text: string;
  export default text;
}
