/**
 * The Helm chart (deploy/helm/kafka-console), held to Helm's own lint and to Kubernetes' own schemas
 * (strict: an unknown field fails), and run: the console started from the rendered ConfigMap and the
 * Secret's variables answers the Deployment's probe paths on the real stack.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments, stringify } from 'yaml';
import { buildApp } from '../../../packages/server/src/app.ts';
import { loadConfig } from '../../../packages/server/src/platform/config/load.ts';
import { ensureChartTools, helm, kubernetesValidate } from '../../support/helm.ts';
import { bootstrap } from '../../support/kafka.ts';
import { eventually } from '../../support/upstreams.ts';

const chart = join(import.meta.dirname, '..', '..', '..', 'deploy', 'helm', 'kafka-console');
const dir = mkdtempSync(join(tmpdir(), 'chart-'));

type K8sObject = { kind: string; metadata: { name: string; annotations?: Record<string, string> } } & Record<
  string,
  // biome-ignore lint/suspicious/noExplicitAny: rendered Kubernetes objects, read field by field below
  any
>;

let renders = 0;
async function render(values: object): Promise<{ file: string; objects: K8sObject[] }> {
  const valuesFile = join(dir, `values-${++renders}.yaml`);
  writeFileSync(valuesFile, stringify(values));
  const out = await helm(
    'template',
    'console',
    chart,
    '--namespace',
    'kafka',
    '--kube-version',
    '1.30.0',
    '-f',
    valuesFile,
  );
  expect(out.stderr).toBe('');
  expect(out.code).toBe(0);
  const file = join(dir, `rendered-${renders}.yaml`);
  writeFileSync(file, out.stdout);
  const objects = parseAllDocuments(out.stdout)
    .map((d) => d.toJS() as K8sObject | null)
    .filter((o): o is K8sObject => o !== null);
  return { file, objects };
}

const find = (objects: K8sObject[], kind: string) => objects.find((o) => o.kind === kind);

/** Every option on: several replicas, a basePath, an Ingress with TLS, a Secret, a disruption budget. */
const everything = () => ({
  replicaCount: 3,
  config: {
    basePath: '/kafka/',
    server: { host: '0.0.0.0', port: 8080 },
    clusters: { local: { properties: { 'bootstrap.servers': bootstrap() } } },
  },
  secretEnv: {
    CONSOLE_SECURITY__JWT__SECRET: 'a-shared-secret-of-at-least-32-characters',
    CONSOLE_TOPIC_DATA__SIZE: 7,
  },
  ingress: {
    enabled: true,
    className: 'nginx',
    hosts: [{ host: 'kafka.example.com', paths: [{ path: '/kafka', pathType: 'Prefix' }] }],
    tls: [{ secretName: 'kafka-tls', hosts: ['kafka.example.com'] }],
  },
  podDisruptionBudget: { enabled: true, minAvailable: 1 },
});

beforeAll(ensureChartTools, 900_000);

describe('Helm chart', () => {
  it('passes helm lint --strict, with the defaults and with every option on', async () => {
    const defaults = await helm('lint', '--strict', chart);
    expect(defaults.stdout).toContain('0 chart(s) failed');
    const valuesFile = join(dir, 'lint-everything.yaml');
    writeFileSync(valuesFile, stringify(everything()));
    const all = await helm('lint', '--strict', chart, '-f', valuesFile);
    expect(all.stdout).toContain('0 chart(s) failed');
  });

  it.each(['1.30.0', '1.37.0'])(
    'renders objects that Kubernetes %s schemas accept strictly',
    async (version) => {
      for (const values of [{}, everything()]) {
        const { file, objects } = await render(values);
        const checked = await kubernetesValidate(version, file);
        expect(checked.stdout + checked.stderr).not.toMatch(/ERROR|WARN/);
        expect(checked.code).toBe(0);
        expect(objects.length).toBeGreaterThanOrEqual(3);
      }
    },
    120_000,
  );

  it('runs unprivileged on a read-only root, with config from a ConfigMap and secrets from a Secret', async () => {
    const { objects } = await render(everything());
    const deployment = find(objects, 'Deployment');
    const pod = deployment?.spec.template.spec;
    const container = pod.containers[0];
    expect(deployment?.spec.replicas).toBe(3);
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000 });
    expect(container.securityContext).toMatchObject({
      readOnlyRootFilesystem: true,
      allowPrivilegeEscalation: false,
      capabilities: { drop: ['ALL'] },
    });
    expect(container.resources.limits.memory).toBeDefined();
    expect(container.envFrom).toEqual([{ secretRef: { name: 'console-kafka-console' } }]);
    const configMap = find(objects, 'ConfigMap');
    expect(configMap?.data['console.yaml']).not.toContain('a-shared-secret');
    expect(find(objects, 'Secret')?.stringData).toEqual({
      CONSOLE_SECURITY__JWT__SECRET: 'a-shared-secret-of-at-least-32-characters',
      CONSOLE_TOPIC_DATA__SIZE: '7',
    });
    expect(find(objects, 'Ingress')?.spec.tls[0].secretName).toBe('kafka-tls');
    expect(find(objects, 'PodDisruptionBudget')?.spec.minAvailable).toBe(1);

    const managed = await render({ ...everything(), existingSecret: 'my-console-secrets' });
    expect(find(managed.objects, 'Secret')).toBeUndefined();
    expect(find(managed.objects, 'Deployment')?.spec.template.spec.containers[0].envFrom).toEqual([
      { secretRef: { name: 'my-console-secrets' } },
    ]);
  });

  it('rolls the pods when the config changes', async () => {
    const checksum = async (size: number) => {
      const values = everything();
      const { objects } = await render({ ...values, config: { ...values.config, topicData: { size } } });
      return find(objects, 'Deployment')?.spec.template.metadata.annotations['checksum/config'];
    };
    expect(await checksum(10)).not.toBe(await checksum(20));
  });

  it('refuses bad values with the field named', async () => {
    const valuesFile = join(dir, 'bad.yaml');
    writeFileSync(valuesFile, stringify({ replicaCount: 'two', service: { type: 'Internal' } }));
    const out = await helm('template', 'console', chart, '--kube-version', '1.30.0', '-f', valuesFile);
    expect(out.code).not.toBe(0);
    expect(out.stderr).toContain("at '/replicaCount': got string, want integer");
    expect(out.stderr).toContain("at '/service/type': value must be one of");
  });

  it("the console started from the rendered ConfigMap and Secret answers the Deployment's probes", async () => {
    const { objects } = await render(everything());
    const configFile = join(dir, 'console.yaml');
    writeFileSync(configFile, find(objects, 'ConfigMap')?.data['console.yaml']);
    const secretEnv = find(objects, 'Secret')?.stringData as Record<string, string>;
    const config = loadConfig(['--config', configFile], secretEnv);
    expect(config.topicData.size).toBe(7);
    const app = await buildApp(config, { logger: false });
    try {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = app.server.address() as AddressInfo;
      const container = find(objects, 'Deployment')?.spec.template.spec.containers[0];
      for (const probe of [container.readinessProbe, container.livenessProbe]) {
        expect(probe.httpGet.path.startsWith('/kafka/')).toBe(true);
        // As the kubelet does, the probe is asked again until it passes (readiness waits for the cluster).
        const status = await eventually(
          async () => (await fetch(`http://127.0.0.1:${port}${probe.httpGet.path}`)).status,
          (s) => s === 200,
          20_000,
        );
        expect(status).toBe(200);
      }
    } finally {
      await app.close();
    }
  });
});
