import { demoFlowMatrix } from '#testing/demo/demo-flow-matrix.ts'

// Every flow of the menu and the extra runs at 1024×768 in the light theme (the Done-when matrix of issue 42; the driver says how each runs).
demoFlowMatrix({ width: 1024, height: 768 }, 'light')
