import { Form } from "@remix-run/react";
import type { FieldLimits } from "~/lib/forms";
import { Field, filled } from "./field";
import { IntentButton } from "./intent-button";

/** A van's form refused: its id, what was typed, and why. */
export interface VanFailure {
  van: string;
  values: Record<string, string>;
  errors: Partial<Record<string, string>>;
}

/**
 * The fleet's vans on Fleet (docs/rules.md#vans-and-crews): each with its name and registration,
 * in the order they go out (a day with two vans sends the first two). A busier day adds one.
 */
export function FleetVans({
  vans,
  limits,
  failure,
  pending,
}: {
  vans: { id: number; name: string; registration: string | null }[];
  limits: Record<string, FieldLimits>;
  failure: VanFailure | undefined;
  /** the van whose form is being sent */
  pending: string | null;
}) {
  return (
    <section aria-labelledby="fleet-vans" className="fleet-panel">
      <h2 id="fleet-vans">Your vans</h2>
      <p className="field-hint">
        In the order they go out: a day with two vans sends the first two. The registration goes on
        each job&rsquo;s waste transfer note.
      </p>
      <ol className="fleet-vans">
        {vans.map((van) => {
          const sent = failure?.van === String(van.id) ? failure : undefined;
          const values = sent?.values ?? { name: van.name, registration: van.registration ?? "" };
          return (
            <li key={van.id}>
              <Form method="post" className="fleet-van" aria-label={`Van ${van.name}`}>
                <input type="hidden" name="van" value={van.id} />
                <Field
                  label="Name"
                  id={`van-${van.id}-name`}
                  required
                  {...limits.name}
                  {...filled("name", values, sent?.errors)}
                />
                <Field
                  label="Registration"
                  id={`van-${van.id}-registration`}
                  autoComplete="off"
                  placeholder="AB12 CDE"
                  {...limits.registration}
                  {...filled("registration", values, sent?.errors)}
                />
                <IntentButton
                  intent="van"
                  className="button button-light"
                  busy={pending === String(van.id)}
                  busyLabel="Saving..."
                >
                  Save
                </IntentButton>
              </Form>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
