import { useId } from "react";
import { formatPence } from "~/lib/format";

/**
 * A bar chart of money a day, drawn on the server as SVG (no script, no library): one bar a day,
 * and, when given, a lighter bar beside it for the same day of the period before. The numbers are
 * in a table beside it for screen readers (and anyone who wants the figures).
 */

export interface ChartDay {
  /** "Mon", "24" … */
  label: string;
  /** the day in full, for the table */
  name: string;
  pence: number;
  /** the same day of the period before */
  beforePence?: number;
}

const WIDTH = 420;
const HEIGHT = 170;
const AXIS = 24;

export function TakingsChart({
  title,
  days,
  beforeName,
  nowName = "This period",
}: {
  title: string;
  days: readonly ChartDay[];
  /** what the darker bars are, beside the lighter ones ("This week") */
  nowName?: string;
  /** what the lighter bars are ("last week"); none: a bar a day */
  beforeName?: string;
}) {
  const id = useId();
  const max = Math.max(1, ...days.flatMap((d) => [d.pence, d.beforePence ?? 0]));
  const slot = WIDTH / Math.max(1, days.length);
  const paired = beforeName !== undefined;
  const bar = Math.max(2, Math.min(28, slot / (paired ? 2.6 : 1.6)));
  const height = (pence: number) => Math.round(((HEIGHT - AXIS - 8) * Math.max(0, pence)) / max);
  return (
    <figure className="takings-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-title`}>
        <title id={`${id}-title`}>{title}</title>
        <line x1="0" x2={WIDTH} y1={HEIGHT - AXIS} y2={HEIGHT - AXIS} className="takings-axis" />
        {days.map((d, i) => {
          const centre = slot * i + slot / 2;
          const now = height(d.pence);
          const before = height(d.beforePence ?? 0);
          return (
            <g key={d.name}>
              {paired ? (
                <rect
                  className="takings-bar-before"
                  x={centre - bar - 1}
                  y={HEIGHT - AXIS - before}
                  width={bar}
                  height={before}
                />
              ) : null}
              <rect
                className="takings-bar"
                x={paired ? centre + 1 : centre - bar / 2}
                y={HEIGHT - AXIS - now}
                width={bar}
                height={now}
              />
              {days.length <= 14 || i % Math.ceil(days.length / 10) === 0 ? (
                <text x={centre} y={HEIGHT - 6} textAnchor="middle" className="takings-label">
                  {d.label}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption className="field-hint">
        {paired ? (
          <>
            <span className="takings-key takings-key-now" aria-hidden="true" /> {nowName}{" "}
            <span className="takings-key takings-key-before" aria-hidden="true" /> {beforeName}
          </>
        ) : (
          title
        )}
      </figcaption>
      <table className="visually-hidden">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Taken</th>
            {paired ? <th scope="col">{beforeName}</th> : null}
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.name}>
              <th scope="row">{d.name}</th>
              <td>{formatPence(d.pence)}</td>
              {paired ? <td>{formatPence(d.beforePence ?? 0)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
