import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { ConnectDefinition } from '../../../packages/contract/src/index.ts';
import type { RunningApp } from '../../support/app.ts';
import { eventually, send } from '../../support/upstreams.ts';

export const SOURCE = 'org.apache.kafka.connect.file.FileStreamSourceConnector';
export const SINK = 'org.apache.kafka.connect.file.FileStreamSinkConnector';

export const connectUrl = () => {
  const url = process.env.CONNECT_URL;
  if (!url) throw new Error('CONNECT_URL is not set: the stack global setup did not run');
  return url;
};

/** What the stack's worker answers directly, for comparing with the console's answer. */
export const direct = <T>(path: string, method = 'GET', body?: unknown) =>
  send<T>(`${connectUrl()}${path}`, method, body);

/**
 * A connector's config as the worker stores it, read from the worker itself. Creating or updating a
 * connector makes the worker rebalance, during which it answers 500 "a rebalance is expected" or 409; the
 * read is tried again then.
 */
export const storedConfig = async (name: string) =>
  (
    await eventually(
      () => direct<Record<string, string>>(`/connectors/${name}/config`),
      (answer) => answer.status === 200,
    )
  ).body;

export const newConnectorName = () => `test-connector-${randomUUID().slice(0, 8)}`;

/** The console's Connect routes for the stack's worker (`local` of cluster `local`). */
export const connectApi =
  (app: () => RunningApp) =>
  <T>(path: string, method = 'GET', body?: unknown) =>
    send<T>(`${app().url}/api/local/connect/local${path}`, method, body);

/** Waits until Connect reports the connector (and its tasks) in `state`. */
export const connectorState = (name: string, state: string) =>
  eventually(
    () =>
      direct<{ connector?: { state: string }; tasks?: { state: string }[] }>(`/connectors/${name}/status`),
    (a) =>
      a.status === 200 &&
      a.body.connector?.state === state &&
      (a.body.tasks ?? []).every((t) => t.state === state),
    60_000,
  );

export const lines = async (file: string) =>
  (await readFile(file, 'utf8').catch(() => '')).split('\n').filter(Boolean);

export type Definition = ConnectDefinition;
