/** The transport-agnostic core: adapters call `createSandboxCore(...).handle`. */
export { createSandboxCore, type SandboxCore, type SandboxOptions } from './sandbox-core.ts'
export { SandboxError } from '#kernel/sandbox-error.ts'
export { hasBody, isTextReply, parseQueryString, type PlainRequest, type PlainResponse } from './plain-http.ts'
export { openApiDocument } from './openapi.ts'
export { PUBLIC_TEST_SECRET, secretFromBytes } from '#kernel/sandbox-secret.ts'
export { DEFAULT_TENANT_LIMITS, type TenantLimits } from '#kernel/store/tenant-limits.ts'
