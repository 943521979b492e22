import { describe, expect, it } from "vitest";
import { emailHtml, escapeHtml, linkify } from "~/lib/email-html";

describe("an email's HTML part", () => {
  it.each([
    ["Tom & Jerry <b>", "Tom &amp; Jerry &lt;b&gt;"],
    [`"quoted" 'single'`, "&quot;quoted&quot; &#39;single&#39;"],
  ])("escapes %j", (text, html) => {
    expect(escapeHtml(text)).toBe(html);
  });

  it("makes web addresses links, a full stop after one left outside it", () => {
    expect(linkify("Manage it at https://shop.example/booking/AbC-123. Thanks")).toBe(
      'Manage it at <a href="https://shop.example/booking/AbC-123" style="color:#11734f">https://shop.example/booking/AbC-123</a>. Thanks',
    );
    expect(linkify("<script>https://x.example/?a=1&b=2")).toBe(
      '&lt;script&gt;<a href="https://x.example/?a=1&amp;b=2" style="color:#11734f">https://x.example/?a=1&amp;b=2</a>',
    );
  });

  it("says the text's words in paragraphs, under the logo, or the name when there is none", () => {
    const html = emailHtml({
      subject: "Your collection is booked",
      lines: ["Hello Ada,", "", "Your collection is booked.", "Arrival: 7:00 to 12:00", ""],
      footer: ["Acme Clearances, Yard 2", "Registered waste carrier CBDU123456."],
      business: { name: "Acme & Sons", logoUrl: "https://shop.example/api/products/image/abc.png" },
    });
    expect(html).toContain("<title>Your collection is booked</title>");
    expect(html).toContain(
      '<img src="https://shop.example/api/products/image/abc.png" alt="Acme &amp; Sons"',
    );
    expect(html).toContain('<p style="margin:0 0 16px">Hello Ada,</p>');
    expect(html).toContain(
      '<p style="margin:0 0 16px">Your collection is booked.<br>Arrival: 7:00 to 12:00</p>',
    );
    expect(html).toContain("Acme Clearances, Yard 2<br>Registered waste carrier CBDU123456.");
    const plain = emailHtml({
      subject: "s",
      lines: ["Hi"],
      footer: [],
      business: { name: "Acme & Sons", logoUrl: "" },
    });
    expect(plain).not.toContain("<img");
    expect(plain).toContain("Acme &amp; Sons</strong>");
  });
});
