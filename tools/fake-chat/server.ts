// A fake Slack and Microsoft Teams for tests: a plain Node HTTP server on loopback with the two
// kinds of incoming webhook the product posts chat messages to (tools/fake-chat/README.md). Never
// imported by src/. Webhooks are registered through the returned object, as a workspace admin
// would make one, and what each webhook got is kept for the test to read.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { ChatContext, ReceivedMessage, RefusedRequest } from "./context";
import { HookRegistry, TEAMS_PATH } from "./hooks";
import { text } from "./http";
import { type Rate, SLACK_RATE, TEAMS_RATE } from "./rate";
import { handleSlack } from "./slack";
import { handleTeams } from "./teams";

export type { ReceivedMessage, RefusedRequest } from "./context";
export type { Rate } from "./rate";

export type FakeChatOptions = {
  port?: number;
  host?: string;
  /** The clock the rate limits run on (milliseconds); a test moves it rather than sleeping. */
  now?: () => number;
  /** Defaults for new webhooks (Slack: 1 a second, bursts of 3; Teams: 4 a second). */
  slackRate?: Rate;
  teamsRate?: Rate;
  log?: boolean;
};

export type FakeChat = {
  url: string;
  port: number;
  /** A new Slack incoming webhook (with the given team, bot and secret, e.g. the demo's); its URL. */
  addSlackHook: (options?: { rate?: Partial<Rate>; named?: { team: string; bot: string; secret: string } }) => string;
  /** Its channel archived: Slack answers 410 channel_is_archived. */
  archiveSlackHook: (url: string) => void;
  /** Removed by the workspace: Slack answers 404 no_service. */
  removeSlackHook: (url: string) => void;
  /** A new Teams Workflows webhook; its URL, `sig` included. */
  addTeamsHook: (options?: { rate?: Partial<Rate> }) => string;
  /** The flow deleted: 404 WorkflowNotFound. */
  removeTeamsHook: (url: string) => void;
  /** Every message accepted, oldest first (`url` without its query). */
  received: ReceivedMessage[];
  /** The messages one webhook accepted, given its URL as registered. */
  messagesTo: (url: string) => ReceivedMessage[];
  /** Every request turned away, with its status and error name. */
  refused: RefusedRequest[];
  close: () => Promise<void>;
};

export async function startFakeChat(options: FakeChatOptions = {}): Promise<FakeChat> {
  const now = options.now ?? Date.now;
  const ctx: ChatContext = {
    hooks: new HookRegistry(now, options.slackRate ?? SLACK_RATE, options.teamsRate ?? TEAMS_RATE),
    now,
    base: "",
    received: [],
    refused: [],
  };

  async function route(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
    if (url.pathname.startsWith("/services/")) return handleSlack(ctx, req, res, url);
    if (TEAMS_PATH.test(url.pathname)) return handleTeams(ctx, req, res, url);
    req.resume();
    text(res, 404, "not_found");
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake.local");
    if (options.log) console.info(`[fake-chat] ${req.method} ${url.pathname}`);
    route(req, res, url).catch((error) => {
      console.error("[fake-chat] handler failed:", error);
      if (!res.headersSent) text(res, 500, "rollup_error");
      else res.end();
    });
  });

  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  ctx.base = `http://${host}:${port}`;
  const pathOf = (url: string) => `${ctx.base}${new URL(url).pathname}`;

  return {
    url: ctx.base,
    port,
    addSlackHook: (hook) => ctx.hooks.addSlack(ctx.base, hook?.rate, hook?.named),
    archiveSlackHook: (url) => void (ctx.hooks.slackByUrl(url).state = "archived"),
    removeSlackHook: (url) => void (ctx.hooks.slackByUrl(url).state = "removed"),
    addTeamsHook: (hook) => ctx.hooks.addTeams(ctx.base, hook?.rate),
    removeTeamsHook: (url) => void (ctx.hooks.teamsByUrl(url).removed = true),
    received: ctx.received,
    messagesTo: (url) => ctx.received.filter((m) => m.url === pathOf(url)),
    refused: ctx.refused,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
