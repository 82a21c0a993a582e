// The web platform's globals that a page and node (20 and later) both have, as far as sandbox/portable/ (and the
// contract it stands on) uses them: only `tsc -p sandbox/portable` reads this file (decision 0096), so portable code
// that reaches for `document`, `window`, `Buffer` or `process` fails there. The page's and node's own programs check
// the same code against the real declarations (lib.dom, @types/node); the root tsconfig excludes this file.
// A new global is added here only when both runtimes have it.

interface URL {
  readonly href: string
  readonly origin: string
  readonly protocol: string
  readonly username: string
  readonly password: string
  readonly host: string
  readonly hostname: string
  readonly port: string
  readonly pathname: string
  readonly search: string
  readonly hash: string
}
declare var URL: {
  prototype: URL
  new (url: string, base?: string | URL): URL
  canParse(url: string, base?: string): boolean
}

interface TextEncoder {
  encode(input?: string): Uint8Array<ArrayBuffer>
}
declare var TextEncoder: { prototype: TextEncoder; new (): TextEncoder }

interface TextDecoder {
  decode(input?: ArrayBufferView | ArrayBuffer): string
}
declare var TextDecoder: {
  prototype: TextDecoder
  new (label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean }): TextDecoder
}

type BufferSource = ArrayBufferView<ArrayBuffer> | ArrayBuffer

interface CryptoKey {
  readonly type: string
  readonly extractable: boolean
  readonly algorithm: { name: string }
  readonly usages: string[]
}
interface CryptoKeyPair {
  privateKey: CryptoKey
  publicKey: CryptoKey
}
interface JsonWebKey {
  kty?: string
  crv?: string
  x?: string
  d?: string
}
interface SubtleCrypto {
  importKey(
    format: 'raw' | 'pkcs8' | 'spki',
    keyData: BufferSource,
    algorithm: string | { name: string },
    extractable: boolean,
    keyUsages: string[],
  ): Promise<CryptoKey>
  exportKey(format: 'raw', key: CryptoKey): Promise<ArrayBuffer>
  exportKey(format: 'jwk', key: CryptoKey): Promise<JsonWebKey>
  generateKey(
    algorithm: { name: string },
    extractable: boolean,
    keyUsages: string[],
  ): Promise<CryptoKeyPair | CryptoKey>
  deriveBits(algorithm: { name: string; public: CryptoKey }, baseKey: CryptoKey, length: number): Promise<ArrayBuffer>
  deriveKey(
    algorithm: { name: string; hash: string; salt: BufferSource; info: BufferSource },
    baseKey: CryptoKey,
    derivedKeyType: { name: string; length: number },
    extractable: boolean,
    keyUsages: string[],
  ): Promise<CryptoKey>
  encrypt(algorithm: { name: string; iv: BufferSource }, key: CryptoKey, data: BufferSource): Promise<ArrayBuffer>
  decrypt(algorithm: { name: string; iv: BufferSource }, key: CryptoKey, data: BufferSource): Promise<ArrayBuffer>
}
interface Crypto {
  readonly subtle: SubtleCrypto
  getRandomValues<T extends ArrayBufferView | null>(array: T): T
}
declare var crypto: Crypto
