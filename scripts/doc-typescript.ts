import { spawn } from 'node:child_process'
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { REPO, where, type DocBlock } from './doc-blocks.ts'

/**
 * What wraps a block that is not a whole module, after its imports: the body of a handler (a `return` at its top
 * level), or the properties of a scenario. Keyed by how the block starts.
 */
export const WRAPS: ReadonlyArray<{ starts: string; open: string; close: string }> = [
  {
    starts: "import { verifyWebhook, WebhookVerificationError } from 'ramp-sandbox'",
    open: 'export function handle(): Response {',
    close: "return reply(204, '')\n}",
  },
  { starts: 'steps: [', open: "export default defineScenario({ title: 'an excerpt of a scenario',", close: '})' },
]

/** A block as the file tsc reads: wrapped when it must be, and a module (so blocks share no global names). */
export function blockSource(block: DocBlock): string {
  const wrap = WRAPS.find((entry) => block.body.startsWith(entry.starts))
  if (!wrap) return `${block.body}\nexport {}\n`
  const lines = block.body.split('\n')
  const imports = lines.findIndex((line) => !line.startsWith('import ') && line.trim() !== '')
  const at = imports === -1 ? lines.length : imports
  return [...lines.slice(0, at), wrap.open, ...lines.slice(at), wrap.close, 'export {}', ''].join('\n')
}

/** The package's entries, each mapped to its declarations in dist/ (as a partner's tsc finds them through "exports"). */
function distPaths(): Record<string, string[]> {
  const exportsMap = (
    JSON.parse(readFileSync(new URL('package.json', REPO), 'utf8')) as {
      exports: Record<string, string | { types: string }>
    }
  ).exports
  return Object.fromEntries(
    Object.entries(exportsMap).flatMap(([subpath, target]) =>
      typeof target === 'string'
        ? []
        : [[`ramp-sandbox${subpath.slice(1)}`, [join(fileURLToPath(REPO), target.types)]]],
    ),
  )
}

/** A block's file name in the compile: its document and line. */
export function blockFile(block: DocBlock): string {
  return `${block.file.replace(/[/.]/g, '_')}_${block.line}.ts`
}

/**
 * Compiles blocks with tsc, strict, NodeNext, against the package's declarations in dist/ (built by the suite's
 * global setup) and the partner's context of `doc-typescript/context.d.ts`; `react-native` blocks in a program of
 * their own without node's types, as a React Native app is. JavaScript blocks are checked as TypeScript: a partner
 * copying one into a TypeScript project must not meet an error.
 * Answers tsc's errors by block.
 */
export async function compileBlocks(blocks: readonly DocBlock[]): Promise<Map<DocBlock, string[]>> {
  const dir = join(fileURLToPath(REPO), 'reports', `doc-typescript-${process.pid}`)
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  try {
    copyFileSync(new URL('./doc-typescript/context.d.ts', import.meta.url), join(dir, 'context.d.ts'))
    const reactNative = (block: DocBlock) => block.body.includes("from 'ramp-sandbox/react-native'")
    const programs = [
      {
        name: 'node',
        blocks: blocks.filter((block) => !reactNative(block)),
        types: ['node'],
        lib: ['ES2023', 'DOM', 'DOM.Iterable'],
      },
      { name: 'react-native', blocks: blocks.filter(reactNative), types: [], lib: ['ES2023'] },
    ].filter((program) => program.blocks.length > 0)
    const errors = new Map<DocBlock, string[]>(blocks.map((block) => [block, []]))
    await Promise.all(
      programs.map(async (program) => {
        const sub = join(dir, program.name)
        mkdirSync(sub)
        for (const block of program.blocks) writeFileSync(join(sub, blockFile(block)), blockSource(block))
        writeFileSync(
          join(sub, 'tsconfig.json'),
          JSON.stringify(
            {
              compilerOptions: {
                target: 'ES2023',
                lib: program.lib,
                module: 'NodeNext',
                moduleResolution: 'NodeNext',
                strict: true,
                noEmit: true,
                skipLibCheck: true,
                types: program.types,
                paths: distPaths(),
                jsx: 'react-jsx',
              },
              files: [...program.blocks.map(blockFile), ...(program.name === 'node' ? ['../context.d.ts'] : [])],
            },
            null,
            2,
          ),
        )
        const output = await tsc(join(sub, 'tsconfig.json'))
        let last: string[] | undefined
        for (const line of output.split('\n')) {
          const match = /^(\S+?)\((\d+),(\d+)\): (error .*)$/.exec(line)
          if (!match) {
            // tsc's elaboration of the error before (why a type is not assignable), indented
            if (last && /^\s/.test(line)) last[last.length - 1] += `\n${line}`
            continue
          }
          const block = program.blocks.find((candidate) => match[1]!.endsWith(blockFile(candidate)))
          if (!block) throw new Error(`tsc reports an error outside the doc blocks: ${line}`)
          last = errors.get(block)!
          last.push(`${where(block)} (+${match[2]}): ${match[4]}`)
        }
      }),
    )
    return errors
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

function tsc(project: string): Promise<string> {
  const bin = fileURLToPath(new URL('node_modules/typescript/bin/tsc', REPO))
  const child = spawn(process.execPath, [bin, '-p', project, '--pretty', 'false'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk))
  return new Promise((resolve) => child.on('close', () => resolve(output)))
}
