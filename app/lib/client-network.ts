/**
 * What one client counts as, for limits on how much one sender may do: an
 * IPv4 address itself, or the /64 network of an IPv6 one (a single home or
 * phone is given a whole /64 and can pick any address in it), written in
 * full so that every way of writing it counts the same. An IPv4 address
 * mapped into IPv6 (`::ffff:203.0.113.9`) counts as the IPv4 address.
 */
export function clientNetwork(clientIp: string): string {
  const address = clientIp.trim().toLowerCase().split("%")[0]!;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mapped) return mapped[1]!;
  const groups = address.includes(":") ? expandIpv6(address) : null;
  return groups ? `${groups.slice(0, 4).join(":")}::/64` : address;
}

/** An IPv6 address as its eight groups of four hex digits, or null when it is not one. */
function expandIpv6(address: string): string[] | null {
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const [head = "", tail] = halves;
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  const groups = [...left, ...Array<string>(Math.max(0, missing)).fill("0"), ...right];
  if (groups.length !== 8 || groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => g.padStart(4, "0"));
}
