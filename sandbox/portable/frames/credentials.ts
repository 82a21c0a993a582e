import { base64UrlToBytes, bytesToBase64Url } from '../base64url.ts'
import { z } from 'zod'
import { Credentials } from '#contract/platform/credentials.ts'

/**
 * Credentials of the check, connect and auth frames, encrypted for the host's
 * X25519 public key (DESIGN §5, docs/credentials.md). WebCrypto only, so the
 * same code runs in the frame page (browser) and in Node 20.
 *
 * X25519 private keys travel as PKCS#8: WebCrypto (Node 20, Chromium) refuses
 * `raw` import/export of X25519 private keys, so a raw 32-byte scalar is
 * wrapped in this fixed 16-byte PKCS#8 prefix (RFC 8410) before import.
 */
const PKCS8_X25519_PREFIX = '302e020100300506032b656e04220420'
const X25519 = { name: 'X25519' } as const

const Envelope = z.object({
  ephemeralPublicKey: z.string().regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes)'),
  iv: z.string().regex(/^[0-9a-fA-F]{24}$/, 'must be 24 hex characters (12 bytes)'),
  ciphertext: z
    .string()
    .regex(/^[A-Za-z0-9_-]{22,}$/, 'must be base64url of at least the 16-byte tag')
    .refine((text) => text.length % 4 !== 1, 'is not base64url'),
})
const issuesText = (error: z.ZodError) =>
  error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')

// Web Crypto's types as the runtime's own \`crypto\` global has them: a page's lib.dom names \`CryptoKey\` globally,
// node's types (20) only under \`webcrypto\`, and this file runs in both (decision 0096).
type Subtle = typeof globalThis.crypto.subtle
/** A Web Crypto key of the runtime running this code: a page's \`CryptoKey\` or node's \`webcrypto.CryptoKey\`. */
type WebCryptoKey = Awaited<ReturnType<Subtle['importKey']>>

function subtle(): Subtle {
  const api = globalThis.crypto?.subtle
  if (!api)
    throw new Error(
      'WebCrypto (crypto.subtle) is unavailable: a page needs a secure context (https, localhost or 127.0.0.1)',
    )
  return api
}
const hexToBytes = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16))
const bytesToHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
const toBase64url = bytesToBase64Url
function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const bytes = base64UrlToBytes(text)
  if (bytes === undefined) throw new Error('not base64url')
  return bytes
}

function parseJson(bytes: () => Uint8Array, failure: string): unknown {
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes()))
  } catch (cause) {
    throw new Error(failure, { cause })
  }
}

function requireHex(hex: string, bytes: number, what: string): Uint8Array<ArrayBuffer> {
  if (hex.length !== bytes * 2 || !/^[0-9a-fA-F]*$/.test(hex))
    throw new Error(`${what} must be ${bytes * 2} hex characters (${bytes} bytes)`)
  return hexToBytes(hex)
}

const importPrivate = (rawHex: string, extractable: boolean) =>
  subtle().importKey(
    'pkcs8',
    hexToBytes(PKCS8_X25519_PREFIX + bytesToHex(requireHex(rawHex, 32, 'X25519 private key'))),
    X25519,
    extractable,
    ['deriveBits'],
  )

/** AES-256-GCM key from an X25519 agreement: HKDF-SHA256(shared secret, salt empty, info empty, 32 bytes). */
async function aesKey(
  privateKey: WebCryptoKey,
  publicKey: WebCryptoKey,
  usage: 'encrypt' | 'decrypt',
): Promise<WebCryptoKey> {
  const secret = await subtle().deriveBits({ name: 'X25519', public: publicKey }, privateKey, 256)
  const hkdf = await subtle().importKey('raw', secret, 'HKDF', false, ['deriveKey'])
  const params = { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: new Uint8Array(0) }
  return subtle().deriveKey(params, hkdf, { name: 'AES-GCM', length: 256 }, false, [usage])
}

/**
 * Makes the host's key pair; pass `publicKeyHex` as the frame's `publicKey`
 * parameter and keep `privateKey` (non-extractable) to decrypt `complete`.
 *
 * @example
 * const { privateKey, publicKeyHex } = await generateHostKeyPair()
 */
export async function generateHostKeyPair(): Promise<{ privateKey: WebCryptoKey; publicKeyHex: string }> {
  const pair = (await subtle().generateKey(X25519, false, ['deriveBits'])) as {
    privateKey: WebCryptoKey
    publicKey: WebCryptoKey
  }
  return {
    privateKey: pair.privateKey,
    publicKeyHex: bytesToHex(new Uint8Array(await subtle().exportKey('raw', pair.publicKey))),
  }
}

/**
 * Imports a host private key from its raw 32-byte scalar in hex (test vectors, keys kept as hex).
 *
 * @example
 * const privateKey = await importHostPrivateKey('5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb')
 */
export function importHostPrivateKey(rawHex: string): Promise<WebCryptoKey> {
  return importPrivate(rawHex, false)
}

/**
 * Encrypts credentials for the host's raw X25519 public key (hex) with a fresh
 * ephemeral key and IV; answers the base64url credentials string of `complete`.
 *
 * @example
 * const encrypted = await encryptCredentials({ accessToken, clientToken, expiresAt }, params.publicKey)
 */
export async function encryptCredentials(credentials: Credentials, publicKeyHex: string): Promise<string> {
  const random = (bytes: number) => bytesToHex(globalThis.crypto.getRandomValues(new Uint8Array(bytes)))
  return encryptCredentialsWith(credentials, publicKeyHex, { ephemeralPrivateKeyHex: random(32), ivHex: random(12) })
}

/**
 * Encrypts with a given ephemeral private key and IV. For test vectors only:
 * reusing either in production breaks the encryption.
 * @internal
 *
 * @example
 * await encryptCredentialsWith(credentials, publicKeyHex, { ephemeralPrivateKeyHex, ivHex })
 */
export async function encryptCredentialsWith(
  credentials: Credentials,
  publicKeyHex: string,
  fixed: { ephemeralPrivateKeyHex: string; ivHex: string },
): Promise<string> {
  const hostPublic = await subtle().importKey(
    'raw',
    requireHex(publicKeyHex, 32, 'publicKey (raw X25519 public key)'),
    X25519,
    true,
    [],
  )
  const iv = requireHex(fixed.ivHex, 12, 'iv')
  const ephemeral = await importPrivate(fixed.ephemeralPrivateKeyHex, true)
  const ephemeralPublic = fromBase64url((await subtle().exportKey('jwk', ephemeral)).x ?? '')
  const { accessToken, clientToken, expiresAt } = Credentials.parse(credentials)
  const plaintext = new TextEncoder().encode(JSON.stringify({ accessToken, clientToken, expiresAt }))
  const key = await aesKey(ephemeral, hostPublic, 'encrypt').catch((cause) => {
    throw new Error('publicKey is not a usable X25519 public key', { cause })
  })
  const sealed = new Uint8Array(await subtle().encrypt({ name: 'AES-GCM', iv }, key, plaintext))
  const envelope = {
    ephemeralPublicKey: bytesToHex(ephemeralPublic),
    iv: bytesToHex(iv),
    ciphertext: toBase64url(sealed),
  }
  return toBase64url(new TextEncoder().encode(JSON.stringify(envelope)))
}

/**
 * Decrypts a credentials string with the host's private key. Throws an `Error`
 * saying what is wrong: not base64url JSON, a malformed envelope, a wrong key
 * or tampered ciphertext, or decrypted content that is not credentials.
 *
 * @example
 * const { accessToken, clientToken, expiresAt } = await decryptCredentials(event.payload.credentials, privateKey)
 */
export async function decryptCredentials(encrypted: string, privateKey: WebCryptoKey): Promise<Credentials> {
  const envelope = Envelope.safeParse(
    parseJson(() => fromBase64url(encrypted), 'credentials are not base64url-encoded JSON'),
  )
  if (!envelope.success) throw new Error(`credentials envelope is malformed: ${issuesText(envelope.error)}`)
  const { ephemeralPublicKey, iv, ciphertext } = envelope.data
  const sealed = fromBase64url(ciphertext)
  const key = await subtle()
    .importKey('raw', hexToBytes(ephemeralPublicKey), X25519, true, [])
    .then((ephemeral) => aesKey(privateKey, ephemeral, 'decrypt'))
    .catch((cause) => {
      throw new Error(
        'credentials ephemeralPublicKey is not a usable X25519 public key (or privateKey is not an X25519 private key)',
        { cause },
      )
    })
  const plaintext = await subtle()
    .decrypt({ name: 'AES-GCM', iv: hexToBytes(iv) }, key, sealed)
    .catch((cause) => {
      throw new Error('credentials could not be decrypted: wrong private key, or the ciphertext was tampered with', {
        cause,
      })
    })
  const credentials = Credentials.safeParse(
    parseJson(() => new Uint8Array(plaintext), 'decrypted credentials are not UTF-8 JSON'),
  )
  if (!credentials.success) throw new Error(`decrypted credentials are invalid: ${issuesText(credentials.error)}`)
  return credentials.data
}
