import { ApiKey, type Mode } from '../contract/index.ts'
import { buildAccount } from '../../fixtures/account.ts'
import { originMatches } from './origin-matches.ts'
import { SandboxError } from './sandbox-error.ts'
import { DEFAULT_ALLOWED_ORIGINS, Tenant, type TenantOptions } from './tenant.ts'

/** Which half of a key pair authenticated a request. */
export type KeyKind = 'publishable' | 'secret'

/** A parsed API key. */
export interface ParsedKey {
  kind: KeyKind
  mode: Mode
  account: string
}

/** Splits a key into kind, mode and account, or undefined when malformed. */
export function parseApiKey(key: string): ParsedKey | undefined {
  if (!ApiKey.safeParse(key).success) return undefined
  const [prefix, mode] = key.split('_', 2) as [string, Mode]
  return { kind: prefix === 'pk' ? 'publishable' : 'secret', mode, account: key.slice(prefix.length + mode.length + 2) }
}

/**
 * Every tenant of one sandbox, provisioned on first use of a well-formed key.
 *
 * @example
 * const { tenant } = registry.authenticate('pk_test_sandbox', 'publishable', 'apiKey')
 */
export class TenantRegistry {
  private readonly tenants = new Map<string, Tenant>()
  /** Well-formed keys seen before: the lookup sits on every request's path. */
  private readonly byKey = new Map<string, { tenant: Tenant; key: ParsedKey }>()
  /** Every tenant's allowed-origin patterns, counted: a CORS preflight asks it without scanning tenants. */
  private readonly originPatterns = new Map<string, number>()
  private readonly options: TenantOptions

  constructor(options: TenantOptions) {
    this.options = { ...options, allowedOriginsChanged: (before, after) => this.countPatterns(before, after) }
  }

  private countPatterns(before: readonly string[], after: readonly string[]): void {
    for (const pattern of new Set(before)) {
      const count = (this.originPatterns.get(pattern) ?? 0) - 1
      if (count > 0) this.originPatterns.set(pattern, count)
      else this.originPatterns.delete(pattern)
    }
    for (const pattern of new Set(after)) this.originPatterns.set(pattern, (this.originPatterns.get(pattern) ?? 0) + 1)
  }

  /**
   * Whether the default allowed origins, or any provisioned tenant's, match an origin: what a CORS
   * preflight of a Bearer route can know, since a preflight carries no token (decision 0040).
   */
  anyTenantAllows(origin: string): boolean {
    if (DEFAULT_ALLOWED_ORIGINS.some((pattern) => originMatches(origin, pattern))) return true
    for (const pattern of this.originPatterns.keys()) if (originMatches(origin, pattern)) return true
    return false
  }

  /** The tenant of an account and mode, created (seeded) on first use. */
  get(account: string, mode: Mode): Tenant {
    const id = `${account}:${mode}`
    let tenant = this.tenants.get(id)
    if (!tenant) {
      tenant = new Tenant(buildAccount(this.options.seed, account, mode), this.options)
      this.tenants.set(id, tenant)
    }
    return tenant
  }

  /**
   * The tenant a key names, checked to be of the `required` kind. `source` names
   * where the key came from, for the error message. Throws 401 otherwise.
   */
  authenticate(key: string | undefined, required: KeyKind, source: string): { tenant: Tenant; key: ParsedKey } {
    if (key === undefined || key.length === 0) throw new SandboxError('unauthorized', `${source} is required`)
    const known = this.byKey.get(key)
    const parsed = known?.key ?? parseApiKey(key)
    if (!parsed) throw new SandboxError('unauthorized', `${source} is not a valid API key: keys look like pk_test_<account> or sk_test_<account>`)
    if (parsed.kind !== required) {
      const hint = required === 'publishable' ? 'a publishable key (pk_...); never put a secret key in a URL' : 'a secret key (sk_...)'
      throw new SandboxError('unauthorized', `${source} must be ${hint}`)
    }
    if (known) return known
    const found = { tenant: this.get(parsed.account, parsed.mode), key: parsed }
    this.byKey.set(key, found)
    return found
  }

  /** The tenant a well-formed key names, if it was provisioned; never provisions one. */
  byKeyIfProvisioned(key: string): Tenant | undefined {
    const parsed = this.byKey.get(key)?.key ?? parseApiKey(key)
    return parsed ? this.tenants.get(`${parsed.account}:${parsed.mode}`) : undefined
  }

  /** The tenant with this id (`account:mode`), if it was provisioned. */
  byId(id: string): Tenant | undefined {
    return this.tenants.get(id)
  }

  /** Number of tenants provisioned so far. */
  get size(): number {
    return this.tenants.size
  }
}
