// The consultancy's three services: the landing page's cards, the default rate cards, the booking
// form and the contact form's choices all name them from this list.
export const SERVICE_NAMES = ["AI Security Assessment", "AI Security Governance", "AI Engineering Acceleration"] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/** What a client can book: a service, or Other for anything else. */
export const BOOKING_SERVICE_TYPES = [...SERVICE_NAMES, "Other"] as const;
export type BookingServiceType = (typeof BOOKING_SERVICE_TYPES)[number];

/** What a visitor can ask about on the contact form. */
export const SERVICE_INTERESTS = [...SERVICE_NAMES, "General Inquiry", "Other"] as const;
export type ServiceInterest = (typeof SERVICE_INTERESTS)[number];
