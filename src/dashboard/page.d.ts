// page.js is the dashboard's browser script, embedded as text (`with { type: "text" }`).
declare const text: string;
export default text;
