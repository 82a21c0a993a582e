import type { Route } from './route.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'

interface CompiledRoute {
  route: Route
  pattern: RegExp
  names: string[]
}

/** Result of matching a request line against the table. */
type RouteMatch =
  | { kind: 'found'; route: Route; params: Record<string, string> }
  | { kind: 'wrong-method'; allowed: string[] }
  | { kind: 'none' }

function compile(route: Route): CompiledRoute {
  const names: string[] = []
  const source = route.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    names.push(name)
    return '([^/]+)'
  })
  return { route, pattern: new RegExp(`^${source}/?$`), names }
}

function decodeParam(name: string, raw: string): string {
  try {
    return decodeURIComponent(raw)
  } catch {
    throw SandboxError.invalidField(name, `${name} is not valid percent-encoding`)
  }
}

/**
 * The route table, compiled once. Matching is a linear scan of precompiled
 * patterns: the table is small, and a scan keeps the order of declaration.
 *
 * @example
 * const router = new Router(routes)
 * router.match('GET', '/v3/currencies/eth/sell_quote') // { kind: 'found', params: { currencyCode: 'eth' }, ... }
 */
export class Router {
  private readonly compiled: CompiledRoute[]

  constructor(readonly routes: Route[]) {
    this.compiled = routes.map(compile)
  }

  match(method: string, path: string): RouteMatch {
    const allowed: string[] = []
    for (const { route, pattern, names } of this.compiled) {
      const found = pattern.exec(path)
      if (!found) continue
      if (route.method !== method) {
        allowed.push(route.method)
        continue
      }
      const params: Record<string, string> = {}
      for (let i = 0; i < names.length; i++) params[names[i]!] = decodeParam(names[i]!, found[i + 1]!)
      return { kind: 'found', route, params }
    }
    return allowed.length > 0 ? { kind: 'wrong-method', allowed } : { kind: 'none' }
  }
}
