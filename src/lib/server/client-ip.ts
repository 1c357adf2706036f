import type { APIContext } from 'astro';
import { getEnv } from './env.ts';

/** The socket's address; X-Forwarded-For's last hop only when TRUST_PROXY is set. */
export function clientIp(context: Pick<APIContext, 'request' | 'clientAddress'>): string {
  if (getEnv().TRUST_PROXY) {
    const hops = context.request.headers.get('x-forwarded-for')?.split(',').map((h) => h.trim()).filter(Boolean);
    if (hops?.length) return hops[hops.length - 1];
  }
  try {
    return context.clientAddress || 'unknown';
  } catch {
    return 'unknown';
  }
}
