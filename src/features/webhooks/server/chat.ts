import "server-only";

// The message a Slack or Microsoft Teams incoming webhook gets: one line (an event's chat text, a
// finding's severity and title at most) and a link into the portal. Nothing else of a finding.

/** Slack's link syntax needs <, > and & written as entities in the text around it. */
const slackEscape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export function chatBody(kind: "slack" | "teams", text: string, link: string): Record<string, unknown> {
  if (kind === "slack") return { text: `${slackEscape(text)} <${link}|Open in the portal>` };
  // Teams (Workflows' "When a Teams webhook request is received"): an Adaptive Card.
  return {
    type: "message",
    attachments: [
      {
        contentType: "application/vnd.microsoft.card.adaptive",
        content: {
          $schema: "http://adaptivecards.io/schemas/adaptive-card.json",
          type: "AdaptiveCard",
          version: "1.4",
          body: [{ type: "TextBlock", text, wrap: true }],
          actions: [{ type: "Action.OpenUrl", title: "Open in the portal", url: link }],
        },
      },
    ],
  };
}
