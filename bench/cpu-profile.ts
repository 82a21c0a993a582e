/**
 * The V8 CPU profiler around a piece of work, for the profiling scripts (`bench/profile-family.ts`,
 * `bench/profile-scenarios.ts`): the profile, written to `reports/` (open it in Chrome's DevTools, Performance tab),
 * and a summary of self and total time by function and by file. The same as `node --cpu-prof`, without the set-up in
 * the profile. tsx loses line numbers: read the names.
 *
 * @example
 * const profile = await profileWhile(() => runTheLoad(), 100)
 * console.log(summariseProfile(profile).join('\n'))
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { Session, type Profiler } from 'node:inspector'

/** Runs `work` under the profiler, sampling every `intervalUs` microseconds; its profile, written to `reports/<name>.cpuprofile`. */
export async function profileWhile(
  name: string,
  work: () => Promise<void>,
  intervalUs = 100,
): Promise<{ profile: Profiler.Profile; file: string }> {
  const session = new Session()
  session.connect()
  const post = <T>(method: string, params?: object) =>
    new Promise<T>((resolve, reject) =>
      session.post(method, params, (error, result) => (error ? reject(error) : resolve(result as T))),
    )
  await post('Profiler.enable')
  await post('Profiler.setSamplingInterval', { interval: intervalUs })
  await post('Profiler.start')
  let stopped: { profile: Profiler.Profile }
  try {
    await work()
  } finally {
    stopped = await post<{ profile: Profiler.Profile }>('Profiler.stop')
    session.disconnect()
  }
  const { profile } = stopped
  mkdirSync('reports', { recursive: true })
  const file = `reports/${name}.cpuprofile`
  writeFileSync(file, JSON.stringify(profile))
  return { profile, file }
}

/** Self time, total time (each sample once for every distinct function on its stack) and self time by file, as printed lines. */
export function summariseProfile(profile: Profiler.Profile, rows = { self: 25, total: 50, files: 15 }): string[] {
  const counts = new Map<number, number>()
  for (const id of profile.samples ?? []) counts.set(id, (counts.get(id) ?? 0) + 1)
  const total = profile.samples?.length ?? 1
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
  const where = (url: string) =>
    url.replace(/^file:\/\/.*?\/(node_modules|sandbox|bench|scripts|harness|fixtures|scenarios)\//, '$1/') || '(native)'
  const nameOf = (node: Profiler.ProfileNode) =>
    `${node.callFrame.functionName || '(anonymous)'} ${where(node.callFrame.url)}`
  const self = new Map<string, number>()
  const byFile = new Map<string, number>()
  const inclusive = new Map<string, number>()
  const walk = (id: number, onStack: Map<string, number>): number => {
    const node = nodes.get(id)!
    let hits = counts.get(id) ?? 0
    const name = nameOf(node)
    self.set(name, (self.get(name) ?? 0) + hits)
    byFile.set(where(node.callFrame.url), (byFile.get(where(node.callFrame.url)) ?? 0) + hits)
    onStack.set(name, (onStack.get(name) ?? 0) + 1)
    for (const child of node.children ?? []) hits += walk(child, onStack)
    onStack.set(name, onStack.get(name)! - 1)
    if (onStack.get(name) === 0) inclusive.set(name, (inclusive.get(name) ?? 0) + hits)
    return hits
  }
  walk(profile.nodes[0]!.id, new Map())
  const top = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, hits]) => `  ${((100 * hits) / total).toFixed(1).padStart(5)} %  ${name}`)
  return [
    'self time by function:',
    ...top(self, rows.self),
    'total time by function:',
    ...top(inclusive, rows.total),
    'self time by file:',
    ...top(byFile, rows.files),
  ]
}
