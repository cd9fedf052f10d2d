import { describe, expect, it } from "vitest";
import { contactInquirySchema, EMPTY_CONTACT_FORM, SERVICE_INTERESTS, validateContactInquiry } from "@/lib/validation/contact";

const valid = {
  name: "Dana Whitfield",
  email: "dana@northwind.test",
  company: "Northwind",
  serviceInterest: "Other",
  message: "Please call me about an assessment.",
};

describe("contact inquiry schema (spec §3, §5)", () => {
  it("offers the five service interests of spec §3", () => {
    expect(SERVICE_INTERESTS).toEqual([
      "AI Security Assessment",
      "AI Security Governance",
      "AI Engineering Acceleration",
      "General Inquiry",
      "Other",
    ]);
  });

  it("gives the spec's message for each field of an empty form", () => {
    const result = validateContactInquiry(EMPTY_CONTACT_FORM);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fieldErrors).toEqual({
      name: "Name must be at least 2 characters",
      email: "Invalid email address",
      company: "Company name must be at least 2 characters",
      serviceInterest: "Please select a service",
      message: "Message must be at least 10 characters",
    });
    expect(result.error).toBe("Name must be at least 2 characters");
  });

  it("accepts the minimum lengths and trims surrounding spaces", () => {
    const result = contactInquirySchema.safeParse({
      ...valid,
      name: " Al ",
      email: " dana@northwind.test ",
      company: "IB",
      message: "0123456789",
    });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ name: "Al", email: "dana@northwind.test", company: "IB", message: "0123456789" });
  });

  it("counts length after trimming", () => {
    const result = validateContactInquiry({ ...valid, name: " A ", message: "  short     " });
    expect(result.ok ? {} : result.fieldErrors).toEqual({
      name: "Name must be at least 2 characters",
      message: "Message must be at least 10 characters",
    });
  });

  it("keeps line breaks in the message but refuses them in single-line fields", () => {
    expect(validateContactInquiry({ ...valid, message: "Line one\nLine two\r\n\tindented" }).ok).toBe(true);
    expect(validateContactInquiry({ ...valid, company: "Acme\nBcc: x@y.test" }).ok).toBe(false);
  });

  it.each(["<script>alert(1)</script>", "</div>", "<img src=x>", "<!-- x -->", "<?php echo 1; ?>", "<A HREF=x>"])(
    "refuses markup %s",
    (markup) => {
      expect(validateContactInquiry({ ...valid, message: `Hello team, ${markup} thanks` }).ok).toBe(false);
    },
  );

  it.each(["We have <10 engineers", "a < b and c > d", "Budget: <$50k", "I <3 security"])("accepts plain text %s", (text) => {
    expect(validateContactInquiry({ ...valid, message: text }).ok).toBe(true);
  });
});
