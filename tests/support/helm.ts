/**
 * Helm and a Kubernetes schema validator for the chart's tests, both from registries this machine
 * reaches: helm built from the Go module proxy (`go install helm.sh/helm/v3/cmd/helm`, a few minutes
 * the first time) and `kubernetes-validate` from PyPI (Kubernetes' own OpenAPI schemas, offline), each
 * into .cache on first use.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const HELM_VERSION = 'v3.22.0';
const VALIDATE_VERSION = '1.37.0';
const cache = join(import.meta.dirname, '..', '..', '.cache');
const helmBin = join(cache, 'helm', 'bin', 'helm');
const venv = join(cache, 'kube-validate');
const validateBin = join(venv, 'bin', 'kubernetes-validate');
const run = promisify(execFile);

export type Run = { code: number; stdout: string; stderr: string };

async function attempt(file: string, args: string[]): Promise<Run> {
  try {
    const { stdout, stderr } = await run(file, args, { maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

export async function ensureChartTools(): Promise<void> {
  if (!existsSync(helmBin)) {
    await run('go', ['install', `helm.sh/helm/v3/cmd/helm@${HELM_VERSION}`], {
      env: { ...process.env, GOBIN: join(cache, 'helm', 'bin'), CGO_ENABLED: '0' },
    });
  }
  if (!existsSync(validateBin)) {
    await run('python3', ['-m', 'venv', venv]);
    await run(join(venv, 'bin', 'pip'), ['install', '-q', `kubernetes-validate==${VALIDATE_VERSION}`]);
  }
}

export const helm = (...args: string[]): Promise<Run> => attempt(helmBin, args);

/** Strict validation (unknown fields refused) against Kubernetes `version`'s schemas. */
export const kubernetesValidate = (version: string, file: string): Promise<Run> =>
  attempt(validateBin, ['--strict', '-k', version, file]);
