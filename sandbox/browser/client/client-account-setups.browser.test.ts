import { describe, expect, it } from 'vitest'
import { magic, platformAccount } from '#http/routes/platform-test-kit.ts'
import { send } from '#http/test-request.ts'
import { connectedBuyer, WALLET } from '#portable/frames/machines/purchase-test-kit.ts'
import { useBrowserSandbox } from '#testing/browser-sandbox.ts'
import { act, call, eventsOf, outcome, startCall, waitForEvent } from '#testing/host-page-calls.ts'

const env = useBrowserSandbox()

/** Whether an access token reads payment methods (full scope): the status of the client's getPaymentMethods. */
async function paymentMethodsStatus(accessToken: string): Promise<number> {
  const result = await call(env.page, 'getPaymentMethods', [accessToken])
  if (!result.ok) throw new Error(result.error.message)
  return result.value.status
}

describe('browser client account setups, through real frames', () => {
  it('connect runs the connect flow for a new customer and resolves active with decrypted, full credentials', async () => {
    const sessionToken = await platformAccount(env.sandbox.core).session(magic.stranger)
    const id = await startCall(env.page, 'connect', [sessionToken])
    await act(env.page, id, 'enterEmail', { email: 'new.person@example.com' })
    await act(env.page, id, 'enterCode', { code: '000000' })
    await act(env.page, id, 'acceptTerms')
    const result = await outcome(env.page, id)
    expect(result).toMatchObject({
      ok: true,
      value: {
        status: 'active',
        customer: { id: expect.any(String) },
        credentials: { accessToken: expect.stringMatching(/^at_/), clientToken: expect.stringMatching(/^ct_/) },
      },
    })
    expect(await paymentMethodsStatus(result.ok ? result.value.credentials.accessToken : '')).toBe(200)
  }, 30_000)

  it("setupAuth authenticates the anonymous clientToken's customer with the one-time code and resolves active with full credentials", async () => {
    const { connection } = await platformAccount(env.sandbox.core).connect(magic.kycPending)
    expect(await paymentMethodsStatus(connection.credentials.accessToken)).toBe(403)
    const id = await startCall(env.page, 'setupAuth', [connection.credentials.clientToken])
    await act(env.page, id, 'enterCode', { code: '000000' })
    const result = await outcome(env.page, id)
    expect(result).toMatchObject({ ok: true, value: { status: 'active', customer: { id: connection.customer!.id } } })
    expect(await paymentMethodsStatus(result.ok ? result.value.credentials.accessToken : '')).toBe(200)
  }, 30_000)

  it('setupAddCard stores the entered card: complete carries it, and getPaymentMethods lists it', async () => {
    const buyer = await connectedBuyer(env.sandbox.core)
    const id = await startCall(env.page, 'setupAddCard', [buyer.clientToken])
    await act(env.page, id, 'enterCard', {
      number: '5555555555554444',
      expiryMonth: '12',
      expiryYear: '2030',
      cvc: '123',
    })
    const { paymentMethod } = (await waitForEvent(env.page, id, 'complete')).payload
    expect(paymentMethod).toMatchObject({
      type: 'card',
      brand: 'mastercard',
      last4: '4444',
      availability: { available: true },
    })
    const listed = await call(env.page, 'getPaymentMethods', [buyer.accessToken])
    expect(listed.ok && listed.value.body.data.paymentMethods.map((card: { id: string }) => card.id)).toContain(
      paymentMethod.id,
    )
  }, 30_000)

  it('setupWidget buys through the widget: ready, then complete with a transaction of the customer', async () => {
    const buyer = await connectedBuyer(env.sandbox.core)
    const id = await startCall(env.page, 'setupWidget', [], {
      params: { clientToken: buyer.clientToken, currencyCode: 'eth', externalTransactionId: 'widget-1' },
    })
    await act(env.page, id, 'chooseAmount', { amount: '100', currencyCode: 'eth' })
    await act(env.page, id, 'enterWallet', { address: WALLET.address })
    await act(env.page, id, 'pay')
    const { transaction } = (await waitForEvent(env.page, id, 'complete')).payload
    expect((await eventsOf(env.page, id)).map((e) => e.kind)).toEqual(['handshake', 'ready', 'complete'])
    expect(await buyer.transaction(transaction.id)).toMatchObject({
      status: 'pending',
      externalTransactionId: 'widget-1',
      wallet: { address: WALLET.address },
    })
  }, 30_000)

  it("setupCustomerExport asks for consent; its consentToken lets the partner's server export the customer", async () => {
    const buyer = await connectedBuyer(env.sandbox.core)
    const id = await startCall(env.page, 'setupCustomerExport', [buyer.clientToken])
    await act(env.page, id, 'consent')
    const { consentToken } = (await waitForEvent(env.page, id, 'complete')).payload
    const exported = await send(env.sandbox.core, `POST /platform/v1/customers/${buyer.customerId}/export`, {
      headers: buyer.account.headers,
      body: { consentToken },
    })
    expect(exported.status).toBe(200)
    expect(exported.body).toMatchObject({ data: { customer: { id: buyer.customerId } } })
  }, 30_000)
})
