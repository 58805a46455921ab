// The dashboard's HTTP server: read-only, on 127.0.0.1 only, behind a token made for this run.
// Who may read: the token comes once in the printed URL's query; the page answers with an HttpOnly,
// SameSite=Strict cookie and a redirect that takes the token out of the address bar, and every later
// request (the page's own API calls) carries the cookie. A script can send `Authorization: Bearer
// TOKEN` instead. Anything else is 403, API included. The Host header must name 127.0.0.1 or localhost
// with this port, so a page of another site whose name was rebound to 127.0.0.1 (DNS rebinding) is
// refused even though its requests reach the port.
import { randomBytes, timingSafeEqual } from "node:crypto";
import script from "./page.js" with { type: "text" };
import style from "./page.css" with { type: "text" };
import pageText from "./page.html" with { type: "text" };

/** Where the server's documents come from (the command wires the log, the catalog and the tests). */
export interface Sources {
  overview(since: string | null): unknown;
  session(id: string): unknown;
  layers(): unknown;
  tests(rerun: boolean): Promise<unknown>;
}

export interface Dashboard {
  url: string;
  port: number;
  stop(): void;
}

// Bun's types call every .html import an HTML bundle; with { type: "text" } it is the file's text.
const page = pageText as unknown as string;

/** Returns a fresh URL-safe token: 32 random bytes. */
export const newToken = () => randomBytes(32).toString("base64url");

/** Starts the server on 127.0.0.1 (port 0: a free one the system picks) and returns where it listens. */
export function startDashboard(opts: { port: number; token: string; sources: Sources }): Dashboard {
  let port = opts.port;
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: opts.port,
    development: false, // no error pages with stacks
    reusePort: false, // a second server must not share the port (and its requests)
    idleTimeout: 120, // the case run can take a while
    fetch: (req) => answer(req, port, opts.token, opts.sources),
    error: () => text(500, "internal error"),
  });
  port = server.port as number;
  return { url: `http://127.0.0.1:${port}/?token=${opts.token}`, port, stop: () => server.stop(true) };
}

// --- internal ---

const SECURITY_HEADERS = {
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "x-frame-options": "DENY",
  "cross-origin-resource-policy": "same-origin",
};

async function answer(req: Request, port: number, token: string, sources: Sources): Promise<Response> {
  const host = req.headers.get("host") ?? "";
  if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`) return text(403, "forbidden: wrong Host header");
  if (req.method !== "GET" && req.method !== "HEAD") return text(405, "read-only: only GET");
  const url = new URL(req.url);
  const cookieName = `agentihooks_ui_${port}`;
  if (url.pathname === "/" && url.searchParams.has("token")) {
    if (!same(url.searchParams.get("token") ?? "", token)) return text(403, "forbidden: wrong token");
    const cookie = `${cookieName}=${token}; HttpOnly; SameSite=Strict; Path=/`;
    return new Response(null, { status: 303, headers: { ...SECURITY_HEADERS, location: "/", "set-cookie": cookie } });
  }
  if (!authorized(req, cookieName, token)) return text(403, "forbidden: open the URL agentihooks ui printed (it carries the token)");
  try {
    switch (url.pathname) {
      case "/":
        return html();
      case "/api/overview":
        return json(sources.overview(url.searchParams.get("since")));
      case "/api/session":
        return json(sources.session(url.searchParams.get("id") ?? ""));
      case "/api/layers":
        return json(sources.layers());
      case "/api/tests":
        return json(await sources.tests(url.searchParams.get("rerun") === "1"));
      default:
        return text(404, "not found");
    }
  } catch (err) {
    const status = (err as { code?: string }).code === "E_USAGE" ? 400 : 500;
    return json({ error: String((err as Error).message ?? err).split("\n")[0] }, status);
  }
}

function authorized(req: Request, cookieName: string, token: string): boolean {
  const bearer = /^Bearer (\S+)$/.exec(req.headers.get("authorization") ?? "");
  if (bearer) return same(bearer[1], token);
  for (const part of (req.headers.get("cookie") ?? "").split(";")) {
    const [k, v] = part.trim().split("=", 2);
    if (k === cookieName) return same(v ?? "", token);
  }
  return false;
}

/** Compares in constant time, so the token cannot be guessed a character at a time. */
function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The page with its style and script inlined; a nonce per response is the only way either may run. */
function html(): Response {
  const nonce = randomBytes(16).toString("base64");
  const body = page.replace(/\{\{(style|script|nonce)\}\}/g, (_, k: string) => (k === "style" ? style : k === "script" ? script : nonce));
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    "connect-src 'self'",
    "img-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
  return new Response(body, { headers: { ...SECURITY_HEADERS, "content-type": "text/html; charset=utf-8", "content-security-policy": csp } });
}

function json(value: unknown, status = 200): Response {
  return new Response(JSON.stringify(value), { status, headers: { ...SECURITY_HEADERS, "content-type": "application/json; charset=utf-8" } });
}

function text(status: number, body: string): Response {
  return new Response(`${body}\n`, { status, headers: { ...SECURITY_HEADERS, "content-type": "text/plain; charset=utf-8" } });
}
