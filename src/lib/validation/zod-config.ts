// Imported first by every schema module. Zod probes for eval support with `Function("")` when it
// builds an object schema; our Content-Security-Policy has no 'unsafe-eval', so the browser blocks
// the probe and reports a violation on every page with a form. jitless skips the probe (and the
// compiled fast path, which these small forms do not need).
import { config } from "zod/v4/core";

config({ jitless: true });
