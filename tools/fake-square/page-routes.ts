// The fake's seller-side pages a person opens from the product: a plan's checkout link
// (`/checkout/<plan>`, what Subscribe Now opens on a demo plan) and a subscription's page on the
// dashboard (`/dashboard/subscriptions/<id>`, the Manage link). Pages to look at: nothing is charged.
import type http from "node:http";
import type { FakeState } from "./state";

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Fake Square – ${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#f4f4f5;color:#18181b;display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#fff;border-radius:12px;padding:2rem;max-width:28rem;box-shadow:0 2px 12px #0002}</style></head>
<body><main><h1>${escape(title)}</h1>${body}</main></body></html>`;
}

function send(res: http.ServerResponse, status: number, html: string): void {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8" }).end(html);
}

/** Answers the fake's pages; false for any other request. */
export async function handlePages(state: FakeState, req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<boolean> {
  if (req.method !== "GET") return false;
  const checkout = /^\/checkout\/([^/]+)$/.exec(url.pathname);
  if (checkout) {
    const plan = decodeURIComponent(checkout[1]!);
    send(
      res,
      200,
      page(
        "Secure checkout",
        `<p>Subscribe to the <strong>${escape(plan)}</strong> plan.</p><p>This is the demo's fake Square: nothing is charged here. A real checkout takes the card and Square reports the new subscription to the portal.</p>`,
      ),
    );
    return true;
  }
  const dashboard = /^\/dashboard\/subscriptions\/([^/]+)$/.exec(url.pathname);
  if (dashboard) {
    const id = decodeURIComponent(dashboard[1]!);
    const subscription = state.data.subscriptions.find((s) => s.id === id);
    if (!subscription) {
      send(res, 404, page("Subscription not found", `<p>No subscription ${escape(id)} on this fake Square.</p>`));
      return true;
    }
    send(
      res,
      200,
      page(
        "Subscription",
        `<p>${escape(subscription.id)}</p><p>Status: <strong>${escape(subscription.status)}</strong></p><p>Paid through ${escape(subscription.charged_through_date ?? "—")}</p><p>This is the demo's fake Square dashboard.</p>`,
      ),
    );
    return true;
  }
  return false;
}
