import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// No Docker engine runs the tests, so the Dockerfile's essentials are read from its text.
const repo = join(dirname(fileURLToPath(import.meta.url)), '..')
const dockerfile = readFileSync(join(repo, 'Dockerfile'), 'utf8')
/** Instructions, continuation lines joined, comments dropped. */
const instructions = dockerfile
  .replace(/\\\n/g, ' ')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line !== '' && !line.startsWith('#'))
  .map((line) => {
    const [keyword, ...rest] = line.split(/\s+/)
    return { keyword: keyword!.toUpperCase(), args: rest.join(' ') }
  })
const lastFrom = instructions.map((instruction) => instruction.keyword).lastIndexOf('FROM')
const runtime = instructions.slice(lastFrom)
const of = (keyword: string) => runtime.filter((instruction) => instruction.keyword === keyword).map((instruction) => instruction.args)
/** `["a", "b"]` (exec form) or `a b` (shell form) as words. */
const words = (args: string) => (args.startsWith('[') ? (JSON.parse(args) as string[]) : args.split(/\s+/))

describe('Dockerfile', () => {
  it('builds and runs on node:20-slim, in two stages', () => {
    const bases = instructions.filter((instruction) => instruction.keyword === 'FROM').map((instruction) => instruction.args.split(/\s+/)[0])
    expect(bases).toEqual(['node:20-slim', 'node:20-slim'])
  })

  it('runs as a user other than root', () => {
    const users = of('USER')
    expect(users.length).toBeGreaterThan(0)
    expect(users.at(-1)).not.toMatch(/^(root|0)(:|$)/)
  })

  it('exposes the API and frames ports', () => {
    expect(of('EXPOSE').flatMap((args) => args.split(/\s+/))).toEqual(['4010', '4011'])
  })

  it('checks health with a request to a route that needs no key', () => {
    const [healthcheck] = of('HEALTHCHECK')
    expect(healthcheck).toMatch(/\bCMD\b/)
    expect(healthcheck).toContain("'http://127.0.0.1:4010/'")
  })

  it('serves on 0.0.0.0 inside the container, through the package\'s command', () => {
    const command = [...words(of('ENTRYPOINT').at(-1) ?? '[]'), ...words(of('CMD').at(-1) ?? '[]')]
    expect(command).toEqual(expect.arrayContaining(['bin/ramp-sandbox.js', 'serve', '--host', '0.0.0.0']))
    expect(command.indexOf('--host')).toBe(command.indexOf('0.0.0.0') - 1)
  })

  it('copies files that exist, and leaves node_modules and dist/ of the checkout out of the context', () => {
    const sources = instructions
      .filter((instruction) => instruction.keyword === 'COPY' && !instruction.args.startsWith('--from'))
      .flatMap((instruction) => instruction.args.split(/\s+/).slice(0, -1))
    expect(sources.filter((source) => !existsSync(join(repo, source)))).toEqual([])
    const ignored = readFileSync(join(repo, '.dockerignore'), 'utf8').split('\n').map((line) => line.trim())
    expect(ignored).toEqual(expect.arrayContaining(['node_modules', 'dist']))
  })
})
