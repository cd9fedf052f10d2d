import "server-only";
// The inquiries module's public face: everything outside src/features/inquiries/server imports from here (README.md).

export {
  countUnreadInquiries,
  inquiryMessageColumns,
  linkInquiryToClient,
  listAdminInquiries,
  lockInquiry,
  setInquiryArchived,
  unreadInquiriesCount,
  type AdminInquiryRow,
  type CompanyNameSql,
  type InquiryMessage,
} from "./admin-inquiries";
export { CONTACT_RATE_LIMIT, contactTooLarge, limitContactSender, submitContactInquiry } from "./contact-inquiries";
export { listRecentInquiries, markInquiryRead } from "./recent-inquiries";
