import { Link } from 'react-router-dom';

type Props = {
  label: string;
  value: string;
  to?: string | undefined;
  tone?: 'bad' | undefined;
  /** How the figure was found, when it is not plain (a guess, an estimate). */
  note?: string | undefined;
};

/** One figure of the overview, linking to the list it counts. */
export function FigureTile({ label, value, to, tone, note }: Props) {
  const body = (
    <>
      <span className="figure-tile__value">{value}</span> <span className="figure-tile__label">{label}</span>
      {note && <span className="figure-tile__note">{note}</span>}
    </>
  );
  const className = `figure-tile${tone === 'bad' ? ' figure-tile--bad' : ''}`;
  return to ? (
    <Link className={className} to={to}>
      {body}
    </Link>
  ) : (
    <div className={className}>{body}</div>
  );
}
