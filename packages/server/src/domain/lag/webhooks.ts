import type { WebhookConfig } from '../../platform/config/lag-history.ts';
import type { Alert } from './alert-rules.ts';

export type AlertEvent = { status: 'FIRING' | 'RESOLVED'; alert: Alert; timestamp: number };

/** One line a person reads: in Slack's `text`, and as `message` of the generic body. */
export function alertText({ status, alert }: AlertEvent): string {
  const where = `group ${alert.group}${alert.topic ? ` on topic ${alert.topic}` : ''} (cluster ${alert.cluster})`;
  const what =
    alert.condition === 'LAG_ABOVE'
      ? `lag ${alert.lag} above ${alert.threshold}`
      : alert.condition === 'LAG_GROWING'
        ? `lag growing for ${alert.threshold} min, now ${alert.lag}`
        : alert.condition === 'TIME_LAG_ABOVE'
          ? `lag ${Math.round((alert.lagMs ?? 0) / 60_000)} min above ${alert.threshold} min (${alert.lag} records)`
          : 'no members';
  return status === 'FIRING'
    ? `[FIRING] ${alert.rule}: ${where}: ${what}`
    : `[RESOLVED] ${alert.rule}: ${where}: cleared (was ${what})`;
}

/** The JSON body for a webhook's format: Slack's `{text}`, or the alert's fields. */
export function webhookBody(format: WebhookConfig['format'], event: AlertEvent): unknown {
  const message = alertText(event);
  if (format === 'slack') return { text: message };
  return { status: event.status, timestamp: event.timestamp, message, ...event.alert };
}

/**
 * POSTs the event to the webhook, within its timeout. Failures are reported by the webhook's name only:
 * its URL is a secret (it carries the token in Slack's case) and appears in no log and no answer.
 */
export async function sendWebhook(
  name: string,
  hook: WebhookConfig,
  event: AlertEvent,
  log: (message: string) => void,
): Promise<boolean> {
  try {
    const res = await fetch(hook.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(webhookBody(hook.format, event)),
      signal: AbortSignal.timeout(hook.timeoutMs),
      redirect: 'error',
    });
    await res.body?.cancel();
    if (!res.ok) log(`lag alert webhook '${name}' answered ${res.status}`);
    return res.ok;
  } catch (error) {
    log(`lag alert webhook '${name}' failed: ${(error as Error).name}`);
    return false;
  }
}
