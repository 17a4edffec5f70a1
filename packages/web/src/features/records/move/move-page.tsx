import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Page } from '../../../components/layout/page';
import { topicPaths } from '../../topics/topic-paths';
import { hasErrors, type MoveErrors, type MoveSource } from './move-form';
import { MoveOutcome } from './move-outcome';
import { MoveSourceFields } from './move-source-fields';
import { type MoveKind, useMoveRun } from './use-move-run';
import '../records.css';
import './move.css';

type Props = {
  cluster: string;
  topic: string;
  kind: MoveKind;
  title: string;
  verb: string;
  source: MoveSource;
  onSource: (source: MoveSource) => void;
  /** The target's fields, given the errors to show. */
  target: (errors: MoveErrors) => ReactNode;
  /** The body and the errors naming each bad field. */
  build: () => { body: object; errors: MoveErrors };
  help: ReactNode;
};

/**
 * The page both a redrive and a replay use (docs/behaviour.md#redrive-and-replay): which records, where to,
 * "Count" (a dry run: counts per target, nothing written), then the run with its progress, Stop and Resume.
 */
export function MovePage({
  cluster,
  topic,
  kind,
  title,
  verb,
  source,
  onSource,
  target,
  build,
  help,
}: Props) {
  const { state, count, run, stop } = useMoveRun(cluster, topic, kind);
  const [errors, setErrors] = useState<MoveErrors>({});
  const busy = state.phase === 'running' || state.phase === 'counting';
  const start = (dryRun: boolean, after?: string) => {
    const built = build();
    setErrors(built.errors);
    if (hasErrors(built.errors)) return;
    const body = after ? { ...built.body, after } : built.body;
    if (dryRun) void count(body);
    else void run(body);
  };
  const filterError = state.field === 'body.filter' ? state.error : undefined;
  return (
    <Page title={title}>
      <p className="page-help">{help}</p>
      <form
        className="panel form move-form"
        aria-label={title}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          start(false);
        }}
      >
        <MoveSourceFields source={source} onChange={onSource} errors={errors} filterError={filterError} />
        {target(errors)}
        <div className="form__actions">
          <button type="button" className="btn" disabled={busy} onClick={() => start(true)}>
            Count (dry run)
          </button>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {state.phase === 'running' ? `${verb}…` : verb}
          </button>
          <Link className="btn" to={topicPaths.topic(cluster, topic, 'data')}>
            Back to the data
          </Link>
        </div>
      </form>
      <MoveOutcome
        state={state}
        verb={verb}
        onStop={() => void stop()}
        onResume={(after) => start(false, after)}
      />
    </Page>
  );
}
