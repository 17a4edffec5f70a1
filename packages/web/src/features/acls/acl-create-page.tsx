import { type AclBindingCreate, AclBindingOperation, AclBindingResourceType } from '@console/contract';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useClusterScope } from '../../auth/cluster-context';
import { Badge } from '../../components/badge';
import { DataTable } from '../../components/data-table/data-table';
import { FormField } from '../../components/form/form-field';
import { Page } from '../../components/layout/page';
import { aclPaths } from './acl-paths';
import {
  type AclTemplateKind,
  type AclTemplateValues,
  initialTemplateValues,
  templateBindings,
  templateLabels,
} from './acl-templates';
import { useCreateAcls } from './mutations';
import '../quotas/ops.css';

const column = createColumnHelper<AclBindingCreate & { id: string }>();
const previewColumns = [
  column.accessor('resourceType', { header: 'Resource type' }),
  column.accessor('resourceName', { header: 'Resource' }),
  column.accessor('patternType', { header: 'Pattern Type' }),
  column.accessor('host', { header: 'Host' }),
  column.display({
    id: 'permission',
    header: 'Permission',
    cell: ({ row }) => (
      <span className="badges">
        <Badge tone={row.original.permissionType === 'ALLOW' ? 'success' : 'danger'}>
          {row.original.permissionType}
        </Badge>
        {row.original.operation}
      </span>
    ),
  }),
];

const PRINCIPAL = /^[^:\s]+:\S.*$/;

/** ACL bindings from a template, each one shown before it is created. */
export function AclCreatePage() {
  const { cluster } = useClusterScope();
  const navigate = useNavigate();
  const create = useCreateAcls(cluster.id);
  const [kind, setKind] = useState<AclTemplateKind>('producer');
  const [values, setValues] = useState<AclTemplateValues>(initialTemplateValues);
  const set = (key: keyof AclTemplateValues) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));
  const principalError = PRINCIPAL.test(values.principal.trim())
    ? undefined
    : 'Type:name, such as User:alice';
  const bindings = templateBindings(kind, values);
  const rows = bindings.map((b, i) => ({ ...b, id: String(i) }));
  const text = (id: keyof AclTemplateValues, label: string, hint?: string) => (
    <FormField id={`acl-${id}`} label={label} error={undefined}>
      <input
        className="input"
        id={`acl-${id}`}
        value={String(values[id])}
        onChange={set(id)}
        {...(hint ? { placeholder: hint } : {})}
      />
    </FormField>
  );
  const choice = (id: keyof AclTemplateValues, label: string, options: readonly string[]) => (
    <FormField id={`acl-${id}`} label={label} error={undefined}>
      <select className="select" id={`acl-${id}`} value={String(values[id])} onChange={set(id)}>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </FormField>
  );

  return (
    <Page title="Create ACLs">
      <form
        className="panel form"
        aria-label="Create ACLs"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (principalError || bindings.length === 0) return;
          const principal = values.principal.trim();
          create.mutate(bindings, { onSuccess: () => navigate(aclPaths.principal(cluster.id, principal)) });
        }}
      >
        <FormField id="acl-template" label="Template" error={undefined}>
          <select
            className="select"
            id="acl-template"
            value={kind}
            onChange={(event) => setKind(event.target.value as AclTemplateKind)}
          >
            {Object.entries(templateLabels).map(([key, label]) => (
              <option key={key} value={key}>
                {label}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="acl-principal" label="Principal" error={principalError}>
          <input
            className="input"
            id="acl-principal"
            aria-invalid={principalError !== undefined}
            {...(principalError ? { 'aria-describedby': 'acl-principal-error' } : {})}
            value={values.principal}
            onChange={set('principal')}
          />
        </FormField>
        {text('host', 'Host')}
        {kind === 'single' && (
          <>
            {choice('resourceType', 'Resource type', AclBindingResourceType.options)}
            {text('resourceName', 'Resource name')}
            {choice('patternType', 'Pattern type', ['LITERAL', 'PREFIXED'])}
            {choice('operation', 'Operation', AclBindingOperation.options)}
            {choice('permissionType', 'Permission', ['ALLOW', 'DENY'])}
          </>
        )}
        {kind !== 'single' &&
          text('topics', kind === 'streams' ? 'Input topics' : 'Topics', 'orders, payments')}
        {kind === 'streams' && text('outputTopics', 'Output topics')}
        {kind === 'consumer' && text('group', 'Consumer group')}
        {kind === 'streams' && text('group', 'application.id')}
        {kind === 'producer' && text('transactionalId', 'Transactional id (optional)')}
        <h2 className="ops-form-title">Bindings to create ({rows.length})</h2>
        <DataTable
          label="Bindings to create"
          data={rows}
          columns={previewColumns}
          getRowId={(row) => row.id}
          emptyText="Fill in the template to see its bindings."
        />
        <div className="form__actions">
          <button
            type="submit"
            className="btn btn--primary"
            disabled={principalError !== undefined || rows.length === 0 || create.isPending}
          >
            Create {rows.length} binding{rows.length === 1 ? '' : 's'}
          </button>
        </div>
      </form>
    </Page>
  );
}
