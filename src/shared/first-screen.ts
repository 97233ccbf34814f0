/**
 * The first screen of a logged-in route, rendered by the server (src/server/first-screen/) with the portal's own
 * components (src/app/first-screen/), so that a link, a reload or the first screen after login shows its layout
 * and rows as soon as the document and its styles arrive, instead of after the scripts have loaded and rendered.
 *
 * - The document request carries the session in two cookies the client keeps equal to what it stores
 *   (src/app/session/storage.ts): the access token and the selected project's id. They are sent only with documents
 *   under /app (never with API calls, which authenticate by header) and never cross-site.
 * - The server renders with the user's own answers (the same calls the client would make, made with that token)
 *   and writes them into the document beside the markup; the client's first calls are answered from there
 *   (src/app/first-screen/replay.ts), so it renders the same screen without asking again, and replaces the
 *   server's markup in its first commit.
 */
export const FIRST_SCREEN_TOKEN_COOKIE = 'zhgd_screen_token';
export const FIRST_SCREEN_PROJECT_COOKIE = 'zhgd_screen_project';
/** The cookies' path: documents of the web app only. */
export const FIRST_SCREEN_COOKIE_PATH = '/app';
/** Where the build writes the server's renderer, inside the web app's folder, and its entry. */
export const FIRST_SCREEN_DIR = 'ssr';
export const FIRST_SCREEN_FILE = 'first-screen.js';
/** The id of the `<script type="application/json">` that carries the answers. */
export const FIRST_SCREEN_ANSWERS_ID = 'first-screen-answers';

/** One call the server's render made, and what it was answered. */
export interface FirstScreenAnswer {
  method: string;
  /** The path and query, as the client asks it. */
  url: string;
  /** The request body (a POST read's params), '' when there is none. */
  body: string;
  status: number;
  contentType: string;
  text: string;
}

/** What the server asks of a render. */
export interface FirstScreenRequest {
  /** The route inside the layout, without the base (/systemProject/dictionary). */
  path: string;
  /** The page the route's menu item names, when the server knows it. */
  pageId?: string;
  accessToken: string;
  /** The id of the selected project, when there is one. */
  projectId?: string;
  /** Where the render's calls go: this server. */
  origin: string;
}

export interface FirstScreen {
  html: string;
  answers: FirstScreenAnswer[];
}

/** What the server posts to its render worker (src/server/first-screen/first-screens.ts): one render. */
export interface FirstScreenJob {
  id: number;
  request: FirstScreenRequest;
}

/** What the render worker posts back (src/app/first-screen/worker.ts): that it has loaded, or a render's screen. */
export type FirstScreenWorkerMessage = { ready: true } | { id: number; screen: FirstScreen | undefined };

/** A call as the server's render records it and the client matches it: method, path with query, body. */
export type FirstScreenCall = Pick<FirstScreenAnswer, 'method' | 'url' | 'body'>;

/** The call a `fetch` of the shell's HTTP client makes (its bodies are JSON text, its URLs paths). */
export function callOf(input: RequestInfo | URL, init?: RequestInit): FirstScreenCall {
  return { method: init?.method ?? 'GET', url: String(input), body: typeof init?.body === 'string' ? init.body : '' };
}

/** An answer as the response the shell's HTTP client reads, whether the render got it or the client replays it. */
export function responseOf({ status, contentType, text }: FirstScreenAnswer): Response {
  return new Response(text, { status, headers: { 'content-type': contentType } });
}

/** How a call is matched to an answer: method, path with query, body. */
export function answerKey({ method, url, body }: FirstScreenCall): string {
  return `${method.toUpperCase()} ${url}\n${body}`;
}

/** The answers as the text of a JSON script element: nothing in the data can close the element. */
export function answersElement(answers: readonly FirstScreenAnswer[]): string {
  const json = JSON.stringify(answers)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${FIRST_SCREEN_ANSWERS_ID}">${json}</script>`;
}
