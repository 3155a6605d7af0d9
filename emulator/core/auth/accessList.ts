/** API access lists: IPs and CIDRs, IPv4 and IPv6. Each list compiles once into a net.BlockList
 * (cached by array identity, so an edited list recompiles and the hot path never re-parses). */
import { BlockList, isIP } from "node:net";

const compiled = new WeakMap<readonly string[], BlockList>();

/** Throws on an entry that is neither an IP nor a CIDR, naming it. */
export function compileAccessList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = "", prefixText] = entry.split("/");
    const family = isIP(address);
    if (family === 0) throw new Error(`Access list entry ${entry}: not an IP address or CIDR`);
    const type = family === 4 ? "ipv4" : "ipv6";
    if (prefixText === undefined) {
      list.addAddress(address, type);
      continue;
    }
    const prefix = Number(prefixText);
    if (!/^\d+$/.test(prefixText) || prefix > (family === 4 ? 32 : 128)) {
      throw new Error(`Access list entry ${entry}: invalid prefix length`);
    }
    list.addSubnet(address, prefix, type);
  }
  return list;
}

/** Strips the IPv4-mapped IPv6 prefix sockets report on dual-stack listeners (::ffff:127.0.0.1). */
export function normalizeAddress(address: string): string {
  return address.startsWith("::ffff:") && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

/** Empty list = no restriction. */
export function isAllowed(entries: readonly string[], remoteAddress: string): boolean {
  if (entries.length === 0) return true;
  let list = compiled.get(entries);
  if (!list) {
    list = compileAccessList(entries);
    compiled.set(entries, list);
  }
  const address = normalizeAddress(remoteAddress);
  const family = isIP(address);
  if (family === 0) return false;
  return list.check(address, family === 4 ? "ipv4" : "ipv6");
}
