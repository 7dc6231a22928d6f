// Whether this page's host is one a member's phone at home cannot reach: the same computer, a
// private network's address or a name only the local network knows.

const LOCAL_NAME = /(^|\.)(localhost|local|lan|internal|home\.arpa)$/

function isPrivateIpv4(host: string): boolean {
  const parts = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(host)?.slice(1).map(Number)
  if (!parts) return false
  const [a, b] = parts
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168)
  )
}

/** `hostname` as location.hostname gives it (lower-case, an IPv6 address in brackets). */
export function isLocalAddress(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '')
  if (host.startsWith('[')) {
    // Loopback, unique-local (fc00::/7) and link-local (fe80::/10).
    const ip = host.slice(1, -1)
    return ip === '::1' || /^(f[cd]|fe[89ab])/.test(ip)
  }
  // A single-label name (an office computer's name) resolves only on its own network.
  return !host.includes('.') || LOCAL_NAME.test(host) || isPrivateIpv4(host)
}
