import "@/lib/validation/zod-config";
import { z } from "zod";
import { uuidSchema } from "@/lib/validation/common";

// The portal's Integrations forms (docs/PRODUCT.md#integrations), one schema on the client and the server.

const REPOSITORY = "Name the repository as owner/name, such as acme/platform";
const BASE_URL = "Enter the API's address, such as https://api.github.com or https://github.example.com/api/v3";

/** A new GitHub connection: the repository, the token, and for GitHub Enterprise the API's address. */
export const connectGitHubSchema = z.object({
  repository: z
    .string()
    .trim()
    .max(200, REPOSITORY)
    .regex(/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/, REPOSITORY),
  token: z.string().trim().min(1, "Paste the token GitHub showed you").max(500, "This is not a GitHub token"),
  baseUrl: z
    .string()
    .trim()
    .max(300, BASE_URL)
    .refine((value) => {
      if (value === "") return true;
      try {
        const url = new URL(value);
        // Plain http only on this machine, where the fake GitHub of the demo and the tests listens
        // (the server refuses loopback unless it is such a fake): a real tracker is https.
        const local = ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);
        return (url.protocol === "https:" || (local && url.protocol === "http:")) && !url.username && !url.password;
      } catch {
        return false;
      }
    }, BASE_URL)
    .default(""),
});
export type ConnectGitHubInput = z.input<typeof connectGitHubSchema>;

export const trackerConnectionIdSchema = z.object({ connectionId: uuidSchema });
export const requestTicketSchema = z.object({ connectionId: uuidSchema, findingId: uuidSchema });
