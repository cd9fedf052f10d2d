import "server-only";
import { randomBytes } from "node:crypto";
import http from "node:http";
import { currentPeerNonce, PEER_HEADER, PEER_NONCE_KEY } from "./client-address";

/**
 * Makes sure every request carries the socket stamp that src/proxy.ts trusts (see
 * client-address.ts). scripts/start.mjs stamps in its own server and sets the nonce before Next
 * starts; under `next start` (or `next dev`) nobody did, so stamp in every node:http server of this
 * process instead. Without this, `next start` would leave proxy.ts nothing but the
 * client-written X-Forwarded-For. Returns who stamps, for the start-up log.
 */
export function ensurePeerStamp(): "start-script" | "in-process hook" {
  if (currentPeerNonce()) return "start-script";
  const nonce = randomBytes(24).toString("base64url");
  (globalThis as Record<symbol, string>)[PEER_NONCE_KEY] = nonce;
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function emitWithPeerStamp(this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      const request = args[0] as http.IncomingMessage;
      request.headers[PEER_HEADER] = `${nonce} ${request.socket?.remoteAddress ?? ""}`;
    }
    return emit.apply(this, [event, ...args] as Parameters<typeof emit>);
  } as typeof emit;
  return "in-process hook";
}
