import {
  createCipheriv,
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  diffieHellman,
  hkdfSync,
} from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { Credentials } from '#contract/index.ts'
import {
  decryptCredentials,
  encryptCredentials,
  encryptCredentialsWith,
  generateHostKeyPair,
  importHostPrivateKey,
} from './credentials.ts'

/*
 * Fixed vectors live in credentials-vectors.json: its inputs (keys, IV, plaintext) are written by hand; its outputs
 * (hostPublicKeyHex, encrypted) are computed by the node:crypto reference below, independently of credentials.ts:
 *   UPDATE_VECTORS=1 npx vitest run sandbox/frames/credentials.test.ts
 */
interface Vector {
  name: string
  hostPrivateKeyHex: string
  hostPublicKeyHex: string
  ephemeralPrivateKeyHex: string
  ivHex: string
  plaintext: Credentials
  encrypted: string
}

// Reference construction with node:crypto (DER PKCS#8 per RFC 8410, JWK public keys), so a mistake in the WebCrypto code cannot hide behind itself.
const nodePrivate = (hex: string) =>
  createPrivateKey({ key: Buffer.from(`302e020100300506032b656e04220420${hex}`, 'hex'), format: 'der', type: 'pkcs8' })
const nodePublic = (hex: string) =>
  createPublicKey({
    key: { kty: 'OKP', crv: 'X25519', x: Buffer.from(hex, 'hex').toString('base64url') },
    format: 'jwk',
  })
const publicHexOf = (privateHex: string) =>
  Buffer.from(createPublicKey(nodePrivate(privateHex)).export({ format: 'jwk' }).x!, 'base64url').toString('hex')
const sharedSecret = (privateHex: string, publicHex: string) =>
  diffieHellman({ privateKey: nodePrivate(privateHex), publicKey: nodePublic(publicHex) })
const aesKey = (privateHex: string, publicHex: string) =>
  Buffer.from(hkdfSync('sha256', sharedSecret(privateHex, publicHex), Buffer.alloc(0), Buffer.alloc(0), 32))
const base64urlJson = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
const envelopeOf = (encrypted: string) =>
  JSON.parse(Buffer.from(encrypted, 'base64url').toString('utf8')) as {
    ephemeralPublicKey: string
    iv: string
    ciphertext: string
  }

function nodeEncrypt(v: Omit<Vector, 'name' | 'encrypted'>, plaintextJson = JSON.stringify(v.plaintext)): string {
  const cipher = createCipheriv(
    'aes-256-gcm',
    aesKey(v.ephemeralPrivateKeyHex, v.hostPublicKeyHex),
    Buffer.from(v.ivHex, 'hex'),
  )
  const sealed = Buffer.concat([cipher.update(plaintextJson, 'utf8'), cipher.final(), cipher.getAuthTag()])
  return base64urlJson({
    ephemeralPublicKey: publicHexOf(v.ephemeralPrivateKeyHex),
    iv: v.ivHex,
    ciphertext: sealed.toString('base64url'),
  })
}

function nodeDecrypt(encrypted: string, hostPrivateHex: string): string {
  const envelope = envelopeOf(encrypted)
  const sealed = Buffer.from(envelope.ciphertext, 'base64url')
  const decipher = createDecipheriv(
    'aes-256-gcm',
    aesKey(hostPrivateHex, envelope.ephemeralPublicKey),
    Buffer.from(envelope.iv, 'hex'),
  )
  decipher.setAuthTag(sealed.subarray(-16))
  return Buffer.concat([decipher.update(sealed.subarray(0, -16)), decipher.final()]).toString('utf8')
}

const vectorsUrl = new URL('./credentials-vectors.json', import.meta.url)
if (process.env.UPDATE_VECTORS === '1') {
  const file = JSON.parse(readFileSync(vectorsUrl, 'utf8')) as { vectors: Vector[] }
  for (const v of file.vectors)
    Object.assign(
      v,
      { hostPublicKeyHex: publicHexOf(v.hostPrivateKeyHex) },
      { encrypted: nodeEncrypt({ ...v, hostPublicKeyHex: publicHexOf(v.hostPrivateKeyHex) }) },
    )
  writeFileSync(vectorsUrl, `${JSON.stringify(file, null, 2)}\n`)
}
const { vectors } = JSON.parse(readFileSync(vectorsUrl, 'utf8')) as { vectors: Vector[] }

const credentials: Credentials = {
  accessToken: 'at_access',
  clientToken: 'ct_client',
  expiresAt: '2025-01-01T01:00:00.000Z',
}
const rfc7748 = vectors[0]!

/** Re-encodes an encrypted string with one envelope field changed. */
function withEnvelope(encrypted: string, change: (envelope: ReturnType<typeof envelopeOf>) => object): string {
  return base64urlJson(change(envelopeOf(encrypted)))
}

function flipBit(base64url: string, byteIndex: number): string {
  const bytes = Buffer.from(base64url, 'base64url')
  bytes[(byteIndex + bytes.length) % bytes.length]! ^= 0x01
  return bytes.toString('base64url')
}

describe('credentials encryption', () => {
  it('decrypts what it encrypts with a generated host key pair', async () => {
    const host = await generateHostKeyPair()
    expect(host.publicKeyHex).toMatch(/^[0-9a-f]{64}$/)
    expect(await decryptCredentials(await encryptCredentials(credentials, host.publicKeyHex), host.privateKey)).toEqual(
      credentials,
    )
  })

  it('uses a fresh ephemeral key and IV for each encryption', async () => {
    const host = await generateHostKeyPair()
    const [a, b] = [
      envelopeOf(await encryptCredentials(credentials, host.publicKeyHex)),
      envelopeOf(await encryptCredentials(credentials, host.publicKeyHex)),
    ]
    expect(a.ephemeralPublicKey).not.toBe(b.ephemeralPublicKey)
    expect(a.iv).not.toBe(b.iv)
  })

  it('produces what the node:crypto reference decrypts', async () => {
    const encrypted = await encryptCredentials(credentials, rfc7748.hostPublicKeyHex)
    expect(JSON.parse(nodeDecrypt(encrypted, rfc7748.hostPrivateKeyHex))).toEqual(credentials)
  })

  it('refuses a publicKey that is not 64 hex characters', async () => {
    await expect(encryptCredentials(credentials, 'ab'.repeat(31))).rejects.toThrow(
      'publicKey (raw X25519 public key) must be 64 hex characters (32 bytes)',
    )
  })

  it('fails to decrypt with a wrong private key', async () => {
    const [host, other] = [await generateHostKeyPair(), await generateHostKeyPair()]
    await expect(
      decryptCredentials(await encryptCredentials(credentials, host.publicKeyHex), other.privateKey),
    ).rejects.toThrow(/wrong private key, or the ciphertext was tampered with/)
  })

  it.each([
    ['the first ciphertext byte', 0],
    ['the last tag byte', -1],
  ])('fails to decrypt when a bit of %s is flipped', async (_, byteIndex) => {
    const host = await generateHostKeyPair()
    const tampered = withEnvelope(await encryptCredentials(credentials, host.publicKeyHex), (e) => ({
      ...e,
      ciphertext: flipBit(e.ciphertext, byteIndex),
    }))
    await expect(decryptCredentials(tampered, host.privateKey)).rejects.toThrow(
      /wrong private key, or the ciphertext was tampered with/,
    )
  })

  it('fails to decrypt when the IV is changed', async () => {
    const host = await generateHostKeyPair()
    const tampered = withEnvelope(await encryptCredentials(credentials, host.publicKeyHex), (e) => ({
      ...e,
      iv: (e.iv[0] === '0' ? '1' : '0') + e.iv.slice(1),
    }))
    await expect(decryptCredentials(tampered, host.privateKey)).rejects.toThrow(/tampered/)
  })

  it.each([
    ['not base64url', 'not*base64url', 'credentials are not base64url-encoded JSON'],
    [
      'base64url of text that is not JSON',
      Buffer.from('hello').toString('base64url'),
      'credentials are not base64url-encoded JSON',
    ],
    [
      'an envelope without iv',
      base64urlJson({ ephemeralPublicKey: 'ab'.repeat(32), ciphertext: 'A'.repeat(22) }),
      'credentials envelope is malformed: iv: Invalid input',
    ],
    [
      'an IV of 16 bytes',
      base64urlJson({ ephemeralPublicKey: 'ab'.repeat(32), iv: '00'.repeat(16), ciphertext: 'A'.repeat(22) }),
      'credentials envelope is malformed: iv: must be 24 hex characters (12 bytes)',
    ],
    [
      'a ciphertext shorter than the tag',
      base64urlJson({ ephemeralPublicKey: 'ab'.repeat(32), iv: '00'.repeat(12), ciphertext: 'AAAA' }),
      'ciphertext: must be base64url of at least the 16-byte tag',
    ],
    [
      'a ciphertext of impossible base64url length',
      base64urlJson({ ephemeralPublicKey: 'ab'.repeat(32), iv: '00'.repeat(12), ciphertext: 'A'.repeat(25) }),
      'ciphertext: is not base64url',
    ],
    [
      'an ephemeral public key of small order',
      base64urlJson({ ephemeralPublicKey: '00'.repeat(32), iv: '00'.repeat(12), ciphertext: 'A'.repeat(22) }),
      'ephemeralPublicKey is not a usable X25519 public key',
    ],
  ])('fails to decrypt %s, saying what is wrong', async (_, encrypted, message) => {
    await expect(decryptCredentials(encrypted, await importHostPrivateKey(rfc7748.hostPrivateKeyHex))).rejects.toThrow(
      message,
    )
  })

  it('fails when the decrypted content is not credentials', async () => {
    const encrypted = nodeEncrypt(rfc7748, JSON.stringify({ accessToken: 'at_access', clientToken: 'ct_client' }))
    await expect(decryptCredentials(encrypted, await importHostPrivateKey(rfc7748.hostPrivateKeyHex))).rejects.toThrow(
      /decrypted credentials are invalid: expiresAt: /,
    )
  })
})

describe('credentials test vectors', () => {
  it('checks the node:crypto reference against RFC 7748 section 6.1', () => {
    expect(rfc7748.hostPublicKeyHex).toBe('de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f')
    expect(publicHexOf(rfc7748.ephemeralPrivateKeyHex)).toBe(
      '8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a',
    )
    expect(sharedSecret(rfc7748.hostPrivateKeyHex, publicHexOf(rfc7748.ephemeralPrivateKeyHex)).toString('hex')).toBe(
      '4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742',
    )
  })

  describe.each(vectors)('$name', (v) => {
    it('has a host public key that belongs to its private key', () => {
      expect(v.hostPublicKeyHex).toBe(publicHexOf(v.hostPrivateKeyHex))
    })

    it('encrypts the fixed inputs to the expected string, with WebCrypto and with node:crypto', async () => {
      expect(await encryptCredentialsWith(v.plaintext, v.hostPublicKeyHex, v)).toBe(v.encrypted)
      expect(nodeEncrypt(v)).toBe(v.encrypted)
    })

    it('decrypts the expected string to the plaintext, with WebCrypto and with node:crypto', async () => {
      expect(await decryptCredentials(v.encrypted, await importHostPrivateKey(v.hostPrivateKeyHex))).toEqual(
        v.plaintext,
      )
      expect(nodeDecrypt(v.encrypted, v.hostPrivateKeyHex)).toBe(JSON.stringify(v.plaintext))
    })
  })
})
