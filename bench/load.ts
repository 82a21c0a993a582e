/**
 * Load generator, run in its own process so it uses the other core:
 * `tsx bench/load.ts '<LoadSpec JSON>'` prints `{"rate": n, "non2xx": n, "errors": n}` (rate: requests per second).
 * `bench/load-generator.ts` runs it when wrk is not installed.
 */
import autocannon from 'autocannon'
import type { LoadSpec } from './load-generator.ts'

const [json] = process.argv.slice(2)
if (!json) throw new Error("usage: load.ts '<LoadSpec JSON>'")
const spec = JSON.parse(json) as LoadSpec
const result = await autocannon({
  url: spec.url,
  method: (spec.method ?? 'GET') as 'GET',
  headers: spec.headers ?? {},
  ...(spec.body === undefined ? {} : { body: spec.body }),
  connections: spec.connections,
  duration: spec.seconds,
  pipelining: 1,
})
process.stdout.write(
  `${JSON.stringify({ rate: result.requests.average, non2xx: result.non2xx, errors: result.errors })}\n`,
)
