import { afterEach, describe, expect, it } from "vitest";
import { CONNECTED_TEXT, oauthResultFrom } from "@/features/square/components/oauth-result";
import { squareSubscriptionDashboardUrl, squareSubscriptionsDashboardUrl } from "@/features/square/server";

const params = (query: string) => new URLSearchParams(query);

describe("dashboard banner after the Square flow", () => {
  it("shows our own success sentence, whatever the message says", () => {
    expect(oauthResultFrom(params("oauth_status=success&message=Click+evil.example+now"))).toEqual({
      tone: "success",
      text: CONNECTED_TEXT,
    });
  });

  it("turns the reason's underscores into spaces, defaulting to unknown_error", () => {
    expect(oauthResultFrom(params("oauth_status=error&message=access_denied"))).toEqual({
      tone: "error",
      text: "OAuth failed: access denied",
    });
    expect(oauthResultFrom(params("oauth_status=error&message=token_exchange_failed"))!.text).toBe("OAuth failed: token exchange failed");
    expect(oauthResultFrom(params("oauth_status=error"))!.text).toBe("OAuth failed: unknown error");
    // Anything that is not a reason code is not echoed back.
    expect(oauthResultFrom(params("oauth_status=error&message=Your+account+is+locked,+call+555"))!.text).toBe(
      "OAuth failed: unknown error",
    );
  });

  it("shows nothing without oauth_status", () => {
    expect(oauthResultFrom(params("message=access_denied"))).toBeNull();
  });
});

describe("links to Square's dashboard", () => {
  afterEach(() => {
    delete process.env.SQUARE_ENVIRONMENT;
  });

  it("use the sandbox dashboard unless the environment is production, and encode the id", () => {
    expect(squareSubscriptionsDashboardUrl()).toBe("https://app.squareupsandbox.com/dashboard/subscriptions");
    process.env.SQUARE_ENVIRONMENT = "production";
    expect(squareSubscriptionDashboardUrl("sub/1?x")).toBe("https://app.squareup.com/dashboard/subscriptions/sub%2F1%3Fx");
  });
});
