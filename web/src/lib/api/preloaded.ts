/**
 * Answers public/boot.js asked for before the app's code loaded (a stored session opening
 * /dashboard or /transactions): the page's first calls, made with the stored token. The base
 * query takes one instead of asking the server when method, URL and token are the same,
 * once, while it is fresh, and only a successful answer; anything else (a 401 for the
 * refresh flow, a network error, a call the page no longer makes) goes to the server as usual.
 */
export interface PreloadedCall {
  url: string;
  token: string;
  /** Date.now() when boot.js asked. */
  at: number;
  /** null when the call failed. */
  response: Promise<Response | null>;
}

declare global {
  interface Window {
    fuelportalPreloads?: PreloadedCall[];
  }
}

/** How long a preloaded answer may wait for its query: older, the app asks again. */
export const PRELOAD_MAX_AGE_MS = 30_000;

/** Removes and returns the preloaded answer for this request, if there is one to take. */
function takePreload(request: Request): PreloadedCall | undefined {
  const preloads = window.fuelportalPreloads;
  if (!preloads?.length || request.method !== 'GET') return undefined;
  const index = preloads.findIndex((call) => call.url === request.url && request.headers.get('Authorization') === `Bearer ${call.token}`);
  if (index < 0) return undefined;
  const [call] = preloads.splice(index, 1);
  return Date.now() - call.at <= PRELOAD_MAX_AGE_MS ? call : undefined;
}

/** fetch for fetchBaseQuery: a matching preloaded 2xx answer once, else the network. */
export async function fetchWithPreload(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const preload = input instanceof Request ? takePreload(input) : undefined;
  if (preload) {
    const response = await preload.response;
    if (response?.ok) return response;
  }
  return fetch(input, init);
}
