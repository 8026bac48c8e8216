// Every call to the house: JSON over HTTP with the bearer token; errors become ApiError whose
// message is the problem in the player's language, chosen by its `code` (problems.js).
import { problemText } from "./problems.js";

const TOKEN = "sg.token";

export class ApiError extends Error {
  constructor(status, problem, headers, sent) {
    super(problemText(status, problem || {}, sent));
    this.status = status;
    this.problem = problem || {};
    this.sent = sent;
    this.retryAfter = Number(headers?.get("Retry-After") || 0);
  }
}

export const session = {
  token: localStorage.getItem(TOKEN),
  player: null,
  set(token, player) {
    this.token = token;
    this.player = player;
    if (token) localStorage.setItem(TOKEN, token);
    else localStorage.removeItem(TOKEN);
  },
};

export async function call(method, path, body) {
  const headers = { Accept: "application/json" };
  if (session.token) headers.Authorization = `Bearer ${session.token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, {}, null, body);
  }
  if (response.status === 204) return null;
  const data = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, data, response.headers, body);
  return data;
}

// A value put into an API path: percent-encoded, so that a "/", "?" or "#" in it stays inside
// its own segment. "." and ".." are refused: a browser resolves them to another path however
// they are written (%2E too), so a link could send the player's requests elsewhere.
export function segment(value) {
  const text = String(value);
  if (!text || /^(\.|%2e){1,2}$/i.test(text)) throw new Error(`not a path segment: ${text}`);
  return encodeURIComponent(text);
}

// path`/tables/${id}/moves`: an API path with every value in it encoded as one segment.
export const path = (strings, ...values) =>
  strings.reduce((out, part, index) => out + part + (index < values.length ? segment(values[index]) : ""), "");

export const api = {
  get: (path) => call("GET", path),
  post: (path, body = {}) => call("POST", path, body),
  put: (path, body) => call("PUT", path, body),
  patch: (path, body) => call("PATCH", path, body),
  lobby: (path) => `/api/lobby${path}`,
  table: (path) => `/api/table${path}`,
  ledger: (path) => `/api/ledger${path}`,
};
