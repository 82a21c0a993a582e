import { demoFlowMatrix } from '#testing/demo/demo-flow-matrix.ts'

// Every flow of the menu at 390 px in the dark theme (the Done-when matrix of issue 22; the driver says how each runs).
demoFlowMatrix({ width: 390, height: 844 }, 'dark')
