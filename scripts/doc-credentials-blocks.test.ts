import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { encryptCredentials } from '#portable/frames/credentials.ts'
import { docBlocks, REPO, where, type DocBlock } from './doc-blocks.ts'

/**
 * The two decryption examples of docs/credentials.md (node:crypto and WebCrypto) run as written: each makes its key
 * pair, the sandbox encrypts credentials for its public key as a frame does, and the example's own
 * decryptCredentials gives them back.
 */

const dir = join(fileURLToPath(REPO), 'reports', `doc-credentials-${process.pid}`)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const examples = docBlocks().filter((block) => block.file === 'docs/credentials.md' && block.check.kind === 'tested')

/** The block as a module that also exports what it made. */
async function load(block: DocBlock): Promise<{
  publicKeyHex: string
  privateKey: unknown
  decryptCredentials: (sealed: string, key: unknown) => unknown
}> {
  mkdirSync(dir, { recursive: true })
  const file = join(dir, `block-${block.line}.mjs`)
  writeFileSync(file, `${block.body}\nexport { decryptCredentials, privateKey, publicKeyHex }\n`)
  return import(/* @vite-ignore */ pathToFileURL(file).href)
}

describe('the decryption examples of docs/credentials.md', () => {
  it('are two, the node:crypto one and the WebCrypto one', () => {
    expect(examples.map((block) => block.body.includes("from 'node:crypto'"))).toEqual([true, false])
  })

  it.each(examples.map((block) => ({ block, name: where(block) })))(
    '$name decrypts what the sandbox encrypts for its key',
    async ({ block }) => {
      const example = await load(block)
      expect(example.publicKeyHex).toMatch(/^[0-9a-f]{64}$/)
      const credentials = { accessToken: 'at_doc', clientToken: 'ct_doc', expiresAt: '2026-01-02T00:00:00.000Z' }
      const sealed = await encryptCredentials(credentials, example.publicKeyHex)
      expect(await example.decryptCredentials(sealed, example.privateKey)).toEqual(credentials)
    },
  )
})
