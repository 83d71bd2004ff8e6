import { describe, expect, it } from 'vitest';
import { createAddressList } from './address-list';

describe('address lists', () => {
  const yookassa = createAddressList(['185.71.76.0/27', '77.75.156.11', '2a02:5180::/32']);

  it('holds the addresses and ranges listed, IPv4 and IPv6, and nothing else', () => {
    expect(['185.71.76.0', '185.71.76.31', '77.75.156.11', '2a02:5180::1', '2a02:5180:ffff::9'].filter((address) => !yookassa.has(address))).toEqual([]);
    expect(['185.71.76.32', '77.75.156.12', '2a02:5181::1', '127.0.0.1', '', 'yookassa.ru'].filter((address) => yookassa.has(address))).toEqual([]);
  });

  it('reads an IPv4 address an IPv6 socket reports (::ffff:1.2.3.4) as the IPv4 address', () => {
    expect(yookassa.has('::ffff:185.71.76.7')).toBe(true);
    expect(yookassa.has('::ffff:10.0.0.1')).toBe(false);
  });

  it.each(['yookassa.ru', '185.71.76.0/33', '2a02:5180::/129', '185.71.76.0/27/1', '185.71.76.0/', '300.1.1.1'])('refuses "%s"', (entry) => {
    expect(() => createAddressList([entry])).toThrow(`"${entry}" is not an IP address or a CIDR range`);
  });
});
