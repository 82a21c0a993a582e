import { demoFlowMatrix } from '#testing/demo/demo-flow-matrix.ts'

// Every flow of the menu and the extra runs at 1440 px in the dark theme (the Done-when matrices of issues 22 and 42; the driver says how each runs).
demoFlowMatrix({ width: 1440, height: 900 }, 'dark')
