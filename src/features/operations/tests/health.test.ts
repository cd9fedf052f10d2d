import { describe, expect, it } from "vitest";
import { GET } from "@/app/api/health/route";
import { installDbHandle } from "@/server/core/db/client";
import { setupTestDatabase } from "@tests/integration/helpers/db";

const t = setupTestDatabase();

describe("GET /api/health", () => {
  it("answers 200 {status: ok} when the database answers", async () => {
    const response = await GET(new Request("http://localhost:3000/api/health"));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("answers 503 when the database does not", async () => {
    const broken = { ...t.handle, db: { execute: () => Promise.reject(new Error("connection refused")) } };
    installDbHandle(broken as unknown as typeof t.handle);
    try {
      const response = await GET(new Request("http://localhost:3000/api/health"));
      expect(response.status).toBe(503);
    } finally {
      installDbHandle(t.handle);
    }
  });
});
