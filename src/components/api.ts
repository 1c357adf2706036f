// Browser-side calls to our API (cookies included). Network failures are told apart from
// answers, because the spec gives them their own messages.

export class NetworkError extends Error {}

export interface ApiResult<T = Record<string, unknown>> {
  ok: boolean;
  status: number;
  /** Parsed JSON, or null when the body was not JSON. */
  data: T | null;
  /** The body was not JSON (e.g. an HTML error page). */
  notJson: boolean;
}

export async function api<T = Record<string, unknown>>(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      credentials: 'same-origin',
      headers: init.body === undefined
        ? { Accept: 'application/json' }
        : { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new NetworkError((error as Error).message);
  }
  const text = await response.text().catch(() => '');
  let data: T | null = null;
  let notJson = false;
  if (text) {
    try {
      data = JSON.parse(text) as T;
    } catch {
      notJson = true;
    }
  }
  // An author's or admin's action that needs the second factor again (issue 51): confirm, then come back.
  if (response.status === 403 && (data as { requiresSecondFactor?: unknown } | null)?.requiresSecondFactor === true) {
    window.location.assign(`/confirm-identity?next=${encodeURIComponent(location.pathname + location.search)}`);
  }
  return { ok: response.ok, status: response.status, data, notJson };
}

export function messageOf(result: ApiResult<unknown>, fallback: string): string {
  const message = (result.data as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : fallback;
}

export function fieldErrorsOf(result: ApiResult<unknown>): Record<string, string> {
  const errors = (result.data as { errors?: unknown } | null)?.errors;
  return errors && typeof errors === 'object' ? (errors as Record<string, string>) : {};
}

/** Signs out everywhere the spec says: server session, client storage, then `/`. */
export async function signOut(): Promise<void> {
  try {
    await api('/api/auth/logout', { method: 'POST' });
  } catch {
    // Still clear what this browser holds.
  }
  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    // storage may be unavailable
  }
  window.location.href = '/?logout=true';
}
