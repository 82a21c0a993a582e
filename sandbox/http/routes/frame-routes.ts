import { z } from 'zod'
import { EFFECT_NAMES, FrameInbound, FrameOutbound, jsonAtMost, MAX_FRAME_MESSAGE_CHARS } from '#contract/index.ts'
import { bundleReply } from '../bundle-reply.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'
import { effectHandlers } from '#frames/effects/index.ts'
import { frameExpired } from '#frames/effects/frame-context.ts'
import { droppedSampler, journalsDrop } from '#frames/server/dropped-sampler.ts'
import { frameAssets } from '#frames/server/frame-assets.ts'
import { actionMessage, journalFrameMessage } from '#frames/server/frame-journal.ts'
import { framePageFault, framePageReply, singleValues } from '#frames/server/frame-page.ts'
import { runTicketEffect } from '#frames/server/ticket-effect.ts'
import { parseField } from '../parse-input.ts'
import { reply } from '../plain-http.ts'
import type { FrameRoute, FrameTicketRoute } from '../route.ts'

/**
 * The effect types a page may ask for, the contract's `EffectName`s: a type no frame runs is the request's fault (400),
 * like any unknown name. Checked against the handlers' `Map` (own entries only: never `constructor` or `__proto__`);
 * the effect's fields are parsed by its name's contract schema when it runs (`runEffect`), answering
 * `invalid_request` in the result as in process.
 */
const EffectType = z.string().refine((type) => effectHandlers.has(type), `must be one of ${EFFECT_NAMES.join(', ')}`)

/** What a frame page posts to run the effect its path names: its ticket and the effect's fields (its `type`, if given, the path's). */
const EffectRequest = z.object({
  ticket: z.string().max(8192),
  effect: z.looseObject({ type: z.string().optional() }),
})

/** What a frame page posts to journal a message: its ticket, which way the message went, and the message. */
const JournalRequest = z.object({
  ticket: z.string().max(8192),
  direction: z.enum(['out', 'in', 'dropped', 'action']),
  message: z.unknown().refine(...jsonAtMost('message', MAX_FRAME_MESSAGE_CHARS)),
})

/** A customer action the page reports: its type (the form's `data-action`) and the fields the customer filled in. */
const CustomerAction = z
  .object({ type: z.string().regex(/^[A-Za-z]{1,64}$/) })
  .catchall(z.union([z.string().max(512), z.number(), z.boolean(), z.null()]))

/** Why the page dropped a message, as it reports it (`page/frame-app.ts`). */
const DroppedMessage = z.object({ origin: z.string().max(512), reason: z.string().max(512) })

const effectRoute: FrameTicketRoute<z.output<typeof EffectRequest>> = {
  method: 'POST',
  path: '/__frames/effects/:type',
  family: 'platform',
  operationId: 'runFrameEffect',
  tag: 'Frames origin',
  auth: 'frame-ticket',
  cors: 'none',
  summary:
    "Runs the effect the path names for the frame the body's signed ticket names (a fault or a verification names it by this path)",
  body: EffectRequest,
  journaledBody: ({ effect }) => ({ effect }),
  responses: { 200: { description: 'The effect result, `ok` or not' } },
  handle: async ({ core, tenant, ticket, body, params }) => {
    const type = parseField(EffectType, params.type, 'type')
    if (body.effect.type !== undefined && body.effect.type !== type)
      throw SandboxError.invalidField('effect.type', `effect.type must be the path's, ${type}`)
    return reply(200, await runTicketEffect(core, tenant, ticket, { ...body.effect, type }))
  },
}

/**
 * The frames origin's routes, on the one pipeline: frame pages at `/platform/v1/{frame}` (`/v2/{frame}` → 308), their
 * script and style, and the calls a page makes, each authorized by its signed frame ticket: an effect at
 * `/__frames/effects/{type}` (journaled as a call) and a journal message at `/__frames/event`. A frame page loaded with
 * a token or key of a tenant takes that tenant's injected faults, answered by a page without the frame's script.
 * Made per core: the script is bundled on first request, and dropped messages are counted per core.
 *
 * @example
 * const router = new Router(frameRoutes())
 */
export function frameRoutes(): FrameRoute[] {
  const assets = frameAssets()
  const countDrop = droppedSampler()
  const eventRoute: FrameTicketRoute<z.output<typeof JournalRequest>> = {
    method: 'POST',
    path: '/__frames/event',
    family: 'platform',
    operationId: 'journalFrameMessage',
    tag: 'Frames origin',
    auth: 'frame-ticket',
    cors: 'none',
    journal: 'fault',
    summary:
      "Journals a message of the frame the body's signed ticket names: out (to the host), in, dropped, or a customer action",
    body: JournalRequest,
    responses: { 204: { description: 'Journaled' } },
    handle: ({ tenant, ticket, body }) => {
      if (ticket.exp <= tenant.clock.now())
        throw new SandboxError('unauthorized', frameExpired(ticket.frame, ticket.exp))
      const { direction } = body
      const channelId = String(ticket.params.channelId)
      let dropped: { origin: string; reason: string; count: number } | undefined
      if (direction === 'dropped') {
        dropped = { ...parseField(DroppedMessage, body.message, 'message'), count: countDrop(tenant, channelId) }
        // A flood of foreign messages leaves a sample and a running count, never the partner's own entries pushed out.
        if (!journalsDrop(dropped.count)) return reply(204)
      }
      const message = dropped
        ? { kind: 'dropped', payload: dropped }
        : direction === 'action'
          ? actionMessage(parseField(CustomerAction, body.message, 'message'))
          : parseField(direction === 'out' ? FrameOutbound : FrameInbound, body.message, 'message')
      const session = ticket.session === null ? undefined : { id: ticket.session }
      journalFrameMessage(
        { tenant, frame: ticket.frame, channelId, session, params: ticket.params },
        direction,
        message,
      )
      return reply(204)
    },
  }
  return [
    {
      method: 'GET',
      path: '/v2/:frame',
      family: 'platform',
      operationId: 'redirectLegacyFramePage',
      tag: 'Frames origin',
      auth: 'none',
      cors: 'none',
      summary: 'The legacy path of a frame page: 308 to /platform/v1/{frame}, keeping the query',
      responses: { 308: { description: 'Moved' } },
      handle: ({ request, params }) => {
        if (!/^[a-z-]{1,32}$/.test(params.frame!))
          throw new SandboxError('not_found', `No frame ${params.frame}; frames live at /platform/v1/{frame}`)
        const search = new URLSearchParams(singleValues(request.query)).toString()
        return reply(308, undefined, { location: `/platform/v1/${params.frame}${search ? `?${search}` : ''}` })
      },
    },
    {
      method: 'GET',
      path: '/platform/v1/:frame',
      family: 'platform',
      operationId: 'getFramePage',
      tag: 'Frames origin',
      auth: 'frame-page',
      cors: 'none',
      journal: 'fault',
      summary:
        'A frame page: its config (ticket, parameters) or the error it will post, under a CSP naming who may embed it',
      responses: { 200: { description: 'The frame page (HTML)' } },
      faultPage: (fault, { request, embedding }) => framePageFault(fault, request.path, embedding),
      handle: ({ request, frame, embedding }) => framePageReply(frame, request, embedding),
    },
    {
      method: 'GET',
      path: '/__frames/app.js',
      family: 'platform',
      operationId: 'getFrameScript',
      tag: 'Frames origin',
      auth: 'none',
      cors: 'none',
      summary: "The frame page's script (bundled on first request)",
      responses: { 200: { description: 'JavaScript' } },
      handle: async ({ request }) => bundleReply(request, await assets.script()),
    },
    {
      method: 'GET',
      path: '/__frames/frame.css',
      family: 'platform',
      operationId: 'getFrameStyle',
      tag: 'Frames origin',
      auth: 'none',
      cors: 'none',
      summary: "The frame page's style",
      responses: { 200: { description: 'CSS' } },
      handle: () => reply(200, assets.style, { 'content-type': 'text/css; charset=utf-8' }),
    },
    effectRoute,
    eventRoute,
  ]
}
