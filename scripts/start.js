// `npm start`: builds dist/ if it is stale (scripts/ensure-built.js), then runs `ramp-sandbox serve`
// from it in this process: no child to forward signals to, the CLI's own SIGINT/SIGTERM handlers
// stop the server. Plain JavaScript, because it runs before there is any built output.
import './ensure-built.js'

process.argv.splice(2, 0, 'serve')
await import('../dist/sandbox/cli.js')
