import { reply, type PlainReply } from '#http/plain-http.ts'
import type { RegistryUsage } from '#kernel/tenant-registry.ts'
import type { StateSaver } from './state-saver.ts'

/**
 * `GET /__sandbox/health` of a served sandbox (no key: it names no account): `ok`, or `degraded` while the state
 * file cannot be saved whole, with how long and why. Always 200: the sandbox still answers; what is at risk is
 * what a restart keeps. `stateFile` is null without `--state-file`. `usage` says how full the sandbox is: accounts,
 * records and kept states of evicted accounts against their limits (docs/decisions/0044, 0049).
 *
 * @example
 * healthReply(saver, core.tenants.usage()) // 200 { status: 'ok', stateFile: { path: '.sandbox-state.json', saving: { state: 'ok', … } }, usage: { … } }
 */
export function healthReply(saver: StateSaver | undefined, usage: RegistryUsage): PlainReply {
  const saving = saver?.status()
  return reply(
    200,
    {
      status: saving?.state === 'failing' ? 'degraded' : 'ok',
      stateFile: saver ? { path: saver.path, saving } : null,
      usage,
    },
    { 'cache-control': 'no-store' },
  )
}
