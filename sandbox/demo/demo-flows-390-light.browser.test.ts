import { demoFlowMatrix } from '#testing/demo/demo-flow-matrix.ts'

// Every flow of the menu and the extra runs at 390 px in the light theme (the Done-when matrices of issues 22 and 42; the driver says how each runs).
demoFlowMatrix({ width: 390, height: 844 }, 'light')
