import { describe, expect, it } from "vitest";
import { SERVICE_INTERESTS } from "@/lib/domain/services";
import { contactInquirySchema, EMPTY_CONTACT_FORM, validateContactInquiry } from "@/features/inquiries/validation";

const valid = {
  name: "Dana Whitfield",
  email: "dana@northwind.test",
  company: "Northwind",
  serviceInterest: "Other",
  message: "Please call me about an assessment.",
};

describe("contact inquiry schema", () => {
  it("offers the five service interests", () => {
    expect(SERVICE_INTERESTS).toEqual([
      "AI Security Assessment",
      "AI Security Governance",
      "AI Engineering Acceleration",
      "General Inquiry",
      "Other",
    ]);
  });

  it("gives the product's message for each field of an empty form", () => {
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

  it.each([
    "<script>alert(1)</script>",
    "</div>",
    "<img src=x onerror=alert(1)>",
    "<!-- x -->",
    "<?php echo 1; ?>",
    "<A HREF=x>",
    "{{7*7}} ' OR 1=1 --",
  ])("accepts markup and injection samples as text, unchanged: %s", (markup) => {
    const message = `Hello team, ${markup} thanks`;
    const result = validateContactInquiry({ ...valid, name: `Dana ${markup}`, company: `Acme ${markup}`, message });
    expect(result.ok).toBe(true);
    expect(result.ok && result.data.message).toBe(message);
    expect(result.ok && result.data.company).toBe(`Acme ${markup}`);
  });

  it.each([
    ["NUL", "\u0000"],
    ["escape", "\u001b[31m"],
    ["backspace", "\u0008"],
    ["vertical tab", "\u000b"],
    ["form feed", "\u000c"],
    ["DEL", "\u007f"],
    ["C1 CSI", "\u009b"],
  ])("refuses the control character %s in the message and in single-line fields", (_label, control) => {
    expect(validateContactInquiry({ ...valid, message: `Hello team ${control} thanks` }).ok).toBe(false);
    expect(validateContactInquiry({ ...valid, name: `Dana ${control} W` }).ok).toBe(false);
  });

  it("allows tabs in the message but not in single-line fields", () => {
    expect(validateContactInquiry({ ...valid, message: "Column\tvalue and more" }).ok).toBe(true);
    expect(validateContactInquiry({ ...valid, name: "Dana\tW" }).ok).toBe(false);
  });

  it.each(["We have <10 engineers", "a < b and c > d", "Budget: <$50k", "I <3 security"])("accepts plain text %s", (text) => {
    expect(validateContactInquiry({ ...valid, message: text }).ok).toBe(true);
  });
});
