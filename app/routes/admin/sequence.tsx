import { Link } from "react-router";
import type { Route } from "./+types/sequence";
import { notFound } from "~/lib/route-id";
import { AdminHeading, DataTable, Panel, rowHead, td } from "~/components/admin-ui";
import { ButtonForm } from "~/components/dashboard-post";
import { GuideChoiceForm, SEQUENCE_FORMS, StepEditor } from "~/components/sequence-forms";
import { buttonClass } from "~/components/ui/button";
import { formatCents } from "~/lib/site";
import { GUIDE_IDS, guideIdOf, GUIDES } from "~/lib/guides";
import { SequenceActionSchema, type SequencePost } from "~/lib/forms/sequence";
import { seo } from "~/lib/seo";
import { isSequencePaused, setSequencePaused } from "~/server/audience/sequence.server";
import { guideFigures, stepFigures } from "~/server/audience/sequence-figures.server";
import { stepSales } from "~/server/admin/email-sales.server";
import { previewStep, saveStepEdit, sendStepTest, stepVersions } from "~/server/audience/sequence-admin.server";
import { saveGuideChoices } from "~/server/content/guide-choice.server";
import { articlesOf } from "~/server/content/site-content.server";
import type { ArticleStore } from "~/server/content/article-store.server";
import { dashboardAction, dashboardLoader } from "~/server/admin/dashboard-route.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Free guides and their e-mails",
    description: "The free guides and the e-mails after them.",
    path: "/admin/sequence",
  });

export const loader = dashboardLoader(async ({ request, context }: Route.LoaderArgs) => {
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
    choices: articlesOf(context).guideChoices(),
    steps: steps.map((s) => ({ ...s, updatedAt: versions.get(s.id) ?? "", fromLinks: sales.get(s.id) })),
    editing: step ? { ...step, updatedAt: versions.get(step.id) ?? "" } : undefined,
    previewText: preview?.text,
  };
});

/** One server function per intent: what was done, or why nothing was (with the answer's status). */
async function run(articles: ArticleStore, value: SequencePost): Promise<{ done: string } | { refused: string; status: number }> {
  switch (value.intent) {
    case "pause":
    case "resume":
      await setSequencePaused(value.intent === "pause");
      return { done: value.intent === "pause" ? "Paused: no step is sent until you resume." : "Resumed." };
    case "guides": {
      const changed = await saveGuideChoices(articles, value.choices);
      if (changed.length === 0) return { done: "Nothing changed." };
      return {
        done: `Saved. The articles in ${changed.join(", ")} now offer ${changed.length === 1 ? "their" : "the"} new guide.`,
      };
    }
    case "test": {
      const to = await sendStepTest(value.id);
      return to ? { done: `Test sent to ${to}.` } : { refused: "No such step.", status: 404 };
    }
    case "save": {
      const saved = await saveStepEdit(value);
      if (saved === "saved") return { done: "Saved. It applies to everyone not yet sent this step." };
      if (saved === "missing") return { refused: "No such step.", status: 404 };
      return {
        refused: "This step was changed in another tab or by someone else since you opened it: reload to see it, then edit again.",
        status: 409,
      };
    }
  }
}

/** Back where the owner was: the same guide's steps, and the step's editor if one was open. */
function backTo(request: Request): string {
  const params = new URL(request.url).searchParams;
  const step = params.get("step");
  const guide = `?guide=${guideIdOf(params.get("guide"))}`;
  return `/admin/sequence${guide}${step === null ? "" : `&step=${encodeURIComponent(step)}`}`;
}

/** Every form of the page posts here: parsed by the page's one schema, then a redirect with what was done (or the refusal on the form). */
export const action = dashboardAction({
  schema: SequenceActionSchema,
  form: ({ intent }) =>
    intent === "save" || intent === "test" ? SEQUENCE_FORMS.step : intent === "guides" ? SEQUENCE_FORMS.guides : "pause",
  run: async (value, { request, context }: Route.ActionArgs) => {
    const outcome = await run(articlesOf(context), value);
    if ("refused" in outcome) return { refused: outcome.refused, status: outcome.status };
    return { done: outcome.done, to: backTo(request) };
  },
});

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
        <GuideChoiceForm choices={choices} last={actionData} />
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
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <p className="text-slate-800" role="status">
          Every guide&apos;s welcome e-mails are <strong>{paused ? "paused" : "running"}</strong>.
        </p>
        <ButtonForm
          id="pause"
          schema={SequenceActionSchema}
          last={actionData}
          intent={paused ? "resume" : "pause"}
          label={paused ? "Resume the welcome e-mails" : "Pause the welcome e-mails"}
          variant={paused ? "primary" : "outline"}
        />
      </div>
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
      {editing ? <StepEditor key={editing.updatedAt} step={editing} previewText={loaderData.previewText} last={actionData} /> : null}
    </>
  );
}
