// What the handlers share: the state, the clock, the server's own address, and the record of webhook
// deliveries (with the ones still under way, so a test can wait for them).
import type { GitLabState, User } from "./state";
import type { Delivery } from "./webhook";

export type GitLabContext = {
  state: GitLabState;
  now: () => number;
  /** The server's origin, known once it listens: web_url, _links and the Link header are built on it. */
  base: string;
  /** Every delivery made, oldest first. */
  deliveries: Delivery[];
  pending: Set<Promise<Delivery[]>>;
  /** The person who closes and reopens issues "on gitlab.com" in the control methods and pages. */
  maintainer: User;
  log: boolean;
};
