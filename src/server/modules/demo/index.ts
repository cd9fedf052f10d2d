import "server-only";
// The demo module's public face: everything outside src/server/modules/demo imports from here (README.md).

export { seedDemoData } from "./seed-demo";
