/** Wire shapes of the frames: the postMessage envelope, every event in both directions, and the effects frames ask of the sandbox. */
export * from './envelope.ts'
export * from './frame-events.ts'
export * from './frame-params.ts'
export * from './frame-effects.ts'
