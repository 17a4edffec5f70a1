import type { QuotaAlter, QuotaEntityPart, QuotaKey } from '@console/contract';
import { useState } from 'react';
import { FormField } from '../../components/form/form-field';
import { quotaKeyLabels, quotaKeys } from './quota-labels';

type Scope = 'user' | 'client-id' | 'user+client-id' | 'ip';
const scopes: [Scope, string][] = [
  ['user', 'User'],
  ['client-id', 'Client id'],
  ['user+client-id', 'User and client id'],
  ['ip', 'IP address'],
];

/** Kafka takes connection_creation_rate only for IPs, and only the other three for users and client ids. */
const keysFor = (scope: Scope): QuotaKey[] =>
  scope === 'ip' ? ['connection_creation_rate'] : quotaKeys.filter((k) => k !== 'connection_creation_rate');

type Props = { busy: boolean; onSubmit: (change: QuotaAlter) => void };

/** Sets quotas for one entity; an empty name is the default entity of its type; an empty value is left as is. */
export function QuotaForm({ busy, onSubmit }: Props) {
  const [scope, setScope] = useState<Scope>('user');
  const [first, setFirst] = useState('');
  const [second, setSecond] = useState('');
  const [values, setValues] = useState<Partial<Record<QuotaKey, string>>>({});
  const keys = keysFor(scope);
  const entity = (): QuotaEntityPart[] => {
    const name = (text: string) => text.trim() || null;
    if (scope === 'user+client-id')
      return [
        { type: 'user', name: name(first) },
        { type: 'client-id', name: name(second) },
      ];
    return [{ type: scope, name: name(first) }];
  };
  const quotas = Object.fromEntries(
    keys.flatMap((k) => (values[k]?.trim() ? [[k, Number(values[k])]] : [])),
  ) as QuotaAlter['quotas'];
  const invalid = Object.values(quotas).some((v) => v === null || Number.isNaN(v) || v < 0);

  return (
    <form
      className="panel form"
      aria-label="Set quotas"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!invalid && Object.keys(quotas).length) onSubmit({ entity: entity(), quotas });
      }}
    >
      <FormField id="quota-scope" label="Applies to" error={undefined}>
        <select
          className="select"
          id="quota-scope"
          value={scope}
          onChange={(event) => setScope(event.target.value as Scope)}
        >
          {scopes.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </FormField>
      <FormField
        id="quota-name"
        label={scope === 'ip' ? 'IP address' : scope === 'client-id' ? 'Client id' : 'User'}
        error={undefined}
      >
        <input
          className="input"
          id="quota-name"
          placeholder="empty: the default for all"
          value={first}
          onChange={(event) => setFirst(event.target.value)}
        />
      </FormField>
      {scope === 'user+client-id' && (
        <FormField id="quota-client" label="Client id" error={undefined}>
          <input
            className="input"
            id="quota-client"
            placeholder="empty: the default for all"
            value={second}
            onChange={(event) => setSecond(event.target.value)}
          />
        </FormField>
      )}
      {keys.map((key) => (
        <FormField key={key} id={`quota-${key}`} label={quotaKeyLabels[key]} error={undefined}>
          <input
            className="input"
            id={`quota-${key}`}
            type="number"
            min={0}
            value={values[key] ?? ''}
            onChange={(event) => setValues((v) => ({ ...v, [key]: event.target.value }))}
          />
        </FormField>
      ))}
      <div className="form__actions">
        <button
          type="submit"
          className="btn btn--primary"
          disabled={busy || invalid || Object.keys(quotas).length === 0}
        >
          Set quotas
        </button>
      </div>
    </form>
  );
}
