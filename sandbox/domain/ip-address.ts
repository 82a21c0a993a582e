/** An address as a number and its family: IPv4 in 32 bits, IPv6 in 128 (an IPv4-mapped IPv6 address is its IPv4). */
interface ParsedIp {
  readonly family: 4 | 6
  readonly value: bigint
}

function parseV4(text: string): bigint | undefined {
  const parts = text.split('.')
  if (parts.length !== 4 || !parts.every((p) => /^[0-9]{1,3}$/.test(p) && Number(p) <= 255)) return undefined
  return parts.reduce((sum, part) => (sum << 8n) | BigInt(Number(part)), 0n)
}

function parseV6(text: string): bigint | undefined {
  const halves = text.split('::')
  if (halves.length > 2) return undefined
  const groups = (half: string) => (half === '' ? [] : half.split(':'))
  const head = groups(halves[0]!)
  const tail = halves.length === 2 ? groups(halves[1]!) : []
  const last = tail.length > 0 ? tail : head
  const words: bigint[] = []
  const embedded = last.length > 0 && last[last.length - 1]!.includes('.') ? parseV4(last.pop()!) : undefined
  if (embedded !== undefined) last.push((embedded >> 16n).toString(16), (embedded & 0xffffn).toString(16))
  const missing = 8 - head.length - tail.length
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined
  for (const group of [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail]) {
    if (!/^[0-9a-fA-F]{1,4}$/.test(group)) return undefined
    words.push(BigInt(parseInt(group, 16)))
  }
  return words.reduce((sum, word) => (sum << 16n) | word, 0n)
}

const MAPPED_PREFIX = 0xffffn << 32n

/**
 * Parses an IPv4 or IPv6 address; undefined when it is neither. `::ffff:192.0.2.1` is the IPv4 address `192.0.2.1`.
 *
 * @example
 * parseIp('192.0.2.1') // { family: 4, value: 3221225985n }
 */
export function parseIp(text: string): ParsedIp | undefined {
  const v4 = parseV4(text)
  if (v4 !== undefined) return { family: 4, value: v4 }
  const v6 = text.includes(':') ? parseV6(text) : undefined
  if (v6 === undefined) return undefined
  if (v6 >> 32n === MAPPED_PREFIX >> 32n) return { family: 4, value: v6 & 0xffffffffn }
  return { family: 6, value: v6 }
}

/**
 * Whether a CIDR range (`198.51.100.0/26`, `2001:db8::/32`) holds an address.
 *
 * @example
 * inRange(parseIp('198.51.100.7')!, '198.51.100.0/26') // true
 */
export function inRange(address: ParsedIp, cidr: string): boolean {
  const [base, bitsText] = cidr.split('/') as [string, string]
  const network = parseIp(base)
  if (network === undefined || network.family !== address.family) return false
  const width = address.family === 4 ? 32n : 128n
  const shift = width - BigInt(Number(bitsText))
  return network.value >> shift === address.value >> shift
}

/**
 * An address as the sandbox reports it: an IPv4-mapped IPv6 address (what a dual-stack server sees) as its IPv4.
 *
 * @example
 * displayIp('::ffff:203.0.113.9') // '203.0.113.9'
 */
export function displayIp(text: string): string {
  const mapped = /^::ffff:([0-9.]+)$/i.exec(text)
  return mapped && parseV4(mapped[1]!) !== undefined ? mapped[1]! : text
}
