// What the demo data set and the demo services `npm start` runs (docs/DEPLOYMENT.md#demo-services)
// agree on beyond the trackers' and single sign-on's own constants: Acme's chat channel and webhook
// receiver, and the fake Square's demo authorization. No imports, so the fakes' CLIs can read it.
// Demo-only values: they open nothing real.

/** Acme's Slack channel (a chat endpoint), posted to on the fake chat. */
export const DEMO_CHAT_ENDPOINT_ID = "00000000-0000-4000-8000-a7000000b002";
export const DEMO_CHAT_SLACK_HOOK = { team: "T0DEMOACME", bot: "B0DEMOSECU", secret: "demoAcmeSecurityChannelHook0" } as const;
export const demoChatSlackPath = () => `/services/${DEMO_CHAT_SLACK_HOOK.team}/${DEMO_CHAT_SLACK_HOOK.bot}/${DEMO_CHAT_SLACK_HOOK.secret}`;

/** Where Acme's webhook endpoint delivers on the demo receiver. */
export const DEMO_WEBHOOK_RECEIVER_PATH = "/acme/security-portal";

/** The fake Square's authorization of the demo's Square connection: the fake starts knowing these tokens. */
export const DEMO_SQUARE_ACCESS_TOKEN = "EAAAfakeDemoAccessTokenForTheLocalFakeSquareOnly000000000000";
export const DEMO_SQUARE_REFRESH_TOKEN = "EQAAfakeDemoRefreshTokenForTheLocalFakeSquareOnly00000000000";

/** A demo plan's checkout page on the fake Square (Subscribe Now opens it). */
export const demoCheckoutPath = (tierName: string) => `/checkout/${encodeURIComponent(tierName.toLowerCase())}`;

/** The fake Square's merchant (tools/fake-square/fixtures.ts, FAKE_MERCHANT_ID): the demo connection's. */
export const DEMO_SQUARE_MERCHANT_ID = "MLFAKE7DEMO01";

/** A demo plan's variation at the fake Square (tools/fake-square/fixtures.ts: Acme's subscription is PLANFAKEPRO). */
export const demoPlanVariationOf = (tierName: string) => `PLANFAKE${tierName.slice(0, 3).toUpperCase()}`;
