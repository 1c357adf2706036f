import type { APIContext } from 'astro';
import { getEnv } from './env.ts';

/**
 * The client as the rate limits count it: the socket's address (X-Forwarded-For's last hop only
 * when TRUST_PROXY is set). An IPv6 client is its /64 (one household or host gets a whole /64, so
 * counting single addresses would let it take 2^64 turns); an IPv4-mapped IPv6 address is IPv4.
 */
export function clientIp(context: Pick<APIContext, 'request' | 'clientAddress'>): string {
  if (getEnv().TRUST_PROXY) {
    const hops = context.request.headers.get('x-forwarded-for')?.split(',').map((h) => h.trim()).filter(Boolean);
    if (hops?.length) return clientKey(hops[hops.length - 1]);
  }
  try {
    return clientKey(context.clientAddress || 'unknown');
  } catch {
    return 'unknown';
  }
}

/** An address as a limit key: IPv4 as it is, IPv6 as its /64 prefix ("2001:db8:0:1::/64"). */
export function clientKey(address: string): string {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '').toLowerCase();
  if (!bare.includes(':')) return bare.slice(0, 64);
  const groups = expandIpv6(bare);
  if (!groups) return bare.slice(0, 64);
  if (groups.slice(0, 5).every((g) => /^0+$/.test(g)) && groups[5] === 'ffff') {
    const [hi, lo] = [parseInt(groups[6], 16), parseInt(groups[7], 16)];
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

function expandIpv6(address: string): string[] | null {
  let text = address;
  // An embedded IPv4 tail ("::1.2.3.4") is two groups.
  const v4 = text.match(/(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number);
    text = text.slice(0, v4.index) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return null;
  const groups = [...head, ...Array(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  return groups.every((g) => /^[0-9a-f]{1,4}$/.test(g)) ? groups : null;
}
