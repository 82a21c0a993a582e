import { describe, expect, it } from 'vitest'
import { FrameName, FrameParams } from '#contract/index.ts'
import { createSandboxCore } from '#http/sandbox-core.ts'
import { openInProcessFrame } from './in-process-frame.ts'
import { frameMachines } from '#portable/frames/machines/index.ts'

const core = createSandboxCore()

/** A value each parameter rejects. */
const BAD: Record<string, string> = {
  channelId: 'x'.repeat(129),
  apiKey: 'nope',
  clientToken: '',
  theme: 'purple',
  brandColor: 'red',
  customTheme: '{',
  language: 'english',
  publicKey: 'zz',
  quote: '',
  externalTransactionId: '',
  walletAvailable: 'maybe',
  currencyCode: 'x'.repeat(40),
  sessionToken: '',
  challengeToken: '',
  skipKyc: 'yes',
  walletAddress: '',
  signature: '',
  flow: 'swap',
}

/** Syntactically valid values for the required parameters, so that one bad parameter is the only problem. */
const GOOD: Record<string, string> = {
  channelId: 'channel-1',
  sessionToken: 'st_x',
  publicKey: 'a'.repeat(64),
  quote: 'e30',
  challengeToken: 'cg_x',
}

/** A frame's parameter schemas, and the names it requires. */
function shapeOf(frame: FrameName) {
  const shape = FrameParams[frame].shape as Record<string, { safeParse(v: unknown): { success: boolean } }>
  const required = Object.keys(shape).filter((name) => !shape[name]!.safeParse(undefined).success)
  return { shape, required, baseline: Object.fromEntries(required.map((name) => [name, GOOD[name]!])) }
}

async function errorFor(frame: FrameName, params: Record<string, string>) {
  const opened = await openInProcessFrame(core, frameMachines[frame]!, params)
  opened.runtime.receive({ kind: 'ack' })
  await opened.runtime.idle()
  return opened.events
}

describe.each(FrameName.options)('%s frame parameters', (frame) => {
  const { shape, required, baseline } = shapeOf(frame)

  it.each(Object.keys(shape))('refuses a bad %s with invalid_parameters after the ack', async (name) => {
    const events = await errorFor(frame, { ...baseline, apiKey: 'pk_test_params', [name]: BAD[name]! })
    expect(events[0]).toEqual({ kind: 'handshake' })
    expect(events[1]).toMatchObject({
      kind: 'error',
      payload: { code: 'invalid_parameters', message: expect.stringContaining(name) },
    })
    expect(events).toHaveLength(2)
  })

  it.each(required.filter((name) => name !== 'channelId'))('requires %s', async (name) => {
    const { [name]: _missing, ...rest } = baseline
    const events = await errorFor(frame, { ...rest, apiKey: 'pk_test_params' })
    expect(events[1]).toMatchObject({
      kind: 'error',
      payload: { code: 'invalid_parameters', message: `${name} is required` },
    })
  })

  it('refuses a parameter it does not take', async () => {
    const events = await errorFor(frame, { ...baseline, apiKey: 'pk_test_params', colour: 'blue' })
    expect(events[1]).toMatchObject({
      kind: 'error',
      payload: { code: 'invalid_parameters', message: 'colour is not a known field' },
    })
  })
})

/** The frames the spec gives the optional externalTransactionId (the partner's id of the transaction attempt). */
const TAKES_EXTERNAL_TRANSACTION_ID = ['widget', 'buy', 'buy-button', 'apple-pay', 'google-pay']

describe('externalTransactionId', () => {
  it.each(FrameName.options.filter((frame) => TAKES_EXTERNAL_TRANSACTION_ID.includes(frame)))(
    'is taken by the %s frame',
    (frame) => {
      expect(Object.keys(FrameParams[frame].shape)).toContain('externalTransactionId')
    },
  )

  it.each(FrameName.options.filter((frame) => !TAKES_EXTERNAL_TRANSACTION_ID.includes(frame)))(
    'is refused by the %s frame as a parameter it does not take',
    async (frame) => {
      const events = await errorFor(frame, {
        ...shapeOf(frame).baseline,
        apiKey: 'pk_test_params',
        externalTransactionId: 'attempt-1',
      })
      expect(events[1]).toMatchObject({
        kind: 'error',
        payload: { code: 'invalid_parameters', message: 'externalTransactionId is not a known field' },
      })
    },
  )
})
