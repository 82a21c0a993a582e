import type { FrameName } from '../../contract/index.ts'
import type { FrameMachine } from '../machine.ts'
import { addCardMachine } from './add-card.ts'
import { authMachine } from './auth.ts'
import { checkMachine } from './check.ts'
import { connectMachine } from './connect.ts'
import { customerExportMachine } from './customer-export.ts'
import { resetMachine } from './reset.ts'
import { widgetFallbackMachine, widgetMachine } from './widget.ts'

/** Every frame's machine, by frame name (the page and the node driver look them up here). */
export const frameMachines: Partial<Record<FrameName, FrameMachine<any, any, any>>> = {
  'add-card': addCardMachine,
  auth: authMachine,
  check: checkMachine,
  connect: connectMachine,
  'customer-export': customerExportMachine,
  reset: resetMachine,
  widget: widgetMachine,
  'widget-fallback': widgetFallbackMachine,
}
