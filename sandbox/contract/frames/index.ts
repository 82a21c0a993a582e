/** Wire shapes of the frames: the postMessage envelope and every event in both directions. */
export * from './envelope.ts'
export * from './frame-events.ts'
export * from './frame-params.ts'
