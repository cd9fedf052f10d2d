// What the handlers share: the webhooks, the clock, and the record of what came in.
import type { HookRegistry } from "./hooks";

/** A message the service would have posted: its webhook's URL and the parsed body. */
export type ReceivedMessage = { kind: "slack" | "teams"; url: string; body: Record<string, unknown>; at: Date };
/** A request the fake turned away, with the status and the error name the service answers. */
export type RefusedRequest = { kind: "slack" | "teams"; path: string; status: number; error: string };

export type ChatContext = {
  hooks: HookRegistry;
  now: () => number;
  /** The server's own origin, known once it listens. */
  base: string;
  received: ReceivedMessage[];
  refused: RefusedRequest[];
};
