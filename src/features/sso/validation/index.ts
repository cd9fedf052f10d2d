import "@/lib/validation/zod-config";
import * as z from "zod/mini";
import { MAX_SSO_SESSION_HOURS, SSO_MODES } from "@/lib/domain/sso";

// The Single sign-on card's forms (docs/PRODUCT.md#single-sign-on), one schema each for the browser and the server.

const HOSTNAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

export const ssoDomainSchema = z.object({
  domain: z.pipe(
    z.pipe(
      z.string().check(z.trim(), z.toLowerCase()),
      z.transform((value: string) => value.replace(/^@/, "").replace(/\.$/, "")),
    ),
    z
      .string()
      .check(
        z.minLength(1, "Enter your company's domain, e.g. acme.example."),
        z.regex(HOSTNAME, "Enter a domain name such as acme.example."),
      ),
  ),
});
export type SsoDomainInput = z.input<typeof ssoDomainSchema>;

export const ssoDomainIdSchema = z.object({ id: z.uuid("Domain not found.") });

export const oidcProviderSchema = z.object({
  issuer: z.pipe(
    z.pipe(
      z.string().check(z.trim(), z.minLength(1, "Enter your identity provider's issuer URL.")),
      z.url({ protocol: /^https?$/, message: "Enter the issuer URL, e.g. https://acme.okta.com." }),
    ),
    z.transform((value: string) => value.replace(/\/+$/, "")),
  ),
  clientId: z
    .string()
    .check(z.trim(), z.minLength(1, "Enter the client ID."), z.maxLength(256, "The client ID is at most 256 characters.")),
  // Left empty on a change: the stored secret is kept.
  clientSecret: z.optional(z.string().check(z.trim(), z.maxLength(1024, "The client secret is at most 1024 characters."))),
});
export type OidcProviderFormInput = z.input<typeof oidcProviderSchema>;

/** A SAML provider's metadata: the URL it is published at, or its XML pasted (one of the two). */
export const samlProviderSchema = z
  .object({
    metadataUrl: z.optional(
      z.pipe(
        z.pipe(
          z.string().check(z.trim()),
          z.transform((value: string) => value || undefined),
        ),
        z.optional(z.url({ protocol: /^https?$/, message: "Enter the metadata URL, e.g. https://acme.okta.com/app/…/sso/saml/metadata." })),
      ),
    ),
    metadataXml: z.optional(
      z.pipe(
        z.string().check(z.trim(), z.maxLength(256 * 1024, "The metadata is larger than 256 KB.")),
        z.transform((value: string) => value || undefined),
      ),
    ),
  })
  .check(
    z.superRefine((value, ctx) => {
      if (!value.metadataUrl && !value.metadataXml)
        ctx.addIssue({ code: "custom", path: ["metadataUrl"], message: "Enter the metadata URL, or paste the metadata XML." });
    }),
  );
export type SamlProviderFormInput = z.input<typeof samlProviderSchema>;

export const ssoPolicySchema = z.object({
  mode: z.enum(SSO_MODES, "Choose how your people sign in."),
  justInTime: z.boolean(),
  sessionHours: z.coerce
    .number("Enter a number of hours.")
    .check(
      z.int("Enter whole hours."),
      z.gte(1, "At least 1 hour."),
      z.lte(MAX_SSO_SESSION_HOURS, `At most ${MAX_SSO_SESSION_HOURS} hours.`),
    ),
});
export type SsoPolicyFormInput = z.input<typeof ssoPolicySchema>;

export const ssoClientIdSchema = z.object({ clientId: z.uuid("Client not found.") });
