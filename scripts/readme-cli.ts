import { SCENARIOS_USAGE } from '#harness/cli/scenarios-command.ts'
import { USAGE } from '../sandbox/cli-usage.ts'

/**
 * The command-line section of docs/cli.md: what `ramp-sandbox --help` and `ramp-sandbox scenarios --help` print, so no flag
 * can be missing from it.
 *
 * @example
 * withSection(readme, 'cli', cliSection())
 */
export function cliSection(): string {
  return [
    '`ramp-sandbox --help`:',
    '',
    '```',
    USAGE,
    '```',
    '',
    '`ramp-sandbox scenarios --help`:',
    '',
    '```',
    SCENARIOS_USAGE,
    '```',
  ].join('\n')
}
