/**
 * What `npm run bench` drives in-process: the reference merchant and the merchant suite's own
 * functions, so per-request costs can be measured without process start-up. Not part of the CLI.
 */
export { startMockMerchant } from './mock/merchant/server.js';
export { send, closeAgents } from './http/send.js';
export { merchantPlan, sampleOrderSources } from './merchant/plan.js';
export { runPlan } from './engine/run-plan.js';
export { orderIdFactory } from './merchant/context.js';
export { cartSourceOf } from './merchant/cart-source.js';
export { defaultConfig } from './config/defaults.js';
export { runCartCase } from './merchant/cart-case.js';
export { cartRequest } from './merchant/requests.js';
export { fuzzBodies } from './fuzz/bodies.js';
export { fuzzCases } from './fuzz/fuzz-case.js';
export { runProperty } from './fuzz/property-run.js';
export { sendFuzzCase } from './fuzz/send-case.js';
