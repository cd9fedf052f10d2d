// The code box of the public letter pages (docs/PRODUCT.md#verifying-a-letter): the 404 of an
// unknown code offers it, and `/verify?code=` opens the letter's page for a code as typed, or asks
// again saying why.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import LetterNotFound from "@/app/verify/[code]/not-found";
import VerifyCodePage from "@/app/verify/page";

/** The redirect Next throws, as its address; null when the page rendered. */
async function openWith(code?: string): Promise<{ location: string | null; html: string }> {
  try {
    const element = await VerifyCodePage({ searchParams: Promise.resolve(code === undefined ? {} : { code }) });
    return { location: null, html: renderToStaticMarkup(element) };
  } catch (error) {
    const digest = (error as { digest?: string }).digest ?? "";
    if (!digest.startsWith("NEXT_REDIRECT")) throw error;
    return { location: digest.split(";")[2] ?? "", html: "" };
  }
}

describe("the letter code box", () => {
  it("is on the 404 of an unknown code: a GET form to /verify with a labelled box", () => {
    const html = renderToStaticMarkup(createElement(LetterNotFound));
    expect(html).toContain("No letter has this code");
    const form = html.match(/<form[^>]*>/)![0];
    for (const attribute of ['action="/verify"', 'method="get"', 'aria-label="Check a letter"']) expect(form).toContain(attribute);
    expect(html).toMatch(/<label for="letter-code"[^>]*>Letter code<\/label>/);
    expect(html).toMatch(/<input[^>]*name="code"/);
    expect(html).toContain(">Check</button>");
  });

  it("opens the letter's page for a code as typed: any case, with or without its hyphen", async () => {
    expect((await openWith("abcde-fghjk")).location).toBe("/verify/ABCDE-FGHJK");
    expect((await openWith(" ABCDEFGHJK ")).location).toBe("/verify/ABCDE-FGHJK");
  });

  it("asks again for what cannot be a code, and offers the box without one", async () => {
    const wrong = await openWith("hello");
    expect(wrong.location).toBeNull();
    expect(wrong.html).toContain("That is not a letter code: ten letters and digits, as printed on the letter.");
    expect(wrong.html).toContain('value="hello"');
    const empty = await openWith();
    expect(empty.html).toContain("Verify an attestation letter");
    expect(empty.html).not.toContain('role="alert"');
  });
});
