import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { dockerignoreMatcher, parseDockerfile } from './dockerfile.ts'
import { replayStage } from './replay-docker-stage.ts'

let folder: string
let context: string

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'replay-docker-stage-'))
  context = join(folder, 'context')
  for (const [path, text] of Object.entries({
    'package.json': '{}',
    'src/a.ts': 'a',
    'src/deep/b.ts': 'b',
    'src/skip.log': 'no',
    'tool.ts': 't',
    'secret.env': 's',
  })) {
    mkdirSync(dirname(join(context, path)), { recursive: true })
    writeFileSync(join(context, path), text)
  }
})

afterEach(() => rmSync(folder, { recursive: true, force: true }))

/** Replays every stage of a Dockerfile text over the test's context; the roots by stage name. */
async function replay(dockerfile: string, dockerignore = ''): Promise<Map<string, string>> {
  const roots = new Map<string, string>()
  for (const [index, stage] of parseDockerfile(dockerfile).entries()) {
    const root = mkdtempSync(join(folder, `stage-${index}-`))
    await replayStage(stage, {
      context,
      ignored: dockerignoreMatcher(dockerignore),
      root,
      stages: roots,
      env: { PATH: process.env.PATH },
      runTimeoutMs: 10_000,
    })
    roots.set(stage.name ?? String(index), root)
  }
  return roots
}

describe('replayStage', () => {
  it("copies a folder's contents into the destination and files into a folder destination, under WORKDIR", async () => {
    const root = (
      await replay(
        'FROM x AS one\nWORKDIR /app\nCOPY src code\nCOPY package.json tool.ts ./\nCOPY tool.ts bin/tool.ts\n',
      )
    ).get('one')!
    expect(readFileSync(join(root, 'app/code/deep/b.ts'), 'utf8')).toBe('b')
    expect(existsSync(join(root, 'app/code/src'))).toBe(false)
    expect(readFileSync(join(root, 'app/package.json'), 'utf8')).toBe('{}')
    expect(readFileSync(join(root, 'app/bin/tool.ts'), 'utf8')).toBe('t')
  })

  it('leaves out of a copied folder what .dockerignore leaves out of the context', async () => {
    const root = (await replay('FROM x AS one\nWORKDIR /app\nCOPY src src\n', 'src/*.log\n')).get('one')!
    expect(existsSync(join(root, 'app/src/a.ts'))).toBe(true)
    expect(existsSync(join(root, 'app/src/skip.log'))).toBe(false)
  })

  it('fails a COPY of a source the context lacks or .dockerignore leaves out', async () => {
    await expect(replay('FROM x\nCOPY missing.json ./\n')).rejects.toThrow(
      /COPY missing\.json: not found in the build context/,
    )
    await expect(replay('FROM x\nCOPY secret.env ./\n', '*.env\n')).rejects.toThrow(
      /COPY secret\.env: left out of the build context by \.dockerignore/,
    )
  })

  it("runs RUN lines in WORKDIR with the stage's ENV, and copies --from an earlier stage's files", async () => {
    const roots = await replay(
      'FROM x AS build\nENV GREETING=hello\nWORKDIR /app\nCOPY tool.ts ./\nRUN echo "$GREETING" > out.txt && cat tool.ts >> out.txt\nFROM x AS run\nWORKDIR /srv\nCOPY --from=build /app/out.txt ./\n',
    )
    expect(readFileSync(join(roots.get('run')!, 'srv/out.txt'), 'utf8')).toBe('hello\nt')
  })

  it('fails on a RUN line that exits non-zero, with its output', async () => {
    await expect(replay('FROM x\nRUN echo broken >&2 && exit 3\n')).rejects.toThrow(/exited 3:\nbroken/)
  })

  it('refuses instructions it does not replay rather than skipping them', async () => {
    await expect(replay('FROM x\nADD https://example.com/a ./\n')).rejects.toThrow(/ADD .*not understood/)
    await expect(replay('FROM x\nCOPY src/*.ts ./\n')).rejects.toThrow(/wildcards/)
  })
})
