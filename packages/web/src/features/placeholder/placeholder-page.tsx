import { type Params, useParams } from 'react-router-dom';
import { Icon } from '../../components/icon';
import { Page } from '../shell/page';
import './placeholder.css';

/** The one stand-in for screens this build does not have yet: it says so, and shows no data. */
export function NotBuilt({ screen }: { screen: string }) {
  return (
    <section className="panel notice" aria-label={`${screen} not available`}>
      <Icon name="alert" size={20} className="notice__icon" />
      <div>
        <h2 className="notice__title">{screen}</h2>
        <p className="notice__text">This screen is not available in this build of the console yet.</p>
      </div>
    </section>
  );
}

type Props = { title: string | ((params: Params) => string); screen: string };

export function PlaceholderPage({ title, screen }: Props) {
  const params = useParams();
  return (
    <Page title={typeof title === 'function' ? title(params) : title}>
      <NotBuilt screen={screen} />
    </Page>
  );
}
