import type { MoveCounts, MoveProgress } from '@console/contract';
import type { MoveState } from './use-move-run';

const ENDS: Record<string, string> = {
  end: 'Done: the whole range was read.',
  stopped: 'Stopped. Resume goes on after the last record sent; nothing is sent twice.',
  records: 'The dry run read as many records as a scan may: the counts cover the range up to there.',
  bytes: 'The dry run read as many bytes as a scan may: the counts cover the range up to there.',
  time: 'The dry run ran out of time: the counts cover the range up to there.',
};

type Props = {
  state: MoveState;
  verb: string;
  onStop: () => void;
  onResume: (after: string) => void;
};

/** The dry run's counts per target, a run's progress with Stop, and how it ended with Resume. */
export function MoveOutcome({ state, verb, onStop, onResume }: Props) {
  if (state.phase === 'idle') return null;
  const counts = state.counts ?? state.progress;
  const running = state.phase === 'running';
  const resumable =
    !running && state.phase !== 'counted' && state.progress?.after && state.end?.reason !== 'end';
  const percent = Math.min(100, Math.max(0, counts?.percent ?? 0));
  return (
    <section className="panel move-outcome" aria-label={`${verb} outcome`} aria-live="polite">
      {state.phase === 'counting' && <p>Counting…</p>}
      {(running || state.progress) && (
        <div className="search-progress">
          <div
            className="search-progress__bar"
            role="progressbar"
            aria-label={`${verb} progress`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Number(percent.toFixed(2))}
            aria-valuetext={`${percent.toFixed(2)}%`}
          >
            <div className="search-progress__fill" style={{ width: `${percent}%` }} />
          </div>
          <span className="search-progress__text">
            {percent.toFixed(2)}% · {(state.progress?.sent ?? 0).toLocaleString()} sent
          </span>
          {running && (
            <button type="button" className="btn" onClick={onStop}>
              Stop
            </button>
          )}
        </div>
      )}
      {state.phase === 'failed' && <p className="move-outcome__failure">{state.error}</p>}
      {state.end && <p>{ENDS[state.end.reason] ?? state.end.reason}</p>}
      {state.phase === 'counted' && state.counts && (
        <p>Dry run: nothing was written. {ENDS[state.counts.reason] ?? ''}</p>
      )}
      {counts && <Counts counts={counts} dryRun={state.phase === 'counted'} />}
      {resumable && state.progress?.after && (
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => onResume(state.progress?.after ?? '')}
        >
          Resume
        </button>
      )}
    </section>
  );
}

function Counts({ counts, dryRun }: { counts: MoveCounts | MoveProgress; dryRun: boolean }) {
  const missing = new Set('missing' in counts ? counts.missing : []);
  const denied = new Set('denied' in counts ? counts.denied : []);
  const targets = Object.entries(counts.targets).sort(([a], [b]) => a.localeCompare(b));
  return (
    <>
      <p className="move-outcome__summary">
        {counts.read.toLocaleString()} read, {counts.matched.toLocaleString()} kept
        {counts.unresolved > 0 &&
          `, ${counts.unresolved.toLocaleString()} whose headers name no topic (not sent)`}
        .
      </p>
      {targets.length > 0 && (
        <table className="table move-outcome__targets" aria-label="Records per target topic">
          <thead>
            <tr>
              <th scope="col">Target topic</th>
              <th scope="col">{dryRun ? 'Would send' : 'Sent'}</th>
              {dryRun && <th scope="col">Note</th>}
            </tr>
          </thead>
          <tbody>
            {targets.map(([topic, n]) => (
              <tr key={topic}>
                <td>{topic}</td>
                <td className="move-outcome__count">{n.toLocaleString()}</td>
                {dryRun && (
                  <td>
                    {missing.has(topic)
                      ? 'Does not exist: create it first'
                      : denied.has(topic)
                        ? 'You may not write to it'
                        : ''}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
