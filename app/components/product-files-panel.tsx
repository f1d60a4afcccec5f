/**
 * A product's files on its dashboard page (decision 072). The toolkit's and the Power Pack's are
 * built from products/src: listed, read-only. Any other product's are the owner's uploads: listed
 * with their format, size and date, each with "Replace" (new bytes under the same link for every
 * buyer) and "Remove" (confirmed by a tick), and a form to upload another. The forms are plain
 * multipart posts to /admin/products/:id/files (the browser's own submission, with or without
 * JavaScript), checked by their schemas as the owner picks a file; the answer is the page again
 * with what was done, or why nothing was, above it.
 */
import { getFormProps, type FormMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { formatWhen, Panel, useTimeZone } from "~/components/admin-ui";
import { fieldAria, FieldMessage, useDashboardForm, type FieldState } from "~/components/dashboard-form";
import { FormRefusal } from "~/components/dashboard-post";
import { buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/input";
import {
  PRODUCT_FILE_TITLE_MAX,
  ProductFileRemoveSchema,
  ProductFileReplaceSchema,
  ProductFileUploadSchema,
} from "~/lib/forms/product-upload";
import { FORMAT_LABELS, formatBytes, type ProductFilesData, type UploadedFileRow } from "~/lib/order-files";
import { UPLOADED_FILE_MAX_MB } from "~/lib/uploaded-file-formats";

/** What a file input takes: by the formats' usual names (the server decides by the bytes). */
const ACCEPT = ".pdf,.docx,.xlsx,.zip,application/pdf,application/zip";

function FileInput({ field, label, hint }: { field: FieldState; label: string; hint?: string }) {
  return (
    <div className="min-w-0">
      <label htmlFor={field.id} className="text-sm font-bold text-slate-900">
        {label}
      </label>
      {hint ? (
        <p id={`${field.id}-hint`} className="text-sm text-slate-700">
          {hint}
        </p>
      ) : null}
      <input
        id={field.id}
        name={field.name}
        type="file"
        accept={ACCEPT}
        required
        {...fieldAria(field)}
        // The hint is read with the field, and the message (when there is one) before it.
        aria-describedby={
          [fieldAria(field)["aria-describedby"], hint ? `${field.id}-hint` : undefined].filter(Boolean).join(" ") || undefined
        }
        className={inputClass({ className: "text-sm" })}
      />
      <FieldMessage state={field} />
    </div>
  );
}

/** A form of this panel: a multipart post the browser sends itself, to the files route. */
function FilesForm({
  action,
  form,
  children,
  className,
}: {
  action: string;
  form: { props: ReturnType<typeof getFormProps>; errors: string[] | undefined };
  children: ReactNode;
  className?: string;
}) {
  return (
    <Form method="post" action={action} encType="multipart/form-data" reloadDocument {...form.props} className={className}>
      {children}
      <FormRefusal errors={form.errors} />
    </Form>
  );
}

/** What FilesForm needs of a Conform form. */
function formOf<Schema extends Record<string, unknown>>(form: FormMetadata<Schema, string[]>) {
  return { props: getFormProps(form), errors: form.errors };
}

function UploadForm({ action }: { action: string }) {
  const [form, fields] = useDashboardForm("product-file-upload", ProductFileUploadSchema, undefined);
  return (
    <FilesForm action={action} form={formOf(form)} className="mt-4 space-y-3 rounded-lg border border-slate-200 p-3">
      <h3 className="font-bold text-slate-900">Upload a file</h3>
      <input type="hidden" name="intent" value="upload" />
      <div>
        <label htmlFor={fields.title.id} className="text-sm font-bold text-slate-900">
          Title
        </label>
        <p id={`${fields.title.id}-hint`} className="text-sm text-slate-700">
          What the order page shows. Left empty, the file's name.
        </p>
        <input
          id={fields.title.id}
          name={fields.title.name}
          maxLength={PRODUCT_FILE_TITLE_MAX}
          {...fieldAria(fields.title)}
          aria-describedby={[fieldAria(fields.title)["aria-describedby"], `${fields.title.id}-hint`].filter(Boolean).join(" ")}
          className={inputClass()}
        />
        <FieldMessage state={fields.title} />
      </div>
      <FileInput field={fields.file} label="File" hint={`PDF, Word (.docx), Excel (.xlsx) or zip; at most ${UPLOADED_FILE_MAX_MB} MB.`} />
      <button type="submit" className={buttonClass({ size: "sm" })}>
        Upload
      </button>
    </FilesForm>
  );
}

function UploadedRow({ file, action }: { file: UploadedFileRow; action: string }) {
  const zone = useTimeZone();
  const [replace, replaceFields] = useDashboardForm(`product-file-replace-${file.id}`, ProductFileReplaceSchema, undefined);
  const [remove, removeFields] = useDashboardForm(`product-file-remove-${file.id}`, ProductFileRemoveSchema, undefined);
  const replaced = new Date(file.updatedAt).getTime() !== new Date(file.createdAt).getTime();
  return (
    <li className="py-3" data-file={file.id}>
      <p className="font-bold text-slate-900">{file.title}</p>
      <p className="text-sm break-all text-slate-700">
        {file.fileName} · {FORMAT_LABELS[file.format]} · {formatBytes(file.size)} · {replaced ? "replaced" : "uploaded"}{" "}
        {formatWhen(file.updatedAt, zone)}
      </p>
      <details className="mt-2">
        <summary className="min-h-11 cursor-pointer py-2 text-sm font-bold text-brand-800 underline underline-offset-2">
          Replace or remove<span className="sr-only"> {file.title}</span>
        </summary>
        <div className="mt-2 grid gap-4 sm:grid-cols-2">
          <FilesForm action={action} form={formOf(replace)} className="space-y-2 rounded-lg border border-slate-200 p-3">
            <input type="hidden" name="intent" value="replace" />
            <input type="hidden" name="fileId" value={file.id} />
            <FileInput
              field={replaceFields.file}
              label={`New file for “${file.title}”`}
              hint="Every buyer's link and zip give the new file at once; the title stays."
            />
            <button type="submit" className={buttonClass({ size: "sm" })}>
              Replace
            </button>
          </FilesForm>
          <FilesForm action={action} form={formOf(remove)} className="space-y-2 rounded-lg border border-red-200 p-3">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="fileId" value={file.id} />
            <p className="text-sm text-slate-800">Removing it takes it off every buyer's order page and zip. It cannot be undone.</p>
            <div className="flex items-start gap-2">
              <input
                id={removeFields.confirmed.id}
                name={removeFields.confirmed.name}
                type="checkbox"
                value="yes"
                required
                {...fieldAria(removeFields.confirmed)}
                className="mt-1 size-5"
              />
              <label htmlFor={removeFields.confirmed.id} className="text-sm text-slate-900">
                Yes, remove “{file.title}” for its buyers
              </label>
            </div>
            <FieldMessage state={removeFields.confirmed} />
            <button type="submit" className={buttonClass({ size: "sm", variant: "outline" })}>
              Remove
            </button>
          </FilesForm>
        </div>
      </details>
    </li>
  );
}

export function ProductFilesPanel({ productId, productName, files }: { productId: string; productName: string; files: ProductFilesData }) {
  const action = `/admin/products/${encodeURIComponent(productId)}/files`;
  if ("built" in files) {
    const count = files.built.reduce((n, g) => n + g.files.length, 0);
    return (
      <Panel title="Files" id="files-heading">
        <p className="mt-2 max-w-3xl text-slate-700">
          The {productName}'s {count} files are built from <code>products/src</code> and ship with the site: they change with a release, not
          here. Its buyers get them on their order page and in its zip.
        </p>
        <details className="mt-2">
          <summary className="min-h-11 cursor-pointer py-2 text-sm font-bold text-brand-800 underline underline-offset-2">
            List its {count} files
          </summary>
          {files.built.map((group) => (
            <div key={group.label} className="mt-3">
              <h3 className="font-bold text-slate-900">{group.label}</h3>
              <ul className="mt-1 space-y-1 text-sm text-slate-800">
                {group.files.map((file) => (
                  <li key={file.id}>
                    {file.title}
                    {file.variant ? ` (${file.variant})` : ""} · {FORMAT_LABELS[file.format]} · {formatBytes(file.bytes)}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </details>
      </Panel>
    );
  }
  return (
    <Panel title="Files" id="files-heading">
      <p className="mt-2 max-w-3xl text-slate-700">
        What its buyers download, on their order page and in its zip: PDF, Word (.docx), Excel (.xlsx) or zip files of at most{" "}
        {UPLOADED_FILE_MAX_MB} MB each. What a file is comes from its content, not its name. Replacing a file gives every buyer, earlier
        ones too, the new one at once under the same link.
      </p>
      {files.uploaded.length === 0 ? (
        <p className="mt-3 text-slate-700">No files yet: its buyers would get nothing to download.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 border-y border-slate-200">
          {files.uploaded.map((file) => (
            <UploadedRow key={`${file.id}-${new Date(file.updatedAt).getTime()}`} file={file} action={action} />
          ))}
        </ul>
      )}
      <UploadForm action={action} />
    </Panel>
  );
}
