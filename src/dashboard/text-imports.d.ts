// The dashboard's page and style are embedded with `import x from "./page.html" with { type: "text" }`.
declare module "*.html" {
  const text: string;
  export default text;
}
declare module "*.css" {
  const text: string;
  export default text;
}
