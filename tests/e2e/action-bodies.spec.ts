// A server action's body React cannot decode, sent to the production server: the proxy answers 400
// with a sentence before Next's decoder would answer 500 (src/server/core/action-reply.ts). The
// action's id and headers are those the login form really sends; its own body still goes through.
import { expect, test } from "./fixtures";

test("undecodable server-action bodies are a 400, the form's own body still reaches its action", async ({ page }) => {
  await page.goto("/client-portal");
  await expect(page.getByRole("button", { name: "Login" })).toBeEnabled();
  await page.getByLabel("Email").fill(`action-bodies-${Date.now()}@example.com`);
  await page.getByLabel("Password").fill("not-the-password");
  const sent = page.waitForRequest((request) => request.method() === "POST" && Boolean(request.headers()["next-action"]));
  await page.getByRole("button", { name: "Login" }).click();
  const request = await sent;
  await expect(page.getByText("Invalid email or password")).toBeVisible();

  const answers = await page.evaluate(
    async ({ url, headers, own }) => {
      // Form data brings its own multipart type; text goes as the form sent it.
      const send = async (body: string | FormData) => {
        const kept = Object.entries(headers).filter(([key]) => typeof body === "string" || key !== "content-type");
        const response = await fetch(url, { method: "POST", headers: Object.fromEntries(kept), body });
        const text = await response.text();
        return `${response.status} ${response.status === 400 ? text : ""}`.trim();
      };
      const noArguments = new FormData();
      noArguments.set("1", "[]");
      const notAFile = new FormData();
      notAFile.set("1", "text");
      notAFile.set("0", '["$B1"]');
      return {
        own: await send(own),
        missingField: await send('["$1"]'),
        badPath: await send('[{"a":1},"$0:0:constructor"]'),
        badBigInt: await send('[{"email":"$nabc"}]'),
        notAnArray: await send('"x"'),
        noArguments: await send(noArguments),
        notAFile: await send(notAFile),
      };
    },
    {
      url: request.url(),
      headers: Object.fromEntries(
        Object.entries(request.headers()).filter(([key]) => key.startsWith("next-") || key === "content-type" || key === "accept"),
      ),
      own: request.postData()!,
    },
  );
  const refused = `400 ${JSON.stringify({ success: false, error: "The request could not be read. Reload the page and try again." })}`;
  expect(answers).toEqual({
    own: "200",
    missingField: refused,
    badPath: refused,
    badBigInt: refused,
    notAnArray: refused,
    noArguments: refused,
    notAFile: refused,
  });
});
