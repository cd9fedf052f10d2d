// The webhooks the fake knows, as each service issues them: a Slack URL names its workspace (T…),
// its webhook (B…) and a secret; a Teams Workflows URL names its workflow and carries its
// signature in the `sig` query parameter. Both URLs are the only credential, so they are random.
import { randomBytes } from "node:crypto";
import { type Rate, TokenBucket } from "./rate";

export type SlackHook = {
  team: string;
  bot: string;
  secret: string;
  state: "active" | "archived" | "removed";
  bucket: TokenBucket;
};
export type TeamsHook = { workflowId: string; sig: string; removed: boolean; bucket: TokenBucket };

const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const ALNUM_MIXED = `${ALNUM}abcdefghijklmnopqrstuvwxyz`;
const randomOf = (alphabet: string, length: number) => [...randomBytes(length)].map((b) => alphabet[b % alphabet.length]).join("");

/** `/services/T…/B…/secret`; the Teams path in Logic Apps' form or the newer Power Platform one. */
export const SLACK_PATH = /^\/services\/(T[A-Z0-9]+)\/(B[A-Z0-9]+)\/([A-Za-z0-9]+)$/;
export const TEAMS_PATH = /^(?:\/powerautomate\/automations\/direct)?\/workflows\/([A-Za-z0-9]+)\/triggers\/manual\/paths\/invoke$/;

export class HookRegistry {
  private readonly slack = new Map<string, SlackHook>();
  private readonly teams = new Map<string, TeamsHook>();

  constructor(
    private readonly now: () => number,
    private readonly slackRate: Rate,
    private readonly teamsRate: Rate,
  ) {}

  addSlack(base: string, rate?: Partial<Rate>, named?: { team: string; bot: string; secret: string }): string {
    const hook: SlackHook = {
      team: named?.team ?? `T${randomOf(ALNUM, 10)}`,
      bot: named?.bot ?? `B${randomOf(ALNUM, 10)}`,
      secret: named?.secret ?? randomOf(ALNUM_MIXED, 24),
      state: "active",
      bucket: new TokenBucket({ ...this.slackRate, ...rate }, this.now()),
    };
    this.slack.set(`${hook.team}/${hook.bot}`, hook);
    return `${base}/services/${hook.team}/${hook.bot}/${hook.secret}`;
  }

  addTeams(base: string, rate?: Partial<Rate>): string {
    const hook: TeamsHook = {
      workflowId: randomBytes(16).toString("hex"),
      sig: randomBytes(32).toString("base64url"),
      removed: false,
      bucket: new TokenBucket({ ...this.teamsRate, ...rate }, this.now()),
    };
    this.teams.set(hook.workflowId, hook);
    const query = new URLSearchParams({ "api-version": "2016-06-01", sp: "/triggers/manual/run", sv: "1.0", sig: hook.sig });
    return `${base}/workflows/${hook.workflowId}/triggers/manual/paths/invoke?${query}`;
  }

  /** The Slack webhook a path names, whatever its secret (the caller compares it). */
  slackAt(path: string): { hook: SlackHook | undefined; secret: string } | null {
    const match = SLACK_PATH.exec(path);
    return match ? { hook: this.slack.get(`${match[1]}/${match[2]}`), secret: match[3]! } : null;
  }

  teamsAt(path: string): TeamsHook | undefined {
    const match = TEAMS_PATH.exec(path);
    return match ? this.teams.get(match[1]!) : undefined;
  }

  /** A registered Slack webhook by its URL, for the control methods (a test's mistake throws). */
  slackByUrl(url: string): SlackHook {
    const hook = this.slackAt(new URL(url).pathname)?.hook;
    if (!hook) throw new Error(`fake-chat: no Slack webhook ${url}`);
    return hook;
  }

  teamsByUrl(url: string): TeamsHook {
    const hook = this.teamsAt(new URL(url).pathname);
    if (!hook) throw new Error(`fake-chat: no Teams webhook ${url}`);
    return hook;
  }
}
