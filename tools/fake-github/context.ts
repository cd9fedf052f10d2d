// What the handlers share: the state, the clock, the server's own address, the secondary limit, and
// the record of webhook deliveries (with the ones still under way, so a test can wait for them).
import type { SecondaryLimit } from "./rate";
import type { Actor, GitHubState } from "./state";
import type { Delivery } from "./webhook";

export type GitHubContext = {
  state: GitHubState;
  now: () => number;
  /** The server's origin, known once it listens: API URLs and html_url are built on it. */
  base: string;
  secondary: SecondaryLimit;
  /** Every delivery made, oldest first. */
  deliveries: Delivery[];
  pending: Set<Promise<Delivery[]>>;
  /** The person who closes and reopens issues "on github.com" in the control methods and pages. */
  maintainer: Actor;
  log: boolean;
};
