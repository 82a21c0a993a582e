#!/usr/bin/env node
// Runs the TypeScript CLI through tsx, so the package works from source.
import { register } from 'tsx/esm/api'

register()
await import('../sandbox/cli.ts')
