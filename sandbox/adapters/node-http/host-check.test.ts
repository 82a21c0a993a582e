import { request } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { allowedHosts, hostAllowed } from './host-check.ts'
import { startServer, type RunningSandbox } from './start-server.ts'

describe('hostAllowed', () => {
  const loopbackOnly = allowedHosts('127.0.0.1')

  it('answers IP addresses, localhost and its subdomains, with or without a port', () => {
    for (const host of [
      '127.0.0.1:4010',
      '127.0.0.1',
      '[::1]:4010',
      '10.0.0.7:4010',
      'localhost:4011',
      'LOCALHOST',
      'app.localhost:4010',
    ]) {
      expect(hostAllowed(host, loopbackOnly), host).toBe(true)
    }
  })

  it('refuses any other name, a name rebound to loopback above all', () => {
    for (const host of [
      'attacker.example:4010',
      'attacker.example',
      '127.0.0.1.nip.io:4010',
      'localhost.attacker.example',
      'localhost.:4010',
      '',
    ]) {
      expect(hostAllowed(host, loopbackOnly), host).toBe(false)
    }
  })

  it('answers a request without a Host header (HTTP/1.0): only a browser could rebind a name, and it always sends one', () => {
    expect(hostAllowed(undefined, loopbackOnly)).toBe(true)
  })

  it('answers the --host name and each --allow-host name; a leading dot takes the subdomains too; * takes all', () => {
    const allowed = allowedHosts('sandbox.internal', ['partner-ci', '.example.test'])
    for (const host of ['sandbox.internal:4010', 'partner-ci:4010', 'example.test', 'api.example.test:4010'])
      expect(hostAllowed(host, allowed), host).toBe(true)
    for (const host of ['other:4010', 'badexample.test', 'partner-ci.attacker'])
      expect(hostAllowed(host, allowed), host).toBe(false)
    expect(hostAllowed('anything.example', allowedHosts('127.0.0.1', ['*']))).toBe(true)
  })
})

const running: RunningSandbox[] = []
afterEach(async () => {
  await Promise.all(running.splice(0).map((sandbox) => sandbox.close()))
})

/** A GET with the given Host header (fetch does not let a caller set it): status and body. */
function getWithHost(url: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url)
    const outgoing = request(
      { hostname: target.hostname, port: target.port, path: `${target.pathname}${target.search}`, headers: { host } },
      (incoming) => {
        let body = ''
        incoming.setEncoding('utf8')
        incoming.on('data', (chunk: string) => (body += chunk))
        incoming.on('end', () => resolve({ status: incoming.statusCode!, body }))
      },
    )
    outgoing.on('error', reject)
    outgoing.end()
  })
}

describe('the servers and the Host header', () => {
  it('answer 421 on both origins to a Host name they do not know, saying how to allow it', async () => {
    const sandbox = await startServer({ port: 0, framesPort: 0 })
    running.push(sandbox)
    const sell = `${sandbox.apiUrl}/v3/currencies/eth/sell_quote?apiKey=pk_test_hosts&quoteCurrencyCode=usd&baseCurrencyAmount=1`
    const refused = await getWithHost(sell, 'rebound.attacker.example:4010')
    expect(refused.status).toBe(421)
    expect(JSON.parse(refused.body)).toEqual({
      type: 'BadRequestError',
      message: expect.stringMatching(
        /^Host rebound\.attacker\.example:4010 is not a name this sandbox answers: .*--allow-host rebound\.attacker\.example/,
      ),
    })
    const control = await getWithHost(`${sandbox.apiUrl}/__sandbox/clock`, 'rebound.attacker.example')
    expect(control.status).toBe(421)
    expect(JSON.parse(control.body)).toMatchObject({ code: 'forbidden' })
    expect(
      (await getWithHost(`${sandbox.framesUrl}/platform/v1/reset?channelId=ch_000001`, 'rebound.attacker.example'))
        .status,
    ).toBe(421)
    expect((await getWithHost(sell, new URL(sandbox.apiUrl).host)).status).toBe(200)
    expect((await getWithHost(sell, 'localhost')).status).toBe(200)
  })

  it('answer a name given with allowHosts', async () => {
    const sandbox = await startServer({ port: 0, framesPort: 0, allowHosts: ['sandbox'] })
    running.push(sandbox)
    expect((await getWithHost(`${sandbox.apiUrl}/`, 'sandbox:4010')).status).toBe(200)
    expect(
      (
        await getWithHost(
          `${sandbox.framesUrl}/platform/v1/reset?channelId=ch_000001&apiKey=pk_test_hosts`,
          'sandbox:4011',
        )
      ).status,
    ).toBe(200)
    expect((await getWithHost(`${sandbox.apiUrl}/`, 'other:4010')).status).toBe(421)
  })
})
