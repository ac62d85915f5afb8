/**
 * Where a delivery may go (decision record 0085): only http(s) URLs whose host is a public address.
 * Private, loopback, link-local, shared, documentation, multicast and reserved ranges are refused,
 * whether named by an address or by a name that resolves to one, unless the campus allows private
 * targets (WEBHOOKS_ALLOW_PRIVATE=1). The check runs when an endpoint is saved and again at every
 * connection, on the addresses the connection will use, so a name that changes its answer after it
 * was saved (DNS rebinding) is refused too.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

// Apart: a list with IPv6 rules matches IPv4 addresses against their IPv4-mapped form (::ffff:0:0/96).
const blockedV4 = new BlockList();
const blockedV6 = new BlockList();
const V4: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];
const V6: [string, number][] = [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
];
for (const [net, prefix] of V4) blockedV4.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of V6) blockedV6.addSubnet(net, prefix, 'ipv6');

/** Whether an address is a public one a delivery may reach. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 4) return !blockedV4.check(address, 'ipv4');
  // An IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as the IPv4 one.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPublicAddress(mapped[1]!);
  return !blockedV6.check(address, 'ipv6');
}

/** The host of a URL as an address, without IPv6's brackets; undefined for a name. */
export function addressOf(hostname: string): string | undefined {
  const bare = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) ? bare : undefined;
}

export class TargetRefused extends Error {}

const refusal = (address: string) =>
  new TargetRefused(`${address} is not a public address (private targets are not allowed)`);

/** Every address a name resolves to. */
function resolveAll(hostname: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) =>
      err ? reject(err) : resolve(addresses),
    ),
  );
}

/**
 * Why a URL may not be an endpoint, or undefined when it may: checked when an endpoint is saved.
 * A name that does not resolve is refused, so a mistyped host is caught at once.
 */
export async function targetProblem(text: string, allowPrivate: boolean): Promise<string | undefined> {
  const url = new URL(text);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'url must be an http:// or https:// URL';
  if (allowPrivate) return undefined;
  const literal = addressOf(url.hostname);
  if (literal) return isPublicAddress(literal) ? undefined : `url: ${refusal(literal).message}`;
  let addresses: LookupAddress[];
  try {
    addresses = await resolveAll(url.hostname);
  } catch {
    return `url: the host ${url.hostname} could not be found`;
  }
  const bad = addresses.find((a) => !isPublicAddress(a.address));
  return bad ? `url: ${url.hostname} resolves to ${refusal(bad.address).message}` : undefined;
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http.request that resolves the name and refuses the connection when any address it
 * answers is not public: the connection is made only to addresses this check passed.
 */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    resolveAll(hostname).then(
      (addresses) => {
        const bad = allowPrivate ? undefined : addresses.find((a) => !isPublicAddress(a.address));
        if (bad) return callback(refusal(bad.address), options.all ? [] : '', undefined);
        if (addresses.length === 0) {
          const err: NodeJS.ErrnoException = new Error(`${hostname} has no address`);
          err.code = 'ENOTFOUND';
          return callback(err, options.all ? [] : '', undefined);
        }
        if (options.all) return callback(null, addresses);
        return callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (err: unknown) => callback(err as NodeJS.ErrnoException, options.all ? [] : '', undefined),
    );
  };
}
