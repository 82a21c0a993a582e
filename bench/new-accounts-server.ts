/**
 * The server `bench/new-accounts.ts` measures, in a process of its own: a sandbox on loopback with room for the
 * burst's accounts and their records. `--in-one-go` builds each new account's store without pausing (as before
 * issue 17), the comparison the bench prints beside the default. Prints `ready <api url>`.
 *
 *   node --import tsx bench/new-accounts-server.ts <max accounts> [--in-one-go]
 */
import { startServer } from '#adapters/node-http/start-server.ts'

const [maxAccounts = '600', mode] = process.argv.slice(2)
const sandbox = await startServer({
  port: 0,
  framesPort: 0,
  // Room for every account of the burst and its seed (about 200 records each), all in use at once.
  limits: { tenants: Number(maxAccounts), records: Number(maxAccounts) * 250 },
  // Awaiting a settled promise yields to nothing but microtasks: the store is built in one go.
  ...(mode === '--in-one-go' ? { pause: () => Promise.resolve() } : {}),
  logger: () => undefined,
})
process.stdout.write(`ready ${sandbox.apiUrl}\n`)
process.once('SIGTERM', () => void sandbox.close().then(() => process.exit(0)))
