import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BLOG_MESSAGES } from "~/lib/blog-post";
import { todayInLondon } from "~/lib/london-clock.server";
import { rows } from "../support/database";
import { phonePhoto } from "../support/images";
import { startServer, type RunningServer } from "../support/server";
import { followRedirect, postAsStaff, signInStaff, type SignedIn } from "../support/staff";

/**
 * Blog posts as data (docs/rules.md#content): a demo shop's blog is the spec's ten articles,
 * marked Demo; staff write, preview, change, picture and delete their own, each on the next
 * /blog (its kept copy too), the Markdown rendered safely on the server. A shop started without
 * SEED_DEMO has no posts and no blog section on its home page.
 */

const html = async (res: Response) => (await res.text()).replaceAll("<!-- -->", "");

/** A public page twice, so the second answer is the kept shared copy. */
async function publicPage(server: RunningServer, path: string): Promise<Response> {
  await fetch(`${server.url}${path}`);
  return fetch(`${server.url}${path}`);
}

const posts = (server: RunningServer) =>
  rows<{ id: number; slug: string; title: string; demo: number; image_id: string | null }>(
    server,
    "SELECT id, slug, title, demo, image_id FROM blog_posts ORDER BY published_on DESC, id",
  );

const MARKDOWN = [
  "## Before you start",
  "",
  "Clear a path to the door and **keep children and pets** away.",
  "",
  "- Empty the drawers",
  "- Take the doors off the wardrobe",
  "",
  "<script>alert('x')</script>",
  "",
  "[Check us](javascript:alert(1)) or [GOV.UK](https://www.gov.uk/).",
].join("\n");

describe("a demo shop's blog", () => {
  let server: RunningServer;
  let staff: SignedIn;
  beforeAll(async () => {
    server = await startServer();
    staff = await signInStaff(server);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("lists the spec's ten articles newest first, each as its Markdown paragraphs, marked Demo for staff", async () => {
    const list = await html(await publicPage(server, "/blog"));
    expect(list.match(/data-testid="blog-card"/g)).toHaveLength(10);
    expect(list.indexOf("How to Cut Down on Waste This Christmas")).toBeLessThan(
      list.indexOf("What Happens to Your Sofa After We Collect It"),
    );
    const article = await html(
      await publicPage(server, "/blog?title=how%20to%20check%20a%20waste%20carrier%20licence"),
    );
    expect(article).toContain("<h1>How to Check a Waste Carrier Licence</h1>");
    expect(article).toContain("Published By Admin | <time");
    expect(article.match(/<p>Checking takes less than a minute\./g)).toHaveLength(1);
    expect((await posts(server)).every((post) => post.demo === 1)).toBe(true);
    const dashboard = await html(
      await fetch(`${server.url}/dashboard/content`, { headers: { cookie: staff.cookie } }),
    );
    expect(dashboard.match(/data-testid="content-blog-post"/g)).toHaveLength(10);
  });

  it("refuses a post that breaks a rule, keeping what was typed; a preview saves nothing", async () => {
    const before = await posts(server);
    const refused = await postAsStaff(server, staff, "/dashboard/content/blog/new", {
      title: "what happens to an old mattress?",
      summary: "",
      published_on: "2999-01-01",
      body: MARKDOWN,
      intent: "save",
    });
    expect(refused.status).toBe(400);
    const page = await html(refused);
    expect(page).toContain(BLOG_MESSAGES.summary);
    expect(page).toContain(BLOG_MESSAGES.date);
    expect(page).toContain("Clear a path to the door and **keep children and pets** away.");
    expect(page).toMatch(/name="title"[^>]*value="what happens to an old mattress\?"/);

    // The one rule the database holds: no two posts share a title, whatever its case.
    const taken = await postAsStaff(server, staff, "/dashboard/content/blog/new", {
      title: "what happens to an old MATTRESS?",
      summary: "Where it goes.",
      published_on: todayInLondon(),
      body: "Words.",
      intent: "save",
    });
    expect(taken.status).toBe(400);
    expect(await html(taken)).toContain(BLOG_MESSAGES.titleTaken);

    const preview = await postAsStaff(server, staff, "/dashboard/content/blog/new", {
      title: "Taking a wardrobe apart",
      summary: "How our crews do it.",
      published_on: todayInLondon(),
      body: MARKDOWN,
      intent: "preview",
    });
    expect(preview.status).toBe(200);
    const shown = await html(preview);
    expect(shown).toContain("Preview (not saved yet)");
    expect(shown).toContain("<h2>Before you start</h2>");
    expect(await posts(server)).toEqual(before);
  });

  it("publishes a post, first on /blog at once, its Markdown safe; a new title keeps the old link; a picture; deleted when asked twice", async () => {
    const published = await postAsStaff(server, staff, "/dashboard/content/blog/new", {
      title: "Taking a wardrobe apart",
      summary: "How our crews take a wardrobe down a narrow stair, and what you can do first.",
      published_on: todayInLondon(),
      body: MARKDOWN,
      intent: "save",
    });
    expect(published.status).toBe(303);
    const edit = await followRedirect(server, published, staff.cookie);
    expect(edit.html).toContain(
      "“Taking a wardrobe apart” is on the blog now. Add its picture below.",
    );
    const [post] = await posts(server);
    expect(post).toMatchObject({
      title: "Taking a wardrobe apart",
      slug: "taking-a-wardrobe-apart",
      demo: 0,
    });

    const list = await html(await publicPage(server, "/blog"));
    expect(list.match(/data-testid="blog-card"/g)).toHaveLength(11);
    expect(list.indexOf("Taking a wardrobe apart")).toBeLessThan(
      list.indexOf("How to Cut Down on Waste This Christmas"),
    );
    const home = await html(await publicPage(server, "/"));
    expect(home).toContain("Taking a wardrobe apart");

    const article = await html(
      await publicPage(server, "/blog?title=Taking%20a%20wardrobe%20apart"),
    );
    expect(article).toContain("<h2>Before you start</h2>");
    expect(article).toContain("<strong>keep children and pets</strong>");
    expect(article).toContain("<li>Empty the drawers</li>");
    expect(article).toContain("&lt;script&gt;alert(‘x’)&lt;/script&gt;");
    expect(article).not.toContain("<script>alert");
    expect(article).not.toContain('href="javascript:');
    expect(article).toContain('<a href="https://www.gov.uk/" rel="nofollow noopener">GOV.UK</a>');

    // A new title: the slug stays, so a link shared before still opens the post.
    const renamed = await postAsStaff(server, staff, `/dashboard/content/blog/${post!.id}`, {
      title: "Taking a wardrobe apart safely",
      summary: "How our crews take a wardrobe down a narrow stair.",
      published_on: todayInLondon(),
      body: MARKDOWN,
      intent: "save",
    });
    expect(renamed.status).toBe(303);
    expect((await publicPage(server, "/blog?title=taking-a-wardrobe-apart")).status).toBe(200);
    expect(await html(await publicPage(server, "/blog"))).toContain(
      "Taking a wardrobe apart safely",
    );

    // Its picture: uploaded on its own form, served like a product's, removed with its file.
    const body = new FormData();
    body.append(
      "picture",
      new Blob([new Uint8Array(await phonePhoto("#557a46"))], { type: "image/jpeg" }),
      "wardrobe.jpg",
    );
    const uploaded = await fetch(`${server.url}/dashboard/content/blog/${post!.id}`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: staff.cookie, origin: server.url },
      body,
    });
    expect(uploaded.status).toBe(303);
    const [withPicture] = await posts(server);
    expect(withPicture!.image_id).toMatch(/^[0-9a-f]{64}$/);
    const card = await html(await publicPage(server, "/blog"));
    const src = card.match(
      /<img src="(\/api\/products\/image\/[0-9a-f]{64})"[^>]*class="blog-card-image"/,
    )?.[1];
    expect(src).toBeDefined();
    const picture = await fetch(`${server.url}${src}`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get("content-type")).toBe("image/webp");
    const removedPicture = await postAsStaff(server, staff, `/dashboard/content/blog/${post!.id}`, {
      intent: "remove-picture",
    });
    expect(removedPicture.status).toBe(303);
    expect((await posts(server))[0]!.image_id).toBeNull();
    expect(
      await rows(
        server,
        "SELECT id FROM images WHERE id = ? OR original_id = ?",
        withPicture!.image_id,
        withPicture!.image_id,
      ),
    ).toEqual([]);

    // Deleting is asked twice.
    const asked = await postAsStaff(server, staff, `/dashboard/content/blog/${post!.id}`, {
      intent: "delete-ask",
    });
    expect(await html(asked)).toContain("Delete this post? It leaves the blog at once.");
    expect(await posts(server)).toHaveLength(11);
    const deleted = await postAsStaff(server, staff, `/dashboard/content/blog/${post!.id}`, {
      intent: "delete",
    });
    expect((await followRedirect(server, deleted, staff.cookie)).html).toContain(
      "“Taking a wardrobe apart safely” is deleted.",
    );
    expect(await posts(server)).toHaveLength(10);
    expect((await publicPage(server, "/blog?title=taking-a-wardrobe-apart")).status).toBe(404);
  });
});

describe("a shop started without the demo", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ fromTemplate: false, env: { SEED_DEMO: "false" } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("has no posts: /blog says so and the home page leaves the blog out", async () => {
    expect(await posts(server)).toEqual([]);
    const blog = await html(await publicPage(server, "/blog"));
    expect(blog).toContain("No articles yet. Please come back soon.");
    expect(await html(await publicPage(server, "/"))).not.toContain("From the blog");
  });
});
