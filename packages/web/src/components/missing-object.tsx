import { Link } from 'react-router-dom';

type Props = { message: string; back: string; backLabel: string };

/** What a page says in place of its tabs and actions when the object in the address does not exist. */
export function MissingObject({ message, back, backLabel }: Props) {
  return (
    <div className="panel missing-object" role="status">
      <p>{message}</p>
      <Link to={back}>{backLabel}</Link>
    </div>
  );
}
