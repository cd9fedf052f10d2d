import "server-only";
// The demo module's public face: everything outside src/features/demo/server imports from here (README.md).

export { seedDemoData } from "./seed-demo";
export { pointDemoConnections } from "./demo-services";
export { DEMO_DEAD_DELIVERY_ID, seedDemoDeadLetter } from "./demo-dead-letter";
