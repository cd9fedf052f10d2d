// The dashboard's ?oauth_status=…&message=… after the Square flow, as banner text (docs/PRODUCT.md#square-connection).
// The message comes from a URL anyone can craft: a success shows our own sentence, an error only
// a reason that looks like one (letters and underscores), never arbitrary text.

export type OAuthResult = { tone: "success" | "error"; text: string };

export const CONNECTED_TEXT = "Square account connected successfully!";

export function oauthResultFrom(params: { get: (name: string) => string | null }): OAuthResult | null {
  const status = params.get("oauth_status");
  if (status === "success") return { tone: "success", text: CONNECTED_TEXT };
  if (status !== "error") return null;
  const message = params.get("message") ?? "";
  const reason = /^[a-z_]{1,64}$/.test(message) ? message : "unknown_error";
  return { tone: "error", text: `OAuth failed: ${reason.replaceAll("_", " ")}` };
}
