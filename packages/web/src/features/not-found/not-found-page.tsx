import { Link } from 'react-router-dom';

export function NotFoundPage() {
  return (
    <main className="standalone">
      <div className="standalone__card panel">
        <p className="standalone__code">404</p>
        <h1>Page not found</h1>
        <p>This address does not match a screen you can open.</p>
        <Link className="btn btn--primary" to="/">
          Back to the console
        </Link>
      </div>
    </main>
  );
}
