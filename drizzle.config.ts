import { defineConfig } from "drizzle-kit";

// Tables live beside the slice that owns them (docs/ARCHITECTURE.md); drizzle-kit reads every slice's schema.
export default defineConfig({
  dialect: "postgresql",
  schema: ["./src/server/core/db/schema/mail.ts", "./src/features/*/server/schema.ts", "./src/features/*/server/schema/*.ts"],
  out: "./drizzle",
  strict: true,
});
