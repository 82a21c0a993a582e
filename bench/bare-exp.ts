import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { loadGenerator } from './load-generator.ts'
const body = JSON.stringify({ x: 'y'.repeat(1180) })
const buf = Buffer.from(body)
const H = (n: number) => ({ 'content-type': 'application/json; charset=utf-8', 'content-length': String(n) })
const syncString = (q: any, r: any) => { r.writeHead(200, H(Buffer.byteLength(body))); r.end(body) }
const endBuffer = (q: any, r: any) => { q.resume(); q.on('end', () => { r.writeHead(200, H(buf.length)); r.end(buf) }) }
const limited = { headersTimeout: 10_000, requestTimeout: 30_000, keepAliveTimeout: 5_000, connectionsCheckingInterval: 1_000 }
const servers: Record<string, any> = {
  defaultSyncString: createServer(syncString),
  limitedSyncString: createServer(limited, syncString),
  defaultEndBuffer: createServer(endBuffer),
  limitedEndBuffer: createServer(limited, endBuffer),
}
const urls: Record<string, string> = {}
for (const [k, s] of Object.entries(servers)) { await new Promise<void>((res) => s.listen(0, '127.0.0.1', res)); urls[k] = `http://127.0.0.1:${(s.address() as AddressInfo).port}/` }
const l = loadGenerator()
for (const u of Object.values(urls)) await l.run({ url: u, connections: 32, seconds: 1 })
const rates: Record<string, number[]> = {}
for (let i = 0; i < 4; i++) for (const [m, u] of Object.entries(urls)) { globalThis.gc?.(); const c0 = process.cpuUsage(); const r = await l.run({ url: u, connections: 32, seconds: 2 }); const c = process.cpuUsage(c0); (rates[m] ??= []).push(Math.round((c.user + c.system) / (r.rate * 2) * 10) / 10) }
for (const [m, r] of Object.entries(rates)) console.log(m.padEnd(20), r.join(' '))
for (const s of Object.values(servers)) s.close(); l.close()
