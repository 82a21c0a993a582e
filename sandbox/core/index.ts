/** The transport-agnostic core: adapters call `createSandboxCore(...).handle`. */
export { createSandboxCore, type SandboxCore, type SandboxOptions } from './sandbox-core.ts'
export { SandboxError } from './sandbox-error.ts'
export { errorCatalog, type ErrorCode } from './error-catalog.ts'
export { parseQueryString, type PlainRequest, type PlainResponse, type PlainReply, type PlainQuery } from './plain-http.ts'
export { openApiDocument } from './openapi.ts'
export type { HmacSha256 } from './hmac.ts'
export { portableHmacSha256 } from './hmac.ts'
export { PUBLIC_TEST_SECRET, SECRET_PATTERN, SECRET_RULE, parseSecret, secretFromBytes } from './sandbox-secret.ts'
