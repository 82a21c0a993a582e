import type { FrameName } from '../../contract/index.ts'
import type { FrameMachine } from '../machine.ts'
import { authMachine } from './auth.ts'
import { checkMachine } from './check.ts'
import { connectMachine } from './connect.ts'
import { resetMachine } from './reset.ts'

/** Every frame's machine, by frame name (the page and the node driver look them up here). */
export const frameMachines: Partial<Record<FrameName, FrameMachine<any, any, any>>> = {
  auth: authMachine,
  check: checkMachine,
  connect: connectMachine,
  reset: resetMachine,
}
