import { describe, expect, it } from 'vitest'
import type { Credentials } from '#contract/index.ts'
import { decryptCredentials, generateHostKeyPair } from '#portable/frames/credentials.ts'
import type { FrameContext } from './frame-context.ts'
import { FrameError } from './frame-error.ts'
import { effectHandlers } from './index.ts'

const credentials: Credentials = {
  accessToken: 'at_access',
  clientToken: 'ct_client',
  expiresAt: '2025-01-01T01:00:00.000Z',
}

describe('credentials.encrypt effect', () => {
  const encrypt = (context: FrameContext, effect: { type: string; [field: string]: unknown }) =>
    effectHandlers.get('credentials.encrypt')!.run(context, effect)
  const context = {} as FrameContext

  it('answers credentials the host private key decrypts', async () => {
    const host = await generateHostKeyPair()
    const encrypted = await encrypt(context, { type: 'credentials.encrypt', credentials, publicKey: host.publicKeyHex })
    expect(await decryptCredentials(encrypted as string, host.privateKey)).toEqual(credentials)
  })

  it('fails with invalid_request for a malformed publicKey', async () => {
    const failure = encrypt(context, { type: 'credentials.encrypt', credentials, publicKey: 'xyz' })
    await expect(failure).rejects.toBeInstanceOf(FrameError)
    await expect(failure).rejects.toMatchObject({
      code: 'invalid_request',
      message: expect.stringContaining('publicKey must be a raw X25519 public key'),
    })
  })
})
