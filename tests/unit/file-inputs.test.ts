// File pickers look like the rest of the forms: every screen uses FileInput (src/components/ui/field.tsx),
// never a raw <input type="file"> in the browser's own look; the one exception hides its input and
// shows its own button (the message form's attachment).
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SRC = path.resolve(import.meta.dirname, "../../src");
const HIDDEN_WITH_OWN_BUTTON = new Set(["features/messages/components/message-form.tsx"]);

function tsxFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return tsxFiles(full);
    return entry.name.endsWith(".tsx") ? [full] : [];
  });
}

describe("file inputs", () => {
  it("are FileInput everywhere but the primitive itself and a hidden input with its own button", () => {
    const raw = tsxFiles(SRC)
      .map((file) => path.relative(SRC, file))
      .filter((file) => file !== "components/ui/field.tsx" && !HIDDEN_WITH_OWN_BUTTON.has(file))
      .filter((file) => /type=["{]+file/.test(fs.readFileSync(path.join(SRC, file), "utf8")));
    expect(raw).toEqual([]);
  });
});
