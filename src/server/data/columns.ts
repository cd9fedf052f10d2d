import "server-only";
import { auditLog, clientRates, documents, user } from "@/server/core/db/schema";

// Column sets read the same way in more than one place (the admin area and the portal, or two admin
// screens): explicit columns, never `*`, so a new column, a storage key say, reaches no screen by
// accident.

/** A rate card as both sides show it. */
export const rateCardColumns = {
  id: clientRates.id,
  serviceType: clientRates.serviceType,
  hourlyRateCents: clientRates.hourlyRateCents,
  monthlyRetainerCents: clientRates.monthlyRetainerCents,
  discountTier: clientRates.discountTier,
  description: clientRates.description,
  effectiveFrom: clientRates.effectiveFrom,
};

/** A document in a list: what it is, never where it is stored. */
export const documentListColumns = {
  id: documents.id,
  name: documents.name,
  category: documents.category,
  fileSize: documents.fileSize,
  mimeType: documents.mimeType,
  uploadedAt: documents.uploadedAt,
};

/** An audit entry in a list, with the acting user's e-mail (the query left-joins `user` on the actor). */
export const auditEntryColumns = {
  id: auditLog.id,
  action: auditLog.action,
  entityType: auditLog.entityType,
  entityId: auditLog.entityId,
  actorEmail: user.email,
  createdAt: auditLog.createdAt,
};
