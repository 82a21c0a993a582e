// What the docs' TypeScript and JavaScript blocks take from the code around them, for the compile of
// scripts/doc-typescript-blocks.test.ts: the partner's own objects ("your code"), values an earlier example made, and
// the imports an excerpt leaves out. A block's own import or declaration of a name shadows the one here.

// Values an earlier example of the same section made.
declare const client: import('ramp-sandbox/client').SandboxClient
declare const clientToken: string
declare const container: HTMLElement
declare const wallet: string
declare const signature: string
declare const onEvent: NonNullable<Parameters<typeof client.setupWidget>[0]['onEvent']>
declare const secret: string
declare const header: string
declare const webhookApiKey: string
declare const rawBody: string
declare const request: { headers: Record<string, string | string[] | undefined> }
declare const events: unknown[]
declare const tenant: ReturnType<ReturnType<typeof import('ramp-sandbox/harness').useSandbox>['tenant']>

// Imports an excerpt leaves out.
declare const createSandbox: typeof import('ramp-sandbox/msw').createSandbox
declare const setupServer: typeof import('msw/node').setupServer
declare const http: typeof import('msw').http
declare const HttpResponse: typeof import('msw').HttpResponse
declare const verifyWebhook: typeof import('ramp-sandbox').verifyWebhook
declare const defineScenario: typeof import('ramp-sandbox/harness').defineScenario
declare const connectCustomer: typeof import('ramp-sandbox/harness').connectCustomer
declare const magic: typeof import('ramp-sandbox/harness').magic
declare const ref: typeof import('ramp-sandbox/harness').ref
declare const buyQuoteBody: typeof import('ramp-sandbox/harness').buyQuoteBody
declare const it: typeof import('vitest').it
declare const expect: typeof import('vitest').expect

// The partner's own code, as the blocks name it without defining it.
declare function reply(status: number, body: string): Response
declare function getSellQuote(input: {
  crypto: string
  amount: number
  payoutMethod: string
}): Promise<{ quoteCurrencyAmount: number }>
