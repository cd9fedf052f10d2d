import "server-only";
// The inquiries module's public face: everything outside src/server/modules/inquiries imports from here (README.md).

export {
  countUnreadInquiries,
  inquiryMessageColumns,
  linkInquiryToClient,
  listAdminInquiries,
  lockInquiry,
  setInquiryArchived,
  unreadInquiriesCount,
  type AdminInquiryRow,
  type InquiryMessage,
} from "./admin-inquiries";
export { CONTACT_RATE_LIMIT, contactTooLarge, limitContactSender, submitContactInquiry } from "./contact-inquiries";
