import type { Schema } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { useCan, useClusterScope } from '../../auth/cluster-context';
import { Badge } from '../../components/badge';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { DataTable } from '../../components/data-table/data-table';
import { JsonViewer } from '../../components/json-viewer/json-viewer';
import { Page } from '../../components/layout/page';
import { UrlTabs } from '../../components/tabs/url-tabs';
import {
  latestSchemaQuery,
  schemaVersionsQuery,
  useDeleteVersion,
  useTestCompatibility,
  useUpdateSchema,
} from './api';
import { versionColumns } from './schema-columns';
import { SchemaDiff } from './schema-diff';
import { SchemaForm } from './schema-form';
import { schemaPaths } from './schema-paths';
import './schemas.css';

/**
 * A subject's page (docs/behaviour.md#schemas): tab Details (the latest version, editable) and tab Versions.
 */
export function SchemaPage() {
  const { cluster } = useClusterScope();
  const params = useParams();
  const location = useLocation();
  const subject = params.schemaId ?? '';
  // `…/update` has its own route (it needs SCHEMA UPDATE), without a `:tab` parameter.
  const tab = params.tab ?? (location.pathname.endsWith('/update') ? 'update' : undefined);
  const latest = useQuery(latestSchemaQuery(cluster.id, subject));
  const versions = useQuery(schemaVersionsQuery(cluster.id, subject));
  // The Details tab edits; its route needs SCHEMA UPDATE (docs/behaviour.md#menu-and-routes), so readers see
  // Versions.
  const canUpdate = useCan('SCHEMA', 'UPDATE');
  const active = tab === 'versions' || !canUpdate ? 'versions' : 'update';
  const tabs = [
    ...(canUpdate ? [{ key: 'update', label: 'Details' }] : []),
    {
      key: 'versions',
      label: (
        <>
          Versions <Badge tone="info">{versions.data?.length ?? 0}</Badge>
        </>
      ),
    },
  ];
  if (tab !== active) return <Navigate to={schemaPaths.subject(cluster.id, subject, active)} replace />;
  return (
    <Page title={`Schema: ${subject}`}>
      <UrlTabs
        label="Schema"
        tabs={tabs}
        active={active}
        href={(key) => schemaPaths.subject(cluster.id, subject, key === 'versions' ? 'versions' : 'update')}
      >
        {active === 'update' && latest.data && (
          <SchemaDetails
            cluster={cluster.id}
            subject={subject}
            latest={latest.data}
            key={latest.data.version}
          />
        )}
        {active === 'versions' && (
          <SchemaVersionsTab cluster={cluster.id} subject={subject} versions={versions.data} />
        )}
      </UrlTabs>
    </Page>
  );
}

function SchemaDetails({ cluster, subject, latest }: { cluster: string; subject: string; latest: Schema }) {
  const update = useUpdateSchema(cluster, subject);
  const testCompatibility = useTestCompatibility(cluster, subject);
  return (
    <>
      {latest.exception && (
        <p className="muted" role="note">
          {latest.exception}
        </p>
      )}
      <SchemaForm
        initial={{
          subject,
          schemaType: latest.schemaType ?? 'AVRO',
          compatibilityLevel: latest.compatibilityLevel ?? '',
          schema: latest.schema ?? '',
        }}
        editSubject={false}
        disabled={false}
        busy={update.isPending}
        submitLabel="Update"
        onTest={(v) => testCompatibility.mutateAsync({ schema: v.schema, schemaType: v.schemaType })}
        onSubmit={(v) =>
          update.mutate({
            ...(v.schema !== latest.schema ? { schema: v.schema } : {}),
            ...(v.compatibilityLevel && v.compatibilityLevel !== latest.compatibilityLevel
              ? { compatibilityLevel: v.compatibilityLevel }
              : {}),
            ...(v.schema === latest.schema && !v.compatibilityLevel ? { schema: v.schema } : {}),
          })
        }
      />
    </>
  );
}

function SchemaVersionsTab(props: { cluster: string; subject: string; versions: Schema[] | undefined }) {
  const canDelete = useCan('SCHEMA', 'DELETE_VERSION');
  const remove = useDeleteVersion(props.cluster, props.subject);
  const [toDelete, setToDelete] = useState<number | null>(null);
  const rows = useMemo(
    () => [...(props.versions ?? [])].sort((a, b) => (b.version ?? 0) - (a.version ?? 0)),
    [props.versions],
  );
  const actions = useMemo(
    () => (canDelete ? { delete: (s: Schema) => s.version !== undefined && setToDelete(s.version) } : {}),
    [canDelete],
  );
  return (
    <>
      <DataTable
        label="Versions"
        data={rows}
        columns={versionColumns}
        getRowId={(s) => String(s.version)}
        rowName={(s) => `version ${s.version}`}
        loading={props.versions === undefined}
        emptyText="No schemas available"
        renderSubRow={(s) => <JsonViewer label={`Version ${s.version}`} value={s.schema ?? ''} />}
        canExpand={(s) => s.schema !== undefined}
        actions={actions}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete version"
        message={toDelete === null ? '' : `Do you want to delete version: ${toDelete} of ${props.subject} ?`}
        danger
        busy={remove.isPending}
        onConfirm={() => toDelete !== null && remove.mutate(toDelete, { onSettled: () => setToDelete(null) })}
        onCancel={() => setToDelete(null)}
      />
      {props.versions && <SchemaDiff versions={props.versions} />}
    </>
  );
}
