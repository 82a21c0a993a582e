import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { dockerignoreMatcher, parseDockerfile, words } from './dockerfile.ts'

// No Docker engine runs the tests, so the Dockerfile's essentials are read from its text (dockerfile-build.test.ts
// replays its stages).
const repo = join(dirname(fileURLToPath(import.meta.url)), '..')
const stages = parseDockerfile(readFileSync(join(repo, 'Dockerfile'), 'utf8'))
const instructions = stages.flatMap((stage) => stage.instructions)
const runtime = stages.at(-1)!.instructions
const of = (keyword: string) =>
  runtime.filter((instruction) => instruction.keyword === keyword).map((instruction) => instruction.args)

describe('parseDockerfile', () => {
  it('splits stages at FROM, joins continued lines and drops comments, even inside a continued instruction', () => {
    const text =
      'FROM node:20-slim AS build\n# why\nRUN a \\\n  # inside\n  && b\nFROM node:20-slim\ncopy --from=build /app ./\n'
    expect(parseDockerfile(text)).toEqual([
      { base: 'node:20-slim', name: 'build', instructions: [{ keyword: 'RUN', args: 'a && b' }] },
      { base: 'node:20-slim', name: undefined, instructions: [{ keyword: 'COPY', args: '--from=build /app ./' }] },
    ])
  })

  it('refuses an instruction before FROM and a FROM it does not understand', () => {
    expect(() => parseDockerfile('RUN a\n')).toThrow(/before any FROM/)
    expect(() => parseDockerfile('FROM --platform=linux/amd64 node:20\n')).toThrow(/only FROM <image>/)
  })
})

describe('dockerignoreMatcher', () => {
  const ignored = dockerignoreMatcher(
    '# comment\nnode_modules\n/dist/\n*.log\ndocs/**/*.png\n.dist-staging-*\n!keep.log\n',
  )

  it('leaves out what a line names, and everything in a folder it names', () => {
    expect(
      [
        'node_modules',
        'node_modules/zod/index.js',
        'dist/sandbox/cli.js',
        'a.log',
        'docs/x/y/shot.png',
        'docs/shot.png',
        '.dist-staging-12/x',
      ].filter(ignored),
    ).toHaveLength(7)
  })

  it('matches * within one segment from the root, as Docker does (not at any depth, as git does)', () => {
    expect(ignored('logs/a.log')).toBe(false)
    expect(ignored('sandbox/node_modules')).toBe(false)
    expect(ignored('distant')).toBe(false)
  })

  it('takes a path back with !, the last matching line winning', () => {
    expect(ignored('keep.log')).toBe(false)
    expect(dockerignoreMatcher('!keep.log\n*.log\n')('keep.log')).toBe(true)
  })
})

describe('Dockerfile', () => {
  it('builds and runs on node:20-slim, in two stages', () => {
    expect(stages.map((stage) => stage.base)).toEqual(['node:20-slim', 'node:20-slim'])
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

  it("serves on 0.0.0.0 inside the container, through the package's command", () => {
    const command = [...words(of('ENTRYPOINT').at(-1) ?? '[]'), ...words(of('CMD').at(-1) ?? '[]')]
    expect(command).toEqual(expect.arrayContaining(['bin/ramp-sandbox.js', 'serve', '--host', '0.0.0.0']))
    expect(command.indexOf('--host')).toBe(command.indexOf('0.0.0.0') - 1)
  })

  it('copies files that exist, and leaves node_modules and dist/ of the checkout out of the context', () => {
    const sources = instructions
      .filter((instruction) => instruction.keyword === 'COPY' && !instruction.args.startsWith('--from'))
      .flatMap((instruction) => instruction.args.split(/\s+/).slice(0, -1))
    expect(sources.filter((source) => !existsSync(join(repo, source)))).toEqual([])
    const ignored = readFileSync(join(repo, '.dockerignore'), 'utf8')
      .split('\n')
      .map((line) => line.trim())
    expect(ignored).toEqual(expect.arrayContaining(['node_modules', 'dist']))
  })
})
