import { describe, expect, it } from 'vitest'
import { createSandboxCore } from '#http/sandbox-core.ts'
import { buyButtonMachine } from './buy-button.ts'
import {
  challengeUrl,
  completedId,
  connectedBuyer,
  kinds,
  openChallengeFrame,
  openPurchase,
  until,
} from './purchase-test-kit.ts'

describe('buy button frame, in process', () => {
  it('posts buttonPressed before a cancelled sheet, then again on the second tap, which pays', async () => {
    const core = createSandboxCore()
    const buyer = await connectedBuyer(core)
    const frame = await openPurchase(core, buyButtonMachine, buyer.clientToken, await buyer.quote(100), {
      externalTransactionId: 'button-1',
    })
    await frame.runtime.idle()
    expect(kinds(frame)).toEqual(['handshake', 'ready'])
    frame.runtime.act({ type: 'tapPay' })
    frame.runtime.act({ type: 'cancelSheet' })
    frame.runtime.act({ type: 'tapPay' })
    frame.runtime.act({ type: 'confirmSheet' })
    await frame.runtime.idle()
    expect(kinds(frame)).toEqual(['handshake', 'ready', 'buttonPressed', 'buttonPressed', 'complete'])
    expect((await buyer.tenant.store()).transactions.get(completedId(frame))).toMatchObject({
      status: 'pending',
      externalTransactionId: 'button-1',
    })
  })

  it('asks for the CVV again for 49 and completes once it is entered', async () => {
    const core = createSandboxCore()
    const buyer = await connectedBuyer(core)
    const frame = await openPurchase(core, buyButtonMachine, buyer.clientToken, await buyer.quote(49))
    frame.runtime.act({ type: 'tapPay' })
    frame.runtime.act({ type: 'confirmSheet' })
    await until(frame, 'challenge')
    const challenge = await openChallengeFrame(core, challengeUrl(frame), { clientToken: buyer.clientToken })
    challenge.runtime.act({ type: 'enterCvv', cvv: '4321' })
    await challenge.runtime.idle()
    await frame.runtime.idle()
    expect(kinds(frame)).toEqual(['handshake', 'ready', 'buttonPressed', 'challenge', 'complete'])
    expect(frame.events.at(-1)).toMatchObject({ payload: { transaction: { status: 'pending' } } })
  })

  it('pays card quotes only: a failure trigger amount pays normally', async () => {
    const core = createSandboxCore()
    const buyer = await connectedBuyer(core)
    const frame = await openPurchase(core, buyButtonMachine, buyer.clientToken, await buyer.quote(44.13))
    frame.runtime.act({ type: 'tapPay' })
    frame.runtime.act({ type: 'confirmSheet' })
    await frame.runtime.idle()
    expect(frame.events.at(-1)).toEqual({
      kind: 'complete',
      payload: { transaction: { id: expect.any(String), status: 'pending' } },
    })
  })
})
