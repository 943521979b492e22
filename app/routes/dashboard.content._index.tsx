import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Field } from "~/components/field";
import { FlashNotice } from "~/components/flash-notice";
import { formValues } from "~/lib/forms";
import { titled } from "~/lib/page-title";
import { formatShortDate } from "~/lib/format";
import { truncate } from "~/lib/text";
import {
  CONTENT_KINDS,
  CONTENT_MESSAGES,
  CONTENT_NAMES,
  normaliseHashtag,
  type ContentItem,
} from "~/lib/site-content";
import { listBlogPosts } from "~/models/shop/blog.server";
import { checkHeroWords, HERO_LIMITS } from "~/lib/site-content-rules.server";
import {
  demoContentCount,
  heroWords,
  listAllContent,
  moveContentItem,
  removeDemoContent,
  saveHeroWords,
  saveSocialHashtag,
  socialHashtag,
} from "~/models/shop/site-content.server";
import { requireStaff } from "~/models/staff/staff-auth.server";
import { readFlash, redirectWithFlash } from "~/services/flash.server";
import styles from "~/styles/settings.css";

/**
 * Content (docs/rules.md#content): the home page's headline figures and customer reviews, in
 * order, each marked when it is the spec's demo content; the hashtag; and removing the demo
 * content, asked twice so one tap cannot empty the home page.
 */

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const [lists, posts, hero, hashtag, demo, flash] = await Promise.all([
    listAllContent(),
    listBlogPosts(),
    heroWords(),
    socialHashtag(),
    demoContentCount(),
    readFlash(request, "content"),
  ]);
  return data(
    {
      lists,
      hero,
      heroLimits: HERO_LIMITS,
      posts: posts.map(({ id, title, publishedOn, demo }) => ({ id, title, publishedOn, demo })),
      hashtag,
      demo,
      flash: flash.flash,
    },
    { headers: flash.headers },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  await requireStaff(request);
  const values = formValues(await request.formData());
  switch (values.intent) {
    case "up":
    case "down":
      await moveContentItem(Number(values.id), values.intent);
      return redirectWithFlash("/dashboard/content", "content", "Order saved.");
    case "hashtag": {
      const hashtag = normaliseHashtag(values.hashtag ?? "");
      if (hashtag === null)
        return data(
          { hashtagError: CONTENT_MESSAGES.hashtag, hashtag: values.hashtag ?? "" },
          { status: 400 },
        );
      await saveSocialHashtag(hashtag);
      return redirectWithFlash(
        "/dashboard/content",
        "content",
        hashtag ? `Hashtag saved: ${hashtag}.` : "Hashtag removed: the home page shows none.",
      );
    }
    case "hero": {
      const checked = checkHeroWords(values);
      if (!checked.ok)
        return data(
          {
            heroErrors: checked.errors,
            heroValues: { headline: values.headline ?? "", lead: values.lead ?? "" },
          },
          { status: 400 },
        );
      await saveHeroWords(checked.words);
      return redirectWithFlash(
        "/dashboard/content",
        "content",
        "Headline saved: the home page shows it now.",
      );
    }
    case "remove-demo-ask":
      return data({ confirmRemove: true });
    case "remove-demo": {
      const removed = await removeDemoContent();
      return redirectWithFlash(
        "/dashboard/content",
        "content",
        `Demo content removed (${removed} ${removed === 1 ? "item" : "items"}). Your own are kept.`,
      );
    }
    default:
      return data({ hashtagError: "", hashtag: "" }, { status: 400 });
  }
}

function ItemSummary({ item }: { item: ContentItem }) {
  if (item.kind === "claim")
    return (
      <span>
        <strong>{item.title}</strong> {item.body}
      </span>
    );
  if (item.kind !== "testimonial")
    return (
      <span>
        <strong>{item.title}</strong>
        {item.body ? ` · ${truncate(item.body, 90)}` : ""}
      </span>
    );
  return (
    <span>
      <strong>{item.title}</strong>
      {item.place ? `, ${item.place}` : ""} · {item.rating} out of 5 · “{truncate(item.body, 90)}”
    </span>
  );
}

export default function Content() {
  const { lists, posts, hero, heroLimits, hashtag, demo, flash } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const heroFailed = answer && "heroErrors" in answer ? answer : null;
  const heroShown = heroFailed?.heroValues ?? hero;
  const confirming = answer && "confirmRemove" in answer;
  const hashtagFailed = answer && "hashtagError" in answer && answer.hashtagError ? answer : null;
  return (
    <section aria-labelledby="content-title" className="settings content-page">
      <h1 id="content-title">Content</h1>
      <FlashNotice flash={flash} testId="content-notice" />
      {demo > 0 ? (
        <div className="notice notice-error" data-testid="demo-content">
          <p>
            The site shows <strong>demo content</strong> ({demo} {demo === 1 ? "item" : "items"},
            marked Demo below): example figures, reviews, promises, answers and blog posts that are
            not yours. Publishing them as your own is unlawful: replace or remove them before you go
            live.
          </p>
          {confirming ? (
            <Form method="post" className="content-actions">
              <p>Remove all the demo content and the demo hashtag? Your own stay.</p>
              <button type="submit" name="intent" value="remove-demo" className="button">
                Remove the demo content
              </button>{" "}
              <Link to="/dashboard/content" className="button button-light">
                Keep it
              </Link>
            </Form>
          ) : (
            <Form method="post">
              <button type="submit" name="intent" value="remove-demo-ask" className="button">
                Remove the demo content…
              </button>
            </Form>
          )}
        </div>
      ) : null}
      <Form method="post" noValidate className="settings-form content-form">
        <fieldset>
          <legend>The home page's headline</legend>
          <Field
            label="Headline"
            id="hero-headline"
            name="headline"
            maxLength={heroLimits.headline?.maxLength}
            defaultValue={heroShown.headline}
            key={`headline-${heroShown.headline}`}
            error={heroFailed?.heroErrors.headline}
          />
          <Field
            label="The line under it"
            id="hero-lead"
            name="lead"
            multiline
            rows={3}
            maxLength={heroLimits.lead?.maxLength}
            defaultValue={heroShown.lead}
            key={`lead-${heroShown.lead}`}
            error={heroFailed?.heroErrors.lead}
          />
        </fieldset>
        <button type="submit" className="button" name="intent" value="hero">
          Save headline
        </button>
      </Form>
      {CONTENT_KINDS.map((kind) => (
        <section key={kind} className="content-list" aria-labelledby={`content-${kind}`}>
          <h2 id={`content-${kind}`}>{CONTENT_NAMES[kind].plural}</h2>
          <p className="settings-note">{CONTENT_NAMES[kind].hint}</p>
          {lists[kind].length === 0 ? (
            <p data-testid={`content-${kind}-empty`}>None: the home page leaves this out.</p>
          ) : (
            <ol className="content-items">
              {lists[kind].map((item, i) => (
                <li key={item.id} className="content-item" data-testid="content-item">
                  <ItemSummary item={item} />
                  {item.demo ? <span className="state-badge">Demo</span> : null}
                  <span className="content-item-actions">
                    <Link to={`/dashboard/content/${item.id}`}>
                      Edit<span className="visually-hidden"> {item.title}</span>
                    </Link>
                    <Form method="post" className="content-move">
                      <input type="hidden" name="id" value={item.id} />
                      {(["up", "down"] as const).map((direction) => (
                        <button
                          key={direction}
                          type="submit"
                          name="intent"
                          value={direction}
                          className="button button-light"
                          disabled={direction === "up" ? i === 0 : i === lists[kind].length - 1}
                          aria-label={`Move ${item.title} ${direction}`}
                        >
                          {direction === "up" ? "↑" : "↓"}
                        </button>
                      ))}
                    </Form>
                  </span>
                </li>
              ))}
            </ol>
          )}
          <Link to={`/dashboard/content/new?kind=${kind}`} className="button button-light">
            Add a {CONTENT_NAMES[kind].one}
          </Link>
        </section>
      ))}
      <section className="content-list" aria-labelledby="content-blog">
        <h2 id="content-blog">Blog posts</h2>
        <p className="settings-note">
          Your advice and news at /blog, newest first; the home page shows the latest four.
        </p>
        {posts.length === 0 ? (
          <p data-testid="content-blog-empty">None: the home page leaves the blog out.</p>
        ) : (
          <ol className="content-items">
            {posts.map((post) => (
              <li key={post.id} className="content-item" data-testid="content-blog-post">
                <span>
                  <strong>{post.title}</strong> · {formatShortDate(post.publishedOn)}
                </span>
                {post.demo ? <span className="state-badge">Demo</span> : null}
                <span className="content-item-actions">
                  <Link to={`/dashboard/content/blog/${post.id}`}>
                    Edit<span className="visually-hidden"> {post.title}</span>
                  </Link>
                </span>
              </li>
            ))}
          </ol>
        )}
        <Link to="/dashboard/content/blog/new" className="button button-light">
          Write a blog post
        </Link>
      </section>
      <Form method="post" noValidate className="settings-form">
        <fieldset>
          <legend>Hashtag</legend>
          <Field
            label="Your social media hashtag (optional)"
            id="hashtag"
            name="hashtag"
            hint="Shown at the foot of the home page, inviting customers to share their clear-outs. Leave it empty to show none."
            maxLength={41}
            defaultValue={hashtagFailed?.hashtag ?? hashtag}
            key={hashtagFailed?.hashtag ?? hashtag}
            error={hashtagFailed?.hashtagError}
          />
        </fieldset>
        <button type="submit" className="button" name="intent" value="hashtag">
          Save hashtag
        </button>
      </Form>
    </section>
  );
}

export const meta = titled("Content", "dashboard");
