import type { FrameName } from '#contract/index.ts'
import type { FrameMachine } from '../machine.ts'
import { addCardMachine } from './add-card.ts'
import { applePayMachine } from './apple-pay.ts'
import { authMachine } from './auth.ts'
import { buyButtonMachine } from './buy-button.ts'
import { buyMachine } from './buy.ts'
import { challengeMachine } from './challenge.ts'
import { checkMachine } from './check.ts'
import { connectMachine } from './connect.ts'
import { customerExportMachine } from './customer-export.ts'
import { googlePayMachine } from './google-pay.ts'
import { resetMachine } from './reset.ts'
import { widgetFallbackMachine, widgetMachine } from './widget.ts'

/** Every frame's machine, by frame name (the page and the node driver look them up here). */
export const frameMachines: Partial<Record<FrameName, FrameMachine<any, any, any>>> = {
  'add-card': addCardMachine,
  'apple-pay': applePayMachine,
  auth: authMachine,
  buy: buyMachine,
  'buy-button': buyButtonMachine,
  challenge: challengeMachine,
  check: checkMachine,
  connect: connectMachine,
  'customer-export': customerExportMachine,
  'google-pay': googlePayMachine,
  reset: resetMachine,
  widget: widgetMachine,
  'widget-fallback': widgetFallbackMachine,
}
