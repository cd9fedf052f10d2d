// What the contact form shows before anything is checked (its fields' limits and empty values),
// apart from the schema: the form loads the schema, and zod with it, when it is first sent.
import type { ContactFormValues } from "./index";

export const CONTACT_LIMITS = { nameMax: 100, emailMax: 254, companyMax: 200, messageMax: 5000 } as const;

export const EMPTY_CONTACT_FORM: ContactFormValues = {
  name: "",
  email: "",
  company: "",
  serviceInterest: "",
  message: "",
  website: "",
};
