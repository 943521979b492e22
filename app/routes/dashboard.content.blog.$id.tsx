import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { DeleteAskedTwice } from "~/components/delete-asked-twice";
import { Field, filled } from "~/components/field";
import { FlashNotice } from "~/components/flash-notice";
import { PictureForm } from "~/components/picture-form";
import { blogHref } from "~/components/blog-card";
import type { BlogPostFields } from "~/lib/blog-post";
import { BLOG_POST_LIMITS, checkBlogPost } from "~/lib/blog-post-rules.server";
import { formValues } from "~/lib/forms";
import { requireId } from "~/lib/ids";
import { todayInLondon } from "~/lib/london-clock.server";
import { renderMarkdown } from "~/lib/markdown.server";
import { titled } from "~/lib/page-title";
import {
  blogPost,
  deleteBlogPost,
  receiveBlogPicture,
  saveBlogPost,
  setBlogPostPicture,
} from "~/models/shop/blog.server";
import { requireStaff } from "~/models/staff/staff-auth.server";
import { readFlash, redirectWithFlash } from "~/services/flash.server";
import styles from "~/styles/settings.css";
import blogStyles from "~/styles/blog.css";

/**
 * One blog post (docs/rules.md#content): /dashboard/content/blog/new adds one,
 * /dashboard/content/blog/{id} changes it, shows how its Markdown will read ("Preview", without
 * saving), gives it a picture (its own form, so a refused text never costs a chosen file) or
 * deletes it, asked twice. Saving a demo post's words makes them the business's own.
 */

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "stylesheet", href: blogStyles },
];

async function postOf(param: string | undefined) {
  if (param === "new") return null;
  const post = await blogPost(requireId(param, "Not found"));
  if (!post) throw new Response("Not found", { status: 404 });
  return post;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request);
  const [post, flash] = await Promise.all([postOf(params.id), readFlash(request, "content")]);
  const values: BlogPostFields = {
    title: post?.title ?? "",
    summary: post?.summary ?? "",
    body: post?.body ?? "",
    published_on: post?.publishedOn ?? todayInLondon(),
  };
  return data(
    {
      id: post?.id ?? null,
      demo: post?.demo ?? false,
      picture: post?.picture ?? "",
      values,
      today: todayInLondon(),
      limits: BLOG_POST_LIMITS,
      flash: flash.flash,
    },
    { headers: flash.headers },
  );
}

const CONTENT = "/dashboard/content";

export async function action({ request, params }: ActionFunctionArgs) {
  await requireStaff(request);
  const post = await postOf(params.id);
  // The picture comes as a file (multipart), on its own form; everything else as a plain form.
  if (post && (request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
    const saved = await receiveBlogPicture(post.id, request);
    if (!saved.ok) return data({ pictureError: saved.message }, { status: saved.status });
    return redirectWithFlash(`${CONTENT}/blog/${post.id}`, "content", "Picture saved.");
  }
  const values = formValues(await request.formData());
  if (post && values.intent === "remove-picture") {
    await setBlogPostPicture(post.id, null);
    return redirectWithFlash(`${CONTENT}/blog/${post.id}`, "content", "Picture removed.");
  }
  // Asked twice, so a stray tap deletes nothing (without JavaScript as well).
  if (post && values.intent === "delete-ask") return data({ confirmDelete: true });
  if (post && values.intent === "delete") {
    await deleteBlogPost(post.id);
    return redirectWithFlash(CONTENT, "content", `“${post.title}” is deleted.`);
  }
  const checked = checkBlogPost(values, todayInLondon());
  if (!checked.ok) return data({ errors: checked.errors, values }, { status: 400 });
  if (values.intent === "preview")
    return data({ preview: renderMarkdown(checked.fields.body), values });
  const saved = await saveBlogPost(post?.id ?? null, checked.fields);
  if (!saved.ok && "missing" in saved) throw redirect(CONTENT);
  if (!saved.ok) return data({ errors: saved.errors, values }, { status: 400 });
  return redirectWithFlash(
    post ? CONTENT : `${CONTENT}/blog/${saved.id}`,
    "content",
    post
      ? `“${checked.fields.title}” is saved: the blog shows it now.`
      : `“${checked.fields.title}” is on the blog now. Add its picture below.`,
  );
}

export default function BlogPostPage() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const refused = answer && "errors" in answer ? answer : null;
  const preview = answer && "preview" in answer ? answer : null;
  const confirmingDelete = Boolean(answer && "confirmDelete" in answer);
  const pictureError = answer && "pictureError" in answer ? answer.pictureError : undefined;
  const values: Record<string, string | undefined> =
    refused?.values ?? preview?.values ?? loaded.values;
  const errors: Record<string, string | undefined> = refused?.errors ?? {};
  const limits: Record<string, { maxLength?: number } | undefined> = loaded.limits;
  const field = (fieldName: string) => ({
    ...filled(fieldName, values, errors),
    id: `blog-${fieldName}`,
    maxLength: limits[fieldName]?.maxLength,
  });
  useEffect(() => {
    if (refused) document.querySelector<HTMLElement>(".blog-form [aria-invalid='true']")?.focus();
    if (preview) document.getElementById("blog-preview")?.focus();
  }, [refused, preview]);
  return (
    <section aria-labelledby="blog-post-title" className="settings">
      <p>
        <Link to={CONTENT}>← Content</Link>
      </p>
      <h1 id="blog-post-title">{loaded.id === null ? "Write a blog post" : "Edit a blog post"}</h1>
      <FlashNotice flash={loaded.flash} testId="content-notice" />
      {loaded.demo ? (
        <p className="notice notice-error">
          This is a demo post. Saving it makes these words your own: only do so if they are true of
          your business.
        </p>
      ) : null}
      {preview ? (
        <section
          id="blog-preview"
          tabIndex={-1}
          className="blog-preview"
          aria-labelledby="blog-preview-title"
          data-testid="blog-preview"
        >
          <h2 id="blog-preview-title" className="blog-preview-label">
            Preview (not saved yet)
          </h2>
          <article className="blog-article">
            <h1>{values.title}</h1>
            <div
              className="blog-article-body"
              dangerouslySetInnerHTML={{ __html: preview.preview }}
            />
          </article>
        </section>
      ) : null}
      <Form
        method="post"
        noValidate
        className="settings-form content-form blog-form"
        key={Object.values(values).join("\u0000")}
      >
        <fieldset>
          <legend>The post</legend>
          <Field label="Title" {...field("title")} />
          <Field
            label="Summary"
            hint="One or two sentences for the blog's cards and search engines."
            multiline
            rows={3}
            {...field("summary")}
          />
          <Field label="Dated" type="date" max={loaded.today} {...field("published_on")} />
          <Field
            label="The post"
            hint="Blank lines between paragraphs. ## starts a heading, - a list item, **bold**, [words](https://link). HTML is shown as text; a picture in the text becomes a link to it."
            multiline
            rows={16}
            {...field("body")}
          />
        </fieldset>
        <button type="submit" className="button" name="intent" value="save" disabled={busy}>
          {busy ? "Saving..." : loaded.id === null ? "Publish" : "Save"}
        </button>{" "}
        <button type="submit" className="button button-light" name="intent" value="preview">
          Preview
        </button>
      </Form>
      {loaded.id !== null ? (
        <PictureForm
          legend="Its picture"
          current={
            loaded.picture ? (
              <img
                className="blog-picture-preview"
                src={loaded.picture}
                alt="Now shown with this post"
                width={240}
                height={160}
              />
            ) : null
          }
          noneNote="No picture: the blog shows a plain panel instead."
          field={{
            label: "Picture file",
            newLabel: "A new picture",
            id: "blog-picture",
            name: "picture",
            accept: "image/png,image/jpeg,image/svg+xml",
            hint: "JPEG, PNG or SVG, up to 5 MB. Shown 3:2, cut to fit.",
          }}
          uploadLabel="Upload picture"
          remove={{ intent: "remove-picture", label: "Remove picture" }}
          error={pictureError}
          busy={busy}
        />
      ) : (
        <p className="settings-note blog-picture-later">
          Publish the post first; then you can add its picture.
        </p>
      )}
      {loaded.id !== null ? (
        <>
          <p>
            <Link to={blogHref(loaded.values.title)}>See it on the blog</Link>
          </p>
          <DeleteAskedTwice
            confirming={confirmingDelete}
            askLabel="Delete this post…"
            question="Delete this post? It leaves the blog at once."
            keepHref={`${CONTENT}/blog/${loaded.id}`}
          />
        </>
      ) : null}
    </section>
  );
}

export const meta = titled("Blog post", "dashboard");
