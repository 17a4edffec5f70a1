import { useNavigate } from 'react-router-dom';
import { useClusterScope } from '../../auth/cluster-context';
import { Page } from '../../components/layout/page';
import { useCreateSchema } from './api';
import { SchemaForm } from './schema-form';
import { schemaPaths } from './schema-paths';
import './schemas.css';

/** 'Create a schema' (docs/behaviour.md#schemas); success goes to the list. */
export function SchemaCreatePage() {
  const { cluster } = useClusterScope();
  const navigate = useNavigate();
  const create = useCreateSchema(cluster.id);
  return (
    <Page title="Create a schema">
      <SchemaForm
        initial={{ subject: '', schemaType: 'AVRO', compatibilityLevel: 'BACKWARD', schema: '' }}
        editSubject
        disabled={false}
        busy={create.isPending}
        submitLabel="Create"
        onSubmit={(v) =>
          create.mutate(
            {
              subject: v.subject.trim(),
              schema: v.schema,
              schemaType: v.schemaType,
              ...(v.compatibilityLevel ? { compatibilityLevel: v.compatibilityLevel } : {}),
            },
            { onSuccess: () => navigate(schemaPaths.list(cluster.id)) },
          )
        }
      />
    </Page>
  );
}
