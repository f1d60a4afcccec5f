/**
 * The parts of a dashboard page's forms that every page repeats: which form the action's answer
 * is for, the form's own refusal beside it, and a form that is one button (approve, delete,
 * retry, mark handled), checked by the page's schema like any other form.
 */
import { getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import type { z } from "zod";
import { Notice } from "~/components/admin-ui";
import type { DashboardAnswer } from "~/lib/dashboard-outcome";
import { useDashboardForm } from "~/components/dashboard-form";
import { buttonClass, type ButtonVariant } from "~/components/ui/button";

/** A dashboard action's answer to a post it did not redirect (DashboardAnswer), or none. */
export type LastPost = DashboardAnswer | undefined;

/** The reply when the form `id` posted it (a page has several forms; each shows only its own answer). */
export const lastFor = (last: LastPost, id: string) => (last?.form === id ? last.result : undefined);

/** The form's refusal as a whole (a conflict, not found, a provider's error), on the form that posted. */
export function FormRefusal({ errors }: { errors: string[] | undefined }) {
  return errors?.length ? <Notice ok={false}>{errors.join(" ")}</Notice> : null;
}

type Schema = z.ZodType<Record<string, unknown>, Record<string, unknown>>;

/** A form that is one button: its intent and hidden values, the button, and its refusal below it. */
export function ButtonForm(props: {
  id: string;
  schema: Schema;
  last: LastPost;
  intent: string;
  values?: Record<string, string | number>;
  label: ReactNode;
  /** The button's name for a screen reader when the label alone is one of many ("Approve the review by Maria S."). */
  ariaLabel?: string;
  variant?: ButtonVariant;
  className?: string;
}) {
  const [form] = useDashboardForm(props.id, props.schema, lastFor(props.last, props.id));
  return (
    <Form method="post" {...getFormProps(form)} className={props.className}>
      <input type="hidden" name="intent" value={props.intent} />
      {Object.entries(props.values ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" aria-label={props.ariaLabel} className={buttonClass({ variant: props.variant ?? "outline", size: "sm" })}>
        {props.label}
      </button>
      <FormRefusal errors={form.errors} />
    </Form>
  );
}
