import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { THEME_BUTTON_ATTRIBUTE, THEME_SCRIPT, THEME_SCRIPT_SHA256, THEME_STORAGE_KEY } from "@/lib/theme";

describe("the theme script", () => {
  it("is allowed by the hash the dynamic pages' policy lists: the SHA-256 of its exact text", () => {
    const hash = `sha256-${createHash("sha256").update(THEME_SCRIPT, "utf8").digest("base64")}`;
    expect(THEME_SCRIPT_SHA256).toBe(hash);
  });

  it("reads the key and the button attribute the rest of the code names", () => {
    expect(THEME_SCRIPT).toContain(`localStorage.getItem("${THEME_STORAGE_KEY}")`);
    expect(THEME_SCRIPT).toContain(`localStorage.setItem("${THEME_STORAGE_KEY}"`);
    expect(THEME_SCRIPT).toContain(`closest("[${THEME_BUTTON_ATTRIBUTE}]")`);
  });

  it("is a script the browser can parse", () => {
    expect(() => new Function(THEME_SCRIPT)).not.toThrow();
  });
});
