// Injected first into every browser bundle (bundle-options.ts): zod parses without generated code, so it neither
// compiles parsers with `new Function` nor probes whether it may. The frames' CSP has no 'unsafe-eval', and the probe
// alone logs a CSP error in the console (decision 0092). Runs before any module of the bundle builds a schema.
import { z } from 'zod'

z.config({ jitless: true })
