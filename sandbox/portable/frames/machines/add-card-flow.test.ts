import { describe, expect, it } from 'vitest'
import { FrameOutbound, PaymentMethodList, dataOf } from '#contract/index.ts'
import { createSandboxCore, type SandboxCore } from '#http/sandbox-core.ts'
import { magic, platformAccount } from '#http/routes/platform-test-kit.ts'
import { conforms, send } from '#http/test-request.ts'
import { openInProcessFrame } from '#frames/server/in-process-frame.ts'
import { addCardMachine, type AddCardAction } from './add-card.ts'

const card = (change: Partial<AddCardAction> = {}): AddCardAction => ({
  type: 'enterCard',
  number: '4242424242424242',
  expiryMonth: '12',
  expiryYear: '2030',
  cvc: '123',
  ...change,
})

/** An add-card frame for a connected customer, acked; `who` picks the magic identity. */
async function openFrame(core: SandboxCore, who: { email: string; phoneNumber: string } = magic.usNy) {
  const account = platformAccount(core)
  const { connection } = await account.connect(who)
  const frame = await openInProcessFrame(core, addCardMachine, {
    channelId: 'channel-1',
    clientToken: connection.credentials.clientToken,
  })
  frame.runtime.receive({ kind: 'ack' })
  await frame.runtime.idle()
  const bearer = { authorization: `Bearer ${connection.credentials.accessToken}` }
  const storedCards = async () =>
    conforms(
      dataOf(PaymentMethodList),
      (await send(core, 'GET /platform/v1/payment-methods', { headers: bearer })).body,
    ).data.paymentMethods
  return { frame, storedCards }
}

async function act(frame: Awaited<ReturnType<typeof openFrame>>['frame'], action: AddCardAction) {
  frame.runtime.act(action)
  await frame.runtime.idle()
}

describe('add-card frame, in process', () => {
  it('adds a card: handshake, ready, complete with the card, and the card is listed in payment methods', async () => {
    const { frame, storedCards } = await openFrame(createSandboxCore())
    expect(frame.events).toEqual([{ kind: 'handshake' }, { kind: 'ready' }])
    await act(frame, card())
    expect(frame.events).toHaveLength(3)
    const complete = FrameOutbound.parse(frame.events[2])
    expect(complete).toMatchObject({
      kind: 'complete',
      payload: {
        paymentMethod: {
          type: 'card',
          brand: 'visa',
          last4: '4242',
          expiryMonth: 12,
          expiryYear: 2030,
          availability: { available: true },
        },
      },
    })
    const added = (complete as { payload: { paymentMethod: { id: string } } }).payload.paymentMethod
    const cards = await storedCards()
    expect(cards).toHaveLength(3)
    expect(cards.find((c) => c.id === added.id)).toEqual(added)
  })

  it('accepts a card that expires in the current month of the tenant clock', async () => {
    const { frame } = await openFrame(createSandboxCore())
    await act(frame, card({ expiryMonth: '1', expiryYear: '26', number: '5555555555554444' }))
    expect(frame.events.at(-1)).toMatchObject({
      kind: 'complete',
      payload: { paymentMethod: { brand: 'mastercard', last4: '4444', expiryMonth: 1, expiryYear: 2026 } },
    })
  })

  it('refuses a card that expired before the tenant clock’s month with a message and no event', async () => {
    const { frame, storedCards } = await openFrame(createSandboxCore())
    await act(frame, card({ expiryMonth: '12', expiryYear: '2025' }))
    expect(frame.events).toEqual([{ kind: 'handshake' }, { kind: 'ready' }])
    expect(frame.runtime.view()).toMatchObject({ screen: 'form', error: 'This card has expired.' })
    expect(await storedCards()).toHaveLength(2)
  })

  it('posts error card_declined for the magic number 4000000000000002 and stores nothing', async () => {
    const { frame, storedCards } = await openFrame(createSandboxCore())
    await act(frame, card({ number: '4000 0000 0000 0002' }))
    expect(frame.events.at(-1)).toEqual({
      kind: 'error',
      payload: {
        code: 'card_declined',
        message: 'the issuer declined the card (sandbox magic number 4000000000000002)',
      },
    })
    expect(await storedCards()).toHaveLength(2)
    await act(frame, card())
    expect(frame.events.at(-1)).toMatchObject({ kind: 'complete' })
  })

  it('shows a message and posts nothing for a number failing the Luhn check', async () => {
    const { frame, storedCards } = await openFrame(createSandboxCore())
    await act(frame, card({ number: '4242424242424241' }))
    expect(frame.events).toEqual([{ kind: 'handshake' }, { kind: 'ready' }])
    expect(frame.runtime.view().error).toBe('Check the card number.')
    expect(await storedCards()).toHaveLength(2)
  })

  it('posts error invalid_token when the clientToken is not a connected customer’s', async () => {
    const { frame } = await openFrame(createSandboxCore(), magic.stranger)
    await act(frame, card())
    expect(frame.events.at(-1)).toEqual({
      kind: 'error',
      payload: {
        code: 'invalid_token',
        message: 'the add-card frame needs the clientToken of a connected customer (full scope)',
      },
    })
  })

  it('posts error invalid_token when opened with an apiKey only', async () => {
    const core = createSandboxCore()
    const account = platformAccount(core)
    const frame = await openInProcessFrame(core, addCardMachine, {
      channelId: 'channel-1',
      apiKey: `pk_test_${account.account}`,
    })
    frame.runtime.receive({ kind: 'ack' })
    await act(frame, card())
    expect(frame.events.at(-1)).toMatchObject({ kind: 'error', payload: { code: 'invalid_token' } })
  })
})
