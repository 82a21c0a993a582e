/**
 * The tags of `/openapi.json`, with their descriptions, in the document's order. The spec groups
 * the service's API under Account details, On-ramp, Off-ramp, Swaps, Data and DefiToken; a route
 * takes one of those where it fits (spelled exactly as the spec does). Routes the spec names no
 * group for (platform sessions, stored payment methods, the Customer API) and the sandbox's own
 * (control, meta) get tags of their own. Only tags some route uses are listed.
 *
 * @example
 * ROUTE_TAGS['Off-ramp'] // 'Sell quotes and transactions (a tag of the service's API).'
 */
export const ROUTE_TAGS = {
  'Account details': "The account's verification status and current fees (a tag of the service's API).",
  Data: "Supported countries, currencies, payment methods and customer IP restrictions (a tag of the service's API).",
  'On-ramp': "Buy quotes and transactions (a tag of the service's API).",
  'Off-ramp': "Sell quotes and transactions (a tag of the service's API).",
  Swaps: "Swap pairs, quotes and transactions (a tag of the service's API).",
  DefiToken: "Token data and token lists for DeFi assets (a tag of the service's API).",
  'Platform sessions':
    'Sessions a partner server opens for its customers, and their revocation (partner platform API).',
  'Stored payment methods': "A connected customer's payment method configs and stored cards (partner platform API).",
  'Web identity (deprecated)':
    "The deprecated web SDK identity calls (createIdentity, getIdentity, updateIdentity, verifyIdentity, getIdentityUploadUrl, submitIdentityFiles) for the token's own customer, with the Customer API's behaviour. Retired by --strict-deprecations.",
  'Customer API':
    'KYC status, requirements, details, file upload, verification and export, keyed by customerId (partner platform API).',
  'Sandbox control':
    "The sandbox's control API: the tenant's clock, journal, faults, settings, connections and fixtures. Not part of the service.",
  'Sandbox meta': 'What this sandbox serves: this document and an index. Not part of the service.',
  'Frames origin':
    "The frames origin's pages and the calls their script makes (effects, journal messages): served on the frames origin, not documented here.",
} as const

/** A tag a route is documented under in `/openapi.json`. */
export type RouteTag = keyof typeof ROUTE_TAGS
