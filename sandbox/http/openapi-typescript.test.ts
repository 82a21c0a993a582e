import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import openapiTS, { astToString } from 'openapi-typescript'
import ts from 'typescript'
import { afterAll, describe, expect, it } from 'vitest'
import { createSandboxCore } from './sandbox-core.ts'
import { send } from './test-request.ts'

const dir = mkdtempSync(join(tmpdir(), 'ramp-openapi-ts-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** What a partner's file using the generated types is told by tsc (strict, NodeNext): each diagnostic's text. */
function typeCheck(file: string): string[] {
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    allowImportingTsExtensions: true,
    skipLibCheck: true,
    types: [],
  })
  return ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))
}

describe('/openapi.json through openapi-typescript', () => {
  it('gives a client whose buy-quote body takes the nested request and refuses the flat one', async () => {
    const document = (await send(createSandboxCore(), 'GET /openapi.json')).body
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }))
    writeFileSync(join(dir, 'api.ts'), astToString(await openapiTS(document as Parameters<typeof openapiTS>[0])))
    const usage = join(dir, 'usage.ts')
    writeFileSync(
      usage,
      `import type { paths } from './api.ts'
type BuyQuoteBody = paths['/platform/v1/quotes/buy']['post']['requestBody']['content']['application/json']
export const nested: BuyQuoteBody = { source: { asset: { code: 'usd' }, amount: 50 }, destination: { asset: { code: 'eth' } }, wallet: { address: '0x52908400098527886E0F7030069857D2E4169EE7' }, paymentMethod: { type: 'card', id: 'pm_1' } }
// @ts-expect-error the flat shape is not the request
export const flat: BuyQuoteBody = { sourceCurrencyCode: 'usd', destinationCurrencyCode: 'eth', sourceAmount: 50, walletAddress: '0x52908400098527886E0F7030069857D2E4169EE7' }
`,
    )
    expect(typeCheck(usage)).toEqual([])
  }, 60_000)
})
