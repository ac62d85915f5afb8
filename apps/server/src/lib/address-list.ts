/** Addresses and CIDR ranges an operator allows (METRICS_ALLOW), matched on IPv4 and IPv6. */
import { BlockList, isIP } from 'node:net';

/** Why an entry is not an address or a range; undefined when it is one. */
export function addressProblem(entry: string): string | undefined {
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return `${entry} is not an IP address or a CIDR range`;
  if (prefix === undefined) return undefined;
  const bits = Number(prefix);
  const max = family === 4 ? 32 : 128;
  if (!/^\d+$/.test(prefix) || bits > max) return `${entry}: the prefix must be 0 to ${max}`;
  return undefined;
}

/** A matcher for `entries` (each valid by addressProblem); an empty list matches nothing. */
export function addressList(entries: readonly string[]): (address: string | undefined) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (address) => {
    if (!address) return false;
    // An IPv4 client on a dual-stack socket: ::ffff:127.0.0.1.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    const plain = mapped?.[1] ?? address;
    const family = isIP(plain);
    if (family === 0) return false;
    return list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
  };
}
