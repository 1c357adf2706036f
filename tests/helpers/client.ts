// A tiny browser-like HTTP client for integration tests: keeps cookies, sends our Origin on
// state-changing requests, and a chosen client IP through X-Forwarded-For (TRUST_PROXY=true).

export interface Reply<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export class Client {
  /**
   * The origin a server accepts state-changing requests from (its PUBLIC_URL), by server base URL;
   * a server started without PUBLIC_URL accepts its own loopback origin, the default.
   */
  static readonly origins = new Map<string, string>();
  cookies = new Map<string, string>();
  constructor(
    readonly base: string,
    readonly ip = `10.${rand()}.${rand()}.${rand()}`,
  ) {}

  async request<T = Record<string, unknown>>(
    path: string,
    init: { method?: string; json?: unknown; headers?: Record<string, string>; origin?: string | null } = {},
  ): Promise<Reply<T>> {
    const method = init.method ?? (init.json === undefined ? 'GET' : 'POST');
    const headers: Record<string, string> = { 'x-forwarded-for': this.ip, ...init.headers };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET' && init.origin !== null) {
      headers.origin = init.origin ?? Client.origins.get(this.base) ?? this.base;
    }
    if (init.json !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(this.base + path, {
      method,
      headers,
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
      redirect: 'manual',
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const [name, ...value] = pair.split('=');
      const expired = attrs.some((a) => /max-age=0/i.test(a.trim()));
      if (expired || value.join('=') === '') this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value.join('='));
    }
    const text = await res.text();
    let body: T;
    try {
      body = JSON.parse(text) as T;
    } catch {
      body = {} as T;
    }
    return { status: res.status, headers: res.headers, body, text };
  }

  post<T = Record<string, unknown>>(
    path: string,
    json: unknown = {},
    init: { origin?: string | null; headers?: Record<string, string> } = {},
  ) {
    return this.request<T>(path, { method: 'POST', json, ...init });
  }

  get<T = Record<string, unknown>>(path: string, headers?: Record<string, string>) {
    return this.request<T>(path, { headers });
  }
}

function rand() {
  return Math.floor(Math.random() * 250) + 1;
}

export const strongPassword = () => `Tr3e-${crypto.randomUUID().slice(0, 12)}`;
export const uniqueEmail = (tag = 'learner') => `${tag}.${crypto.randomUUID().slice(0, 8)}@example.com`;
