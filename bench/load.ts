/**
 * Load generator, run in its own process so it uses the other core:
 * `tsx bench/load.ts <url> <connections> <seconds>` prints `{"requests": n, "non2xx": n, "errors": n}`.
 */
import autocannon from 'autocannon'

const [url, connections = '32', seconds = '5'] = process.argv.slice(2)
if (!url) throw new Error('usage: load.ts <url> [connections] [seconds]')
const result = await autocannon({ url, connections: Number(connections), duration: Number(seconds), pipelining: 1 })
process.stdout.write(`${JSON.stringify({ requests: result.requests.average, non2xx: result.non2xx, errors: result.errors })}\n`)
