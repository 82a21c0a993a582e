import type { SandboxCore } from '../../core/sandbox-core.ts'

/** The sandbox's own origins, always allowed to embed frames. */
export function sandboxOrigins(core: SandboxCore): string[] {
  const origins = core.options.origins
  return origins ? [...new Set([origins.api, origins.frames])] : []
}

/** Whether an origin matches a pattern such as `http://localhost:*` or `https://*.example.com`. */
export function originMatches(origin: string, pattern: string): boolean {
  const source = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')
  return new RegExp(`^${source}$`).test(origin)
}

/** The `Content-Security-Policy` that lets only these origins embed the page. */
export function frameAncestors(origins: string[]): string {
  return `frame-ancestors ${origins.length > 0 ? origins.join(' ') : "'self'"}`
}
