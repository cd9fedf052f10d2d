// Imported first by every schema module. Zod probes for eval support with `Function("")` when it
// builds an object schema; our Content-Security-Policy has no 'unsafe-eval', so the browser blocks
// the probe and reports a violation on every page with a form. jitless skips the probe (and the
// compiled fast path, which these small forms do not need).
//
// The schemas the browser loads use zod/mini, which (unlike classic zod) sets no locale: without
// English, a check with no message of its own would say only "Invalid input" in the browser and
// something longer on the server. English alone is about 1.5 KB; the locales namespace is every
// language, so this imports the one file.
import { config } from "zod/v4/core";
import en from "zod/v4/locales/en.js";

config({ jitless: true, ...en() });
