// What the handlers share: the state, the clock, the site's address, each account's rate window,
// and the record of webhook deliveries (with those under way, so a test can wait for them).
import type { RateWindow } from "./rate";
import type { JiraState, User } from "./state";
import type { Delivery } from "./webhook";

export type JiraContext = {
  state: JiraState;
  now: () => number;
  base: string;
  rateLimit: number;
  windows: Map<string, RateWindow>;
  deliveries: Delivery[];
  pending: Set<Promise<Delivery[]>>;
  /** The site's administrator, who moves issues in the fake's pages and control methods. */
  admin: User;
  log: boolean;
};
