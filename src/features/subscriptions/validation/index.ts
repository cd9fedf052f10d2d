// The subscriptions feature's zod schemas: the forms use them in the browser, and the route handlers and
// server actions parse the same input again on the server.
import "@/lib/validation/zod-config";
import * as z from "zod/mini";
import { searchText, requiredText, dollarsToCents } from "@/lib/validation/admin-fields";
import { SUBSCRIPTION_STATUSES } from "@/lib/domain/subscription-status";
import { uuidSchema, optionalText, text } from "@/lib/validation/common";
import { MAX_PLAN_FEATURES } from "./plan-limits";

export { MAX_PLAN_FEATURES } from "./plan-limits";

/** Book Service: asking for a support plan, and ending one's own subscription or request. */
export const subscribeSchema = z.object({ planId: z.uuid("Invalid id") });

export const cancelSubscriptionSchema = z.object({ subscriptionId: z.uuid("Invalid id") });

/** Book Service: the plan an owner switches to from the next billing date. */
export const switchPlanSchema = z.object({ planId: z.uuid("Invalid id") });

export const subscriptionListQuerySchema = z.object({
  q: z._default(searchText, ""),
  status: z._default(z.catch(z.union([z.enum(SUBSCRIPTION_STATUSES), z.literal("all")]), "all"), "all"),
});

/** An admin's decision on a subscription (docs/PRODUCT.md#admin-subscriptions); the reason, optional, is shown to the client. */
export const subscriptionDecisionSchema = z.object({
  subscriptionId: uuidSchema,
  decision: z.enum(["confirm", "decline", "cancel"], { error: "Unknown decision" }),
  reason: optionalText(1000),
});

/** A checkout link is a secure web address: https, a host, no credentials in it. */
function isCheckoutUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return url.protocol === "https:" && url.hostname !== "" && url.username === "" && url.password === "";
}

/** A support plan as the Settings form sends it; `id` empty for a new plan. Features: one a line. */
export const supportPlanSchema = z
  .object({
    id: z.pipe(
      z.nullish(z.union([z.literal(""), uuidSchema])),
      z.transform((value: string | null | undefined) => value || null),
    ),
    name: requiredText(100, "Plan name is required"),
    monthlyPrice: dollarsToCents,
    features: z.pipe(
      text(4000),
      z.pipe(
        z.pipe(
          z.string(),
          z.transform((value: string) =>
            value
              .split("\n")
              .map((line) => line.trim())
              .filter(Boolean),
          ),
        ),
        z
          .array(z.string().check(z.maxLength(200, "A feature is at most 200 characters")))
          .check(z.minLength(1, "List at least one feature"), z.maxLength(MAX_PLAN_FEATURES, `At most ${MAX_PLAN_FEATURES} features`)),
      ),
    ),
    highlighted: z.boolean({ error: "highlighted must be true or false" }),
    squarePlanVariationId: optionalText(100).check(
      z.refine((value) => value === null || /^[A-Za-z0-9_-]+$/.test(value), "A Square plan variation id is letters, digits, - and _"),
    ),
    squareCheckoutUrl: z
      .pipe(
        optionalText(2000),
        z.transform((value: string | null) => value?.trim() || null),
      )
      .check(z.refine((value) => value === null || isCheckoutUrl(value), "Enter the checkout link's full https:// address")),
  })
  // Square's subscription names its plan variation, which is how it comes back to this plan.
  .check(
    z.refine((plan) => plan.squareCheckoutUrl === null || plan.squarePlanVariationId !== null, {
      path: ["squarePlanVariationId"],
      message: "A plan with a checkout link needs its Square plan variation id",
    }),
  );

export type SupportPlanInput = z.input<typeof supportPlanSchema>;

export type SupportPlanValues = z.output<typeof supportPlanSchema>;

export const movePlanSchema = z.object({
  planId: uuidSchema,
  direction: z.enum(["up", "down"], { error: "direction must be up or down" }),
});

export const retirePlanSchema = z.object({ planId: uuidSchema, retired: z.boolean({ error: "retired must be true or false" }) });
