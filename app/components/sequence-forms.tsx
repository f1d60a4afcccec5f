/**
 * /admin/sequence's forms: which guide each category offers, and a step's editor (save, or send
 * the saved step as a test), each checked by the page's one schema (SequenceActionSchema) as the
 * owner types and again by the server.
 */
import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { Panel } from "~/components/admin-ui";
import { fieldAria, FieldMessage, type FieldState, useDashboardForm } from "~/components/dashboard-form";
import { FormRefusal, lastFor, type LastPost } from "~/components/dashboard-post";
import { HtmlPreviewLink, ListMessageFields, TextVersion } from "~/components/list-message-editor";
import { inputClass } from "~/components/ui/input";
import { labelClass } from "~/components/ui/label";
import { buttonClass } from "~/components/ui/button";
import { CATEGORIES, type Category } from "~/lib/article-meta";
import { GUIDE_IDS, guideField, GUIDES, type GuideId } from "~/lib/guides";
import { SequenceActionSchema, STEP_DELAY_LIMITS, STEP_LIMITS } from "~/lib/forms/sequence";

/** The forms' ids: the action answers the form that posted by the same id. */
export const SEQUENCE_FORMS = { guides: "guides", step: "step" } as const;

export function GuideChoiceForm({ choices, last }: { choices: Record<Category, GuideId>; last: LastPost }) {
  const [form, fields] = useDashboardForm(SEQUENCE_FORMS.guides, SequenceActionSchema, lastFor(last, SEQUENCE_FORMS.guides));
  const all = fields as unknown as Record<string, FieldState>;
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      <input type="hidden" name="intent" value="guides" />
      {CATEGORIES.map((category) => {
        const field = all[guideField(category)];
        return (
          <div key={category}>
            <label htmlFor={`guide-${category}`} className={labelClass()}>
              {category} articles
            </label>
            <select
              id={`guide-${category}`}
              name={guideField(category)}
              defaultValue={choices[category]}
              {...fieldAria(field)}
              className={inputClass()}
            >
              {GUIDE_IDS.map((id) => (
                <option key={id} value={id}>
                  {GUIDES[id].title}
                </option>
              ))}
            </select>
            <FieldMessage state={field} />
          </div>
        );
      })}
      <div className="sm:col-span-2 lg:col-span-3">
        <FormRefusal errors={form.errors} />
        <button type="submit" className={buttonClass({ size: "sm" })}>
          Save the guides
        </button>
      </div>
    </Form>
  );
}

/** The step being edited, as the page loaded it. */
export type EditedStep = {
  id: string;
  position: number;
  subject: string;
  preview: string;
  body: string;
  delayMinutes: number;
  updatedAt: string;
};

function DelayField({ state, label, max, value }: { state: FieldState; label: string; max: number; value: number }) {
  return (
    <div>
      <label htmlFor={state.id} className="text-sm text-slate-800">
        {label}
      </label>
      <input
        id={state.id}
        name={state.name}
        type="number"
        min={0}
        max={max}
        required
        defaultValue={value}
        {...fieldAria(state)}
        className={inputClass({ full: false, className: "w-24" })}
      />
      <FieldMessage state={state} />
    </div>
  );
}

export function StepEditor({ step, previewText, last }: { step: EditedStep; previewText: string | undefined; last: LastPost }) {
  const [form, fields] = useDashboardForm(
    `${SEQUENCE_FORMS.step}-${step.updatedAt}`,
    SequenceActionSchema,
    lastFor(last, SEQUENCE_FORMS.step),
  );
  return (
    <Panel title={`Step ${step.position}: edit`} id="edit-heading">
      <Form method="post" {...getFormProps(form)} className="mt-3 grid gap-4">
        <input type="hidden" name="id" value={step.id} />
        <input type="hidden" name="updatedAt" value={step.updatedAt} />
        <FormRefusal errors={form.errors} />
        <ListMessageFields
          idPrefix="step"
          subject={step.subject}
          preview={step.preview}
          body={step.body}
          limits={STEP_LIMITS}
          states={{ subject: fields.subject, preview: fields.preview, body: fields.body }}
        />
        <fieldset className="flex flex-wrap gap-4">
          <legend className={labelClass()}>Delay after the previous step</legend>
          <DelayField state={fields.delayDays} label="Days" max={STEP_DELAY_LIMITS.days} value={Math.floor(step.delayMinutes / 1440)} />
          <DelayField
            state={fields.delayHours}
            label="Hours"
            max={STEP_DELAY_LIMITS.hours}
            value={Math.floor((step.delayMinutes % 1440) / 60)}
          />
        </fieldset>
        <div className="flex flex-wrap gap-3">
          <button type="submit" name="intent" value="save" className={buttonClass({ size: "sm" })}>
            Save
          </button>
          <button type="submit" name="intent" value="test" formNoValidate className={buttonClass({ variant: "outline", size: "sm" })}>
            Send the saved step as a test to me
          </button>
          <HtmlPreviewLink href={`/admin/sequence/${encodeURIComponent(step.id)}/preview`} />
        </div>
      </Form>
      <TextVersion text={previewText} testId="step-preview-text" />
    </Panel>
  );
}
