import { reply, type PlainReply } from '../../core/plain-http.ts'
import type { StateSaver } from './state-saver.ts'

/**
 * `GET /__sandbox/health` of a served sandbox (no key: it names no account): `ok`, or `degraded` while the state
 * file cannot be saved whole, with how long and why. Always 200: the sandbox still answers; what is at risk is
 * what a restart keeps. `stateFile` is null without `--state-file`.
 *
 * @example
 * healthReply(saver) // 200 { status: 'ok', stateFile: { path: '.sandbox-state.json', saving: { state: 'ok', lastSavedAt: '…' } } }
 */
export function healthReply(saver: StateSaver | undefined): PlainReply {
  const saving = saver?.status()
  return reply(200, {
    status: saving?.state === 'failing' ? 'degraded' : 'ok',
    stateFile: saver ? { path: saver.path, saving } : null,
  }, { 'cache-control': 'no-store' })
}
