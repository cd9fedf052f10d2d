"use server";
// The portal's writes. Each action checks the client session itself (clientAction) and validates
// with the same schema as the form; the client id always comes from the session.
import { notificationPreferencesSchema } from "@/lib/validation/notifications";
import {
  invoicePageSchema,
  accountSettingsSchema,
  cancelSubscriptionSchema,
  serviceBookingSchema,
  subscribeSchema,
} from "@/lib/validation/portal";
import { billingWithheldSchema, invitePersonSchema, personRoleSchema, personSchema } from "@/lib/validation/team";
import { getDb } from "@/server/core/get-db";
import { clientAction, clientReadAction } from "@/server/modules/account";
import { createServiceBooking } from "@/server/modules/bookings";
import {
  changePersonRole,
  invitePerson,
  removePerson,
  resendInvitation,
  revokeInvitation,
  setBillingWithheldFromMembers,
  updateAccountSettings,
} from "@/server/modules/clients";
import { listPortalInvoices } from "@/server/modules/invoices";
import { saveNotificationPreferences } from "@/server/modules/notifications";
import { cancelOwnSubscription, requestSubscription } from "@/server/modules/subscriptions";

export const saveAccountSettings = clientAction(accountSettingsSchema, (actor, input) => updateAccountSettings(getDb(), { actor, input }));

export const requestServiceBooking = clientAction(serviceBookingSchema, (actor, input) => createServiceBooking(getDb(), { actor, input }));

// A read: an admin viewing the portal may page through the invoices too.
export const loadMoreInvoices = clientReadAction(invoicePageSchema, (actor, input) =>
  listPortalInvoices(getDb(), { actor, offset: input.offset }),
);

export const saveNotificationPreferencesAction = clientAction(notificationPreferencesSchema, (actor, input) =>
  saveNotificationPreferences(getDb(), { actor, input }),
);

/** Book Service: asks for a support plan (a pending request until confirmed). */
export const subscribeToPlan = clientAction(subscribeSchema, (actor, { planId }) => requestSubscription(getDb(), { actor, planId }));

/** Book Service: ends the client's own subscription or withdraws its request. */
export const cancelSubscription = clientAction(cancelSubscriptionSchema, (actor, { subscriptionId }) =>
  cancelOwnSubscription(getDb(), { actor, subscriptionId }),
);

// The Team card (docs/PRODUCT.md#portal-team): owners only, checked by the module on the session's person.
export const invitePersonAction = clientAction(invitePersonSchema, async (actor, input) => {
  const { userId } = await invitePerson(getDb(), { actor, input });
  return { userId };
});

export const resendInvitationAction = clientAction(personSchema, async (actor, input) => {
  const { expiresAt } = await resendInvitation(getDb(), { actor, userId: input.userId });
  return { expiresAt: expiresAt.toISOString() };
});

export const revokeInvitationAction = clientAction(personSchema, (actor, input) =>
  revokeInvitation(getDb(), { actor, userId: input.userId }),
);

export const changePersonRoleAction = clientAction(personRoleSchema, (actor, input) =>
  changePersonRole(getDb(), { actor, userId: input.userId, role: input.role }),
);

export const removePersonAction = clientAction(personSchema, (actor, input) => removePerson(getDb(), { actor, userId: input.userId }));

export const setBillingWithheldAction = clientAction(billingWithheldSchema, (actor, input) =>
  setBillingWithheldFromMembers(getDb(), { actor, withheld: input.withheld }),
);
