import type { FramesHost } from '../effects/frame-context.ts'

/** The sandbox's own origins, always allowed to embed frames. */
export function sandboxOrigins(core: FramesHost): string[] {
  const origins = core.options.origins
  return origins ? [...new Set([origins.api, origins.frames])] : []
}

/** The `Content-Security-Policy` that lets only these origins embed the page. */
export function frameAncestors(origins: string[]): string {
  return `frame-ancestors ${origins.length > 0 ? origins.join(' ') : "'self'"}`
}
