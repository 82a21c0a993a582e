/**
 * What `ramp-sandbox --help` prints. Apart from the command so the command-line section of docs/cli.md is generated from it
 * (`npm run docs:readme`) without starting anything.
 *
 * @example
 * process.stdout.write(`${USAGE}\n`)
 */
export const USAGE = `Usage: ramp-sandbox [command] [options]

Commands (no command means serve):
  serve      Serve the API (default http://127.0.0.1:4010) and frames (http://127.0.0.1:4011)
  fixtures   Print the seeded catalog (currencies and price table) as JSON
  record     Turn a tenant's journal into a scenario file that replays it: record --key sk_test_x [--api URL] [--title T] [--out FILE]
  scenarios  Run scenario files (default scenarios/**/*.scenario.{ts,js,mjs}): scenarios --help

Options (serve; env in brackets):
  --host <host>          Interface to listen on [RAMP_SANDBOX_HOST] (default 127.0.0.1)
  --port <n>             API port [RAMP_SANDBOX_PORT] (default 4010; 0 picks a free one)
  --frames-port <n>      Frames port [RAMP_SANDBOX_FRAMES_PORT] (default 4011)
  --seed <n>             Fixture seed [RAMP_SANDBOX_SEED] (default 1)
  --frozen-clock [ISO]   Freeze tenant clocks at ISO (default 2026-01-01T00:00:00.000Z); they move only by
                         POST /__sandbox/clock/advance [RAMP_SANDBOX_FROZEN_CLOCK=1 or =ISO].
                         Without it clocks start at the current wall time and run in real time.
  --realtime-clock       The default (wall-time clocks); kept for older scripts
  --strict-deprecations  Retire deprecated items [RAMP_SANDBOX_STRICT_DEPRECATIONS=1]
  --journal-size <n>     Entries kept per tenant journal (default 1000)
  --secret <hex>         Signing secret, 32-128 hex digits [RAMP_SANDBOX_SECRET] (default: random at start;
                         fix it for signatures that are the same run after run; tokens also name the run,
                         so keep them across restarts with --state-file)
  --state-file <path>    Keep every account's state (data, clocks, settings, faults, journal, signing
                         secret) in this file: restored at start, saved atomically after changes and on
                         exit [RAMP_SANDBOX_STATE_FILE]
  --max-accounts <n>     Accounts kept at once (default 2000) [RAMP_SANDBOX_MAX_ACCOUNTS]; past it the least
                         recently used idle one is forgotten, and a new account gets 429 while all are active
  --active-minutes <n>   An account used within this many minutes is active: never forgotten for another
                         (default 10) [RAMP_SANDBOX_ACTIVE_MINUTES]
  --allow-host <name>    A Host name the servers answer besides IP addresses, localhost and --host (others
                         get 421, against DNS rebinding): e.g. the container's service name; .example.test
                         for it and its subdomains, * for any; repeat it or give a comma-separated list
                         [RAMP_SANDBOX_ALLOW_HOSTS]
  --webhook-allow-host <host>
                         A host besides loopback that webhook endpoints may name; repeat it or give a
                         comma-separated list [RAMP_SANDBOX_WEBHOOK_ALLOW_HOSTS]
  --log [json]           One line per request on stdout: METHOD path status tenant ms, or JSON lines
                         with --log json [RAMP_SANDBOX_LOG=1 or =json]
  --stall-report-seconds <n>
                         Report on stderr an event loop held longer than this, with the method and path
                         of the requests in flight (default 3; 0 turns it off) [RAMP_SANDBOX_STALL_REPORT_SECONDS]
  -h, --help             Show this help`
