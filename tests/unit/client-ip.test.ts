import { assertEquals } from '../helpers/assert.ts';
import { clientKey } from '../../src/lib/server/platform/client-ip.ts';

Deno.test('rate limits count an IPv4 client by its address and an IPv6 client by its /64', () => {
  assertEquals(clientKey('203.0.113.7'), '203.0.113.7');
  assertEquals(clientKey('2001:db8:85a3:1:8a2e:370:7334:1'), '2001:db8:85a3:1::/64');
  // Every address of one /64 is one client, however it is written.
  assertEquals(clientKey('2001:0db8:85a3:0001:ffff:ffff:ffff:ffff'), '2001:db8:85a3:1::/64');
  assertEquals(clientKey('2001:db8:85a3:1::2'), '2001:db8:85a3:1::/64');
  assertEquals(clientKey('[2001:DB8:85A3:1::2]'), '2001:db8:85a3:1::/64');
  assertEquals(clientKey('fe80::1%eth0'), 'fe80:0:0:0::/64');
  assertEquals(clientKey('::1'), '0:0:0:0::/64');
  // A neighbouring /64 is another client.
  assertEquals(clientKey('2001:db8:85a3:2::2'), '2001:db8:85a3:2::/64');
  // IPv4-mapped IPv6 is the IPv4 client.
  assertEquals(clientKey('::ffff:192.0.2.1'), '192.0.2.1');
  assertEquals(clientKey('0:0:0:0:0:ffff:c000:0201'), '192.0.2.1');
  assertEquals(clientKey('unknown'), 'unknown');
});
