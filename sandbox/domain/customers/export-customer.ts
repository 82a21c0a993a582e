import type { CustomerExport, ExportConsent } from '#contract/index.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import type { Tenant } from '#kernel/tenant.ts'
import type { TenantStore } from '#kernel/store/tenant-store.ts'
import { toCustomer } from '../customer-view.ts'
import { newId } from '../new-id.ts'
import type { TokenClaims } from '#portable/peek-token.ts'
import { issueToken, verifyToken } from '../tokens.ts'
import { customerFiles, loadCustomer, personalDetails } from './load-customer.ts'

/**
 * Issues a customer's consent to one export (the customer-export frame calls
 * this when the customer agrees): a `consent` token for this customer and
 * tenant, valid 15 minutes of tenant time, usable once. Its `session` claim
 * holds the consent's id.
 *
 * @example
 * const { consentToken, expiresAt } = await issueExportConsent(tenant, 'cus_abc')
 */
export async function issueExportConsent(tenant: Tenant, customerId: string): Promise<ExportConsent> {
  const { store } = await loadCustomer(tenant, customerId)
  const consentId = newId(tenant, store, 'cns')
  const { token, claims } = issueToken(tenant, {
    kind: 'consent',
    session: consentId,
    customer: customerId,
    scope: 'full',
  })
  tenant.record('consent:issued', { customerId, consentId })
  return { consentToken: token, expiresAt: new Date(claims.exp).toISOString() }
}

/**
 * Remembers a used consent until its token expires (then the token is refused as
 * expired anyway). At the cap the expired ones go first, then it is a 429.
 */
function rememberUsedConsent(tenant: Tenant, store: TenantStore, claims: TokenClaims): void {
  if (store.usedConsents.size >= store.limits.consents) {
    const now = tenant.clock.now()
    for (const [id, exp] of store.usedConsents) if (exp <= now) store.usedConsents.delete(id)
  }
  if (store.usedConsents.size >= store.limits.consents) {
    throw new SandboxError(
      'rate_limited',
      `this account remembers ${store.usedConsents.size} used export consents, the sandbox's cap for one account (docs/decisions/0044): they are forgotten as their tokens expire (POST /__sandbox/clock/advance), or POST /__sandbox/reset starts the account afresh`,
    )
  }
  store.usedConsents.set(claims.session, claims.exp)
}

function refuse(message: string): SandboxError {
  return new SandboxError('forbidden', message, [{ field: 'consentToken', message }])
}

/** The consent's claims, or 403: the key is fine, the consent does not cover this export. */
function checkConsent(tenant: Tenant, store: TenantStore, token: string, customerId: string): TokenClaims {
  let claims: TokenClaims
  try {
    claims = verifyToken(tenant, token, 'consent', 'consentToken')
  } catch (error) {
    throw error instanceof SandboxError ? refuse(error.message) : error
  }
  if (claims.customer !== customerId) throw refuse(`consentToken was given by another customer than ${customerId}`)
  if (store.usedConsents.has(claims.session))
    throw refuse('consentToken has already been used; each consent exports once')
  return claims
}

/**
 * Exports everything the sandbox holds about a customer, with the customer's
 * consent token: the customer, details, files and transactions (newest first).
 *
 * @example
 * const { consentToken } = await issueExportConsent(tenant, 'cus_abc')
 * await exportCustomer(tenant, 'cus_abc', consentToken) // { customer, details, files, transactions, exportedAt }
 */
export async function exportCustomer(
  tenant: Tenant,
  customerId: string,
  consentToken: string,
): Promise<CustomerExport> {
  const { store, record } = await loadCustomer(tenant, customerId)
  const claims = checkConsent(tenant, store, consentToken, customerId)
  rememberUsedConsent(tenant, store, claims)
  const transactions = store.transactions
    .where('byCustomer', customerId)
    .sort((a, b) => (a.createdAt === b.createdAt ? b.id.localeCompare(a.id) : b.createdAt.localeCompare(a.createdAt)))
  tenant.record('customer:exported', { customerId, consentId: claims.session, transactions: transactions.length })
  return {
    customer: toCustomer(tenant, record),
    details: personalDetails(record),
    files: customerFiles(store, customerId),
    transactions,
    exportedAt: tenant.clock.iso(),
  }
}
