import { data, Link } from "react-router";
import type { Route } from "./+types/sequence";
import { notFound } from "~/lib/route-id";
import { z } from "zod";
import { AdminHeading, DataTable, Notice, Panel, rowHead, td } from "~/components/admin-ui";
import { buttonClass } from "~/components/ui/button";
import { HtmlPreviewLink, inputClass, labelClass, ListMessageFields, TextVersion } from "~/components/list-message-editor";
import { formatCents } from "~/lib/site";
import { CATEGORIES } from "~/lib/article-meta";
import { GUIDE_IDS, guideField, guideIdOf, GUIDES } from "~/lib/guides";
import { seo } from "~/lib/seo";
import { requireOwner } from "~/server/admin/owner-session.server";
import { appConfig } from "~/server/config.server";
import { parseSubmission } from "~/server/forms/submission.server";
import { guideFigures, isSequencePaused, setSequencePaused, stepFigures } from "~/server/audience/sequence.server";
import { stepSales } from "~/server/admin/email-sales.server";
import { previewStep, saveStepEdit, sendStepTest, StepEditSchema, stepVersions } from "~/server/audience/sequence-admin.server";
import { currentGuideChoices, ensureArticles } from "~/server/content/articles.server";
import { GuideChoiceSchema, saveGuideChoices } from "~/server/content/guide-choice.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Free guides and their e-mails",
    description: "The free guides and the e-mails after them.",
    path: "/admin/sequence",
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(appConfig(context).owner, request);
  await ensureArticles();
  const params = new URL(request.url).searchParams;
  const guide = guideIdOf(params.get("guide"));
  const [steps, sales, versions, figures] = await Promise.all([
    stepFigures(guide),
    stepSales(),
    stepVersions(),
    Promise.all(GUIDE_IDS.map(async (id) => ({ id, title: GUIDES[id].title, ...(await guideFigures(id)) }))),
  ]);
  const editing = params.get("step");
  if (editing !== null && !versions.has(editing)) throw notFound();
  const step = steps.find((s) => s.id === editing);
  const preview = step ? await previewStep(step.id) : undefined;
  return {
    paused: await isSequencePaused(),
    guide,
    figures,
    choices: currentGuideChoices(),
    steps: steps.map((s) => ({ ...s, updatedAt: versions.get(s.id) ?? "", fromLinks: sales.get(s.id) })),
    editing: step ? { ...step, updatedAt: versions.get(step.id) ?? "" } : undefined,
    previewText: preview?.text,
  };
}

const AnyFields = z.record(z.string(), z.string());

export async function action({ request, context }: Route.ActionArgs) {
  await requireOwner(appConfig(context).owner, request);
  const submission = await parseSubmission(request, AnyFields);
  if (submission.unreadable) return data({ ok: false, message: "That form could not be read." }, { status: 400 });
  const fields = (submission.payload ?? {}) as Record<string, string>;
  if (fields.intent === "pause" || fields.intent === "resume") {
    await setSequencePaused(fields.intent === "pause");
    return { ok: true, message: fields.intent === "pause" ? "Paused: no step is sent until you resume." : "Resumed." };
  }
  if (fields.intent === "guides") {
    const parsed = GuideChoiceSchema.safeParse(fields);
    if (!parsed.success) return data({ ok: false, message: parsed.error.issues.map((i) => i.message).join(" ") }, { status: 400 });
    const changed = await saveGuideChoices(parsed.data);
    return {
      ok: true,
      message: changed.length
        ? `Saved. The articles in ${changed.join(", ")} now offer ${changed.length === 1 ? "their" : "the"} new guide.`
        : "Nothing changed.",
    };
  }
  if (fields.intent === "test") {
    const to = await sendStepTest(fields.id ?? "");
    return to ? { ok: true, message: `Test sent to ${to}.` } : data({ ok: false, message: "No such step." }, { status: 400 });
  }
  const parsed = StepEditSchema.safeParse(fields);
  if (!parsed.success) return data({ ok: false, message: parsed.error.issues.map((i) => i.message).join(" ") }, { status: 400 });
  const saved = await saveStepEdit(parsed.data);
  if (saved === "stale") {
    return data(
      {
        ok: false,
        message: "This step was changed in another tab or by someone else since you opened it: reload to see it, then edit again.",
      },
      { status: 409 },
    );
  }
  return saved === "saved"
    ? { ok: true, message: "Saved. It applies to everyone not yet sent this step." }
    : data({ ok: false, message: "No such step." }, { status: 400 });
}

function delayLabel(minutes: number): string {
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  return `${days} day${days === 1 ? "" : "s"}${hours ? `, ${hours} h` : ""}`;
}

export default function Sequence({ loaderData, actionData }: Route.ComponentProps) {
  const { steps, editing, paused, guide, figures, choices } = loaderData;
  return (
    <>
      <AdminHeading title="Free guides and their e-mails" />
      <p className="mt-2 max-w-3xl text-slate-700">
        Each article ends with a form for one free guide, chosen by its category below. The guide comes by e-mail; a reader who opens it
        through the e-mail&apos;s button and agreed to the follow-ups gets that guide&apos;s welcome e-mails. A step&apos;s delay counts
        from the previous step (the first from the moment the reader opened the guide). A reader of two guides gets at most one step a day.
        Every sequence stops for anyone who buys, unsubscribes, bounces or complains.
      </p>
      {actionData ? <Notice ok={actionData.ok}>{actionData.message}</Notice> : null}
      <DataTable
        label="The free guides"
        columns={["Guide", "Asked", "Opened", "In the sequence", "Got every step", "Unsubscribed", "Bought", "Joined the newsletter"]}
      >
        {figures.map((f) => (
          <tr key={f.id}>
            <th scope="row" className={rowHead}>
              {f.title}
            </th>
            <td className={td}>{f.asked}</td>
            <td className={td}>{f.opened}</td>
            <td className={td}>{f.inSequence}</td>
            <td className={td}>{f.finished}</td>
            <td className={td}>{f.unsubscribed}</td>
            <td className={td}>{f.bought}</td>
            <td className={td}>{f.joinedNewsletter}</td>
          </tr>
        ))}
      </DataTable>
      <p className="mt-2 max-w-3xl text-sm text-slate-700">
        <strong>Asked</strong>: requests on an article&apos;s form. <strong>Opened</strong>: used the button in the guide&apos;s e-mail (the
        address is theirs; the sequence starts then). <strong>Unsubscribed</strong> counts bounces and complaints too.{" "}
        <strong>Bought</strong>: a paid order after asking. <strong>Joined the newsletter</strong>: with a last step&apos;s button.
      </p>
      <Panel title="Which guide each topic offers" id="guides-heading">
        <form method="post" className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <input type="hidden" name="intent" value="guides" />
          {CATEGORIES.map((category) => (
            <div key={category}>
              <label htmlFor={`guide-${category}`} className={labelClass}>
                {category} articles
              </label>
              <select id={`guide-${category}`} name={guideField(category)} defaultValue={choices[category]} className={inputClass}>
                {GUIDE_IDS.map((id) => (
                  <option key={id} value={id}>
                    {GUIDES[id].title}
                  </option>
                ))}
              </select>
            </div>
          ))}
          <div className="sm:col-span-2 lg:col-span-3">
            <button type="submit" className={buttonClass({ size: "sm" })}>
              Save the guides
            </button>
          </div>
        </form>
      </Panel>
      <nav aria-label="Sequences" className="mt-8 flex flex-wrap gap-2">
        {GUIDE_IDS.map((id) => (
          <Link
            key={id}
            to={`?guide=${id}`}
            aria-current={id === guide ? "page" : undefined}
            className={buttonClass({ size: "sm", variant: id === guide ? "primary" : "outline" })}
          >
            {GUIDES[id].title}: e-mails
          </Link>
        ))}
      </nav>
      <form method="post" className="mt-4 flex items-center gap-3">
        <p className="text-slate-800" role="status">
          Every guide&apos;s welcome e-mails are <strong>{paused ? "paused" : "running"}</strong>.
        </p>
        <input type="hidden" name="intent" value={paused ? "resume" : "pause"} />
        <button type="submit" className={buttonClass({ size: "sm", variant: paused ? "primary" : "outline" })}>
          {paused ? "Resume the welcome e-mails" : "Pause the welcome e-mails"}
        </button>
      </form>
      <p className="mt-2 max-w-3xl text-slate-700">
        <strong>From its links</strong>: checkouts and sales by readers who clicked a link in that step (the last e-mail they clicked in
        that browser) and what those sales charged. <strong>After</strong>: any paid order by a recipient after the step and before the next
        one, however they came back (another device, a typed address), so it also counts sales the step may not have caused.
      </p>
      <DataTable
        label={`${GUIDES[guide].title}: steps`}
        columns={[
          "Step",
          "Delay",
          "Sent",
          "Waiting",
          "Sales from its links",
          "Revenue from its links",
          "Orders after",
          "Revenue after",
          { label: "Action", hidden: true },
        ]}
      >
        {steps.map((s) => (
          <tr key={s.id}>
            <th scope="row" className={rowHead}>
              {s.position}. {s.subject}
            </th>
            <td className={td}>{delayLabel(s.delayMinutes)}</td>
            <td className={td}>{s.sent}</td>
            <td className={td}>{s.waiting}</td>
            <td className={td} data-testid={`step-link-sales-${s.id}`}>
              {s.fromLinks?.sales ?? 0} of {s.fromLinks?.checkouts ?? 0} checkouts
            </td>
            <td className={td}>{formatCents(s.fromLinks?.revenueCents ?? 0)}</td>
            <td className={td}>{s.orders}</td>
            <td className={td}>{formatCents(s.revenueCents)}</td>
            <td className={td}>
              <Link
                to={`?guide=${guide}&step=${encodeURIComponent(s.id)}`}
                className={buttonClass({ variant: "outline", size: "sm" })}
                aria-label={`Edit step ${s.position}`}
              >
                Edit
              </Link>
            </td>
          </tr>
        ))}
      </DataTable>
      {editing ? (
        <Panel title={`Step ${editing.position}: edit`} id="edit-heading">
          <form method="post" className="mt-3 grid gap-4" key={editing.updatedAt}>
            <input type="hidden" name="id" value={editing.id} />
            <input type="hidden" name="updatedAt" value={editing.updatedAt} />
            <ListMessageFields idPrefix="step" subject={editing.subject} preview={editing.preview} body={editing.body} />
            <fieldset className="flex flex-wrap gap-4">
              <legend className={labelClass}>Delay after the previous step</legend>
              <div>
                <label htmlFor="step-days" className="text-sm text-slate-800">
                  Days
                </label>
                <input
                  id="step-days"
                  name="delayDays"
                  type="number"
                  min={0}
                  max={60}
                  required
                  defaultValue={Math.floor(editing.delayMinutes / 1440)}
                  className={`${inputClass} w-24`}
                />
              </div>
              <div>
                <label htmlFor="step-hours" className="text-sm text-slate-800">
                  Hours
                </label>
                <input
                  id="step-hours"
                  name="delayHours"
                  type="number"
                  min={0}
                  max={23}
                  required
                  defaultValue={Math.floor((editing.delayMinutes % 1440) / 60)}
                  className={`${inputClass} w-24`}
                />
              </div>
            </fieldset>
            <div className="flex flex-wrap gap-3">
              <button type="submit" name="intent" value="save" className={buttonClass({ size: "sm" })}>
                Save
              </button>
              <button type="submit" name="intent" value="test" formNoValidate className={buttonClass({ variant: "outline", size: "sm" })}>
                Send the saved step as a test to me
              </button>
              <HtmlPreviewLink href={`/admin/sequence/${encodeURIComponent(editing.id)}/preview`} />
            </div>
          </form>
          <TextVersion text={loaderData.previewText} testId="step-preview-text" />
        </Panel>
      ) : null}
    </>
  );
}
