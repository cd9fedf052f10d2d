// Scripts, benches and tools run the server's modules outside Next (`tsx --import
// ./scripts/no-server-only.mjs <file>`): there `server-only`, which throws outside React Server
// Components, is an empty module, as in the tests (vitest.config.ts). Not the react-server
// condition instead: under it React has no HTML renderer, and the mails are rendered with React
// (src/server/core/mail/layout.tsx).
import { register } from "node:module";

register("./no-server-only-hooks.mjs", import.meta.url);
