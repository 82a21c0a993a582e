import { z } from 'zod'

const Usage = z.object({
  usage: z.object({
    accounts: z.object({ held: z.number(), limit: z.number() }),
    records: z.object({ held: z.number(), limit: z.number() }),
  }),
})

/** How full a served sandbox is: its accounts and records against their limits, from `GET /__sandbox/health`. */
type ServerUsage = z.infer<typeof Usage>['usage']

/**
 * Reads how full a served sandbox is, from its health answer (what the soak and `bench:full-memory` report).
 *
 * @example
 * (await readUsage('http://127.0.0.1:4010')).records // { held: 591, limit: 60000 }
 */
export async function readUsage(api: string): Promise<ServerUsage> {
  return Usage.parse(await (await fetch(`${api}/__sandbox/health`)).json()).usage
}
