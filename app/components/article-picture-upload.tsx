import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/input";

/** What POST /admin/images answers (app/routes/admin/image-upload.ts). */
export type UploadAnswer = { ok: true; id: number; src: string } | { ok: false; message: string };

export type PictureKind = "cover" | "text";

const formId = (kind: PictureKind) => `picture-upload-${kind}`;
const ACCEPT = "image/jpeg,image/png,image/webp,image/avif";

/**
 * The upload forms themselves, empty, outside the article's form (a form cannot hold another):
 * their controls sit inside the article form where the owner needs them, tied by `form=`.
 */
export function PictureUploadForms() {
  return (
    <>
      {(["cover", "text"] as const).map((kind) => (
        <UploadForm key={kind} kind={kind} />
      ))}
    </>
  );
}

function UploadForm({ kind }: { kind: PictureKind }) {
  const fetcher = useFetcher<UploadAnswer>({ key: formId(kind) });
  return <fetcher.Form id={formId(kind)} method="post" action="/admin/images" encType="multipart/form-data" hidden />;
}

/**
 * A picture's file (and, inside the text, its description) and the button that uploads it; when
 * the picture is stored, `onUploaded` gets its id and address once. Uploading needs no saved
 * article: a new one gets its cover and pictures before its first save.
 */
export function PictureUpload({
  kind,
  maxMb,
  onUploaded,
}: {
  kind: PictureKind;
  maxMb: number;
  onUploaded: (picture: { id: number; src: string; alt: string }) => void;
}) {
  const fetcher = useFetcher<UploadAnswer>({ key: formId(kind) });
  const [altError, setAltError] = useState<string | null>(null);
  const altRef = useRef<HTMLInputElement>(null);
  const handled = useRef<number | null>(null);
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const form = formId(kind);
  const id = (part: string) => `${form}-${part}`;

  useEffect(() => {
    if (!answer?.ok || handled.current === answer.id) return;
    handled.current = answer.id;
    onUploaded({ id: answer.id, src: answer.src, alt: altRef.current?.value.trim() ?? "" });
    if (altRef.current) altRef.current.value = "";
  }, [answer, onUploaded]);

  const error = altError ?? (answer && !answer.ok ? answer.message : null);
  return (
    // min-w-0 and w-full: a file input's own width (its button and "No file chosen") would widen a phone's page.
    <div className="grid min-w-0 grid-cols-1 gap-2">
      <div className="min-w-0">
        <label htmlFor={id("file")} className="text-sm font-bold text-slate-900">
          {kind === "cover" ? "Cover picture" : "Picture for the text"} (JPEG, PNG, WebP or AVIF, at least 640x360, at most {maxMb} MB)
        </label>
        <input id={id("file")} form={form} name="image" type="file" accept={ACCEPT} required className="mt-1 block w-full max-w-full" />
      </div>
      {kind === "text" && (
        <div>
          <label htmlFor={id("alt")} className="text-sm font-bold text-slate-900">
            Description of the picture (alt text)
          </label>
          <input
            ref={altRef}
            id={id("alt")}
            form={form}
            maxLength={200}
            aria-invalid={altError ? true : undefined}
            aria-describedby={error ? id("error") : undefined}
            className={inputClass()}
          />
        </div>
      )}
      <p>
        <button
          type="submit"
          form={form}
          className={buttonClass({ size: "sm", variant: "outline" })}
          onClick={(event) => {
            // Inside the text a picture needs its description, asked for before any upload.
            const missing = kind === "text" && !altRef.current?.value.trim();
            setAltError(missing ? "Describe the picture for readers who cannot see it (its alt text)." : null);
            if (missing) {
              event.preventDefault();
              altRef.current?.focus();
            }
          }}
        >
          {kind === "cover" ? "Upload cover image" : "Upload and insert at the cursor"}
        </button>
      </p>
      <p aria-live="polite" className="text-sm text-slate-700">
        {fetcher.state !== "idle" ? "Uploading…" : ""}
      </p>
      {error ? (
        <p id={id("error")} role="alert" className="text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}
