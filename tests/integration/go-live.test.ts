import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { haulbookAsync } from "../support/cli";
import { startServer, TEST_ENGINE, type RunningServer } from "../support/server";
import { eventually, startSmtp } from "../support/smtp";
import { followRedirect, postAsStaff, signInStaff, type SignedIn } from "../support/staff";

/**
 * "Before you go live" at the top of Settings (docs/rules.md#going-live): a new demo shop has
 * everything to do; each step staff take (the business's details, the demo content removed, a
 * test email, a backup) marks its item done on the next look.
 */

let server: RunningServer;
let staff: SignedIn;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({
    env: { NODE_ENV: "test", SMTP_URL: smtp.url, PUBLIC_URL: "https://acme-clearances.example" },
  });
  staff = await signInStaff(server);
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

/** Each item of the panel: its test id's key and whether it says done. */
async function panel(): Promise<{ summary: string; items: Record<string, string> }> {
  const html = (
    await (
      await fetch(`${server.url}/dashboard/settings`, { headers: { cookie: staff.cookie } })
    ).text()
  ).replaceAll("<!-- -->", "");
  const section = /<section[^>]*data-testid="go-live"[\s\S]*?<\/section>/.exec(html)![0];
  const items = Object.fromEntries(
    [...section.matchAll(/<li class="go-live-(done|todo)" data-testid="go-live-(\w+)"/g)].map(
      (m) => [m[2]!, m[1]!],
    ),
  );
  const summary = /<p class="settings-note">([^<]*)<\/p>/.exec(section)![1]!;
  return { summary, items };
}

const post = (path: string, fields: Record<string, string>) =>
  postAsStaff(server, staff, path, fields);

describe("Before you go live", () => {
  it("lists what a new demo shop still needs, and marks each step done as staff take it", async () => {
    const start = await panel();
    expect(start.items).toEqual({
      business: "todo",
      demo: "todo",
      address: "done",
      email: "todo",
      payments: "todo",
      backup: TEST_ENGINE === "postgres" ? "done" : "todo",
    });
    expect(start.summary).toBe(
      `${TEST_ENGINE === "postgres" ? 2 : 1} of 6 done. What is left, and how to do it:`,
    );

    // A test email goes to the business's address, through the mail server.
    const sent = await post("/dashboard/settings", { intent: "test-email" });
    expect((await followRedirect(server, sent, staff.cookie)).html).toContain(
      "A test email went to bookings@haulbook.example: check that it arrives (and is not in spam).",
    );
    const mail = await eventually(() =>
      smtp.messages.find((m) => m.subject === "Test email from Haulbook Waste Removal"),
    );
    expect(mail.to).toEqual(["bookings@haulbook.example"]);

    expect(
      (
        await post("/dashboard/settings", {
          intent: "business",
          name: "Acme Clearances",
          phone: "020 7946 0555",
          email: "office@acme-clearances.example",
          address: "Yard 3, Canal Road, London N1 9AA",
          openingHours: "",
          areaInWords: "",
          wasteCarrierLicence: "CBDU765432",
          vatRegistered: "no",
          vatNumber: "",
          companyNumber: "",
          legalName: "",
          registeredOffice: "",
        })
      ).status,
    ).toBe(303);
    await post("/dashboard/content", { intent: "remove-demo" });
    if (TEST_ENGINE === "sqlite") {
      const backup = await haulbookAsync(["backup", `${path.join(server.dataDir, "backups")}/`], {
        dataDir: server.dataDir,
      });
      expect(backup.status).toBe(0);
    }

    const end = await panel();
    expect(end.items).toEqual({
      business: "done",
      demo: "done",
      address: "done",
      email: "done",
      payments: "todo",
      backup: "done",
    });
    expect(end.summary).toBe("5 of 6 done. What is left, and how to do it:");
  });
});
