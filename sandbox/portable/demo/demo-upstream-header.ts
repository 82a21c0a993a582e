// Set by the demo's partner server (sandbox/demo/demo-routes.ts), read by the demo page's code.

/**
 * The header `POST /demo/api/session` adds to the platform's answer: the partner server's own secret-key call
 * (`POST /platform/v1/sessions`; its status is the answer's), so the page can draw it. The body stays the platform's.
 */
export const DEMO_UPSTREAM_HEADER = 'x-demo-upstream-call'
