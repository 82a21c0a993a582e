import { demoFlowMatrix } from '#testing/demo/demo-flow-matrix.ts'

// Every flow of the menu at 1440 px in the light theme (the Done-when matrix of issue 22; the driver says how each runs).
demoFlowMatrix({ width: 1440, height: 900 }, 'light')
