/**
 * The tenant handle, as the harness gives it (`useSandbox().tenant()`, the Playwright `tenant` fixture): the same
 * interface and builder as the msw adapter's (decision 0093).
 */
export {
  tenantHandle,
  type ClockAdvanced,
  type ListenOptions,
  type TenantHandle,
  type TenantWebhooks,
  type TriggerOptions,
} from '#http/tenant-handle.ts'

let counter = 0

/** A fresh account name: distinct key suffixes isolate parallel tests. */
export function freshAccount(prefix: string): string {
  return `${prefix}_${process.pid}_${++counter}`
}
