import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTENT_MESSAGES } from "~/lib/site-content";
import { rows } from "../support/database";
import { startServer, type RunningServer } from "../support/server";
import { followRedirect, postAsStaff, signInStaff, type SignedIn } from "../support/staff";

/**
 * Content (docs/rules.md#content): a demo shop shows the spec's figures, reviews and hashtag,
 * marked Demo in the dashboard; staff add, change, order and delete their own, each change on the
 * next home page (its kept copy too); removing the demo content leaves only the business's own,
 * and a section with nothing in it is left out. A shop started without SEED_DEMO shows none.
 */

const html = async (res: Response) => (await res.text()).replaceAll("<!-- -->", "");

/** The home page's visible words, twice fetched so the second is the kept shared copy. */
async function home(server: RunningServer): Promise<string> {
  await fetch(`${server.url}/`);
  const res = await fetch(`${server.url}/`);
  expect(res.status).toBe(200);
  return (await html(res))
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<style[\s\S]*?<\/style>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replaceAll("&#x27;", "'")
    .replace(/\s+/g, " ");
}

const contentRows = (server: RunningServer) =>
  rows<{ id: number; kind: string; title: string; demo: number }>(
    server,
    "SELECT id, kind, title, demo FROM site_content ORDER BY kind, sort_order, id",
  );

describe("a demo shop's content", () => {
  let server: RunningServer;
  let staff: SignedIn;
  beforeAll(async () => {
    server = await startServer();
    staff = await signInStaff(server);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("shows the demo figures, reviews and hashtag, marked Demo in the dashboard", async () => {
    const text = await home(server);
    for (const words of [
      "13,000+",
      "reviews",
      "What our customers say",
      "Sarah K.",
      "#HaulbookClearsIt",
    ])
      expect(text).toContain(words);
    const page = await html(
      await fetch(`${server.url}/dashboard/content`, { headers: { cookie: staff.cookie } }),
    );
    expect(page).toContain("The site shows <strong>demo content</strong> (56 items");
    // 8 figures and reviews, 14 reasons, 10 services, 4 steps, 9 questions, 10 blog posts
    expect(page.match(/class="state-badge">Demo</g)).toHaveLength(55);
    expect((await contentRows(server)).every((row) => row.demo === 1)).toBe(true);
  });

  it("refuses a figure or review that breaks a rule, keeping what was typed", async () => {
    const claim = await postAsStaff(server, staff, "/dashboard/content/new?kind=claim", {
      title: "",
      body: "happy customers",
    });
    expect(claim.status).toBe(400);
    const claimPage = await html(claim);
    expect(claimPage).toContain(CONTENT_MESSAGES.figure);
    expect(claimPage).toMatch(/name="body"[^>]*value="happy customers"/);
    const review = await postAsStaff(server, staff, "/dashboard/content/new?kind=testimonial", {
      title: "Sam P.",
      body: "Quick.",
      rating: "6",
    });
    expect(review.status).toBe(400);
    expect(await html(review)).toContain(CONTENT_MESSAGES.rating);
    const hashtag = await postAsStaff(server, staff, "/dashboard/content", {
      intent: "hashtag",
      hashtag: "#two words",
    });
    expect(hashtag.status).toBe(400);
    expect(await html(hashtag)).toContain(CONTENT_MESSAGES.hashtag);
    // 8 figures and reviews, 14 reasons, 10 services, 4 steps, 9 questions
    expect(await contentRows(server)).toHaveLength(45);
  });

  it("adds, changes, orders and deletes, each on the next home page; removing the demo keeps the business's own", async () => {
    const added = await postAsStaff(server, staff, "/dashboard/content/new?kind=testimonial", {
      title: "Morgan L.",
      body: "On time and careful with the stairs.",
      place: "Lewisham",
      service: "Sofa removal",
      rating: "5",
    });
    expect(added.status).toBe(303);
    expect((await followRedirect(server, added, staff.cookie)).html).toContain(
      "The customer review is saved: the home page shows it now.",
    );
    expect(await home(server)).toContain("On time and careful with the stairs.");

    // A demo review saved by staff becomes the business's own.
    const [sarah] = (await contentRows(server)).filter((row) => row.title === "Sarah K.");
    const edited = await postAsStaff(server, staff, `/dashboard/content/${sarah!.id}`, {
      title: "Sarah K.",
      body: "Gone by teatime, and the paperwork came straight after.",
      place: "Croydon",
      service: "",
      rating: "5",
    });
    expect(edited.status).toBe(303);
    expect((await contentRows(server)).find((row) => row.id === sarah!.id)?.demo).toBe(0);
    expect(await home(server)).toContain("Gone by teatime, and the paperwork came straight after.");

    // The new review moves up, above the last demo one.
    const morgan = (await contentRows(server)).find((row) => row.title === "Morgan L.")!;
    expect(
      (
        await postAsStaff(server, staff, "/dashboard/content", {
          intent: "up",
          id: String(morgan.id),
        })
      ).status,
    ).toBe(303);
    const reviews = (await contentRows(server)).filter((row) => row.kind === "testimonial");
    expect(reviews.slice(-2).map((row) => row.title)).toEqual(["Morgan L.", "Tom W."]);
    const text = await home(server);
    expect(text.indexOf("Morgan L.")).toBeLessThan(text.indexOf("Tom W."));

    // Deleting is asked twice.
    const james = reviews.find((row) => row.title === "James T.")!;
    const asked = await postAsStaff(server, staff, `/dashboard/content/${james.id}`, {
      intent: "delete-ask",
    });
    expect(await html(asked)).toContain(
      "Delete this customer review? It leaves the home page at once.",
    );
    expect((await contentRows(server)).some((row) => row.id === james.id)).toBe(true);
    await postAsStaff(server, staff, `/dashboard/content/${james.id}`, { intent: "delete" });
    expect((await contentRows(server)).some((row) => row.id === james.id)).toBe(false);
    expect(await home(server)).not.toContain("James T.");

    // Removing the demo content is asked twice too, and keeps the business's own.
    const ask = await postAsStaff(server, staff, "/dashboard/content", {
      intent: "remove-demo-ask",
    });
    expect(await html(ask)).toContain(
      "Remove all the demo content and the demo hashtag? Your own stay.",
    );
    const removed = await postAsStaff(server, staff, "/dashboard/content", {
      intent: "remove-demo",
    });
    expect((await followRedirect(server, removed, staff.cookie)).html).toContain(
      "Demo content removed (54 items). Your own are kept.",
    );
    expect((await contentRows(server)).map((row) => row.title)).toEqual(["Sarah K.", "Morgan L."]);
    const after = await home(server);
    expect(after).toContain("Morgan L.");
    expect(after).not.toMatch(/13,000\+|100,000\+|#HaulbookClearsIt|Tom W\./);
    expect(after).not.toContain("hero-claims");
  });
});

describe("a shop started without the demo", () => {
  let server: RunningServer;
  let staff: SignedIn;
  beforeAll(async () => {
    server = await startServer({ fromTemplate: false, env: { SEED_DEMO: "false" } });
    staff = await signInStaff(server);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("shows no figure, review or hashtag, and the dashboard says each list is empty", async () => {
    const text = await home(server);
    expect(text).not.toMatch(/reviews|customers say|#/);
    expect(await contentRows(server)).toEqual([]);
    const page = await html(
      await fetch(`${server.url}/dashboard/content`, { headers: { cookie: staff.cookie } }),
    );
    expect(page).not.toContain("demo content");
    expect(page).toContain("None: the home page leaves this out.");

    const hashtag = await postAsStaff(server, staff, "/dashboard/content", {
      intent: "hashtag",
      hashtag: "AcmeClears",
    });
    expect(hashtag.status).toBe(303);
    expect(await home(server)).toContain("#AcmeClears");

    // A service: its name, caption and one of the shop's drawings, on the home page.
    const service = await postAsStaff(server, staff, "/dashboard/content/new?kind=service", {
      title: "Shed clearance",
      body: "Sheds emptied and taken down.",
      icon: "garden-waste-removal",
    });
    expect(service.status).toBe(303);
    const withService = await html(await fetch(`${server.url}/`));
    expect(withService).toContain("<h3>Shed clearance</h3><p>Sheds emptied and taken down.</p>");
    expect(withService).toContain('src="/illustrations/services/garden-waste-removal.svg"');
    const badDrawing = await postAsStaff(server, staff, "/dashboard/content/new?kind=service", {
      title: "Shed clearance",
      body: "",
      icon: "../../favicon",
    });
    expect(badDrawing.status).toBe(400);
    expect(await html(badDrawing)).toContain(CONTENT_MESSAGES.drawing);

    // The headline: the shop's own words until staff save theirs; a refusal keeps what was typed.
    expect(await home(server)).toContain("Rubbish and junk removal, booked in minutes");
    const refused = await postAsStaff(server, staff, "/dashboard/content", {
      intent: "hero",
      headline: "",
      lead: "Kingston's clearances, booked online.",
    });
    expect(refused.status).toBe(400);
    const refusedPage = await html(refused);
    expect(refusedPage).toContain(CONTENT_MESSAGES.headline);
    expect(refusedPage).toContain("Kingston&#x27;s clearances, booked online.</textarea>");
    const saved = await postAsStaff(server, staff, "/dashboard/content", {
      intent: "hero",
      headline: "Clearances across Kingston, by the hour",
      lead: "Kingston's clearances, booked online.",
    });
    expect(saved.status).toBe(303);
    const after = await home(server);
    expect(after).toContain("Clearances across Kingston, by the hour");
    expect(after).toContain("Kingston's clearances, booked online.");
    expect(after).not.toContain("booked in minutes");
  });
});
