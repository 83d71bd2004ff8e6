import { BlockList, isIPv4, isIPv6 } from 'node:net';

/** A set of IP addresses and CIDR ranges (IPv4 and IPv6) that answers whether an address is in it. */
export interface AddressList {
  has(address: string): boolean;
}

/** An IPv4 address as IPv6 writes it when an IPv6 socket accepts it (::ffff:1.2.3.4). */
const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** Builds the list; an entry that is not an address or a range throws, naming it. */
export function createAddressList(entries: readonly string[]): AddressList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix, extra] = entry.split('/');
    const type = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : undefined;
    const bits = Number(prefix);
    const validPrefix = prefix === undefined || (/^\d{1,3}$/.test(prefix) && bits <= (type === 'ipv4' ? 32 : 128));
    if (!type || extra !== undefined || !validPrefix) throw new RangeError(`"${entry}" is not an IP address or a CIDR range`);
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, bits, type);
  }
  return {
    has(address) {
      const plain = MAPPED_IPV4.exec(address)?.[1] ?? address;
      if (isIPv4(plain)) return list.check(plain, 'ipv4');
      return isIPv6(plain) && list.check(plain, 'ipv6');
    },
  };
}
