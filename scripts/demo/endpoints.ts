export type Endpoints = {
  bootstrap: string;
  registry: string;
  connect: string;
  ksqldb: string;
  workDir: string;
};

export async function postJson(url: string, body: unknown, method = 'POST'): Promise<unknown> {
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok && res.status !== 409) throw new Error(`${method} ${url} answered ${res.status}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}
