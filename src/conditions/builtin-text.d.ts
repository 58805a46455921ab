// Condition scripts are embedded with `import body from "x.sh" with { type: "text" }`: the default export is the text.
declare module "*.sh" {
  const text: string;
  export default text;
}
declare module "*.py" {
  const text: string;
  export default text;
}
declare module "*.toml" {
  const text: string;
  export default text;
}
