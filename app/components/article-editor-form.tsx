import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useCallback, useRef, useState } from "react";
import { Form } from "react-router";
import { useTimeZone } from "~/components/admin-ui";
import { ArticleField } from "~/components/article-field";
import { PictureUpload } from "~/components/article-picture-upload";
import { buttonClass } from "~/components/ui/button";
import { affiliateField, ArticleFormSchema, slugFromTitle, type ArticleIntent } from "~/lib/forms/article";
import { CATEGORIES, CLOSING_CTAS } from "~/lib/article-meta";
import { pictureMarkdown } from "~/lib/article-pictures";
import type { ArticleState } from "~/lib/article-status";
import { zoneName } from "~/lib/dates";
import { PARTNER_IDS, PARTNERS } from "~/lib/partners";
import { inputClass } from "~/components/ui/input";

export type ArticleFormDefaults = Record<string, string | undefined>;

/** The text with a picture's Markdown put at `at`, as a paragraph of its own. */
function withPicture(text: string, at: number, markdown: string): { text: string; caret: number } {
  const before = text.slice(0, at);
  const after = text.slice(at);
  const lead = before === "" || before.endsWith("\n\n") ? "" : before.endsWith("\n") ? "\n" : "\n\n";
  const tail = after.startsWith("\n\n") ? "" : after.startsWith("\n") ? "\n" : "\n\n";
  const inserted = `${lead}${markdown}${tail}`;
  return { text: before + inserted + after, caret: before.length + inserted.length };
}

/**
 * The article's form (Conform: the schema's messages as the owner leaves each field, the server's
 * answer in the same places), its pictures' uploads, and its buttons for the article's state.
 */
export function ArticleEditorForm({
  action,
  isNew,
  state,
  version,
  defaults,
  slugFollowsTitle,
  coverSrc,
  imageMaxMb,
  lastResult,
  onChange,
}: {
  action: string;
  isNew: boolean;
  state: ArticleState;
  version: number | null;
  defaults: ArticleFormDefaults;
  /** A new article, or a draft never published whose address is still its title's. */
  slugFollowsTitle: boolean;
  coverSrc: (imageId: number) => string;
  imageMaxMb: number;
  lastResult: SubmissionResult<string[]> | undefined;
  /** Something was typed (the live preview follows). */
  onChange: (form: HTMLFormElement) => void;
}) {
  const zone = useTimeZone();
  const [form, fields] = useForm<Record<string, unknown>>({
    id: `article-v${version ?? "new"}`,
    lastResult,
    defaultValue: defaults,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ArticleFormSchema }),
  });
  const [follows, setFollows] = useState(slugFollowsTitle);
  const [coverId, setCoverId] = useState(defaults.imageId ? Number(defaults.imageId) : null);
  const formRef = useRef<HTMLFormElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const slugRef = useRef<HTMLInputElement>(null);
  /** Where the text's cursor was last (a click on the upload button takes the focus away). */
  const caret = useRef<number | null>(null);

  const insertPicture = useCallback((picture: { src: string; alt: string }) => {
    const body = bodyRef.current;
    if (!body) return;
    const next = withPicture(body.value, caret.current ?? body.value.length, pictureMarkdown(picture.alt, picture.src));
    body.value = next.text;
    // As if typed: Conform, the preview and the form's state all hear of it.
    body.dispatchEvent(new Event("input", { bubbles: true }));
    body.focus();
    body.setSelectionRange(next.caret, next.caret);
    caret.current = next.caret;
  }, []);
  const setCover = useCallback(
    (picture: { id: number }) => {
      setCoverId(picture.id);
      // The cover is part of the form: the preview shows it now, the next save keeps it.
      requestAnimationFrame(() => formRef.current && onChange(formRef.current));
    },
    [onChange],
  );

  const button = (intent: ArticleIntent, label: string, primary = false) => (
    <button type="submit" name="intent" value={intent} className={buttonClass({ size: "sm", variant: primary ? "primary" : "outline" })}>
      {label}
    </button>
  );
  const live = state === "live";
  const formErrors = form.errors ?? [];
  const fieldErrors = Object.entries(form.allErrors).some(([name, errors]) => name !== form.name && errors.length > 0);

  return (
    <Form
      method="post"
      action={action}
      ref={formRef}
      {...getFormProps(form)}
      onInput={(event) => onChange(event.currentTarget)}
      className="mt-3 space-y-4"
    >
      {formErrors.length > 0 || (form.status === "error" && fieldErrors) ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {formErrors[0] ?? "The article was not saved: check the fields marked below."}
        </p>
      ) : null}
      {version !== null && <input type="hidden" name="version" value={version} />}
      <input type="hidden" name="imageId" value={coverId ?? ""} />
      <ArticleField meta={fields.title!} label="Title">
        {(f) => (
          <input
            {...f}
            maxLength={110}
            className={inputClass()}
            onInput={(event) => {
              if (follows && slugRef.current) slugRef.current.value = slugFromTitle(event.currentTarget.value);
            }}
          />
        )}
      </ArticleField>
      <ArticleField
        meta={fields.slug!}
        label="Address"
        hint={
          follows
            ? "After /blog/: made from the title until you change it yourself. Lower-case letters, digits and hyphens."
            : "After /blog/: lower-case letters, digits and hyphens. Changing it once published keeps the old address working (it redirects)."
        }
      >
        {(f) => (
          <input
            {...f}
            ref={slugRef}
            maxLength={80}
            className={inputClass()}
            onInput={(event) => {
              // Her own address stops the following; emptied, the title's address comes back.
              if (!isNew && !slugFollowsTitle) return;
              setFollows(event.currentTarget.value === "");
            }}
          />
        )}
      </ArticleField>
      <ArticleField meta={fields.category!} label="Category">
        {(f) => (
          <select {...f} className={inputClass()}>
            {CATEGORIES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        )}
      </ArticleField>
      <ArticleField meta={fields.subtitle!} label="Subtitle (optional)">
        {(f) => <input {...f} maxLength={200} className={inputClass()} />}
      </ArticleField>
      <ArticleField meta={fields.excerpt!} label="Excerpt" hint="Shown in the blog list and the feed.">
        {(f) => <textarea {...f} maxLength={220} rows={2} className={inputClass()} />}
      </ArticleField>
      <ArticleField
        meta={fields.body!}
        label="Text (Markdown)"
        hint="## for a heading, **bold**, [link text](https://address), - for a list. HTML is limited to safe formatting."
      >
        {(f) => (
          <textarea
            {...f}
            ref={bodyRef}
            rows={18}
            className={inputClass({ className: "font-mono text-sm" })}
            onSelect={(event) => (caret.current = event.currentTarget.selectionStart)}
            onBlur={(event) => (caret.current = event.currentTarget.selectionStart)}
          />
        )}
      </ArticleField>
      <fieldset className="rounded-lg border border-slate-200 p-3">
        <legend className="px-1 text-sm font-bold text-slate-900">Add a picture to the text</legend>
        <PictureUpload kind="text" maxMb={imageMaxMb} onUploaded={insertPicture} />
      </fieldset>
      <fieldset className="rounded-lg border border-slate-200 p-3">
        <legend className="px-1 text-sm font-bold text-slate-900">Cover image</legend>
        {coverId ? (
          <p className="flex flex-wrap items-end gap-3">
            <img src={coverSrc(coverId)} alt="Cover, as uploaded" width={320} height={180} className="rounded-lg" />
            <button type="button" className={buttonClass({ size: "sm", variant: "outline" })} onClick={() => setCover({ id: 0 })}>
              Remove the cover
            </button>
          </p>
        ) : (
          <p className="text-slate-700">No cover image yet.</p>
        )}
        <PictureUpload kind="cover" maxMb={imageMaxMb} onUploaded={setCover} />
        <div className="mt-2">
          <ArticleField
            meta={fields.imageAlt!}
            label="Cover image description (alt text)"
            hint="Required when the article has a cover image."
          >
            {(f) => <input {...f} maxLength={200} className={inputClass()} />}
          </ArticleField>
        </div>
      </fieldset>
      <ArticleField
        meta={fields.seoTitle!}
        label="Search title (optional)"
        hint="The title search engines show; the article's title when empty."
      >
        {(f) => <input {...f} maxLength={70} className={inputClass()} />}
      </ArticleField>
      <ArticleField
        meta={fields.description!}
        label="Search description"
        hint="About 150 characters, shown under the title in search results; also the e-mail's preview line."
      >
        {(f) => <textarea {...f} maxLength={170} rows={2} className={inputClass()} />}
      </ArticleField>
      <ArticleField meta={fields.reviewed!} label="Last reviewed">
        {(f) => <input {...f} type="date" className={inputClass()} />}
      </ArticleField>
      <ArticleField
        meta={fields.sources!}
        label="Sources (optional)"
        hint='One per line: "Title | https://address". Listed under the article.'
      >
        {(f) => <textarea {...f} rows={3} className={inputClass()} />}
      </ArticleField>
      <ArticleField meta={fields.closingCta!} label="Closing offer">
        {(f) => (
          <select {...f} className={inputClass()}>
            <option value="">None</option>
            {CLOSING_CTAS.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        )}
      </ArticleField>
      <fieldset>
        <legend className="text-sm font-bold text-slate-900">Partner cards after the article</legend>
        {PARTNER_IDS.map((id) => (
          <label key={id} className="mt-1 flex items-center gap-2 text-slate-800">
            <input type="checkbox" name={affiliateField(id)} defaultChecked={defaults[affiliateField(id)] === "on"} className="size-4" />
            {PARTNERS[id].name}
          </label>
        ))}
      </fieldset>
      <p className="text-sm text-slate-700">The free guide's sign-up form is on every article.</p>
      <ArticleField meta={fields.publishAt!} label={`Publish at (${zoneName(zone)}, for Schedule)`}>
        {(f) => <input {...f} type="datetime-local" className={inputClass()} />}
      </ArticleField>
      <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-4">
        {isNew ? button("draft", "Save draft", true) : button("save", state === "draft" ? "Save draft" : "Save", true)}
        {!live && button("publish", "Publish now")}
        {button("publish-email", live ? "Save and e-mail it" : "Publish and e-mail")}
        {button("schedule", "Schedule")}
        {(live || state === "scheduled") && button("unpublish", "Unpublish")}
        {!isNew && state !== "draft" && button("draft", "Move to drafts")}
      </div>
      <p className="text-sm text-slate-700">
        “{live ? "Save and e-mail it" : "Publish and e-mail"}” {live ? "saves the live article" : "publishes the article"} and opens a
        newsletter e-mail of it (its title, description and opening, with a link to the rest): you choose who gets it, send yourself a test,
        then send it.
      </p>
    </Form>
  );
}
